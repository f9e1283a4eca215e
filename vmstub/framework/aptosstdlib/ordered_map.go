package aptosstdlib

// 0x1::ordered_map: OrderedMap (the enum's one variant SortedVectorMap, a
// vector of Entry { key, value } sorted by key in cmp::compare's order),
// Entry and Iterator, and the module's public functions: new, new_from,
// length, is_empty, add, upsert, remove, contains, borrow, borrow_mut,
// add_all, append, trim, iter_is_begin, destroy_empty, keys, values,
// to_vec_pair (destroy, for_each_ref and for_each_mut are inline; the
// other iterator functions and replace_key_inplace are friend-only on
// Aptos and not declared). Keys are found by binary search, as on Aptos;
// changes are made in place in the map's vector. As on Aptos, borrow and
// borrow_mut of a missing key abort with EITER_OUT_OF_BOUNDS, trim past
// the end with std::vector's 0x20000 and new_from or add_all of vectors of
// different lengths with its 0x20002 (located here), and destroy_empty of
// a non-empty map fails as vector::destroy_empty does.

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of ordered_map (invalid_argument).
const (
	EOMapKeyAlreadyExists = 1
	EOMapKeyNotFound      = 2
	EOMapIterOutOfBounds  = 3
	EOMapNewKeyNotInOrder = 4
)

const tOrderedMap = "0x1::ordered_map::OrderedMap<T0, T1>"

// OrderedMap declares 0x1::ordered_map.
func OrderedMap() native.Module {
	m, mm := "&"+tOrderedMap, "&mut "+tOrderedMap
	any2 := []native.TypeParam{{}, {}}
	kDrop := []native.TypeParam{{Constraints: []string{native.AbilityDrop}}, {}}
	cds := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	f := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	return native.Module{Address: addr, Name: "ordered_map",
		Structs: []native.Struct{
			{Name: "Entry", Abilities: cds, TypeParams: any2, Fields: []string{"key: T0", "value: T1"}},
			{Name: "OrderedMap", Abilities: cds, TypeParams: any2,
				Variants: []native.Variant{{Name: "SortedVectorMap", Fields: []string{"entries: vector<0x1::ordered_map::Entry<T0, T1>>"}}}},
			{Name: "Iterator", Abilities: []string{native.AbilityCopy, native.AbilityDrop},
				Variants: []native.Variant{{Name: "End"}, {Name: "Position", Fields: []string{"index: u64"}}}},
			// IteratorPtr, the later name of Iterator, which big_ordered_map's
			// IteratorPtr holds.
			{Name: "IteratorPtr", Abilities: []string{native.AbilityCopy, native.AbilityDrop},
				Variants: []native.Variant{{Name: "End"}, {Name: "Position", Fields: []string{"index: u64"}}}},
		},
		Functions: []native.Function{
			f("new", any2, nil, []string{tOrderedMap}, omapNew),
			f("new_from", any2, []string{"vector<T0>", "vector<T1>"}, []string{tOrderedMap}, omapNewFrom),
			f("length", any2, []string{m}, []string{"u64"}, omapLength),
			f("is_empty", any2, []string{m}, []string{"bool"}, omapIsEmpty),
			f("add", any2, []string{mm, "T0", "T1"}, nil, omapAdd),
			f("upsert", kDrop, []string{mm, "T0", "T1"}, []string{"0x1::option::Option<T1>"}, omapUpsert),
			f("remove", kDrop, []string{mm, "&T0"}, []string{"T1"}, omapRemove),
			f("contains", any2, []string{m, "&T0"}, []string{"bool"}, omapContains),
			f("borrow", any2, []string{m, "&T0"}, []string{"&T1"}, omapBorrow(false)),
			f("borrow_mut", any2, []string{mm, "&T0"}, []string{"&mut T1"}, omapBorrow(true)),
			f("add_all", any2, []string{mm, "vector<T0>", "vector<T1>"}, nil, omapAddAll),
			f("append", any2, []string{mm, tOrderedMap}, nil, omapAppend),
			f("trim", any2, []string{mm, "u64"}, []string{tOrderedMap}, omapTrim),
			f("iter_is_begin", any2, []string{"&0x1::ordered_map::Iterator", m}, []string{"bool"}, omapIterIsBegin),
			f("destroy_empty", any2, []string{tOrderedMap}, nil, omapDestroyEmpty),
			f("keys", []native.TypeParam{{Constraints: []string{native.AbilityCopy}}, {}}, []string{m}, []string{"vector<T0>"}, omapColumn(0)),
			f("values", []native.TypeParam{{}, {Constraints: []string{native.AbilityCopy}}}, []string{m}, []string{"vector<T1>"}, omapColumn(1)),
			f("to_vec_pair", any2, []string{tOrderedMap}, []string{"vector<T0>", "vector<T1>"}, omapToVecPair),
		},
		Errors: []native.AbortReason{
			{Reason: EOMapKeyAlreadyExists, Name: "EKEY_ALREADY_EXISTS", Description: "Map key already exists"},
			{Reason: EOMapKeyNotFound, Name: "EKEY_NOT_FOUND", Description: "Map key is not found"},
			{Reason: EOMapIterOutOfBounds, Name: "EITER_OUT_OF_BOUNDS", Description: "Trying to do an operation on an Iterator that would go out of bounds"},
			{Reason: EOMapNewKeyNotInOrder, Name: "ENEW_KEY_NOT_IN_ORDER", Description: "New key used in replace_key_inplace doesn't respect the order"},
		},
	}
}

