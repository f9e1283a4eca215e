package aptosstdlib

// 0x1::big_ordered_map, whole: the structs — BigOrderedMap (enum
// BPlusTreeMap: the root Node inline, the other nodes in a
// StorageSlotsAllocator, the leftmost and rightmost leaves' indices,
// whether keys and values have a constant size, the inner and leaf max
// degrees as u16), Node (enum V1: is_leaf, children as an OrderedMap of
// Child, prev, next), Child (Inner, a StoredSlot, or Leaf, a value) and
// IteratorPtr (End, or Some { node_index, child_iter, key }) — and every
// public function (this file: the constructors and destroy_empty; the
// tree in big_ordered_map_tree.go, removal in big_ordered_map_remove.go,
// look-ups and traversals in big_ordered_map_views.go).
//
// Pinned layout: the aptos-core version with Node as enum V1, IteratorPtr,
// new_with_config(u16, u16, bool), new_with_reusable,
// new_with_type_size_hints, get, prev_key/next_key and
// EBORROW_MUT_REQUIRES_CONSTANT_KV_SIZE (14), whose iterator functions
// (new_begin_iter, lower_bound, find, iter_*) are public(friend) and so
// not declared here; for_each*, destroy and for_each_and_clear are inline.
// Not served: the older layouts (Node a struct, new_with_config with
// num_to_preallocate, RefToSlot and root_index) nor the later one whose
// iterator functions are public as internal_* (same structs, more error
// codes).
//
// The tree is Aptos's B+ tree: the same degrees (computed from the first
// key and value, or from constant sizes), the same splits (a full node's
// first (degree+1)/2 children go to a new slot on its left, the rest stay
// in its slot; a full root moves down to a new slot first), the same
// rebalancing on removal (borrow from, else merge with, the next sibling,
// or the previous one for a parent's last child) and the same slot
// allocation order, so a map's resource and table items are those Aptos
// would hold after the same operations. Natives change the root, fields
// and slot items in place. Aborts Aptos raises from inside ordered_map
// (remove of a missing key from a leaf, pop_back/borrow_back of an empty
// map) are located here with the same codes (the two modules share their
// numbering).

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Special node indices of big_ordered_map (aligned with
// storage_slots_allocator): NULL_INDEX and ROOT_INDEX.
const (
	BOMapNullIndex = 0
	BOMapRootIndex = 1
)

// Sizes big_ordered_map derives max degrees from: DEFAULT_TARGET_NODE_SIZE,
// INNER_MIN_DEGREE, LEAF_MIN_DEGREE, MAX_DEGREE, MAX_NODE_BYTES.
const (
	bomapTargetNodeSize = 4096
	bomapInnerMinDegree = 4
	bomapLeafMinDegree  = 3
	bomapMaxDegree      = 4096
	bomapMaxNodeBytes   = 409600
)

// Abort reasons of big_ordered_map (invalid_argument, the last
// invalid_state).
const (
	EBOMKeyAlreadyExists       = 1
	EBOMKeyNotFound            = 2
	EBOMIterOutOfBounds        = 3
	EBOMInvalidConfig          = 11
	EBOMMapNotEmpty            = 12
	EBOMArgumentBytesTooLarge  = 13
	EBOMBorrowMutNeedsConstant = 14
	EBOMInternal               = 20
)

const tBOMap = "0x1::big_ordered_map::BigOrderedMap<T0, T1>"

// BigOrderedMap declares 0x1::big_ordered_map.
func BigOrderedMap() native.Module {
	s, cp, d := native.AbilityStore, native.AbilityCopy, native.AbilityDrop
	kv := []native.TypeParam{{Constraints: []string{s}}, {Constraints: []string{s}}}
	kdcs := []native.TypeParam{{Constraints: []string{d, cp, s}}, {Constraints: []string{s}}}
	kdcsVc := []native.TypeParam{{Constraints: []string{d, cp, s}}, {Constraints: []string{cp, s}}}
	st := []string{s}
	node := "0x1::big_ordered_map::Node<T0, T1>"
	m, mm := "&"+tBOMap, "&mut "+tBOMap
	f := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	return native.Module{Address: addr, Name: "big_ordered_map",
		Structs: []native.Struct{
			{Name: "Node", Abilities: st, TypeParams: kv, Variants: []native.Variant{{Name: "V1", Fields: []string{
				"is_leaf: bool", "children: 0x1::ordered_map::OrderedMap<T0, 0x1::big_ordered_map::Child<T1>>", "prev: u64", "next: u64"}}}},
			{Name: "Child", Abilities: st, TypeParams: kv[:1], Variants: []native.Variant{
				{Name: "Inner", Fields: []string{"node_index: 0x1::storage_slots_allocator::StoredSlot"}},
				{Name: "Leaf", Fields: []string{"value: T0"}}}},
			{Name: "IteratorPtr", Abilities: []string{cp, d}, TypeParams: []native.TypeParam{{}}, Variants: []native.Variant{
				{Name: "End"},
				{Name: "Some", Fields: []string{"node_index: u64", "child_iter: 0x1::ordered_map::IteratorPtr", "key: T0"}}}},
			{Name: "BigOrderedMap", Abilities: st, TypeParams: kv, Variants: []native.Variant{{Name: "BPlusTreeMap", Fields: []string{
				"root: " + node, "nodes: 0x1::storage_slots_allocator::StorageSlotsAllocator<" + node + ">",
				"min_leaf_index: u64", "max_leaf_index: u64", "constant_kv_size: bool", "inner_max_degree: u16", "leaf_max_degree: u16"}}}},
		},
		Functions: []native.Function{
			f("new", kv, nil, []string{tBOMap}, bomNew(false)),
			f("new_with_reusable", kv, nil, []string{tBOMap}, bomNew(true)),
			f("new_with_type_size_hints", kv, []string{"u64", "u64", "u64", "u64"}, []string{tBOMap}, bomNewWithHints),
			f("new_with_config", kv, []string{"u16", "u16", "bool"}, []string{tBOMap}, bomNewWithConfig),
			f("new_from", kdcs, []string{"vector<T0>", "vector<T1>"}, []string{tBOMap}, bomNewFrom),
			f("destroy_empty", kv, []string{tBOMap}, nil, bomDestroyEmpty),
			f("allocate_spare_slots", kv, []string{mm, "u64"}, nil, bomAllocateSpare),
			f("is_empty", kv, []string{m}, []string{"bool"}, bomIsEmpty),
			f("compute_length", kv, []string{m}, []string{"u64"}, bomComputeLength),
			f("add", kdcs, []string{mm, "T0", "T1"}, nil, bomAdd),
			f("upsert", kdcs, []string{mm, "T0", "T1"}, []string{"0x1::option::Option<T1>"}, bomUpsert),
			f("remove", kdcs, []string{mm, "&T0"}, []string{"T1"}, bomRemove),
			f("add_all", kdcs, []string{mm, "vector<T0>", "vector<T1>"}, nil, bomAddAll),
			f("pop_front", kdcs, []string{mm}, []string{"T0", "T1"}, bomPop(false)),
			f("pop_back", kdcs, []string{mm}, []string{"T0", "T1"}, bomPop(true)),
			f("contains", kdcs, []string{m, "&T0"}, []string{"bool"}, bomContains),
			f("borrow", kdcs, []string{m, "&T0"}, []string{"&T1"}, bomBorrow(false)),
			f("get", kdcsVc, []string{m, "&T0"}, []string{"0x1::option::Option<T1>"}, bomGet),
			f("borrow_mut", kdcs, []string{mm, "&T0"}, []string{"&mut T1"}, bomBorrow(true)),
			f("borrow_front", kdcs, []string{m}, []string{"T0", "&T1"}, bomBorrowEnd(false)),
			f("borrow_back", kdcs, []string{m}, []string{"T0", "&T1"}, bomBorrowEnd(true)),
			f("prev_key", kdcs, []string{m, "&T0"}, []string{"0x1::option::Option<T0>"}, bomPrevKey),
			f("next_key", kdcs, []string{m, "&T0"}, []string{"0x1::option::Option<T0>"}, bomNextKey),
			f("to_ordered_map", kdcsVc, []string{m}, []string{"0x1::ordered_map::OrderedMap<T0, T1>"}, bomToOrderedMap),
			f("keys", []native.TypeParam{{Constraints: []string{s, cp, d}}, {Constraints: []string{s, cp}}}, []string{m}, []string{"vector<T0>"}, bomKeys),
		},
		Errors: []native.AbortReason{
			{Reason: EBOMKeyAlreadyExists, Name: "EKEY_ALREADY_EXISTS", Description: "Map key already exists"},
			{Reason: EBOMKeyNotFound, Name: "EKEY_NOT_FOUND", Description: "Map key is not found"},
			{Reason: EBOMIterOutOfBounds, Name: "EITER_OUT_OF_BOUNDS", Description: "Trying to do an operation on an IteratorPtr that would go out of bounds"},
			{Reason: EBOMInvalidConfig, Name: "EINVALID_CONFIG_PARAMETER", Description: "The provided configuration parameter is invalid."},
			{Reason: EBOMMapNotEmpty, Name: "EMAP_NOT_EMPTY", Description: "Map isn't empty"},
			{Reason: EBOMArgumentBytesTooLarge, Name: "EARGUMENT_BYTES_TOO_LARGE", Description: "Trying to insert too large of an object into the map."},
			{Reason: EBOMBorrowMutNeedsConstant, Name: "EBORROW_MUT_REQUIRES_CONSTANT_KV_SIZE", Description: "borrow_mut requires that key and value types have constant size (otherwise it wouldn't be able to guarantee size requirements are not violated)"},
			{Reason: EBOMInternal, Name: "EINTERNAL_INVARIANT_BROKEN", Description: "Internal errors."},
		},
	}
}

func bomAbort(c *native.Context, reason uint64) error {
	return c.Abort(native.Code(native.InvalidArgument, reason))
}

// bomInvariant is EINTERNAL_INVARIANT_BROKEN: a map Aptos's own code could
// not have left.
func bomInvariant(c *native.Context) error {
	return c.Abort(native.Code(native.InvalidState, EBOMInternal))
}

// BOMapDegrees returns the inner and leaf max degrees big_ordered_map
// sets, when configured with 0, from the serialized sizes of the first
// key and value it holds (or of their types when constant).
func BOMapDegrees(keySize, valueSize int) (inner, leaf uint16) {
	deg := func(size, minDeg int) uint16 {
		return uint16(max(min(bomapMaxDegree, bomapTargetNodeSize/max(size, 1)), minDeg))
	}
	return deg(keySize, bomapInnerMinDegree), deg(keySize+valueSize, bomapLeafMinDegree)
}

// constantKV is the constant serialized sizes of K and V, if both have one.
func constantKV(c *native.Context, k, v *movevm.Type) (uint64, uint64, bool, error) {
	ks, kok, err := movestdlib.ConstantSize(c, k)
	if err != nil || !kok {
		return 0, 0, false, err
	}
	vs, vok, err := movestdlib.ConstantSize(c, v)
	return ks, vs, vok, err
}

// newBOMap is new_with_config(inner, leaf, reuse) for K, V = targs.
func newBOMap(c *native.Context, targs []*movevm.Type, inner, leaf uint64, reuse bool) (movevm.Value, error) {
	if (inner != 0 && (inner < bomapInnerMinDegree || inner > bomapMaxDegree)) ||
		(leaf != 0 && (leaf < bomapLeafMinDegree || leaf > bomapMaxDegree)) {
		return movevm.Value{}, bomAbort(c, EBOMInvalidConfig)
	}
	mt, err := structOf(c, "big_ordered_map", "BigOrderedMap", targs...)
	if err != nil {
		return movevm.Value{}, err
	}
	nt, err := structOf(c, "big_ordered_map", "Node", targs...)
	if err != nil {
		return movevm.Value{}, err
	}
	ct, err := structOf(c, "big_ordered_map", "Child", targs[1])
	if err != nil {
		return movevm.Value{}, err
	}
	children, err := omapOf(c, []*movevm.Type{targs[0], ct}, nil)
	if err != nil {
		return movevm.Value{}, err
	}
	nodes, err := newSSA(c, nt, reuse)
	if err != nil {
		return movevm.Value{}, err
	}
	root := movevm.NewVariant(nt, 0, []movevm.Value{movevm.Bool(true), children, movevm.U64(BOMapNullIndex), movevm.U64(BOMapNullIndex)})
	fields := []movevm.Value{root, nodes, movevm.U64(BOMapRootIndex), movevm.U64(BOMapRootIndex), movevm.Bool(false),
		movevm.U16(uint16(inner)), movevm.U16(uint16(leaf))}
	ks, vs, ok, err := constantKV(c, targs[0], targs[1])
	if err != nil || !ok {
		return movevm.NewVariant(mt, 0, fields), err
	}
	fields[4] = movevm.Bool(true)
	di, dl := BOMapDegrees(int(min(ks, 1<<30)), int(min(vs, 1<<30)))
	if inner == 0 {
		inner, fields[5] = uint64(di), movevm.U16(di)
	}
	if leaf == 0 {
		leaf, fields[6] = uint64(dl), movevm.U16(dl)
	}
	if err := checkNodeBytes(c, ks, vs, inner, leaf); err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewVariant(mt, 0, fields), nil
}

// checkNodeBytes aborts with EARGUMENT_BYTES_TOO_LARGE when a full node of
// keys (inner) or entries (leaf) of these sizes would exceed
// MAX_NODE_BYTES.
func checkNodeBytes(c *native.Context, ks, vs, inner, leaf uint64) error {
	if ks > bomapMaxNodeBytes || vs > bomapMaxNodeBytes || ks*inner > bomapMaxNodeBytes || (ks+vs)*leaf > bomapMaxNodeBytes {
		return bomAbort(c, EBOMArgumentBytesTooLarge)
	}
	return nil
}

// bomNew is new (reuse false) and new_with_reusable: only for key and
// value types of a constant size (EINVALID_CONFIG_PARAMETER otherwise).
func bomNew(reuse bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		_, _, ok, err := constantKV(c, targs[0], targs[1])
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, bomAbort(c, EBOMInvalidConfig)
		}
		v, err := newBOMap(c, targs, 0, 0, reuse)
		return []movevm.Value{v}, err
	}
}

