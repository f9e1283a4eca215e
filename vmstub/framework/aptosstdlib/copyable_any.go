package aptosstdlib

// 0x1::copyable_any: the Any struct (a type name and the BCS of a value
// of that type, as package metadata's extension fields hold): pack,
// unpack (ETYPE_MISMATCH for another type; bytes that are not a value of
// the type abort in from_bcs as its from_bytes does) and type_name; the
// natives are any.go's.

import "github.com/ledgernode/ledgernode/vmstub/native"

// eAnyTypeMismatch is copyable_any's ETYPE_MISMATCH.
const eAnyTypeMismatch = 0

// CopyableAny declares 0x1::copyable_any.
func CopyableAny() native.Module {
	const anyT = "0x1::copyable_any::Any"
	return native.Module{Address: addr, Name: "copyable_any",
		Structs: []native.Struct{{Name: "Any", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"type_name: 0x1::string::String", "data: vector<u8>"}}},
		Functions: []native.Function{
			{Name: "pack", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}}},
				Params: []string{"T0"}, Return: []string{anyT}, Impl: packAny("copyable_any")},
			{Name: "unpack", TypeParams: []native.TypeParam{{}}, Params: []string{anyT}, Return: []string{"T0"}, Impl: unpackAny(eAnyTypeMismatch)},
			{Name: "type_name", Params: []string{"&" + anyT}, Return: []string{"&0x1::string::String"}, Impl: anyTypeName},
		},
		Errors: []native.AbortReason{{Reason: eAnyTypeMismatch, Name: "ETYPE_MISMATCH",
			Description: "The type provided for `unpack` is not the same as was given for `pack`."}},
	}
}
