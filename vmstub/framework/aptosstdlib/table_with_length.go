package aptosstdlib

// 0x1::table_with_length: the TableWithLength struct (a Table and its
// length), which smart_table keeps its buckets in; its functions are Move
// code in Aptos and are not declared here.

import "github.com/ledgernode/ledgernode/vmstub/native"

// TableWithLength declares 0x1::table_with_length.
func TableWithLength() native.Module {
	return native.Module{Address: addr, Name: "table_with_length",
		Structs: []native.Struct{{Name: "TableWithLength", Abilities: []string{native.AbilityStore},
			TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy, native.AbilityDrop}, Phantom: true}, {Phantom: true}},
			Fields:     []string{"inner: 0x1::table::Table<T0, T1>", "length: u64"}}}}
}
