package aptosstdlib

// 0x1::simple_map: SimpleMap (a vector of key-value Elements, keys
// compared by value, their BCS, as the Move module does it) and all its
// public functions: new, new_from, create, length, contains_key, borrow,
// borrow_mut, destroy_empty, add, add_all, upsert, keys, values,
// to_vec_pair, remove (destroy is inline on Aptos). Removing swaps the
// last element into the removed one's place, as vector::swap_remove does
// there; changes are made in place in the map's own vector. new_from and
// add_all given vectors of different lengths abort with std::vector's
// EVECTORS_LENGTH_MISMATCH (0x20002), located here.

import (
	"bytes"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of simple_map, raised as invalid_argument.
const (
	EKeyAlreadyExists = 1
	EKeyNotFound      = 2
)

// EVectorsLengthMismatch is std::vector's EVECTORS_LENGTH_MISMATCH
// (0x20002, as vector::zip aborts), raised by new_from and add_all.
const EVectorsLengthMismatch = 2

// SimpleMap declares 0x1::simple_map.
func SimpleMap() native.Module {
	m, mm := "&0x1::simple_map::SimpleMap<T0, T1>", "&mut 0x1::simple_map::SimpleMap<T0, T1>"
	stores := []native.TypeParam{{Constraints: []string{native.AbilityStore}}, {Constraints: []string{native.AbilityStore}}}
	all3 := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	f := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: stores, Params: params, Return: ret, Impl: impl}
	}
	return native.Module{Address: addr, Name: "simple_map",
		Structs: []native.Struct{
			{Name: "SimpleMap", Abilities: all3, TypeParams: []native.TypeParam{{}, {}}, Fields: []string{"data: vector<0x1::simple_map::Element<T0, T1>>"}},
			{Name: "Element", Abilities: all3, TypeParams: []native.TypeParam{{}, {}}, Fields: []string{"key: T0", "value: T1"}},
		},
		Functions: []native.Function{
			f("new", nil, []string{"0x1::simple_map::SimpleMap<T0, T1>"}, mapNew),
			f("create", nil, []string{"0x1::simple_map::SimpleMap<T0, T1>"}, mapNew),
			f("new_from", []string{"vector<T0>", "vector<T1>"}, []string{"0x1::simple_map::SimpleMap<T0, T1>"}, mapNewFrom),
			f("destroy_empty", []string{"0x1::simple_map::SimpleMap<T0, T1>"}, nil, mapDestroyEmpty),
			f("add_all", []string{mm, "vector<T0>", "vector<T1>"}, nil, mapAddAll),
			f("to_vec_pair", []string{"0x1::simple_map::SimpleMap<T0, T1>"}, []string{"vector<T0>", "vector<T1>"}, mapToVecPair),
			f("length", []string{m}, []string{"u64"}, mapLength),
			f("contains_key", []string{m, "&T0"}, []string{"bool"}, mapContains),
			f("borrow", []string{m, "&T0"}, []string{"&T1"}, mapBorrow(false)),
			f("borrow_mut", []string{mm, "&T0"}, []string{"&mut T1"}, mapBorrow(true)),
			f("add", []string{mm, "T0", "T1"}, nil, mapAdd),
			f("upsert", []string{mm, "T0", "T1"}, []string{"0x1::option::Option<T0>", "0x1::option::Option<T1>"}, mapUpsert),
			f("remove", []string{mm, "&T0"}, []string{"T0", "T1"}, mapRemove),
			{Name: "keys", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy}}, {}}, Params: []string{m},
				Return: []string{"vector<T0>"}, Impl: mapColumn(0)},
			{Name: "values", TypeParams: []native.TypeParam{{}, {Constraints: []string{native.AbilityCopy}}}, Params: []string{m},
				Return: []string{"vector<T1>"}, Impl: mapColumn(1)},
		},
		Errors: []native.AbortReason{
			{Reason: EKeyAlreadyExists, Name: "EKEY_ALREADY_EXISTS", Description: "Map key already exists"},
			{Reason: EKeyNotFound, Name: "EKEY_NOT_FOUND", Description: "Map key is not found"},
		},
	}
}

