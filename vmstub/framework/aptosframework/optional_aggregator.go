package aptosframework

// 0x1::optional_aggregator: the OptionalAggregator struct in which
// CoinInfo keeps a coin's supply (an aggregator or a plain Integer with a
// limit). It has no functions here.

import "github.com/ledgernode/ledgernode/vmstub/native"

// OptionalAggregator declares 0x1::optional_aggregator.
func OptionalAggregator() native.Module {
	return native.Module{Address: addr, Name: "optional_aggregator",
		Structs: []native.Struct{
			{Name: "OptionalAggregator", Abilities: []string{native.AbilityStore},
				Fields: []string{"aggregator: 0x1::option::Option<0x1::aggregator::Aggregator>",
					"integer: 0x1::option::Option<0x1::optional_aggregator::Integer>"}},
			{Name: "Integer", Abilities: []string{native.AbilityStore}, Fields: []string{"value: u128", "limit: u128"}},
		},
	}
}