func bomNewWithConfig(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := newBOMap(c, targs, args[0].AsU64(), args[1].AsU64(), args[2].AsBool())
	return []movevm.Value{v}, err
}

// bomNewWithHints is new_with_type_size_hints: degrees from the average
// sizes (as for a first entry) bounded by what the maximum sizes allow,
// checked in Aptos's order (a zero size or an overflowing sum fails as
// Move arithmetic does).
func bomNewWithHints(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	avgK, maxK, avgV, maxV := args[0].AsU64(), args[1].AsU64(), args[2].AsU64(), args[3].AsU64()
	if avgK > maxK || avgV > maxV {
		return nil, bomAbort(c, EBOMInvalidConfig)
	}
	arith := &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "new_with_type_size_hints: a zero size or an overflowing sum"}
	if avgK == 0 {
		return nil, arith
	}
	innerFromAvg := max(min(bomapMaxDegree, bomapTargetNodeSize/avgK), bomapInnerMinDegree)
	innerFromMax := bomapMaxNodeBytes / maxK
	if innerFromMax < bomapInnerMinDegree {
		return nil, bomAbort(c, EBOMInvalidConfig)
	}
	avgE, maxE := avgK+avgV, maxK+maxV
	if avgE < avgK || maxE < maxK {
		return nil, arith
	}
	leafFromAvg := max(min(bomapMaxDegree, bomapTargetNodeSize/avgE), bomapLeafMinDegree)
	leafFromMax := bomapMaxNodeBytes / maxE
	if leafFromMax < bomapInnerMinDegree { // INNER_MIN_DEGREE, as Aptos asserts it
		return nil, bomAbort(c, EBOMInvalidConfig)
	}
	v, err := newBOMap(c, targs, min(innerFromAvg, innerFromMax), min(leafFromAvg, leafFromMax), false)
	return []movevm.Value{v}, err
}

