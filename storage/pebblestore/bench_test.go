package pebblestore_test

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// BenchmarkStore runs the standard storage benchmarks (storagetest.Benchmarks)
// on a Pebble store on disk with the default (synced) commits and the same
// 200,000-version window as memstore's.
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

// BenchmarkStoreNoSync is BenchmarkStore with Options.NoSync: commits do not
// wait for the WAL to reach the disk (the figure to compare with
// BenchmarkStore's CommitBlock1000 for the cost of durability).
func BenchmarkStoreNoSync(b *testing.B) {
	storagetest.Benchmarks(b, func() storage.ReadWriter {
		return openTemp(b, pebblestore.Options{PruneWindow: 200_000, NoSync: true})
	})
}

// BenchmarkCommitBlock10 commits blocks of 10 transactions (8 transfers, as
// an interval-less node commits under light load), synced and with NoSync:
// with small blocks the WAL fsync is most of a commit. Building the blocks
// is not timed.
func BenchmarkCommitBlock10(b *testing.B) {
	for _, c := range []struct {
		name string
		opts pebblestore.Options
	}{{"Synced", pebblestore.Options{}}, {"NoSync", pebblestore.Options{NoSync: true}}} {
		b.Run(c.name, func(b *testing.B) {
			s := openTemp(b, c.opts)
			chain := storagetest.NewChain(storagetest.BenchAccounts)
			storagetest.Populate(b, s, chain, 1, 10)
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				blk, txns := chain.Transfers(8)
				b.StartTimer()
				if err := s.CommitBlock(ctx, blk, txns); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