// SimpleMapAbort is simple_map's abort with reason (EKeyAlreadyExists,
// EKeyNotFound) raised by another module's Go code where its Move code
// calls simple_map: located at 0x1::simple_map, as on Aptos.
func SimpleMapAbort(reason uint64) error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "simple_map"}, Code: native.Code(native.InvalidArgument, reason)}
}

func mapAbort(reason uint64) error {
	return &movevm.NativeAbort{Code: native.Code(native.InvalidArgument, reason)}
}

// mapFind returns the map a reference points at, its data vector and the
// index of the element whose key equals key (-1 when there is none),
// charging per byte of the keys compared.
func mapFind(ctx *native.Context, ref, key movevm.Value) (movevm.Value, movevm.Value, int, error) {
	m, _ := ref.Deref()
	data := m.Elem(0)
	if k := key.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		key, _ = key.Deref()
	}
	want, err := native.SerializeCharged(ctx.NativeContext, key)
	if err != nil {
		return m, data, -1, err
	}
	for i := range data.Len() {
		b, err := native.SerializeCharged(ctx.NativeContext, data.Elem(i).Elem(0))
		if err != nil {
			return m, data, -1, err
		}
		if bytes.Equal(b, want) {
			return m, data, i, nil
		}
	}
	return m, data, -1, nil
}

// mapData is a mutable reference to the data vector of the map ref points
// at: natives change the map there, in place.
func mapData(ctx *native.Context, ref movevm.Value) (movevm.Value, error) {
	return ctx.InnerRef(ref, true, 0)
}

func mapNew(ctx *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	k, err := native.TypeTagCharged(ctx.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	v, err := native.TypeTagCharged(ctx.NativeContext, targs[1])
	if err != nil {
		return nil, err
	}
	t, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "simple_map", Name: "SimpleMap",
		TypeArgs: []ledgerapi.TypeTag{k, v}}))
	if err != nil {
		return nil, err
	}
	et, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "simple_map", Name: "Element",
		TypeArgs: []ledgerapi.TypeTag{k, v}}))
	if err != nil {
		return nil, err
	}
	vt, err := ctx.VectorOf(et)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.NewVector(vt, nil)})}, nil
}

func mapLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, _ := args[0].Deref()
	return []movevm.Value{movevm.U64(uint64(m.Elem(0).Len()))}, nil
}