// bomNewFrom is new_from: new() and add_all.
func bomNewFrom(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := bomNew(false)(c, targs, nil)
	if err != nil {
		return nil, err
	}
	cell := movevm.NewCell(r[0].Type(), r[0])
	ref, err := c.Ref(cell, true)
	if err != nil {
		return nil, err
	}
	if _, err := bomAddAll(c, targs, []movevm.Value{ref, args[0], args[1]}); err != nil {
		return nil, err
	}
	return []movevm.Value{cell.Take()}, nil
}

// bomDestroyEmpty is destroy_empty: EMAP_NOT_EMPTY unless the root is
// empty, then the slots allocator's destroy_empty.
func bomDestroyEmpty(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[0].Elem(0).Elem(1).Elem(0).Len() != 0 {
		return nil, bomAbort(c, EBOMMapNotEmpty)
	}
	nt, err := structOf(c, "big_ordered_map", "Node", targs...)
	if err != nil {
		return nil, err
	}
	cell := movevm.NewCell(args[0].Type(), args[0])
	ref, err := c.Ref(cell, true)
	if err != nil {
		return nil, err
	}
	sref, err := c.InnerRef(ref, true, 1)
	if err != nil {
		return nil, err
	}
	s, err := newSlots(c, sref, nt)
	if err != nil {
		return nil, err
	}
	return nil, s.destroyEmpty()
}

