package vmstub_test

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// mapState is the simplest storage.View: state keys (encoded) to values.
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

// Example executes a transfer between two dev accounts and reads a balance
// with a view, without a node.
func Example() {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2})
	if err != nil {
		panic(err)
	}
	state := mapState{}
	genesis, _ := vm.Genesis(0)
	state.apply(genesis)

	alice, bob := vm.DevAccounts()[0], vm.DevAccounts()[1]
	blk := storage.Block{Height: 1, Epoch: 1, Round: 1, TimestampUsec: 1_700_000_000_000_000}
	meta, _ := vm.BlockPrologue(state, blk)
	state.apply(meta)

	st := alice.Sign(txn.RawTransaction{Sender: alice.Address, SequenceNumber: 0,
		Payload: vmstub.TransferPayload(bob.Address, 1_000), MaxGasAmount: 2_000, GasUnitPrice: 100,
		ExpirationTimestampSecs: 1_700_000_060, ChainID: 4})
	out, err := vm.Execute(state, blk, st)
	if err != nil {
		panic(err)
	}
	state.apply(out)
	fmt.Println(out.Info.Status.String(), "gas", out.Info.GasUsed)
	for _, e := range out.Events {
		fmt.Println(e.Type)
	}

	balance := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, Name: "balance"}
	vals, _, _, _ := vm.View(state, balance, []ledgerapi.TypeTag{aptType}, [][]byte{vmstub.AddressValue(bob.Address)})
	fmt.Println("bob:", leU64(vals[0]))

	// A second transfer with the same sequence number is rejected.
	var vs *ledgerapi.VMStatus
	if err := vm.Validate(state, st, blk.TimestampUsec); errors.As(err, &vs) {
		fmt.Println(vs.Name, vs.Code)
	}
	// Output:
	// Executed successfully gas 53
	// 0x1::fungible_asset::Withdraw
	// 0x1::fungible_asset::Deposit
	// 0x1::transaction_fee::FeeStatement
	// bob: 10000001000
	// SEQUENCE_NUMBER_TOO_OLD 3
}
