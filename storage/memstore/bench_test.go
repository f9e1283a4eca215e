package memstore_test

import (
	"runtime"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// BenchmarkStore runs the standard storage benchmarks (see
// storagetest.Benchmarks). The window bounds the
// memory of the commit benchmark.
func BenchmarkStore(b *testing.B) {
	storagetest.Benchmarks(b, func() storage.ReadWriter {
		return memstore.New(memstore.Options{PruneWindow: 200_000})
	})
}

// BenchmarkMemoryBounded commits 1,050,000 transactions (1,050 blocks of
// 1,000) with a 100,000-version window and fails if the live heap keeps
// growing once the window is full. It runs once whatever b.N is (it takes
// tens of seconds); run with -v to see the heap every 50,000 versions.
func BenchmarkMemoryBounded(b *testing.B) {
	const (
		window    = 100_000
		blockSize = 1000
		blocks    = 1050
		every     = 50
	)
	s := memstore.New(memstore.Options{PruneWindow: window})
	c := storagetest.NewChain(storagetest.BenchAccounts)
	storagetest.Populate(b, s, c, 0, blockSize)
	var full, peak, last uint64 // heap once the window is full, its peak after, and at the end
	for i := 1; i <= blocks; i++ {
		storagetest.Populate(b, s, c, 1, blockSize)
		if i%every != 0 {
			continue
		}
		heap := liveHeap()
		st := s.Stats()
		info, _ := s.LedgerInfo(ctx)
		b.Logf("version %8d  oldest %7d  heap %6.1f MiB  txns %6d  state keys %4d  entries %6d  stale %6d",
			info.Version, info.OldestVersion, float64(heap)/(1<<20), st.Transactions, st.StateKeys, st.StateEntries, st.StaleWrites)
		if i*blockSize >= 2*window && full == 0 {
			full = heap
		}
		if full != 0 {
			peak = max(peak, heap)
		}
		last = heap
	}
	b.ReportMetric(float64(full)/(1<<20), "MiB-heap-at-200k")
	b.ReportMetric(float64(peak)/(1<<20), "MiB-heap-peak")
	b.ReportMetric(float64(last)/(1<<20), "MiB-heap-at-1.05M")
	if peak > full*5/4 {
		b.Errorf("heap grew from %d to %d bytes after the window filled", full, peak)
	}
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
