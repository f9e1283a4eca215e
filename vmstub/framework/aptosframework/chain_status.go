package aptosframework

// 0x1::chain_status: genesis ends by publishing the GenesisEndMarker
// resource at 0x1, from then on the chain is operating; the is_genesis and
// is_operating views tell which, assert_operating and assert_genesis abort
// otherwise.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// GenesisEndMarkerTag is the type of 0x1::chain_status::GenesisEndMarker.
var GenesisEndMarkerTag = tag1("chain_status", "GenesisEndMarker")

// Abort reasons of 0x1::chain_status.
const (
	ENotOperating = 1
	ENotGenesis   = 2
)

// ChainStatus declares 0x1::chain_status.
func ChainStatus() native.Module {
	return native.Module{Address: addr, Name: "chain_status", Friends: []string{"0x1::genesis"},
		Structs: []native.Struct{{Name: "GenesisEndMarker", Abilities: []string{native.AbilityKey}, Fields: []string{"dummy_field: bool"}}},
		Functions: []native.Function{
			{Name: "is_genesis", IsView: true, Return: []string{"bool"}, Impl: chainStatus(false)},
			{Name: "is_operating", IsView: true, Return: []string{"bool"}, Impl: chainStatus(true)},
			{Name: "assert_operating", Impl: assertChainStatus(true)},
			{Name: "assert_genesis", Impl: assertChainStatus(false)},
		},
		Errors: []native.AbortReason{
			{Reason: ENotOperating, Name: "ENOT_OPERATING", Description: "The blockchain is not in the operating status."},
			{Reason: ENotGenesis, Name: "ENOT_GENESIS", Description: "The blockchain is not in the genesis status."},
		},
	}
}

// chainStatus is is_operating (whether GenesisEndMarker exists at 0x1) or,
// with operating false, is_genesis (its negation).
func chainStatus(operating bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		_, ok, err := c.Host().Resource(addr, GenesisEndMarkerTag)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.Bool(ok == operating)}, nil
	}
}

// assertChainStatus is assert_operating or, with operating false,
// assert_genesis: both abort with INVALID_STATE(ENOT_OPERATING) when the
// chain is not in the status, as on Aptos (whose assert_genesis raises
// ENOT_OPERATING too).
func assertChainStatus(operating bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		_, ok, err := c.Host().Resource(addr, GenesisEndMarkerTag)
		if err != nil {
			return nil, err
		}
		if ok != operating {
			return nil, c.Abort(native.Code(native.InvalidState, ENotOperating))
		}
		return nil, nil
	}
}