func omapAbort(c *native.Context, reason uint64) error {
	return c.Abort(native.Code(native.InvalidArgument, reason))
}

// omapEntries is the entries vector of the map ref points at.
func omapEntries(ref movevm.Value) movevm.Value {
	m, _ := ref.Deref()
	return m.Elem(0)
}

// omapSearch is the index of the first entry whose key is not less than
// the key ref (or a key value) holds, and whether that entry's key equals
// it.
func omapSearch(c *native.Context, mref, key movevm.Value) (int, bool, error) {
	if k := key.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		key, _ = key.Deref()
	}
	es := omapEntries(mref)
	l, r := 0, es.Len()
	for l < r {
		mid := l + (r-l)/2
		o, err := movestdlib.Compare(c, es.Elem(mid).Elem(0), key)
		if err != nil {
			return 0, false, err
		}
		if o < 0 {
			l = mid + 1
		} else {
			r = mid
		}
	}
	if l == es.Len() {
		return l, false, nil
	}
	o, err := movestdlib.Compare(c, es.Elem(l).Elem(0), key)
	return l, o == 0, err
}

// omapTypes are the map's and the entry's types.
func omapTypes(c *native.Context, targs []*movevm.Type) (*movevm.Type, *movevm.Type, error) {
	mt, err := structOf(c, "ordered_map", "OrderedMap", targs...)
	if err != nil {
		return nil, nil, err
	}
	et, err := structOf(c, "ordered_map", "Entry", targs...)
	return mt, et, err
}

// omapOf is a new map of the entries.
func omapOf(c *native.Context, targs []*movevm.Type, entries []movevm.Value) (movevm.Value, error) {
	mt, et, err := omapTypes(c, targs)
	if err != nil {
		return movevm.Value{}, err
	}
	vt, err := c.VectorOf(et)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewVariant(mt, 0, []movevm.Value{movevm.NewVector(vt, entries)}), nil
}

func omapNew(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	v, err := omapOf(c, targs, nil)
	return []movevm.Value{v}, err
}

func omapNewFrom(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := omapOf(c, targs, nil)
	if err != nil {
		return nil, err
	}
	cell := movevm.NewCell(m.Type(), m)
	ref, err := c.Ref(cell, true)
	if err != nil {
		return nil, err
	}
	if _, err := omapAddAll(c, targs, []movevm.Value{ref, args[0], args[1]}); err != nil {
		return nil, err
	}
	return []movevm.Value{cell.Take()}, nil
}

func omapLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(uint64(omapEntries(args[0]).Len()))}, nil
}

func omapIsEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(omapEntries(args[0]).Len() == 0)}, nil
}

// omapInsert puts a new entry at index i of the map's vector, in place.
func omapInsert(c *native.Context, targs []*movevm.Type, mref movevm.Value, i int, key, value movevm.Value) error {
	_, et, err := omapTypes(c, targs)
	if err != nil {
		return err
	}
	es, err := c.InnerRef(mref, true, 0)
	if err != nil {
		return err
	}
	if err := c.ChargeElems(movevm.VecLen(es) - i + 1); err != nil {
		return err
	}
	return c.VecInsert(es, uint64(i), movevm.NewStruct(et, []movevm.Value{key, value}))
}

func omapAdd(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, found, err := omapSearch(c, args[0], args[1])
	if err != nil || found {
		return nil, firstErr(err, omapAbort(c, EOMapKeyAlreadyExists))
	}
	return nil, omapInsert(c, targs, args[0], i, args[1], args[2])
}

// omapUpsert is ordered_map::upsert: the old value (taken out of the
// replaced entry) or none.
func omapUpsert(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, found, err := omapSearch(c, args[0], args[1])
	if err != nil {
		return nil, err
	}
	if !found {
		if err := omapInsert(c, targs, args[0], i, args[1], args[2]); err != nil {
			return nil, err
		}
		v, err := movestdlib.None(c, targs[1])
		return []movevm.Value{v}, err
	}
	_, et, err := omapTypes(c, targs)
	if err != nil {
		return nil, err
	}
	es, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	old, err := c.VecReplace(es, uint64(i), movevm.NewStruct(et, []movevm.Value{args[1], args[2]}))
	if err != nil {
		return nil, err
	}
	f, err := unpackN(old, 2)
	if err != nil {
		return nil, err
	}
	v, err := movestdlib.Some(c, f[1])
	return []movevm.Value{v}, err
}

