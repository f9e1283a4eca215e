package aptosframework

// 0x1::guid: the GUID and ID structs event handles and objects are
// numbered by (an account's or object's creation number and address). The
// module's functions are not declared: GUIDs are made by account and
// object (their guid_creation_num counters).

import "github.com/ledgernode/ledgernode/vmstub/native"

// GUID declares 0x1::guid.
func GUID() native.Module {
	return native.Module{Address: addr, Name: "guid",
		Structs: []native.Struct{
			{Name: "GUID", Abilities: []string{native.AbilityDrop, native.AbilityStore}, Fields: []string{"id: 0x1::guid::ID"}},
			{Name: "ID", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, Fields: []string{"creation_num: u64", "addr: address"}},
		},
	}
}
