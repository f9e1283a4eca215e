package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// Direct calls of framework functions. A transaction or view calling an
// entry or view function of the framework tree runs its Func on the
// interpreter (billed as a native called directly, see moveCode.direct),
// except for the functions below, which the executor runs without an
// interpreter session through the framework's exported Go functions, with
// the arguments it checked: the APT transfers, the payload of most
// transactions, kept as fast as a legacy native (a batch pays
// ExecutionPerCall per recipient); and coin's generic
// functions, whose coin type need not be a type the interpreter can load
// (an unknown coin is refused with coin's own aborts, not LINKER_ERROR).
// Move code calling them runs their Funcs.

var directCalls = map[string]func(c *Call) ([][]byte, error){
	"aptos_account::transfer": func(c *Call) ([][]byte, error) {
		return nil, c.TransferFungible(c.Signers[0], c.ArgAddress(0), aptosframework.APTMetadata, c.ArgU64(1))
	},
	"aptos_account::transfer_coins": coinTransferCall,
	"aptos_account::batch_transfer": func(c *Call) ([][]byte, error) {
		return nil, legacyErr(aptosframework.BatchTransfer(c.framework(), c.Signers[0], c.ArgAddresses(0), c.ArgU64s(1), func() error {
			c.Charge(c.vm.gas.ExecutionPerCall)
			return nil
		}))
	},
	"coin::transfer": coinTransferCall,
	"coin::migrate_to_fungible_store": func(c *Call) ([][]byte, error) {
		return nil, legacyErr(aptosframework.MigrateToFungibleStore(c.framework(), c.Signers[0], c.TypeArgs[0]))
	},
	"coin::balance": func(c *Call) ([][]byte, error) {
		b, err := aptosframework.CoinBalance(c.framework(), c.ArgAddress(0), c.TypeArgs[0])
		return [][]byte{U64Value(b)}, legacyErr(err)
	},
	"coin::name":     coinInfoCall(0),
	"coin::symbol":   coinInfoCall(1),
	"coin::decimals": coinInfoCall(2),
	"coin::supply": func(c *Call) ([][]byte, error) {
		lo, hi, tracked, err := aptosframework.CoinSupply(c.framework(), c.TypeArgs[0])
		if err != nil || !tracked {
			return [][]byte{OptionValue(nil)}, legacyErr(err)
		}
		e := bcs.NewEncoder(16)
		e.U128(lo, hi)
		return [][]byte{OptionValue(e.Bytes())}, nil
	},
	"coin::is_account_registered": func(c *Call) ([][]byte, error) {
		return [][]byte{BoolValue(aptosframework.IsAPT(c.TypeArgs[0]))}, nil
	},
	"coin::paired_metadata": func(c *Call) ([][]byte, error) {
		if !aptosframework.IsAPT(c.TypeArgs[0]) {
			return [][]byte{OptionValue(nil)}, nil
		}
		return [][]byte{OptionValue(AddressValue(aptosframework.APTMetadata))}, nil
	},
}

func coinTransferCall(c *Call) ([][]byte, error) {
	return nil, legacyErr(aptosframework.TransferCoins(c.framework(), c.Signers[0], c.ArgAddress(0), c.TypeArgs[0], c.ArgU64(1)))
}

// coinInfoCall is coin::name (0), symbol (1) or decimals (2).
func coinInfoCall(field int) func(c *Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		name, symbol, decimals, err := aptosframework.CoinInfo(c.framework(), c.TypeArgs[0])
		if err != nil {
			return nil, legacyErr(err)
		}
		return [][]byte{StringValue(name), StringValue(symbol), U8Value(decimals)}[field : field+1], nil
	}
}

// withDirectCalls gives the functions of m (a module of the framework
// tree at 0x1) that have a direct call their BCS Native.
func withDirectCalls(m Module) Module {
	if m.Address != ledgerapi.AddressOne {
		return m
	}
	for i := range m.Functions {
		if f := directCalls[m.Name+"::"+m.Functions[i].Name]; f != nil {
			m.Functions[i].Native = f
		}
	}
	return m
}