func bomAllocateSpare(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := bomOf(c, targs, args[0], true)
	if err != nil {
		return nil, err
	}
	return nil, m.s.allocateSpare(args[1].AsU64())
}

// BOMapLeafRoot is a BigOrderedMap whose root, a leaf, holds all its
// entries (no other node: the slots allocator never created its table).
// Entries are the BCS of each key and of its value, in key order.
type BOMapLeafRoot struct {
	Keys, Values                  [][]byte
	InnerMaxDegree, LeafMaxDegree uint16
}

// MarshalBCS writes the map as big_ordered_map lays it out.
func (m *BOMapLeafRoot) MarshalBCS(e *bcs.Encoder) {
	e.Variant(0) // BigOrderedMap::BPlusTreeMap
	e.Variant(0) // Node::V1
	e.Bool(true) // is_leaf
	e.Variant(0) // OrderedMap::SortedVectorMap
	e.SeqLen(len(m.Keys))
	for i := range m.Keys {
		e.Fixed(m.Keys[i])
		e.Variant(1) // Child::Leaf
		e.Fixed(m.Values[i])
	}
	e.U64(BOMapNullIndex) // prev
	e.U64(BOMapNullIndex) // next
	e.Variant(0)          // StorageSlotsAllocator::V1
	e.Bool(false)         // slots: none
	e.U64(ssaFirstIndex)  // new_slot_index
	e.Bool(false)         // should_reuse
	e.U64(BOMapNullIndex) // reuse_head_index
	e.U32(0)              // reuse_spare_count
	e.U64(BOMapRootIndex) // min_leaf_index
	e.U64(BOMapRootIndex) // max_leaf_index
	e.Bool(false)         // constant_kv_size
	e.U16(m.InnerMaxDegree)
	e.U16(m.LeafMaxDegree)
}
