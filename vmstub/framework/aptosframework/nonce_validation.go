package aptosframework

// 0x1::nonce_validation: the NonceHistory resource at 0x1, whose table of
// NonceKey records the nonces of orderless transactions (the executor's
// prologue and epilogue read and write it).

import "github.com/ledgernode/ledgernode/vmstub/native"

// NonceHistoryTag is the type of 0x1::nonce_validation::NonceHistory.
var NonceHistoryTag = tag1("nonce_validation", "NonceHistory")

// NonceValidation declares 0x1::nonce_validation.
func NonceValidation() native.Module {
	return native.Module{Address: addr, Name: "nonce_validation",
		Structs: []native.Struct{
			{Name: "NonceHistory", Abilities: []string{native.AbilityKey},
				Fields: []string{"nonce_table: 0x1::table::Table<0x1::nonce_validation::NonceKey, u64>"}},
			{Name: "NonceKey", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				Fields: []string{"sender_address: address", "nonce: u64"}},
		},
	}
}
