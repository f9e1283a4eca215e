package indexer_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// BenchmarkCatchUp indexes a ledger of 100 transfers from genesis and
// reads one table, per iteration: without module layouts, and with them
// as the bundled node runs it (event data and table items decoded).
func BenchmarkCatchUp(b *testing.B) {
	c := newChain(b)
	for i := 0; i < 100; i++ {
		c.submit(c.devs[i%3].Sign(c.raw(c.devs[i%3].Address, vmstub.TransferPayload(fresh(byte(i)), 1))))
		if i%25 == 24 {
			c.mine()
		}
	}
	for _, bc := range []struct {
		name string
		opts indexer.Options
	}{{"layouts=off", indexer.Options{}}, {"layouts=on", indexer.Options{Modules: c.vm}}} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ix := indexer.New(c.store, bc.opts)
				if _, err := ix.Rows(context.Background(), "account_transactions"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cappedStore is a store whose ledger ends at version cap while capped.
type cappedStore struct {
	storage.Reader
	cap    uint64
	capped bool
}

func (s *cappedStore) LedgerInfo(ctx context.Context) (storage.LedgerInfo, error) {
	info, err := s.Reader.LedgerInfo(ctx)
	if err == nil && s.capped && info.Version > s.cap {
		info.Version = s.cap
	}
	return info, err
}

// lendingStore is a cappedStore that lends its transactions as the bundled
// node's store (memstore) does.
type lendingStore struct {
	*cappedStore
	storage.TransactionLender
}

// BenchmarkIndexTransfers measures what following the ledger costs: per
// iteration, an index already holding genesis catches up with 1,000
// transfers to one account (as scripts/bench-indexer.sh's load sends), in
// blocks of 50, with module layouts as the bundled node runs it. ns/op,
// cpu-ns/op (the process's CPU time, steadier on a shared machine), B/op
// and allocs/op are per transfer.
func BenchmarkIndexTransfers(b *testing.B) {
	const transfers, block = 1000, 50
	c := newChain(b)
	genesis := c.latest()
	sink := ledgerapi.Address(crypto.SHA3_256([]byte("bench sink")))
	for i := 0; i < transfers; i++ {
		c.submit(c.devs[i%3].Sign(c.raw(c.devs[i%3].Address, vmstub.TransferPayload(sink, 1))))
		if i%block == block-1 {
			c.mine()
		}
	}
	ctx := context.Background()
	store := &cappedStore{Reader: c.store, cap: genesis}
	lender := lendingStore{store, c.store}
	var cpu time.Duration // the process's CPU time in the timed parts
	b.ResetTimer()
	for i := 0; i < b.N; i += transfers {
		b.StopTimer()
		store.capped = true
		ix := indexer.New(lender, indexer.Options{Modules: c.vm})
		if _, err := ix.Rows(ctx, "processor_status"); err != nil {
			b.Fatal(err)
		}
		store.capped = false
		runtime.GC() // the timed catch-up does not pay for the untimed one's garbage
		b.StartTimer()
		before := cpuTime()
		if _, err := ix.Rows(ctx, "processor_status"); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime() - before
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}
