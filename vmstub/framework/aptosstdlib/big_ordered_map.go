package aptosstdlib

// 0x1::big_ordered_map: the structs only, with Aptos's layouts —
// BigOrderedMap (enum BPlusTreeMap: the root Node inline, the other nodes
// in a StorageSlotsAllocator, the leftmost and rightmost leaves' indices,
// whether keys and values have a constant size, the inner and leaf max
// degrees), Node (enum V1: is_leaf, children as an OrderedMap of Child,
// prev, next) and Child (Inner, a StoredSlot, or Leaf, a value) — so that
// resources holding a map (account_abstraction's
// DerivableDispatchableAuthenticator) have their layout. The module's
// functions and its iterator are not declared: framework code that keeps
// such a map edits it in Go (BigOrderedMapRootBCS), as a single leaf root.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Special node indices of big_ordered_map (aligned with
// storage_slots_allocator): NULL_INDEX and ROOT_INDEX.
const (
	BOMapNullIndex = 0
	BOMapRootIndex = 1
)

// Sizes big_ordered_map derives max degrees from: DEFAULT_TARGET_NODE_SIZE,
// DEFAULT_INNER_MIN_DEGREE, DEFAULT_LEAF_MIN_DEGREE, MAX_DEGREE.
const (
	bomapTargetNodeSize = 4096
	bomapInnerMinDegree = 4
	bomapLeafMinDegree  = 3
	bomapMaxDegree      = 4096
)

// BigOrderedMap declares 0x1::big_ordered_map.
func BigOrderedMap() native.Module {
	kv := []native.TypeParam{{Constraints: []string{native.AbilityStore}}, {Constraints: []string{native.AbilityStore}}}
	st := []string{native.AbilityStore}
	node := "0x1::big_ordered_map::Node<T0, T1>"
	return native.Module{Address: addr, Name: "big_ordered_map",
		Structs: []native.Struct{
			{Name: "Node", Abilities: st, TypeParams: kv, Variants: []native.Variant{{Name: "V1", Fields: []string{
				"is_leaf: bool", "children: 0x1::ordered_map::OrderedMap<T0, 0x1::big_ordered_map::Child<T1>>", "prev: u64", "next: u64"}}}},
			{Name: "Child", Abilities: st, TypeParams: kv[:1], Variants: []native.Variant{
				{Name: "Inner", Fields: []string{"node_index: 0x1::storage_slots_allocator::StoredSlot"}},
				{Name: "Leaf", Fields: []string{"value: T0"}}}},
			{Name: "BigOrderedMap", Abilities: st, TypeParams: kv, Variants: []native.Variant{{Name: "BPlusTreeMap", Fields: []string{
				"root: " + node, "nodes: 0x1::storage_slots_allocator::StorageSlotsAllocator<" + node + ">",
				"min_leaf_index: u64", "max_leaf_index: u64", "constant_kv_size: bool", "inner_max_degree: u16", "leaf_max_degree: u16"}}}},
		},
		Errors: []native.AbortReason{
			{Reason: 1, Name: "EKEY_ALREADY_EXISTS", Description: "Map key already exists"},
			{Reason: 2, Name: "EKEY_NOT_FOUND", Description: "Map key is not found"},
			{Reason: 3, Name: "EITER_OUT_OF_BOUNDS", Description: "Trying to do an operation on an IteratorPtr that would go out of bounds"},
			{Reason: 11, Name: "EINVALID_CONFIG_PARAMETER", Description: "The provided configuration parameter is invalid."},
			{Reason: 12, Name: "EMAP_NOT_EMPTY", Description: "Map isn't empty"},
			{Reason: 13, Name: "EARGUMENT_BYTES_TOO_LARGE", Description: "Trying to insert too large of an object into the mp."},
			{Reason: 14, Name: "EBORROW_MUT_REQUIRES_CONSTANT_KV_SIZE", Description: "borrow_mut requires that key and value types have constant size (otherwise it wouldn't be able to guarantee size requirements are not violated)"},
			{Reason: 20, Name: "EINTERNAL_INVARIANT_BROKEN", Description: "Internal errors."},
		},
	}
}

// BOMapDegrees returns the inner and leaf max degrees big_ordered_map
// sets, when configured with 0, from the serialized sizes of the first
// key and value it holds.
func BOMapDegrees(keySize, valueSize int) (inner, leaf uint16) {
	deg := func(size, minDeg int) uint16 {
		return uint16(max(min(bomapMaxDegree, bomapTargetNodeSize/max(size, 1)), minDeg))
	}
	return deg(keySize, bomapInnerMinDegree), deg(keySize+valueSize, bomapLeafMinDegree)
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