func omapRemove(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, found, err := omapSearch(c, args[0], args[1])
	if err != nil || !found {
		return nil, firstErr(err, omapAbort(c, EOMapKeyNotFound))
	}
	es, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	if err := c.ChargeElems(movevm.VecLen(es) - i); err != nil {
		return nil, err
	}
	e, err := c.VecRemove(es, uint64(i), false)
	if err != nil {
		return nil, err
	}
	f, err := unpackN(e, 2)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{f[1]}, nil
}

func omapContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, found, err := omapSearch(c, args[0], args[1])
	return []movevm.Value{movevm.Bool(found)}, err
}

// omapBorrow is ordered_map::borrow and borrow_mut; a missing key aborts
// with EITER_OUT_OF_BOUNDS (the end iterator's), as on Aptos.
func omapBorrow(mut bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		i, found, err := omapSearch(c, args[0], args[1])
		if err != nil || !found {
			return nil, firstErr(err, omapAbort(c, EOMapIterOutOfBounds))
		}
		r, err := c.InnerRef(args[0], mut, 0, i, 1)
		return []movevm.Value{r}, err
	}
}

func omapAddAll(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[1].Len() != args[2].Len() {
		return nil, c.Abort(native.Code(native.OutOfRange, EVectorsLengthMismatch))
	}
	keys, vals := movevm.Unpack(args[1]), movevm.Unpack(args[2])
	for i := range keys {
		if _, err := omapAdd(c, targs, []movevm.Value{args[0], keys[i], vals[i]}); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// omapAppend is ordered_map::append: other's entries merged in, in order;
// a key in both aborts EKEY_ALREADY_EXISTS.
func omapAppend(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f := movevm.Unpack(args[1])
	if len(f) != 1 {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "an ordered_map without its entries"}
	}
	other := movevm.Unpack(f[0])
	es, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	mine, err := popAll(c, es)
	if err != nil {
		return nil, err
	}
	merged := make([]movevm.Value, 0, len(mine)+len(other))
	i, j := 0, 0
	for i < len(mine) && j < len(other) {
		o, err := movestdlib.Compare(c, mine[i].Elem(0), other[j].Elem(0))
		switch {
		case err != nil:
			return nil, err
		case o == 0:
			return nil, omapAbort(c, EOMapKeyAlreadyExists)
		case o < 0:
			merged, i = append(merged, mine[i]), i+1
		default:
			merged, j = append(merged, other[j]), j+1
		}
	}
	merged = append(append(merged, mine[i:]...), other[j:]...)
	for _, e := range merged {
		if err := c.VecPushBack(es, e); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// popAll takes every element out of the vector ref points at, in order.
func popAll(c *native.Context, ref movevm.Value) ([]movevm.Value, error) {
	n := movevm.VecLen(ref)
	if err := c.ChargeElems(n); err != nil {
		return nil, err
	}
	out := make([]movevm.Value, n)
	for i := n - 1; i >= 0; i-- {
		x, err := c.VecPopBack(ref)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

// omapTrim is ordered_map::trim: the entries from at on, as a new map.
func omapTrim(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	at := args[1].AsU64()
	es, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	if at > uint64(movevm.VecLen(es)) {
		return nil, c.Abort(native.Code(native.OutOfRange, 0))
	}
	all, err := popAll(c, es)
	if err != nil {
		return nil, err
	}
	for _, e := range all[:at] {
		if err := c.VecPushBack(es, e); err != nil {
			return nil, err
		}
	}
	v, err := omapOf(c, targs, all[at:])
	return []movevm.Value{v}, err
}

func omapIterIsBegin(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	it, _ := args[0].Deref()
	if it.Variant() == 0 { // End
		return []movevm.Value{movevm.Bool(omapEntries(args[1]).Len() == 0)}, nil
	}
	return []movevm.Value{movevm.Bool(it.Elem(0).AsU64() == 0)}, nil
}

func omapDestroyEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if n := args[0].Elem(0).Len(); n != 0 {
		return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: fmt.Sprintf("destroying an ordered_map of %d entries (destroy of a non-empty vector)", n)}
	}
	return nil, nil
}

// omapColumn is ordered_map::keys (0) and values (1): copies in key order.
func omapColumn(field int) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		es := omapEntries(args[0])
		vals := make([]movevm.Value, es.Len())
		for i := range vals {
			vals[i] = es.Elem(i).Elem(field)
		}
		out, err := copies(c, targs[field], vals)
		if err != nil {
			return nil, err
		}
		vt, err := c.VectorOf(targs[field])
		return []movevm.Value{movevm.NewVector(vt, out)}, err
	}
}

func omapToVecPair(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f := movevm.Unpack(args[0])
	if len(f) != 1 {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "an ordered_map without its entries"}
	}
	entries := movevm.Unpack(f[0])
	if err := c.ChargeElems(len(entries)); err != nil {
		return nil, err
	}
	ks, vs := make([]movevm.Value, len(entries)), make([]movevm.Value, len(entries))
	for i, e := range entries {
		kv, err := unpackN(e, 2)
		if err != nil {
			return nil, err
		}
		ks[i], vs[i] = kv[0], kv[1]
	}
	kt, err := c.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	vt, err := c.VectorOf(targs[1])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(kt, ks), movevm.NewVector(vt, vs)}, nil
}
