package node_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// A validated transaction is never dropped by the node: one whose payload
// meets an internal error is committed once, failed and charged; an
// executor error that is not a rejection fails the block, and the
// transaction waits for the next one.

// TestInternalErrorIsCommittedOnce: a transaction whose native panics is
// committed (success false, gas used) and its sequence number used, so
// the same bytes submitted again are SEQUENCE_NUMBER_TOO_OLD.
func TestInternalErrorIsCommittedOnce(t *testing.T) {
	cafe := ledgerapi.MustParseAddress("0xcafe")
	vm, err := vmstub.New(vmstub.Options{Natives: []native.Module{{Address: cafe, Name: "broken", Functions: []native.Function{
		{Name: "panics", IsEntry: true, Params: []string{"&signer"}, Impl: func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
			panic("boom")
		}},
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	n.Pause()

	a := vm.DevAccounts()[0]
	st := a.Sign(txn.RawTransaction{Sender: a.Address, Payload: vmstub.EntryPayload(cafe, "broken", "panics", nil),
		MaxGasAmount: 100_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Unix()) + 3600, ChainID: 4})
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Mine(ctx, 1, true); err != nil {
		t.Fatal(err)
	}
	tx, err := store.TransactionByHash(ctx, st.Hash())
	if err != nil {
		t.Fatalf("the transaction was not committed: %v", err)
	}
	if tx.Info.Success() || tx.Info.GasUsed == 0 || tx.Info.Status.String() != "UNKNOWN_INVARIANT_VIOLATION_ERROR" {
		t.Fatalf("committed as %q with gas %d", tx.Info.Status.String(), tx.Info.GasUsed)
	}
	var vs *ledgerapi.VMStatus
	if err := submit(t, n, st); !errors.As(err, &vs) || vs.Name != "SEQUENCE_NUMBER_TOO_OLD" {
		t.Fatalf("the same bytes again: %v", err)
	}
}

// flakyExec is counterExec whose Execute fails as a store that is down
// would (mode storeDown) or rejects every transaction (mode rejecting).
type flakyExec struct {
	counterExec
	mode *atomic.Int32
}

const (
	working int32 = iota
	storeDown
	rejecting
)

var errDown = errors.New("store unavailable")

func (f flakyExec) Execute(s storage.View, blk storage.Block, st *txn.SignedTransaction) (storage.Transaction, error) {
	switch f.mode.Load() {
	case storeDown:
		return storage.Transaction{}, errDown
	case rejecting:
		return storage.Transaction{}, &ledgerapi.VMStatus{Code: 6, Name: "TRANSACTION_EXPIRED"}
	}
	return f.counterExec.Execute(s, blk, st)
}

// startFlaky starts a paused node over flakyExec and returns it with its
// store and the executor's mode.
func startFlaky(t *testing.T) (*node.Node, storage.ReadWriter, *atomic.Int32) {
	t.Helper()
	mode := new(atomic.Int32)
	store := memstore.New(memstore.Options{ChainID: 4})
	n, err := node.New(store, mempool.New(mempool.Options{}), flakyExec{mode: mode}, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	n.Pause()
	return n, store, mode
}

// TestExecutorErrorFailsTheBlock: an error of Execute that is not a
// *ledgerapi.VMStatus fails the block, nothing is committed, and the
// transaction stays pending until a block can take it.
func TestExecutorErrorFailsTheBlock(t *testing.T) {
	n, store, mode := startFlaky(t)
	ctx := context.Background()
	before, err := store.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	st := signed(devKey(1), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	mode.Store(storeDown)
	if _, err := n.Mine(ctx, 1, true); !errors.Is(err, errDown) {
		t.Fatalf("mining while the executor fails: %v", err)
	}
	if after, err := store.LedgerInfo(ctx); err != nil || after.Version != before.Version {
		t.Fatalf("a block was committed: version %d → %d (%v)", before.Version, after.Version, err)
	}
	if _, ok := n.Pool().Get(context.Background(), st.Hash()); !ok {
		t.Fatal("the transaction left the mempool without being committed")
	}
	mode.Store(working)
	if _, err := n.Mine(ctx, 1, true); err != nil {
		t.Fatal(err)
	}
	if _, err := store.TransactionByHash(ctx, st.Hash()); err != nil {
		t.Fatalf("not committed once the executor recovered: %v", err)
	}
}

// TestRejectionAtExecutionDiscards: a rejection (a *ledgerapi.VMStatus)
// discards the transaction: the block is committed without it, and it
// leaves the mempool.
func TestRejectionAtExecutionDiscards(t *testing.T) {
	n, store, mode := startFlaky(t)
	ctx := context.Background()
	st := signed(devKey(2), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	mode.Store(rejecting)
	before, _ := store.LedgerInfo(ctx)
	if _, err := n.Mine(ctx, 1, true); err != nil {
		t.Fatal(err)
	}
	after, _ := store.LedgerInfo(ctx)
	if after.BlockHeight != before.BlockHeight+1 {
		t.Fatalf("block height %d → %d, want one block", before.BlockHeight, after.BlockHeight)
	}
	if _, err := store.TransactionByHash(ctx, st.Hash()); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("the rejected transaction: %v", err)
	}
	if _, ok := n.Pool().Get(context.Background(), st.Hash()); ok {
		t.Fatal("the rejected transaction is still pending")
	}
}
