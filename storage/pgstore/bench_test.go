package pgstore_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// benchServer starts a server with PostgreSQL's durable defaults (fsync
// on) for b and returns a function opening a store over a new database on
// it with opts.
func benchServer(b *testing.B, opts pgstore.Options) func() *pgstore.Store {
	srv := pgtest.NewServer(b, true)
	n := 0
	return func() *pgstore.Store {
		n++
		name := fmt.Sprintf("bench%d", n)
		ctx := context.Background()
		if err := pgtest.CreateDatabase(ctx, srv.DSN("postgres"), name); err != nil {
			b.Fatal(err)
		}
		o := opts
		o.DSN = srv.DSN(name)
		s, err := pgstore.Open(ctx, o)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	}
}

// BenchmarkStore runs the standard storage benchmarks
// (storagetest.Benchmarks) on PostgreSQL with durable commits
// (synchronous_commit on, fsync on) and memstore's 200,000-version window.
func BenchmarkStore(b *testing.B) {
	open := benchServer(b, pgstore.Options{PruneWindow: 200_000})
	storagetest.Benchmarks(b, func() storage.ReadWriter { return open() })
}

// BenchmarkStoreBehindLRU is the same with the LRU read cache in front and
// the ledger info kept in memory (Options.SoleWriter), as the server's
// writer opens it.
func BenchmarkStoreBehindLRU(b *testing.B) {
	open := benchServer(b, pgstore.Options{PruneWindow: 200_000, SoleWriter: true})
	storagetest.Benchmarks(b, func() storage.ReadWriter { return lrucache.New(open(), lrucache.Options{}) })
}

// BenchmarkCommitBlock10 commits blocks of 10 transactions (8 transfers),
// with synchronous_commit on (the block is in the WAL on disk when the
// commit returns) and off (the server flushes it within a moment). Building
// the blocks is not timed.
func BenchmarkCommitBlock10(b *testing.B) {
	for _, sc := range []string{"on", "off"} {
		b.Run("SynchronousCommit="+sc, func(b *testing.B) {
			s := benchServer(b, pgstore.Options{SynchronousCommit: sc})()
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

// BenchmarkRoundTrip is the floor under every read: one query through the
// pool ("SELECT 1") to a server on the same machine.
func BenchmarkRoundTrip(b *testing.B) {
	s := benchServer(b, pgstore.Options{})()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		var one int
		if err := s.Pool().QueryRow(ctx, `SELECT 1`).Scan(&one); err != nil {
			b.Fatal(err)
		}
	}
}
