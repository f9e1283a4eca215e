package node_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
)

// doubtfulStore fails commits on request, as a store across a network can:
// failBefore commits fail without reaching the store, failAfter commits
// reach it and still report an error (the connection lost during COMMIT).
type doubtfulStore struct {
	storage.ReadWriter
	failBefore, failAfter atomic.Int32
}

func (f *doubtfulStore) CommitBlock(ctx context.Context, b storage.Block, txns []storage.Transaction) error {
	if f.failBefore.Add(-1) >= 0 {
		return errors.New("connection refused")
	}
	err := f.ReadWriter.CommitBlock(ctx, b, txns)
	if err == nil && f.failAfter.Add(-1) >= 0 {
		return errors.New("connection lost during COMMIT")
	}
	return err
}

// TestFailedCommitsKeepTheAccumulator makes one commit fail before it
// reaches the store and one fail after it did, and checks that every
// stored transaction's accumulator root is the root of the leaves before
// it: the node settles what a failed commit left before it extends the
// accumulator.
func TestFailedCommitsKeepTheAccumulator(t *testing.T) {
	store := &doubtfulStore{ReadWriter: memstore.New(memstore.Options{ChainID: 4})}
	n, err := node.New(store, mempool.New(mempool.Options{}), counterExec{},
		node.Options{Now: func() time.Time { return resumeClock }, IdleBlockInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for seq := uint64(0); seq < 8; seq++ {
		switch seq {
		case 2:
			store.failBefore.Store(1)
		case 5:
			store.failAfter.Store(1)
		}
		st := fixedSigned(seq)
		if err := submit(t, n, st); err != nil {
			t.Fatalf("seq %d: %v", seq, err)
		}
		waitCommitted(t, n, store, st.Hash())
	}
	if store.failBefore.Load() >= 0 || store.failAfter.Load() >= 0 {
		t.Fatal("the failures were not injected")
	}
	ctx := context.Background()
	info, err := store.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	txns, err := store.Transactions(ctx, 0, int(info.Version)+1, info.Version)
	if err != nil {
		t.Fatal(err)
	}
	var acc onchain.Accumulator
	for _, tx := range txns {
		leaf := tx.OnChainInfo()
		acc.Append(leaf.Hash())
		if acc.Root() != tx.Info.AccumulatorRootHash {
			t.Fatalf("version %d: stored root %s, the leaves give %s", tx.Version, tx.Info.AccumulatorRootHash, acc.Root())
		}
	}
	t.Logf("%d versions, every root consistent", len(txns))
}
