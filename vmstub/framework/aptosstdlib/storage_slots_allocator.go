package aptosstdlib

// 0x1::storage_slots_allocator: the structs only, with Aptos's layouts —
// StorageSlotsAllocator (enum V1: the lazily created slots table, the next
// slot index, the reuse queue), Link (Occupied or Vacant), ReservedSlot
// and StoredSlot — which big_ordered_map's BigOrderedMap holds. The
// module's functions are not declared.

import "github.com/ledgernode/ledgernode/vmstub/native"

// ssaFirstIndex is FIRST_INDEX, the first slot index handed out.
const ssaFirstIndex = 10

// StorageSlotsAllocator declares 0x1::storage_slots_allocator.
func StorageSlotsAllocator() native.Module {
	t := []native.TypeParam{{Constraints: []string{native.AbilityStore}}}
	st := []string{native.AbilityStore}
	return native.Module{Address: addr, Name: "storage_slots_allocator",
		Structs: []native.Struct{
			{Name: "Link", Abilities: st, TypeParams: t, Variants: []native.Variant{
				{Name: "Occupied", Fields: []string{"value: T0"}}, {Name: "Vacant", Fields: []string{"next: u64"}}}},
			{Name: "StorageSlotsAllocator", Abilities: st, TypeParams: t, Variants: []native.Variant{{Name: "V1", Fields: []string{
				"slots: 0x1::option::Option<0x1::table_with_length::TableWithLength<u64, 0x1::storage_slots_allocator::Link<T0>>>",
				"new_slot_index: u64", "should_reuse: bool", "reuse_head_index: u64", "reuse_spare_count: u32"}}}},
			{Name: "ReservedSlot", Fields: []string{"slot_index: u64"}},
			{Name: "StoredSlot", Abilities: st, Fields: []string{"slot_index: u64"}},
		},
		Errors: []native.AbortReason{
			{Reason: 1, Name: "EINVALID_ARGUMENT"},
			{Reason: 2, Name: "ECANNOT_HAVE_SPARES_WITHOUT_REUSE"},
			{Reason: 7, Name: "EINTERNAL_INVARIANT_BROKEN"},
		},
	}
}
