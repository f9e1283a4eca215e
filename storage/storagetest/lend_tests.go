package storagetest

import (
	"bytes"
	"errors"
	"fmt"
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

// testLentStateValues checks storage.StateLender: every key at every
// version lends what StateValue returns, with the same errors, and what was
// lent keeps its value after later writes of the same keys, a revert and
// pruning.
func testLentStateValues(t *testing.T, f *fixture) {
	l, ok := f.s.(storage.StateLender)
	if !ok {
		t.Skip("store does not implement storage.StateLender")
	}
	f.start(3)
	stateHistory(f)
	latest := f.info().Version
	type loan struct {
		got, want []byte
		what      string
	}
	var loans []loan
	for v := uint64(0); v <= latest; v++ {
		for _, k := range f.m.keys() {
			want, found := f.m.state(k, v)
			got, err := l.LendStateValue(f.ctx, k, v)
			what := fmt.Sprintf("LendStateValue(%s, %d)", k, v)
			if !found {
				checkErr(t, what, err, storage.ErrNotFound)
				continue
			}
			checkErr(t, what, err, nil)
			if !bytes.Equal(got, want) {
				t.Errorf("%s = %q, want %q", what, got, want)
			}
			loans = append(loans, loan{got, bytes.Clone(want), what})
		}
	}
	_, err := l.LendStateValue(f.ctx, storage.ModuleKey(AccountAddress(0), "bad name"), latest)
	checkErr(t, "LendStateValue of an invalid key", err, storage.ErrInvalidArgument)
	_, err = l.LendStateValue(f.ctx, storage.ResourceKey(AccountAddress(0), AccountTag), latest+1)
	checkErr(t, "LendStateValue above latest", err, storage.ErrNotFound)

	stateHistory(f) // writes every key again
	if r, ok := f.s.(storage.Reverter); ok {
		if err := r.Revert(f.ctx, latest); err != nil && !errors.Is(err, errors.ErrUnsupported) {
			t.Fatalf("Revert(%d): %v", latest, err)
		}
	}
	if p, ok := f.s.(storage.Pruner); ok {
		if err := p.Prune(f.ctx, latest); err != nil && !errors.Is(err, errors.ErrUnsupported) {
			t.Fatalf("Prune(%d): %v", latest, err)
		}
	}
	for _, ln := range loans {
		if !bytes.Equal(ln.got, ln.want) {
			t.Errorf("%s lent %q, which reads %q after later writes, a revert and pruning", ln.what, ln.want, ln.got)
		}
	}
}
