package storagetest

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
)

// testLentTransactions checks storage.TransactionLender beyond the ranges
// testTransactionRange reads: what was lent keeps its values after later
// commits, a revert and pruning, and a pruned start is refused as by
// Transactions.
func testLentTransactions(t *testing.T, f *fixture) {
	l, ok := f.s.(storage.TransactionLender)
	if !ok {
		t.Skip("store does not implement storage.TransactionLender")
	}
	f.start(4)
	f.transfers(2, 3)
	kept := f.info().Version
	fork := f.c.Fork()
	f.transfers(2, 3) // reverted below
	latest := f.info().Version
	lent, err := l.LendTransactions(f.ctx, 0, 100, latest)
	checkErr(t, "LendTransactions", err, nil)
	want := make([]storage.Transaction, len(lent))
	for i, tx := range lent {
		want[i] = tx.Clone()
	}
	checkEqual(t, "lent transactions", want, f.m.txns[:latest+1])

	if r, ok := f.s.(storage.Reverter); ok {
		err := r.Revert(f.ctx, kept)
		if err != nil && !errors.Is(err, errors.ErrUnsupported) {
			t.Fatalf("Revert(%d): %v", kept, err)
		}
		if err == nil {
			f.m.txns = f.m.txns[:kept+1]
			f.m.blocks = f.m.blocks[:f.m.blockOf(kept).Height+1]
			f.c = fork // other transactions at the reverted versions
		}
	}
	f.transfers(2, 2)
	pruned := false
	if p, ok := f.s.(storage.Pruner); ok {
		err := p.Prune(f.ctx, kept)
		if err != nil && !errors.Is(err, errors.ErrUnsupported) {
			t.Fatalf("Prune(%d): %v", kept, err)
		}
		pruned = err == nil
	}
	checkEqual(t, "lent transactions after commits, a revert and pruning", lent, want)
	if pruned && f.info().OldestVersion > 0 {
		_, err := l.LendTransactions(f.ctx, 0, 10, f.info().Version)
		checkErr(t, "LendTransactions(pruned start)", err, storage.ErrPruned)
	}
}
