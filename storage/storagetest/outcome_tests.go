package storagetest

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// Outcomes are the execution statuses of every kind, as the fixtures
// commit them.
func Outcomes() []onchain.ExecutionStatus {
	m := ledgerapi.ModuleId{Address: ledgerapi.MustParseAddress("0xcafe"), Name: "m"}
	script := onchain.MoveAbort(ledgerapi.ModuleId{}, 9, nil)
	script.Location = onchain.AbortLocation{Script: true}
	failure := onchain.ExecutionStatus{Kind: onchain.KindExecutionFailure,
		Location: onchain.AbortLocation{Module: m}, Function: 3, CodeOffset: 17}
	return []onchain.ExecutionStatus{
		{},
		onchain.OutOfGas(),
		abortStatus(),
		onchain.MoveAbort(m, 0x30001, nil),
		onchain.MoveAbort(m, 1, &onchain.AbortInfo{}), // an empty reason and description
		script,
		failure,
		onchain.MiscellaneousError(onchain.FUNCTION_RESOLUTION_FAILURE),
		onchain.MiscellaneousError(onchain.StatusCode(123456)), // a code without a name
		{Kind: onchain.KindMiscellaneousError},
	}
}

// testExecutionOutcomes commits a transaction of every execution status and
// write ops of every kind (creation, modification, deletion, with and
// without deposit metadata) and reads them back unchanged.
func testExecutionOutcomes(t *testing.T, f *fixture) {
	f.start(3)
	a := f.c.Accounts()
	meta := &onchain.StateValueMetadata{SlotDeposit: 40_000, CreationTimeUsecs: 1_700_000_000_000_000}
	metaV1 := &onchain.StateValueMetadata{SlotDeposit: 40_000, BytesDeposit: 300, CreationTimeUsecs: 5}
	table := ledgerapi.MustParseAddress("0x7ab1e")
	var specs []TxnSpec
	for i, s := range Outcomes() {
		specs = append(specs, TxnSpec{Sender: a[i%len(a)], Status: &s, Changes: []storage.WriteOp{
			{Key: storage.TableItemKey(table, []byte{byte(i), 1}), Value: []byte{byte(i)}, Created: true},
			{Key: storage.TableItemKey(table, []byte{byte(i), 2}), Value: []byte{}, Created: true, Metadata: meta},
			{Key: storage.TableItemKey(table, []byte{byte(i), 3}), Value: []byte{7}, Metadata: metaV1},
		}})
	}
	f.commit(f.c.Block(specs...))
	specs = specs[:0]
	for i := range Outcomes() {
		specs = append(specs, TxnSpec{Sender: a[i%len(a)], Changes: []storage.WriteOp{
			{Key: storage.TableItemKey(table, []byte{byte(i), 1}), Deleted: true},
			{Key: storage.TableItemKey(table, []byte{byte(i), 2}), Deleted: true, Metadata: meta},
			{Key: storage.TableItemKey(table, []byte{byte(i), 3}), Value: []byte{8}},
		}})
	}
	f.commit(f.c.Block(specs...))
	latest := f.info().Version
	f.checkLookups(latest)
	list, err := f.s.Transactions(f.ctx, 0, int(latest+1), latest)
	checkErr(t, "Transactions", err, nil)
	checkEqual(t, "Transactions", list, f.m.txns[:latest+1])
	// Guard against a fixture that dropped the statuses: the first block's
	// user transactions (versions 2...) carry the outcomes in order.
	for i, want := range Outcomes() {
		checkEqual(t, fmt.Sprintf("status of transaction %d", 2+i), list[2+i].Info.Status, want)
	}
}
