package storagetest

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
)

func testPruning(t *testing.T, f *fixture) {
	f.pruner()
	f.start(4)
	stateHistory(f) // heights 1..6
	f.transfers(2, 3)
	b4 := f.m.blocks[4]
	f.prune(b4.FirstVersion + 1)
	info := f.info()
	checkEqual(t, "oldest version", info.OldestVersion, b4.FirstVersion)
	checkEqual(t, "oldest block height", info.OldestBlockHeight, uint64(4))
	checkPrunedReads(t, f, info)
	checkRetainedReads(t, f, info)

	before := info
	f.prune(b4.FirstVersion - 1) // below the window: nothing happens
	checkEqual(t, "ledger info after pruning below the window", f.info(), before)
	err := f.pruner().Prune(f.ctx, info.Version+1)
	checkErr(t, "Prune above latest", err, storage.ErrInvalidArgument)

	f.prune(info.Version) // keep only the latest block
	info = f.info()
	last := f.m.blocks[len(f.m.blocks)-1]
	checkEqual(t, "oldest version after pruning to latest", info.OldestVersion, last.FirstVersion)
	checkEqual(t, "oldest height after pruning to latest", info.OldestBlockHeight, last.Height)
	checkPrunedReads(t, f, info)
	checkRetainedReads(t, f, info)

	f.transfers(1, 2) // the store keeps committing after pruning
	checkRetainedReads(t, f, f.info())
}

// checkPrunedReads reads just below the window.
func checkPrunedReads(t *testing.T, f *fixture, info storage.LedgerInfo) {
	t.Helper()
	below := info.OldestVersion - 1
	_, err := f.s.TransactionByVersion(f.ctx, below)
	checkPruned(t, "TransactionByVersion below oldest", err, info)
	_, err = f.s.TransactionByVersion(f.ctx, 0)
	checkPruned(t, "TransactionByVersion(0)", err, info)
	_, err = f.s.TransactionByHash(f.ctx, TxnHash(below))
	checkErr(t, "TransactionByHash of a pruned transaction", err, storage.ErrNotFound)
	_, err = f.s.Transactions(f.ctx, below, 10, info.Version)
	checkPruned(t, "Transactions from below oldest", err, info)
	_, err = f.s.Transactions(f.ctx, 0, 10, below)
	checkPruned(t, "Transactions at a pruned ledger version", err, info)
	_, err = f.s.BlockByHeight(f.ctx, info.OldestBlockHeight-1)
	checkPruned(t, "BlockByHeight below oldest", err, info)
	_, err = f.s.BlockByVersion(f.ctx, below)
	checkPruned(t, "BlockByVersion below oldest", err, info)
	_, err = f.s.StateValue(f.ctx, storage.ResourceKey(AccountAddress(0), AccountTag), below)
	checkPruned(t, "StateValue below oldest", err, info)
	_, err = f.s.Resources(f.ctx, AccountAddress(0), nil, 10, below)
	checkPruned(t, "Resources below oldest", err, info)
	_, err = f.s.Modules(f.ctx, AccountAddress(0), nil, 10, below)
	checkPruned(t, "Modules below oldest", err, info)
	_, err = f.s.Events(f.ctx, BlockStream, 0, 10, info.Version)
	checkPruned(t, "Events from sequence 0", err, info)
	_, err = f.s.EventCount(f.ctx, BlockStream, below)
	checkPruned(t, "EventCount below oldest", err, info)
	_, err = f.s.AccountTransactions(f.ctx, AccountAddress(0), 0, 10, info.Version)
	checkPruned(t, "AccountTransactions from sequence 0", err, info)
}

