package pebblestore_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// BenchmarkStore runs the standard storage benchmarks (storagetest.Benchmarks)
// on a Pebble store on disk, with the same 200,000-version window as memstore's.
func BenchmarkStore(b *testing.B) {
	storagetest.Benchmarks(b, func() storage.ReadWriter {
		return openTemp(b, pebblestore.Options{PruneWindow: 200_000})
	})
}

// BenchmarkStoreBehindLRU is the same with the LRU read cache in front.
func BenchmarkStoreBehindLRU(b *testing.B) {
	storagetest.Benchmarks(b, func() storage.ReadWriter {
		return lrucache.New(openTemp(b, pebblestore.Options{PruneWindow: 200_000}), lrucache.Options{})
	})
}
