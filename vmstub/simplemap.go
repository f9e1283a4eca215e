package vmstub

import (
	"bytes"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// aptos_std::simple_map: a map kept as a vector of key-value elements,
// keys compared by value (their BCS), as the Move module does it. Removing
// swaps the last element into the removed one's place, as
// vector::swap_remove does there.

// Abort reasons of simple_map, raised as invalid_argument.
const (
	eKeyAlreadyExists = 1
	eKeyNotFound      = 2
)

func simpleMapModuleDef() Module {
	m, mm := "&0x1::simple_map::SimpleMap<T0, T1>", "&mut 0x1::simple_map::SimpleMap<T0, T1>"
	stores := []TypeParam{{Constraints: []string{AbilityStore}}, {Constraints: []string{AbilityStore}}}
	return mod1("simple_map", []Struct{
		sGeneric(sPlain("SimpleMap", abAll3, "data: vector<0x1::simple_map::Element<T0, T1>>"), []TypeParam{{}, {}}),
		sGeneric(sPlain("Element", abAll3, "key: T0", "value: T1"), []TypeParam{{}, {}}),
	}, []Function{
		generic(Function{Name: "new", Return: []string{"0x1::simple_map::SimpleMap<T0, T1>"}, MoveNative: nativeMapNew}, stores),
		generic(Function{Name: "create", Return: []string{"0x1::simple_map::SimpleMap<T0, T1>"}, MoveNative: nativeMapNew}, stores),
		generic(Function{Name: "length", Params: []string{m}, Return: []string{"u64"}, MoveNative: nativeMapLength}, stores),
		generic(Function{Name: "contains_key", Params: []string{m, "&T0"}, Return: []string{"bool"}, MoveNative: nativeMapContains}, stores),
		generic(Function{Name: "borrow", Params: []string{m, "&T0"}, Return: []string{"&T1"}, MoveNative: nativeMapBorrow(false)}, stores),
		generic(Function{Name: "borrow_mut", Params: []string{mm, "&T0"}, Return: []string{"&mut T1"}, MoveNative: nativeMapBorrow(true)}, stores),
		generic(Function{Name: "add", Params: []string{mm, "T0", "T1"}, MoveNative: nativeMapAdd}, stores),
		generic(Function{Name: "upsert", Params: []string{mm, "T0", "T1"},
			Return: []string{"0x1::option::Option<T0>", "0x1::option::Option<T1>"}, MoveNative: nativeMapUpsert}, stores),
		generic(Function{Name: "remove", Params: []string{mm, "&T0"}, Return: []string{"T0", "T1"}, MoveNative: nativeMapRemove}, stores),
		generic(Function{Name: "keys", Params: []string{m}, Return: []string{"vector<T0>"}, MoveNative: nativeMapColumn(0)},
			[]TypeParam{{Constraints: []string{AbilityCopy}}, {}}),
		generic(Function{Name: "values", Params: []string{m}, Return: []string{"vector<T1>"}, MoveNative: nativeMapColumn(1)},
			[]TypeParam{{}, {Constraints: []string{AbilityCopy}}}),
	},
		AbortReason{Reason: eKeyAlreadyExists, Name: "EKEY_ALREADY_EXISTS", Description: "Map key already exists"},
		AbortReason{Reason: eKeyNotFound, Name: "EKEY_NOT_FOUND", Description: "Map key is not found"},
	)
}

func mapAbort(reason uint64) error {
	return &movevm.NativeAbort{Code: AbortCode(CategoryInvalidArgument, reason)}
}

// mapFind returns the map a reference points at, its data vector and the
// index of the element whose key equals key (-1 when there is none),
// charging per byte of the keys compared.
func mapFind(ctx *movevm.NativeContext, ref, key movevm.Value) (movevm.Value, movevm.Value, int, error) {
	m, _ := ref.Deref()
	data := m.Elem(0)
	if k := key.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		key, _ = key.Deref()
	}
	want, err := serializeCharged(ctx, key)
	if err != nil {
		return m, data, -1, err
	}
	for i := range data.Len() {
		b, err := serializeCharged(ctx, data.Elem(i).Elem(0))
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
func mapData(ctx *movevm.NativeContext, ref movevm.Value) (movevm.Value, error) {
	return ctx.InnerRef(ref, true, 0)
}

func nativeMapNew(ctx *movevm.NativeContext, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	k, err := typeTagCharged(ctx, targs[0])
	if err != nil {
		return nil, err
	}
	v, err := typeTagCharged(ctx, targs[1])
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

func nativeMapLength(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, _ := args[0].Deref()
	return []movevm.Value{movevm.U64(uint64(m.Elem(0).Len()))}, nil
}

func nativeMapContains(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, _, i, err := mapFind(ctx, args[0], args[1])
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

// nativeMapBorrow is simple_map::borrow (or borrow_mut): a reference to the
// value under key.
func nativeMapBorrow(mut bool) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		_, _, i, err := mapFind(ctx, args[0], args[1])
		if err != nil || i < 0 {
			return nil, firstErr(err, mapAbort(eKeyNotFound))
		}
		r, err := ctx.InnerRef(args[0], mut, 0, i, 1)
		return []movevm.Value{r}, err
	}
}

// nativeMapAdd is simple_map::add: the element is pushed onto the map's
// vector in place.
func nativeMapAdd(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, data, i, err := mapFind(ctx, args[0], args[1])
	if err != nil || i >= 0 {
		return nil, firstErr(err, mapAbort(eKeyAlreadyExists))
	}
	ref, err := mapData(ctx, args[0])
	if err != nil {
		return nil, err
	}
	return nil, ctx.VecPushBack(ref, movevm.NewStruct(data.Type().Elem, []movevm.Value{args[1], args[2]}))
}

// nativeMapUpsert is simple_map::upsert: the old key and value as options
// (None when the key was new). The new element takes the old one's place
// in the map's vector; the old element is taken apart, so references into
// it are dead.
func nativeMapUpsert(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
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
		tag, err := typeTagCharged(ctx, targs[j])
		if err != nil {
			return nil, err
		}
		ot, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "option", Name: "Option",
			TypeArgs: []ledgerapi.TypeTag{tag}}))
		if err != nil {
			return nil, err
		}
		vt, err := ctx.VectorOf(targs[j])
		if err != nil {
			return nil, err
		}
		out[j] = movevm.NewStruct(ot, []movevm.Value{movevm.NewVector(vt, vals)})
	}
	return out, nil
}

// nativeMapRemove is simple_map::remove: the last element takes the
// removed one's place, in place; the removed element is taken apart.
func nativeMapRemove(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, _, i, err := mapFind(ctx, args[0], args[1])
	if err != nil || i < 0 {
		return nil, firstErr(err, mapAbort(eKeyNotFound))
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

// unpackN takes apart a struct of n fields a native removed from a
// container (movevm.Unpack): references into it are dead afterwards.
func unpackN(v movevm.Value, n int) ([]movevm.Value, error) {
	f := movevm.Unpack(v)
	if len(f) != n {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: fmt.Sprintf("a removed element has %d fields, want %d", len(f), n)}
	}
	return f, nil
}

// nativeMapColumn is simple_map::keys (0) and values (1): copies of the
// keys or values in element order.
func nativeMapColumn(field int) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, _ := args[0].Deref()
		data := m.Elem(0)
		out := make([]movevm.Value, data.Len())
		total := 0
		for i := range out {
			b, err := serializeCharged(ctx, data.Elem(i).Elem(field))
			if err != nil {
				return nil, err
			}
			total += len(b)
			if err := chargeOutput(ctx, len(b), total); err != nil {
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