// checkRetainedReads compares every read inside the window with the model.
func checkRetainedReads(t *testing.T, f *fixture, info storage.LedgerInfo) {
	t.Helper()
	for v := info.OldestVersion; v <= info.Version; v++ {
		got, err := f.s.TransactionByVersion(f.ctx, v)
		checkErr(t, "TransactionByVersion in the window", err, nil)
		checkEqual(t, fmt.Sprintf("transaction %d", v), got, f.m.txns[v])
		_, err = f.s.TransactionByHash(f.ctx, TxnHash(v))
		checkErr(t, "TransactionByHash in the window", err, nil)
		for _, k := range f.m.keys() {
			want, ok := f.m.state(k, v)
			got, err := f.s.StateValue(f.ctx, k, v)
			what := fmt.Sprintf("StateValue(%s, %d) after pruning", k, v)
			if !ok {
				checkErr(t, what, err, storage.ErrNotFound)
			} else if checkErr(t, what, err, nil); !bytes.Equal(got, want) {
				t.Errorf("%s = %q, want %q", what, got, want)
			}
		}
	}
	for _, a := range []int{0, 1, 2} {
		addr := AccountAddress(a)
		want := f.m.listing(storage.StateResource, addr, info.OldestVersion)
		checkEqual(t, "resources at the oldest version", paginate(t, f, storage.StateResource, addr, 2, info.OldestVersion), want)
	}
	b, err := f.s.BlockByHeight(f.ctx, info.OldestBlockHeight)
	checkErr(t, "BlockByHeight(oldest)", err, nil)
	checkEqual(t, "oldest block", b, f.m.blocks[info.OldestBlockHeight])
	all := f.m.events(BlockStream, info.Version)
	var kept []storage.VersionedEvent
	for _, e := range all {
		if e.Version >= info.OldestVersion {
			kept = append(kept, e)
		}
	}
	n, err := f.s.EventCount(f.ctx, BlockStream, info.Version)
	checkErr(t, "EventCount after pruning", err, nil)
	checkEqual(t, "EventCount after pruning", n, uint64(len(all)))
	got, err := f.s.Events(f.ctx, BlockStream, kept[0].Event.SequenceNumber, 100, info.Version)
	checkErr(t, "Events from the oldest retained", err, nil)
	checkEqual(t, "retained events", got, kept)
	latest, err := storage.LatestEvents(f.ctx, f.s, BlockStream, 1, info.Version)
	checkErr(t, "LatestEvents after pruning", err, nil)
	checkEqual(t, "latest event", latest, all[len(all)-1:])
	sent := f.m.sent(AccountAddress(0), info.Version)
	for i, tx := range sent {
		if tx.Version < info.OldestVersion {
			continue
		}
		got, err := f.s.AccountTransactions(f.ctx, AccountAddress(0), *tx.SequenceNumber, 100, info.Version)
		checkErr(t, "AccountTransactions from the oldest retained", err, nil)
		checkEqual(t, "retained account transactions", got, sent[i:])
		break
	}
}

func testPruningBoundaries(t *testing.T, f *fixture) {
	err := f.pruner().Prune(f.ctx, 0)
	checkErr(t, "Prune on an empty store", err, storage.ErrEmpty)
	f.start(3)
	f.prune(0)
	checkEqual(t, "oldest after Prune(0)", f.info().OldestVersion, uint64(0))
	f.transfers(6, 2) // blocks of 4 versions: 1-4, 5-8, ...
	tests := []struct {
		target       uint64
		oldest       uint64
		oldestHeight uint64
	}{
		{1, 1, 1},   // first version of block 1
		{4, 1, 1},   // last version of block 1
		{6, 5, 2},   // inside block 2
		{9, 9, 3},   // first version of block 3
		{8, 9, 3},   // below the window now: unchanged
		{24, 21, 6}, // the latest version
	}
	for _, tc := range tests {
		f.prune(tc.target)
		info := f.info()
		what := fmt.Sprintf("after Prune(%d)", tc.target)
		checkEqual(t, what+" oldest version", info.OldestVersion, tc.oldest)
		checkEqual(t, what+" oldest height", info.OldestBlockHeight, tc.oldestHeight)
		_, err := f.s.TransactionByVersion(f.ctx, tc.oldest)
		checkErr(t, what+" read at oldest", err, nil)
		_, err = f.s.TransactionByVersion(f.ctx, tc.oldest-1)
		checkPruned(t, what+" read below oldest", err, info)
		_, err = f.s.BlockByHeight(f.ctx, tc.oldestHeight)
		checkErr(t, what+" block at oldest height", err, nil)
		_, err = f.s.BlockByHeight(f.ctx, tc.oldestHeight-1)
		checkPruned(t, what+" block below oldest height", err, info)
		_, err = f.s.StateValue(f.ctx, storage.ResourceKey(AccountAddress(1), CoinStoreTag), tc.oldest)
		checkErr(t, what+" state at oldest", err, nil)
	}
}
