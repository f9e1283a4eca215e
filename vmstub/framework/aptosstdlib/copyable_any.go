package aptosstdlib

// 0x1::copyable_any: the Any struct (a value's type name and BCS), which
// 0x1::code's package metadata holds in its extension fields; its
// functions are Move code in Aptos and are not declared here.

import "github.com/ledgernode/ledgernode/vmstub/native"

// CopyableAny declares 0x1::copyable_any.
func CopyableAny() native.Module {
	return native.Module{Address: addr, Name: "copyable_any",
		Structs: []native.Struct{{Name: "Any", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"type_name: 0x1::string::String", "data: vector<u8>"}}}}
}
