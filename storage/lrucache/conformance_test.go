package lrucache_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

var (
	_ storage.ReadWriter = (*lrucache.Cache)(nil)
	_ storage.Pruner     = (*lrucache.Cache)(nil)
	_ storage.Reverter   = (*lrucache.Cache)(nil)
)

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		return lrucache.New(memstore.New(memstore.Options{}), lrucache.Options{})
	})
}

// TestConformanceTinyCache runs the suite with caches so small that entries
// are evicted all the time.
func TestConformanceTinyCache(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		return lrucache.New(memstore.New(memstore.Options{}), lrucache.Options{Transactions: 2, Blocks: 1, States: 3})
	})
}

// BenchmarkCache runs the standard storage benchmarks through the cache.
func BenchmarkCache(b *testing.B) {
	storagetest.Benchmarks(b, func() storage.ReadWriter {
		return lrucache.New(memstore.New(memstore.Options{PruneWindow: 200_000}), lrucache.Options{})
	})
}