func mapContains(ctx *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, _, i, err := mapFind(ctx, args[0], args[1])
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

// mapBorrow is simple_map::borrow (or borrow_mut): a reference to the
// value under key.
func mapBorrow(mut bool) native.Func {
	return func(ctx *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		_, _, i, err := mapFind(ctx, args[0], args[1])
		if err != nil || i < 0 {
			return nil, firstErr(err, mapAbort(EKeyNotFound))
		}
		r, err := ctx.InnerRef(args[0], mut, 0, i, 1)
		return []movevm.Value{r}, err
	}
}

// mapAdd is simple_map::add: the element is pushed onto the map's
// vector in place.
func mapAdd(ctx *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, data, i, err := mapFind(ctx, args[0], args[1])
	if err != nil || i >= 0 {
		return nil, firstErr(err, mapAbort(EKeyAlreadyExists))
	}
	ref, err := mapData(ctx, args[0])
	if err != nil {
		return nil, err
	}
	return nil, ctx.VecPushBack(ref, movevm.NewStruct(data.Type().Elem, []movevm.Value{args[1], args[2]}))
}

// mapUpsert is simple_map::upsert: the old key and value as options
// (None when the key was new). The new element takes the old one's place
// in the map's vector; the old element is taken apart, so references into
// it are dead.
func mapUpsert(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, data, i, err := mapFind(ctx, args[0], args[1])
	if err != nil {
		return nil, err
	}
	ref, err := mapData(ctx, args[0])
	if err != nil {
		return nil, err
	}
	var oldK, oldV []movevm.Value
	e := movevm.NewStruct(data.Type().Elem, []movevm.Value{args[1], args[2]})
	if i >= 0 {
		old, err := ctx.VecReplace(ref, uint64(i), e)
		if err != nil {
			return nil, err
		}
		f, err := unpackN(old, 2)
		if err != nil {
			return nil, err
		}
		oldK, oldV = []movevm.Value{f[0]}, []movevm.Value{f[1]}
	} else if err := ctx.VecPushBack(ref, e); err != nil {
		return nil, err
	}
	out := make([]movevm.Value, 2)
	for j, vals := range [][]movevm.Value{oldK, oldV} {
		if len(vals) == 0 {
			out[j], err = movestdlib.None(ctx, targs[j])
		} else {
			out[j], err = movestdlib.Some(ctx, vals[0])
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// mapRemove is simple_map::remove: the last element takes the
// removed one's place, in place; the removed element is taken apart.
func mapRemove(ctx *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, _, i, err := mapFind(ctx, args[0], args[1])
	if err != nil || i < 0 {
		return nil, firstErr(err, mapAbort(EKeyNotFound))
	}
	ref, err := mapData(ctx, args[0])
	if err != nil {
		return nil, err
	}
	e, err := ctx.VecRemove(ref, uint64(i), true)
	if err != nil {
		return nil, err
	}
	f, err := unpackN(e, 2)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{f[0], f[1]}, nil
}

// mapColumn is simple_map::keys (0) and values (1): copies of the
// keys or values in element order.
func mapColumn(field int) native.Func {
	return func(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, _ := args[0].Deref()
		data := m.Elem(0)
		vals := make([]movevm.Value, data.Len())
		for i := range vals {
			vals[i] = data.Elem(i).Elem(field)
		}
		out, err := copies(ctx, targs[field], vals)
		if err != nil {
			return nil, err
		}
		vt, err := ctx.VectorOf(targs[field])
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.NewVector(vt, out)}, nil
	}
}

// mapNewFrom is simple_map::new_from: a new map with the pairs added in
// order.
func mapNewFrom(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := mapNew(ctx, targs, nil)
	if err != nil {
		return nil, err
	}
	cell := movevm.NewCell(m[0].Type(), m[0])
	ref, err := ctx.Ref(cell, true)
	if err != nil {
		return nil, err
	}
	if _, err := mapAddAll(ctx, targs, []movevm.Value{ref, args[0], args[1]}); err != nil {
		return nil, err
	}
	return []movevm.Value{cell.Take()}, nil
}

// mapAddAll is simple_map::add_all: each key added in order, a key
// already there aborting as add does.
func mapAddAll(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[1].Len() != args[2].Len() {
		return nil, ctx.Abort(native.Code(native.OutOfRange, EVectorsLengthMismatch))
	}
	keys, vals := movevm.Unpack(args[1]), movevm.Unpack(args[2])
	for i := range keys {
		if _, err := mapAdd(ctx, targs, []movevm.Value{args[0], keys[i], vals[i]}); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// mapDestroyEmpty is simple_map::destroy_empty: a map with elements fails
// as vector::destroy_empty of a non-empty vector does.
func mapDestroyEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if n := args[0].Elem(0).Len(); n != 0 {
		return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: fmt.Sprintf("destroying a simple_map of %d elements (destroy of a non-empty vector)", n)}
	}
	return nil, nil
}

// mapToVecPair is simple_map::to_vec_pair: the keys and the values, in
// element order; the map is taken apart.
func mapToVecPair(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	data := movevm.Unpack(args[0])
	if len(data) != 1 {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "a simple_map without its data"}
	}
	elems := movevm.Unpack(data[0])
	if err := ctx.ChargeElems(len(elems)); err != nil {
		return nil, err
	}
	ks, vs := make([]movevm.Value, len(elems)), make([]movevm.Value, len(elems))
	for i, e := range elems {
		f, err := unpackN(e, 2)
		if err != nil {
			return nil, err
		}
		ks[i], vs[i] = f[0], f[1]
	}
	kt, err := ctx.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	vt, err := ctx.VectorOf(targs[1])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(kt, ks), movevm.NewVector(vt, vs)}, nil
}
