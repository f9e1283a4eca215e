package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// BenchmarkLedgerGrowth commits 1,000 blocks of 1,000 transactions (one
// million versions, no pruning) and, at 50k, 250k, 500k and 1M versions,
// logs the mean cost of a state read at the latest version and at an old
// one, of a transaction by hash among the latest 5,000, of the last
// commits, and the database's size. It runs once whatever b.N is (it
// takes minutes); run with -v to see the series. Commits use
// synchronous_commit off to populate faster; reads do not depend on it.
func BenchmarkLedgerGrowth(b *testing.B) {
	s := benchServer(b, pgstore.Options{SynchronousCommit: "off"})()
	ctx := context.Background()
	c := storagetest.NewChain(storagetest.BenchAccounts)
	storagetest.Populate(b, s, c, 0, 1000)
	keys := make([]storage.StateKey, storagetest.BenchAccounts)
	for i, a := range c.Accounts() {
		keys[i] = storage.ResourceKey(a, storagetest.CoinStoreTag)
	}
	const reads = 2000
	mean := func(n int, f func(i int)) time.Duration {
		start := time.Now()
		for i := range n {
			f(i)
		}
		return time.Since(start) / time.Duration(n)
	}
	blocks := 0
	for _, target := range []int{50, 250, 500, 1000} {
		start := time.Now()
		commits := target - blocks
		storagetest.Populate(b, s, c, commits, 1000)
		commit := time.Since(start) / time.Duration(commits)
		blocks = target
		info, err := s.LedgerInfo(ctx)
		if err != nil {
			b.Fatal(err)
		}
		check := func(err error) {
			if err != nil {
				b.Fatal(err)
			}
		}
		latest := mean(reads, func(i int) {
			_, err := s.StateValue(ctx, keys[i%len(keys)], info.Version)
			check(err)
		})
		old := mean(reads, func(i int) {
			_, err := s.StateValue(ctx, keys[i%len(keys)], 1+uint64(i*7919)%(info.Version/10))
			check(err)
		})
		byHash := mean(reads, func(i int) {
			_, err := s.TransactionByHash(ctx, storagetest.TxnHash(info.Version-uint64(i*7919)%storagetest.BenchRecent))
			check(err)
		})
		var size int64
		check(s.Pool().QueryRow(ctx, `SELECT pg_database_size(current_database())`).Scan(&size))
		b.Logf("versions %8d  state latest %7.1f µs  state old %7.1f µs  txn by hash %7.1f µs  commit 1000 %6.1f ms  database %6d MiB",
			info.Version+1, us(latest), us(old), us(byHash), float64(commit)/1e6, size>>20)
		if target == 1000 {
			b.ReportMetric(us(latest), "µs-state-latest-at-1M")
			b.ReportMetric(us(old), "µs-state-old-at-1M")
			b.ReportMetric(us(byHash), "µs-txn-by-hash-at-1M")
			b.ReportMetric(float64(size>>20), "MiB-database-at-1M")
		}
	}
}

func us(d time.Duration) float64 { return float64(d) / 1e3 }
