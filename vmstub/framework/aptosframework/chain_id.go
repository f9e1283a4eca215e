package aptosframework

// 0x1::chain_id: the ChainId resource genesis publishes at 0x1, and the
// get view that reads it.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ChainIDTag is the type of 0x1::chain_id::ChainId.
var ChainIDTag = tag1("chain_id", "ChainId")

// ChainID declares 0x1::chain_id.
func ChainID() native.Module {
	return native.Module{Address: addr, Name: "chain_id",
		Structs:   []native.Struct{{Name: "ChainId", Abilities: []string{native.AbilityKey}, Fields: []string{"id: u8"}}},
		Functions: []native.Function{{Name: "get", IsView: true, Return: []string{"u8"}, Impl: getChainID}},
	}
}

// getChainID is chain_id::get: the id in the ChainId resource at 0x1
// (MISSING_DATA without it, as borrow_global fails).
func getChainID(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	b, ok, err := c.Host().Resource(addr, ChainIDTag)
	switch {
	case err != nil:
		return nil, err
	case !ok || len(b) != 1:
		return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::chain_id::ChainId does not exist"}
	}
	return []movevm.Value{movevm.U8(b[0])}, nil
}
