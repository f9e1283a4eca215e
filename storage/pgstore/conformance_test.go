package pgstore_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

var (
	_ storage.ReadWriter = (*pgstore.Store)(nil)
	_ storage.Pruner     = (*pgstore.Store)(nil)
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// openTemp opens a store over a fresh database, closed at cleanup.
func openTemp(t testing.TB, opts pgstore.Options) *pgstore.Store {
	t.Helper()
	opts.DSN = pgtest.Database(t)
	s, err := pgstore.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter { return openTemp(t, pgstore.Options{}) })
}

func TestConformanceBehindLRUCache(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		return lrucache.New(openTemp(t, pgstore.Options{}), lrucache.Options{})
	})
}

// TestConformanceSmallPruneBatches runs the suite with pruning batches of
// one version, so every prune takes one SQL transaction per block.
func TestConformanceSmallPruneBatches(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter { return openTemp(t, pgstore.Options{PruneBatch: 1}) })
}

// TestConformanceSoleWriterBehindLRU runs the suite as the server's writer
// opens the store: the ledger info kept in memory, the LRU in front.
func TestConformanceSoleWriterBehindLRU(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		return lrucache.New(openTemp(t, pgstore.Options{SoleWriter: true}), lrucache.Options{})
	})
}

// TestConformanceFollow runs the suite with the ledger info followed in
// memory, as an API replica opens the store (here the same store also
// commits, so its own commits refresh it at once).
func TestConformanceFollow(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		return openTemp(t, pgstore.Options{Follow: true, FollowPoll: 5 * time.Millisecond})
	})
}
