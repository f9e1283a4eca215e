package aptosstdlib

// 0x1::copyable_any: the Any struct (a type name and the BCS of a value
// of that type) that package metadata's extension fields hold. It has no
// functions here.

import "github.com/ledgernode/ledgernode/vmstub/native"

// CopyableAny declares 0x1::copyable_any.
func CopyableAny() native.Module {
	return native.Module{Address: addr, Name: "copyable_any",
		Structs: []native.Struct{{Name: "Any", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"type_name: 0x1::string::String", "data: vector<u8>"}}},
	}
}
