package indexer_test

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
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
