package indexer_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub"
)

// maxBytesPerTransfer bounds the heap the index retains per indexed
// transfer to a fresh account: a generous bound over the 3.5 KB measured
// (18 KB when rows were maps), so a million transactions stay within a
// few GB.
const maxBytesPerTransfer = 6 << 10

// heapAlloc collects garbage and returns the live heap size.
func heapAlloc() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestRetainedBytesPerTransfer indexes 2,000 transfers to fresh accounts
// and checks the heap the indexer keeps for them.
func TestRetainedBytesPerTransfer(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes 2,000 transfers")
	}
	const transfers = 2000
	c := newChain(t)
	for i := 0; i < transfers; i++ {
		from := c.devs[i%3]
		to := ledgerapi.Address{0: 0x43, 29: byte(i >> 16), 30: byte(i >> 8), 31: byte(i)}
		c.submit(from.Sign(c.raw(from.Address, vmstub.TransferPayload(to, 1))))
		if i%100 == 99 {
			c.mine()
		}
	}
	ctx := context.Background()
	// The delta also holds the rows of genesis, small against 2,000
	// transfers.
	before := heapAlloc()
	ix := indexer.New(c.store, indexer.Options{})
	for _, name := range []string{"account_transactions", "events", "fungible_asset_activities"} {
		if _, err := ix.Rows(ctx, name); err != nil {
			t.Fatal(err)
		}
	}
	after := heapAlloc()
	runtime.KeepAlive(ix)
	per := (int64(after) - int64(before)) / transfers
	t.Logf("retained %d bytes per transfer", per)
	if per > maxBytesPerTransfer {
		t.Errorf("index retains %d bytes per transfer, want at most %d", per, maxBytesPerTransfer)
	}
}
