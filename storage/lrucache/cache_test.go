package lrucache_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

var ctx = context.Background()

// setup returns a cache over a memstore holding genesis and blocks blocks of
// three transfers, and the chain that built them.
func setup(t *testing.T, opts lrucache.Options, blocks int) (*lrucache.Cache, *storagetest.Chain) {
	t.Helper()
	c := storagetest.NewChain(4)
	cache := lrucache.New(memstore.New(memstore.Options{}), opts)
	storagetest.Populate(t, cache, c, blocks, 5)
	return cache, c
}

func TestStatsCountHitsAndMisses(t *testing.T) {
	cache, _ := setup(t, lrucache.Options{}, 3)
	key := storage.ResourceKey(storagetest.AccountAddress(1), storagetest.CoinStoreTag)
	missing := storage.ResourceKey(storagetest.AccountAddress(1), storagetest.BlockResourceTag)
	reads := []struct {
		name string
		read func() error
	}{
		{"TransactionByVersion", func() error { _, err := cache.TransactionByVersion(ctx, 3); return err }},
		{"TransactionByHash", func() error { _, err := cache.TransactionByHash(ctx, storagetest.TxnHash(4)); return err }},
		{"BlockByHeight", func() error { _, err := cache.BlockByHeight(ctx, 2); return err }},
		{"StateValue", func() error { _, err := cache.StateValue(ctx, key, 7); return err }},
		{"StateValue not found", func() error {
			_, err := cache.StateValue(ctx, missing, 7)
			if errors.Is(err, storage.ErrNotFound) {
				return nil
			}
			return err
		}},
	}
	for round := range 3 {
		for _, r := range reads {
			if err := r.read(); err != nil {
				t.Fatalf("round %d %s: %v", round, r.name, err)
			}
		}
	}
	want := lrucache.Stats{
		Transactions: lrucache.Counter{Hits: 4, Misses: 2},
		Blocks:       lrucache.Counter{Hits: 2, Misses: 1},
		States:       lrucache.Counter{Hits: 4, Misses: 2},
	}
	if got := cache.Stats(); got != want {
		t.Errorf("Stats = %+v, want %+v", got, want)
	}
	if _, err := cache.TransactionByHash(ctx, storagetest.TxnHash(3)); err != nil {
		t.Fatal(err)
	}
	if got := cache.Stats().Transactions.Hits; got != 5 {
		t.Errorf("a transaction cached by version is not found by hash: %d hits", got)
	}
}

// TestPrunedEntriesAreNotServed caches entries, prunes below them and
// checks that the cache answers like the store.
func TestPrunedEntriesAreNotServed(t *testing.T) {
	cache, _ := setup(t, lrucache.Options{}, 4)
	key := storage.ResourceKey(storagetest.AccountAddress(1), storagetest.CoinStoreTag)
	warm := func() {
		cache.TransactionByVersion(ctx, 2)
		cache.TransactionByHash(ctx, storagetest.TxnHash(2))
		cache.BlockByHeight(ctx, 1)
		cache.StateValue(ctx, key, 2)
	}
	warm()
	warm()
	before := cache.Stats()
	if before.Transactions.Hits == 0 || before.Blocks.Hits == 0 || before.States.Hits == 0 {
		t.Fatalf("entries were not cached: %+v", before)
	}
	info, _ := cache.LedgerInfo(ctx)
	if err := cache.Prune(ctx, info.Version); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name string
		err  error
		want error
	}{
		{"TransactionByVersion", second(cache.TransactionByVersion(ctx, 2)), storage.ErrPruned},
		{"TransactionByHash", second(cache.TransactionByHash(ctx, storagetest.TxnHash(2))), storage.ErrNotFound},
		{"BlockByHeight", second(cache.BlockByHeight(ctx, 1)), storage.ErrPruned},
		{"StateValue", second(cache.StateValue(ctx, key, 2)), storage.ErrPruned},
	}
	for _, c := range checks {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s after pruning: %v, want %v", c.name, c.err, c.want)
		}
	}
}

// TestNothingAboveLatestIsCached reads past the end of the ledger, commits,
// and reads again: the second read must see the new block.
func TestNothingAboveLatestIsCached(t *testing.T) {
	cache, c := setup(t, lrucache.Options{}, 1)
	info, _ := cache.LedgerInfo(ctx)
	next := info.Version + 1
	key := storage.ResourceKey(storagetest.AccountAddress(0), storagetest.CoinStoreTag)
	if _, err := cache.TransactionByVersion(ctx, next); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("TransactionByVersion(next) = %v", err)
	}
	if _, err := cache.TransactionByHash(ctx, storagetest.TxnHash(next)); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("TransactionByHash(next) = %v", err)
	}
	if _, err := cache.BlockByHeight(ctx, info.BlockHeight+1); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("BlockByHeight(next) = %v", err)
	}
	if _, err := cache.StateValue(ctx, key, next); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("StateValue(next) = %v", err)
	}
	storagetest.Populate(t, cache, c, 1, 5)
	if _, err := cache.TransactionByVersion(ctx, next); err != nil {
		t.Errorf("TransactionByVersion after commit: %v", err)
	}
	if _, err := cache.TransactionByHash(ctx, storagetest.TxnHash(next)); err != nil {
		t.Errorf("TransactionByHash after commit: %v", err)
	}
	if _, err := cache.BlockByHeight(ctx, info.BlockHeight+1); err != nil {
		t.Errorf("BlockByHeight after commit: %v", err)
	}
	if _, err := cache.StateValue(ctx, key, next); err != nil {
		t.Errorf("StateValue after commit: %v", err)
	}
}

// readOnly hides the writer methods of a store.
type readOnly struct{ storage.Reader }

func TestReadOnlyInner(t *testing.T) {
	cache := lrucache.New(readOnly{memstore.New(memstore.Options{})}, lrucache.Options{})
	b, txns := storagetest.NewChain(2).Genesis()
	if err := cache.CommitBlock(ctx, b, txns); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("CommitBlock over a read-only store: %v", err)
	}
	if err := cache.Prune(ctx, 0); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Prune over a read-only store: %v", err)
	}
	if _, err := cache.LedgerInfo(ctx); !errors.Is(err, storage.ErrEmpty) {
		t.Errorf("LedgerInfo: %v", err)
	}
}

func TestEviction(t *testing.T) {
	cache, _ := setup(t, lrucache.Options{States: 2}, 1)
	keys := []storage.StateKey{
		storage.ResourceKey(storagetest.AccountAddress(0), storagetest.CoinStoreTag),
		storage.ResourceKey(storagetest.AccountAddress(1), storagetest.CoinStoreTag),
		storage.ResourceKey(storagetest.AccountAddress(2), storagetest.CoinStoreTag),
	}
	for _, k := range append(keys, keys[0]) { // the last read finds keys[0] evicted
		if _, err := cache.StateValue(ctx, k, 1); err != nil {
			t.Fatal(err)
		}
	}
	if got := cache.Stats().States; got != (lrucache.Counter{Misses: 4}) {
		t.Errorf("with room for 2 states: %+v, want 4 misses", got)
	}
}

func second[T any](_ T, err error) error { return err }
