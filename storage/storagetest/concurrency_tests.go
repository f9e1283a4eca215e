package storagetest

import (
	"bytes"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/storage"
)

// testConcurrency commits blocks while readers check that whatever they see
// is whole: the ledger info never runs ahead of the data, and data never
// shows a partial block.
func testConcurrency(t *testing.T, f *fixture) {
	f.start(4)
	type block struct {
		b    storage.Block
		txns []storage.Transaction
	}
	var blocks []block
	for range 40 {
		b, txns := f.c.Transfers(5)
		blocks = append(blocks, block{b, txns})
		f.m.add(b, txns) // the model is complete before anyone reads it
	}
	var done atomic.Bool
	var rounds atomic.Int64 // reader rounds completed, all readers together
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer done.Store(true)
		for _, b := range blocks {
			if err := f.s.CommitBlock(f.ctx, b.b, b.txns); err != nil {
				t.Errorf("CommitBlock(%d): %v", b.b.Height, err)
				return
			}
			// Let the readers run a few rounds against this block before
			// the next commit, so commits and reads interleave.
			for seen, deadline := rounds.Load(), time.Now().Add(time.Second); rounds.Load() < seen+4 && time.Now().Before(deadline); {
				runtime.Gosched()
			}
		}
	}()
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; !done.Load() || n < 3; n++ {
				if !readWhole(t, f) {
					return
				}
				rounds.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := rounds.Load(); n < int64(len(blocks)) {
		t.Errorf("readers completed only %d rounds over %d commits", n, len(blocks))
	}
}

// readWhole checks one snapshot; it reports false after a failure.
func readWhole(t *testing.T, f *fixture) bool {
	info, err := f.s.LedgerInfo(f.ctx)
	if err != nil {
		t.Errorf("LedgerInfo: %v", err)
		return false
	}
	last, err := f.s.TransactionByVersion(f.ctx, info.Version)
	if err != nil {
		t.Errorf("latest transaction %d not readable: %v", info.Version, err)
		return false
	}
	if !equalTxn(last, f.m.txns[info.Version]) {
		t.Errorf("transaction %d differs from the committed one", info.Version)
		return false
	}
	b, err := f.s.BlockByHeight(f.ctx, info.BlockHeight)
	if err != nil || b.LastVersion != info.Version {
		t.Errorf("block %d: %+v, %v; ledger version %d", info.BlockHeight, b, err, info.Version)
		return false
	}
	if n, err := f.s.EventCount(f.ctx, BlockStream, info.Version); err != nil || n != info.BlockHeight {
		t.Errorf("block stream at %d holds %d events (%v), want %d", info.Version, n, err, info.BlockHeight)
		return false
	}
	for _, a := range []int{0, 1} {
		k := storage.ResourceKey(AccountAddress(a), CoinStoreTag)
		got, err := f.s.StateValue(f.ctx, k, info.Version)
		want, _ := f.m.state(k, info.Version)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s at %d = %x (%v), want %x", k, info.Version, got, err, want)
			return false
		}
	}
	sent, err := f.s.AccountTransactions(f.ctx, AccountAddress(0), 0, 1000, info.Version)
	if err != nil || len(sent) != len(f.m.sent(AccountAddress(0), info.Version)) {
		t.Errorf("account 0 sent %d transactions by %d (%v)", len(sent), info.Version, err)
		return false
	}
	// Look ahead: a visible transaction implies its whole block is visible
	// and the ledger info has reached it.
	next, err := f.s.TransactionByVersion(f.ctx, info.Version+1)
	if err != nil {
		return true
	}
	nb, err := f.s.BlockByVersion(f.ctx, next.Version)
	if err != nil {
		t.Errorf("transaction %d visible but its block is not: %v", next.Version, err)
		return false
	}
	if _, err := f.s.TransactionByVersion(f.ctx, nb.LastVersion); err != nil {
		t.Errorf("transaction %d visible but the end of its block %d is not: %v", next.Version, nb.LastVersion, err)
		return false
	}
	if now, err := f.s.LedgerInfo(f.ctx); err != nil || now.Version < nb.LastVersion {
		t.Errorf("block %d readable but ledger info is at %d (%v)", nb.Height, now.Version, err)
		return false
	}
	return true
}

// equalTxn compares the identifying fields of two transactions.
func equalTxn(a, b storage.Transaction) bool {
	return a.Version == b.Version && a.Hash == b.Hash && bytes.Equal(a.Payload, b.Payload) &&
		len(a.Events) == len(b.Events) && len(a.Changes) == len(b.Changes)
}
