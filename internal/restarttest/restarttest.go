// Package restarttest checks that a persistent storage backend continues
// a ledger across a restart exactly as an uninterrupted node would: the
// one restart test every persistent backend runs.
package restarttest

import (
	"context"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Check stops a node over the store open returns halfway, opens the store
// again and a new node over it, and checks that the ledger is exactly the
// one an uninterrupted node produces: same transactions, timestamps and
// accumulator roots, heights continuing. open opens the same store each
// time and returns a function closing it.
func Check(t *testing.T, open func(t *testing.T) (storage.ReadWriter, func())) {
	ctx := context.Background()
	s1, close1 := open(t)
	ledgerRun(t, s1, 0, 4)
	before, _ := s1.LedgerInfo(ctx)
	close1()
	s2, close2 := open(t)
	defer close2()
	if info, _ := s2.LedgerInfo(ctx); info != before {
		t.Fatalf("reopened ledger info %+v, was %+v", info, before)
	}
	ledgerRun(t, s2, 4, 8)
	after, _ := s2.LedgerInfo(ctx)
	if after.BlockHeight != before.BlockHeight+4 {
		t.Fatalf("block height %d after 4 more blocks on %d", after.BlockHeight, before.BlockHeight)
	}
	mem := memstore.New(memstore.Options{})
	ledgerRun(t, mem, 0, 8)
	got, want := roots(t, s2), roots(t, mem)
	if len(got) != len(want) {
		t.Fatalf("%d versions after the restart, %d uninterrupted", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("version %d differs after the restart:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

var frozen = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

// ledgerRun drives a node over store: transfers seq from..to-1 of the first
// dev account, one block each, with a frozen clock so that the ledger is
// the same on every run.
func ledgerRun(t *testing.T, store storage.ReadWriter, from, to uint64) {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2, Seed: "restart"})
	if err != nil {
		t.Fatal(err)
	}
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{Now: func() time.Time { return frozen }})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	dev := vm.DevAccounts()
	for seq := from; seq < to; seq++ {
		st := dev[0].Sign(txn.RawTransaction{Sender: dev[0].Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(dev[1].Address, 10+seq),
			MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(frozen.Unix()) + 3600, ChainID: 4})
		signal := n.CommitSignal()
		if _, err := n.Submit(ctx, st, st.Bytes(), st.Hash()); err != nil {
			t.Fatalf("seq %d: %v", seq, err)
		}
		for {
			if _, err := store.TransactionByHash(ctx, st.Hash()); err == nil {
				break
			}
			select {
			case <-signal:
				signal = n.CommitSignal()
			case <-time.After(10 * time.Second):
				t.Fatalf("seq %d never committed", seq)
			}
		}
	}
}

// roots lists every version's hash, accumulator root and block timestamp.
func roots(t *testing.T, s storage.Reader) []string {
	t.Helper()
	ctx := context.Background()
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	txns, err := s.Transactions(ctx, 0, int(info.Version)+1, info.Version)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(txns))
	for i, tx := range txns {
		out[i] = tx.Hash.String() + " " + tx.Info.AccumulatorRootHash.String() + " " + ledgerapi.U64(tx.TimestampUsec).String()
	}
	return out
}
