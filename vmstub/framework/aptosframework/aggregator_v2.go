package aptosframework

// 0x1::aggregator_v2: the generic Aggregator<T> struct (a value and its
// maximum), which the concurrent supply of fungible assets holds. It has
// no functions here. AggregatorSnapshot<T> and DerivedStringSnapshot are
// the token objects' indices and names.

import "github.com/ledgernode/ledgernode/vmstub/native"

// AggregatorV2 declares 0x1::aggregator_v2.
func AggregatorV2() native.Module {
	return native.Module{Address: addr, Name: "aggregator_v2",
		Structs: []native.Struct{{Name: "Aggregator", Abilities: []string{native.AbilityDrop, native.AbilityStore},
			TypeParams: []native.TypeParam{{}}, Fields: []string{"value: T0", "max_value: T0"}},
			{Name: "AggregatorSnapshot", Abilities: []string{native.AbilityDrop, native.AbilityStore},
				TypeParams: []native.TypeParam{{}}, Fields: []string{"value: T0"}},
			{Name: "DerivedStringSnapshot", Abilities: []string{native.AbilityDrop, native.AbilityStore},
				Fields: []string{"value: 0x1::string::String", "padding: vector<u8>"}},
		},
	}
}
