package indexer_test

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/storage"
)

// gatedStore blocks its first LedgerInfo until release is closed and
// counts every LedgerInfo.
type gatedStore struct {
	storage.Reader
	calls   atomic.Int64
	entered chan struct{}
	release chan struct{}
}

func (g *gatedStore) LedgerInfo(ctx context.Context) (storage.LedgerInfo, error) {
	if g.calls.Add(1) == 1 {
		close(g.entered)
		<-g.release
	}
	return g.Reader.LedgerInfo(ctx)
}

// TestConcurrentQueriesShareOneCatchUp: queries that wait while a
// catch-up reads the store share the next catch-up instead of each
// reading the ledger info in turn under the lock.
func TestConcurrentQueriesShareOneCatchUp(t *testing.T) {
	c := newChain(t)
	c.mine()
	g := &gatedStore{Reader: c.store, entered: make(chan struct{}), release: make(chan struct{})}
	ix := indexer.New(g, indexer.Options{})
	const waiters = 8
	var wg sync.WaitGroup
	errs := make(chan error, waiters+1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, _, err := ix.LastVersion(context.Background())
		errs <- err
	}()
	<-g.entered
	for range waiters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := ix.Rows(context.Background(), "processor_status")
			errs <- err
		}()
	}
	for indexer.Arrivals(ix) < waiters+1 {
		runtime.Gosched()
	}
	close(g.release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := g.calls.Load(); n != 2 {
		t.Fatalf("LedgerInfo read %d times for %d concurrent queries, want 2", n, waiters+1)
	}
	// A query arriving after all of them reads the store again.
	if _, _, err := ix.LastVersion(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := g.calls.Load(); n != 3 {
		t.Fatalf("LedgerInfo read %d times, want 3", n)
	}
}
