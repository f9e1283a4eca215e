package vmstub

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// Direct calls of framework functions. A transaction or view calling an
// entry or view function of the framework tree runs its Func on the
// interpreter (billed what the interpreter meters, see VM.usedGas),
// except for the functions below, which the executor runs without an
// interpreter session through the framework's exported Go functions, with
// the arguments it checked: the APT transfers, the payload of most
// transactions, kept fast (a batch pays ExecutionPerCall per recipient);
// and coin's generic functions, whose coin type need not be a type the
// interpreter can load (an unknown coin is refused with coin's own aborts,
// not LINKER_ERROR). Move code calling them runs their Funcs.

// directCall is one direct call: the session, the signers (none for a
// view), the type arguments and the BCS arguments after the signers,
// already checked to deserialize as the parameter types.
type directCall struct {
	s        *Session
	signers  []ledgerapi.Address
	typeArgs []ledgerapi.TypeTag
	args     [][]byte
}

// directFunc runs a direct call; a view returns one BCS value per return
// type. Errors are the executor's (*Abort, executionFailure); anything
// else is an internal failure.
type directFunc func(c *directCall) ([][]byte, error)

// directCalls is the executor's table of direct calls, by 0x1 module and
// function name.
var directCalls = map[string]directFunc{
	"aptos_account::transfer": func(c *directCall) ([][]byte, error) {
		return nil, frameworkErr(aptosframework.TransferFungible(c.s.framework(), c.signers[0], c.argAddress(0), aptosframework.APTMetadata, c.argU64(1)))
	},
	"aptos_account::transfer_coins": func(c *directCall) ([][]byte, error) {
		return nil, frameworkErr(aptosframework.TransferCoinsToAccount(c.s.framework(), c.signers[0], c.argAddress(0), c.typeArgs[0], c.argU64(1)))
	},
	"aptos_account::batch_transfer": func(c *directCall) ([][]byte, error) {
		return nil, frameworkErr(aptosframework.BatchTransfer(c.s.framework(), c.signers[0], c.argAddresses(0), c.argU64s(1), func() error {
			c.s.Charge(c.s.rt.gas.ExecutionPerCall)
			return nil
		}))
	},
	"coin::transfer": coinTransferCall,
	"coin::migrate_to_fungible_store": func(c *directCall) ([][]byte, error) {
		return nil, frameworkErr(aptosframework.MigrateToFungibleStore(c.s.framework(), c.signers[0], c.typeArgs[0]))
	},
	"coin::balance": func(c *directCall) ([][]byte, error) {
		b, err := aptosframework.CoinBalance(c.s.framework(), c.argAddress(0), c.typeArgs[0])
		return [][]byte{U64Value(b)}, frameworkErr(err)
	},
	"coin::name":     coinInfoCall(0),
	"coin::symbol":   coinInfoCall(1),
	"coin::decimals": coinInfoCall(2),
	"coin::supply": func(c *directCall) ([][]byte, error) {
		lo, hi, tracked, err := aptosframework.CoinSupply(c.s.framework(), c.typeArgs[0])
		if err != nil || !tracked {
			return [][]byte{OptionValue(nil)}, frameworkErr(err)
		}
		e := bcs.NewEncoder(16)
		e.U128(lo, hi)
		return [][]byte{OptionValue(e.Bytes())}, nil
	},
	"coin::is_account_registered": func(c *directCall) ([][]byte, error) {
		ok, err := aptosframework.IsAccountRegistered(c.s.framework(), c.argAddress(0), c.typeArgs[0])
		return [][]byte{BoolValue(ok)}, frameworkErr(err)
	},
	"coin::paired_metadata": func(c *directCall) ([][]byte, error) {
		if aptosframework.IsAPT(c.typeArgs[0]) {
			return [][]byte{OptionValue(AddressValue(aptosframework.APTMetadata))}, nil
		}
		meta, ok, err := aptosframework.PairedMetadata(c.s.framework(), c.typeArgs[0])
		if err != nil || !ok {
			return [][]byte{OptionValue(nil)}, frameworkErr(err)
		}
		return [][]byte{OptionValue(AddressValue(meta))}, nil
	},
}

func coinTransferCall(c *directCall) ([][]byte, error) {
	return nil, frameworkErr(aptosframework.TransferCoins(c.s.framework(), c.signers[0], c.argAddress(0), c.typeArgs[0], c.argU64(1)))
}

// coinInfoCall is coin::name (0), symbol (1) or decimals (2).
func coinInfoCall(field int) directFunc {
	return func(c *directCall) ([][]byte, error) {
		name, symbol, decimals, err := aptosframework.CoinInfo(c.s.framework(), c.typeArgs[0])
		if err != nil {
			return nil, frameworkErr(err)
		}
		return [][]byte{StringValue(name), StringValue(symbol), U8Value(decimals)}[field : field+1], nil
	}
}

// bindDirectCalls gives the registered functions at 0x1 that have a direct
// call theirs; it runs once the framework is registered.
func (r *registry) bindDirectCalls() {
	for _, rm := range r.order {
		if rm.id.Address != ledgerapi.AddressOne {
			continue
		}
		for name, rf := range rm.funcs {
			rf.direct = directCalls[rm.id.Name+"::"+name]
		}
	}
}

// run calls f, turning a panic (a bug of the executor or of the framework's
// Go functions) into an internal error: the transaction fails (or the
// view), not the node.
func (c *directCall) run(fn ledgerapi.EntryFunctionId, f directFunc) (vals [][]byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			vals, err = nil, fmt.Errorf("vmstub: %s panicked: %v", fn, r)
		}
	}()
	return f(c)
}

// Argument readers. Arguments are checked against the function's parameter
// types before the call runs, so a reader matching the declared type
// cannot fail; a mismatched reader returns the zero value.

func (c *directCall) arg(i int) *bcs.Decoder {
	if i < 0 || i >= len(c.args) {
		return bcs.NewDecoder(nil)
	}
	return bcs.NewDecoder(c.args[i])
}

// argU64 reads argument i as a u64.
func (c *directCall) argU64(i int) uint64 {
	d := c.arg(i)
	return d.U64("u64")
}

// argAddress reads argument i as an address (also an Object<T>).
func (c *directCall) argAddress(i int) ledgerapi.Address {
	var a ledgerapi.Address
	d := c.arg(i)
	d.Fixed(a[:], "address")
	return a
}

// argAddresses reads argument i as a vector<address>.
func (c *directCall) argAddresses(i int) []ledgerapi.Address {
	d := c.arg(i)
	n := d.SeqLen("vector<address>", 32)
	out := make([]ledgerapi.Address, 0, n)
	for j := 0; j < n && !d.Failed(); j++ {
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
		out = append(out, a)
	}
	return out
}

// argU64s reads argument i as a vector<u64>.
func (c *directCall) argU64s(i int) []uint64 {
	d := c.arg(i)
	n := d.SeqLen("vector<u64>", 8)
	out := make([]uint64, 0, n)
	for j := 0; j < n && !d.Failed(); j++ {
		out = append(out, d.U64("u64"))
	}
	return out
}
