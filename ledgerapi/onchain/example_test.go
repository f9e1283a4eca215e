package onchain_test

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Example recomputes the hashes of a transaction's outcome: its write set,
// its events and its TransactionInfo, and renders its vm_status.
func Example() {
	alice := ledgerapi.MustParseAddress("0xa11ce")
	ws := onchain.WriteSet{
		{Key: onchain.TableItemKey(alice, []byte{1}), Value: []byte{42}, Created: true},
	}
	stateChange, err := ws.Hash()
	if err != nil {
		panic(err)
	}
	events := []onchain.Event{{Type: ledgerapi.TypeU64, Data: []byte{7, 0, 0, 0, 0, 0, 0, 0}}}
	info := onchain.TransactionInfo{
		GasUsed: 5,
		Status: onchain.MoveAbort(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, 0x10006,
			&onchain.AbortInfo{ReasonName: "EINSUFFICIENT_BALANCE", Description: "Not enough coins to complete transaction"}),
		EventRootHash:   onchain.EventRootHash(events),
		StateChangeHash: stateChange,
	}
	var acc onchain.Accumulator
	acc.Append(info.Hash())
	fmt.Println(info.Status.VMStatus(nil))
	fmt.Println(info.Status.Success(), acc.Root() == info.Hash())
	fmt.Println(onchain.EventRootHash(nil) == onchain.PlaceholderHash())
	// Output:
	// Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction
	// false true
	// true
}
