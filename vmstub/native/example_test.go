package native_test

import (
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ETooSmall is 0xcafe::tally's abort reason for a zero amount.
const ETooSmall = 1

var tallyAddr = ledgerapi.MustParseAddress("0xcafe")

// calls is per-session state of 0xcafe::tally: how many times the
// transaction called add.
var calls = native.NewState[uint64](nil)

// tally declares 0xcafe::tally: an entry function that aborts with the
// module's error constant, counts its calls in per-session state, charges
// gas and emits an event; and a view.
func tally() native.Module {
	return native.Module{
		Address: tallyAddr, Name: "tally",
		Structs: []native.Struct{{Name: "Added", Abilities: []string{native.AbilityDrop, native.AbilityStore},
			Fields: []string{"amount: u64", "calls: u64"}, IsEvent: true}},
		Functions: []native.Function{
			{Name: "add", IsEntry: true, Params: []string{"&signer", "u64"}, Impl: add},
			{Name: "double", IsView: true, Params: []string{"u64"}, Return: []string{"u64"},
				Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
					return []movevm.Value{movevm.U64(2 * args[0].AsU64())}, nil
				}},
		},
		Errors: []native.AbortReason{{Reason: ETooSmall, Name: "ETOO_SMALL", Description: "The amount is zero."}},
	}
}

// add is 0xcafe::tally::add(account: &signer, amount: u64).
func add(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	amount := args[1].AsU64()
	if amount == 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, ETooSmall))
	}
	if err := c.Charge(10); err != nil {
		return nil, err
	}
	n := calls.Get(c)
	*n++
	t, err := c.TypeOf(ledgerapi.TypeTag{Kind: ledgerapi.KindStruct, Struct: &ledgerapi.StructTag{Address: tallyAddr, Module: "tally", Name: "Added"}})
	if err != nil {
		return nil, err
	}
	ev, err := c.Struct(t, movevm.U64(amount), movevm.U64(*n))
	if err != nil {
		return nil, err
	}
	return nil, c.Emit(ev)
}

// mapState is a storage.View over a map of encoded state keys.
type mapState map[string][]byte

func (m mapState) StateValue(k storage.StateKey) ([]byte, error) {
	enc, _ := k.Encode()
	if v, ok := m[string(enc)]; ok {
		return v, nil
	}
	return nil, storage.ErrNotFound
}

func (m mapState) apply(tx storage.Transaction) {
	for _, w := range tx.Changes {
		enc, _ := w.Key.Encode()
		if w.Deleted {
			delete(m, string(enc))
		} else {
			m[string(enc)] = w.Value
		}
	}
}

func u64(x uint64) []byte { return binary.LittleEndian.AppendUint64(nil, x) }

// A host module declared through the contract is registered with the VM,
// called by transactions (its arguments checked by the interpreter) and
// by a view.
func Example() {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1, Natives: []native.Module{tally()}})
	if err != nil {
		panic(err)
	}
	state := mapState{}
	genesis, _ := vm.Genesis(0)
	state.apply(genesis)
	blk := storage.Block{Height: 1, Epoch: 1, Round: 1, TimestampUsec: 1_700_000_000_000_000}
	meta, _ := vm.BlockPrologue(state, blk)
	state.apply(meta)

	alice := vm.DevAccounts()[0]
	for seq, amount := range []uint64{5, 0} {
		st := alice.Sign(txn.RawTransaction{Sender: alice.Address, SequenceNumber: uint64(seq),
			Payload: vmstub.EntryPayload(tallyAddr, "tally", "add", nil, u64(amount)), MaxGasAmount: 2_000,
			GasUnitPrice: 100, ExpirationTimestampSecs: 1_700_000_060, ChainID: 4})
		out, err := vm.Execute(state, blk, st)
		if err != nil {
			panic(err)
		}
		state.apply(out)
		fmt.Println(out.Info.Status.String())
		for _, e := range out.Events[:len(out.Events)-1] { // the last is the fee statement
			fmt.Printf("%s %x\n", e.Type, e.Data)
		}
	}

	double := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: tallyAddr, Name: "tally"}, Name: "double"}
	vals, _, _, _ := vm.View(state, double, nil, [][]byte{u64(21)})
	fmt.Println("double(21):", binary.LittleEndian.Uint64(vals[0]))
	// Output:
	// Executed successfully
	// 0xcafe::tally::Added 05000000000000000100000000000000
	// Move abort in 0xcafe::tally: ETOO_SMALL(0x10001): The amount is zero.
	// double(21): 42
}
