package aptosframework

// 0x1::aptos_coin: the AptosCoin type APT is (its CoinInfo is written at
// genesis; its balances are in primary fungible stores of the asset at
// 0xa). The module's functions (minting capabilities) are not declared.

import "github.com/ledgernode/ledgernode/vmstub/native"

// AptosCoin declares 0x1::aptos_coin.
func AptosCoin() native.Module {
	return native.Module{Address: addr, Name: "aptos_coin",
		Structs: []native.Struct{{Name: "AptosCoin", Abilities: []string{native.AbilityKey}, Fields: []string{"dummy_field: bool"}}}}
}
