package storagetest

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
)

// Benchmark sizes: the read benchmarks run on a store holding genesis and
// BenchBlocks blocks of BenchBlockSize transactions between BenchAccounts
// accounts.
const (
	BenchAccounts  = 1000
	BenchBlocks    = 50
	BenchBlockSize = 1000
	// BenchRecent is the number of latest versions transaction lookups
	// cycle over.
	BenchRecent = 5000
)

// Populate commits genesis (unless c is past it) and then blocks blocks of
// size transactions each (metadata and checkpoint included) built by c to
// s. It fails tb on any error.
func Populate(tb testing.TB, s storage.Writer, c *Chain, blocks, size int) {
	tb.Helper()
	ctx := context.Background()
	if c.NextVersion() == 0 {
		b, txns := c.Genesis()
		if err := s.CommitBlock(ctx, b, txns); err != nil {
			tb.Fatal(err)
		}
	}
	for range blocks {
		b, txns := c.Transfers(size - 2)
		if err := s.CommitBlock(ctx, b, txns); err != nil {
			tb.Fatal(err)
		}
	}
}

// Benchmarks runs the standard storage benchmarks on stores from newStore:
// state reads (CoinStores of BenchAccounts accounts) at the latest version
// and at versions in the oldest tenth of the history (also in parallel),
// transaction lookups by hash and by version among the BenchRecent latest
// versions, and the commit of a BenchBlockSize-transaction block (building
// the block is not timed).
func Benchmarks(b *testing.B, newStore func() storage.ReadWriter) {
	ctx := context.Background()
	s := newStore()
	c := NewChain(BenchAccounts)
	Populate(b, s, c, BenchBlocks, BenchBlockSize)
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		b.Fatal(err)
	}
	keys := make([]storage.StateKey, BenchAccounts)
	for i, a := range c.Accounts() {
		keys[i] = storage.ResourceKey(a, CoinStoreTag)
	}
	read := func(b *testing.B, version func(i int) uint64) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := s.StateValue(ctx, keys[i%len(keys)], version(i)); err != nil {
				b.Fatal(err)
			}
		}
	}
	latest := func(int) uint64 { return info.Version }
	old := func(i int) uint64 { return 1 + uint64(i*7919)%(info.Version/10) }
	b.Run("StateReadLatest", func(b *testing.B) { read(b, latest) })
	b.Run("StateReadOld", func(b *testing.B) { read(b, old) })
	b.Run("StateReadLatestParallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for i := 0; pb.Next(); i++ {
				if _, err := s.StateValue(ctx, keys[i%len(keys)], info.Version); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
	// Transaction lookups cycle over the most recent BenchRecent versions,
	// the ones clients ask for most (wait_by_hash, explorers).
	recent := func(i int) uint64 { return info.Version - uint64(i*7919)%BenchRecent }
	b.Run("TransactionByHash", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := s.TransactionByHash(ctx, TxnHash(recent(i))); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("TransactionByVersion", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := s.TransactionByVersion(ctx, recent(i)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("CommitBlock1000", func(b *testing.B) { benchCommit(b, newStore()) })
}

// benchCommit measures CommitBlock of BenchBlockSize-transaction blocks;
// building the blocks is not timed.
func benchCommit(b *testing.B, s storage.ReadWriter) {
	ctx := context.Background()
	c := NewChain(BenchAccounts)
	Populate(b, s, c, 1, BenchBlockSize)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		blk, txns := c.Transfers(BenchBlockSize - 2)
		b.StartTimer()
		if err := s.CommitBlock(ctx, blk, txns); err != nil {
			b.Fatal(err)
		}
	}
}
