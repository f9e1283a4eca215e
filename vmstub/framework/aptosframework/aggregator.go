package aptosframework

// 0x1::aggregator: the (v1) Aggregator struct, a handle and key of a
// table-backed counter with a limit; CoinInfo's supply holds one in an
// OptionalAggregator. It has no functions here.

import "github.com/ledgernode/ledgernode/vmstub/native"

// Aggregator declares 0x1::aggregator.
func Aggregator() native.Module {
	return native.Module{Address: addr, Name: "aggregator",
		Structs: []native.Struct{{Name: "Aggregator", Abilities: []string{native.AbilityStore},
			Fields: []string{"handle: address", "key: address", "limit: u128"}}},
	}
}
