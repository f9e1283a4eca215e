package aptosstdlib

// 0x1::ordered_map: the structs only — OrderedMap<K, V> (an enum whose one
// variant keeps its entries sorted by key), Entry<K, V> and IteratorPtr —
// the layout of maps that framework resources hold
// (account_abstraction's DispatchableAuthenticator). Its functions are not
// declared: Move code cannot call them here yet.

import "github.com/ledgernode/ledgernode/vmstub/native"

// OrderedMap declares 0x1::ordered_map.
func OrderedMap() native.Module {
	all3 := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	kv := []native.TypeParam{{}, {}}
	return native.Module{Address: addr, Name: "ordered_map",
		Structs: []native.Struct{
			{Name: "Entry", Abilities: all3, TypeParams: kv, Fields: []string{"key: T0", "value: T1"}},
			{Name: "OrderedMap", Abilities: all3, TypeParams: kv,
				Variants: []native.Variant{{Name: "SortedVectorMap", Fields: []string{"entries: vector<0x1::ordered_map::Entry<T0, T1>>"}}}},
			{Name: "IteratorPtr", Abilities: []string{native.AbilityCopy, native.AbilityDrop},
				Variants: []native.Variant{{Name: "End"}, {Name: "Position", Fields: []string{"index: u64"}}}},
		},
		Errors: []native.AbortReason{
			{Reason: 1, Name: "EKEY_ALREADY_EXISTS", Description: "Map key already exists"},
			{Reason: 2, Name: "EKEY_NOT_FOUND", Description: "Map key is not found"},
			{Reason: 3, Name: "EITER_OUT_OF_BOUNDS"},
			{Reason: 4, Name: "ENEW_KEY_NOT_IN_ORDER", Description: "New key used in replace_key_inplace doesn't respect the order"},
		},
	}
}
