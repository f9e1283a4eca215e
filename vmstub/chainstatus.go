package vmstub

import "github.com/ledgernode/ledgernode/ledgerapi"

// 0x1::chain_status: genesis ends by publishing GenesisEndMarker at 0x1;
// from then on the chain is operating.

var genesisEndMarkerTag = tag1("chain_status", "GenesisEndMarker")

func chainStatusModuleDef() Module {
	m := mod1("chain_status", []Struct{sKey("GenesisEndMarker", "dummy_field: bool")}, []Function{
		view("is_genesis", nil, []string{"bool"}, viewChainStatus(false)),
		view("is_operating", nil, []string{"bool"}, viewChainStatus(true)),
	},
		AbortReason{Reason: 1, Name: "ENOT_OPERATING", Description: "The blockchain is not in the operating status."},
		AbortReason{Reason: 2, Name: "ENOT_GENESIS", Description: "The blockchain is not in the genesis status."},
	)
	m.Friends = []string{"0x1::genesis"}
	return m
}

// viewChainStatus answers is_operating (whether GenesisEndMarker exists at
// 0x1) or, with operating false, is_genesis (its negation).
func viewChainStatus(operating bool) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		_, ok, err := c.Resource(ledgerapi.AddressOne, genesisEndMarkerTag)
		return [][]byte{BoolValue(ok == operating)}, err
	}
}
