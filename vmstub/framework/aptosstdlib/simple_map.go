package aptosstdlib

// 0x1::simple_map: SimpleMap (a vector of key-value Elements, keys
// compared by value, their BCS, as the Move module does it) and its
// public functions: new, create, length, contains_key, borrow, borrow_mut,
// add, upsert, remove, keys, values. Removing swaps the last element into
// the removed one's place, as vector::swap_remove does there; changes are
// made in place in the map's own vector.

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of simple_map, raised as invalid_argument.
const (
	EKeyAlreadyExists = 1
	EKeyNotFound      = 2
)

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
		out := make([]movevm.Value, data.Len())
		total := 0
		for i := range out {
			b, err := native.SerializeCharged(ctx.NativeContext, data.Elem(i).Elem(field))
			if err != nil {
				return nil, err
			}
			total += len(b)
			if err := native.ChargeOutput(ctx.NativeContext, len(b), total); err != nil {
				return nil, err
			}
			if out[i], err = ctx.Deserialize(targs[field], b); err != nil {
				return nil, err
			}
		}
		vt, err := ctx.VectorOf(targs[field])
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.NewVector(vt, out)}, nil
	}
}
