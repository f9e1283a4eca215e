package storagetest

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
)

// reverter returns the store's Reverter or skips the test.
func (f *fixture) reverter() storage.Reverter {
	f.t.Helper()
	r, ok := f.s.(storage.Reverter)
	if !ok {
		f.t.Skip("store does not implement storage.Reverter")
	}
	return r
}

// revert reverts to version and truncates the model to it, skipping the
// test if the store cannot revert.
func (f *fixture) revert(version uint64) {
	f.t.Helper()
	err := f.reverter().Revert(f.ctx, version)
	if errors.Is(err, errors.ErrUnsupported) {
		f.t.Skip("store cannot revert")
	}
	if err != nil {
		f.t.Fatalf("Revert(%d): %v", version, err)
	}
	f.m.txns = f.m.txns[:version+1]
	b := f.m.blockOf(version)
	f.m.blocks = f.m.blocks[:b.Height+1]
}

func testRevert(t *testing.T, f *fixture) {
	r := f.reverter()
	f.start(3)
	f.transfers(1, 2)
	snap := f.info()
	fork := f.c.Fork()
	stateHistory(f) // resources, a module, table items, deletions, events
	f.transfers(2, 2)
	gone := f.m.txns[snap.Version+1:]
	reverts := r.Reverts()
	checkRetainedReads(t, f, f.info()) // a caching store now holds reverted data

	f.revert(snap.Version)
	checkEqual(t, "ledger info after revert", f.info(), snap)
	checkEqual(t, "Reverts after a revert", r.Reverts(), reverts+1)
	checkRevertedReads(t, f, snap, gone)
	checkRetainedReads(t, f, snap)

	// The same versions commit again, with the same fixture hashes but
	// other content: nothing of the reverted blocks is left in the way
	// (hashes, sequence numbers, event streams).
	f.c = fork
	f.transfers(1, 1)
	stateHistory(f)
	checkRetainedReads(t, f, f.info())

	before := f.info()
	f.revert(before.Version) // the latest version: nothing to do
	checkEqual(t, "ledger info after reverting to the latest version", f.info(), before)
	checkEqual(t, "Reverts after a revert to the latest version", r.Reverts(), reverts+1)
}

// checkRevertedReads checks that nothing committed after snap is readable.
func checkRevertedReads(t *testing.T, f *fixture, snap storage.LedgerInfo, gone []storage.Transaction) {
	t.Helper()
	for _, tx := range gone {
		_, err := f.s.TransactionByVersion(f.ctx, tx.Version)
		checkErr(t, "TransactionByVersion of a reverted version", err, storage.ErrNotFound)
		_, err = f.s.TransactionByHash(f.ctx, tx.Hash)
		checkErr(t, "TransactionByHash of a reverted transaction", err, storage.ErrNotFound)
		_, err = f.s.BlockByVersion(f.ctx, tx.Version)
		checkErr(t, "BlockByVersion of a reverted version", err, storage.ErrNotFound)
		for _, w := range tx.Changes {
			want, ok := f.m.state(w.Key, snap.Version)
			got, err := f.s.StateValue(f.ctx, w.Key, snap.Version)
			if !ok {
				checkErr(t, "StateValue of a key first written after the snapshot", err, storage.ErrNotFound)
			} else {
				checkErr(t, "StateValue of a key rewritten after the snapshot", err, nil)
				checkEqual(t, "value of a key rewritten after the snapshot", got, want)
			}
		}
	}
	_, err := f.s.BlockByHeight(f.ctx, snap.BlockHeight+1)
	checkErr(t, "BlockByHeight above the reverted height", err, storage.ErrNotFound)
	_, err = f.s.Transactions(f.ctx, snap.Version, 10, snap.Version+1)
	checkErr(t, "Transactions at a reverted ledger version", err, storage.ErrNotFound)
	for _, a := range []int{0, 1, 2} {
		addr := AccountAddress(a)
		for _, kind := range []storage.StateKeyKind{storage.StateResource, storage.StateModule} {
			checkEqual(t, "listing after revert", paginate(t, f, kind, addr, 2, snap.Version), f.m.listing(kind, addr, snap.Version))
		}
		sent, err := f.s.AccountTransactions(f.ctx, addr, 0, 100, snap.Version)
		checkErr(t, "AccountTransactions after revert", err, nil)
		checkEqual(t, "account transactions after revert", len(sent), len(f.m.sent(addr, snap.Version)))
		for _, k := range []storage.EventKey{DepositStream(addr), WithdrawStream(addr), BlockStream} {
			n, err := f.s.EventCount(f.ctx, k, snap.Version)
			checkErr(t, "EventCount after revert", err, nil)
			checkEqual(t, "EventCount after revert", n, uint64(len(f.m.events(k, snap.Version))))
		}
	}
}

func testRevertRejects(t *testing.T, f *fixture) {
	err := f.reverter().Revert(f.ctx, 0)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip("store cannot revert")
	}
	checkErr(t, "Revert on an empty store", err, storage.ErrEmpty)
	f.start(3)
	f.transfers(2, 2) // blocks of 4 versions: 1-4, 5-8, 9-12
	fork := f.c.Fork()
	f.transfers(1, 2)
	before := f.info()
	for _, v := range []uint64{13, 6, 1} { // above the latest; inside a block
		err := f.reverter().Revert(f.ctx, v)
		checkErr(t, "Revert to a version that does not end a block", err, storage.ErrInvalidArgument)
	}
	checkEqual(t, "ledger info after refused reverts", f.info(), before)
	if _, ok := f.s.(storage.Pruner); !ok {
		return
	}
	f.prune(5)
	err = f.reverter().Revert(f.ctx, 4)
	checkErr(t, "Revert below the oldest version", err, storage.ErrPruned)
	f.revert(8) // a retained block
	f.c = fork
	checkEqual(t, "latest version after revert in a pruned store", f.info().Version, uint64(8))
	checkEqual(t, "oldest version after revert in a pruned store", f.info().OldestVersion, uint64(5))
	f.transfers(1, 2)
	checkRetainedReads(t, f, f.info())
}
