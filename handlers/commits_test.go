package handlers_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// testCommits is a handlers.Commits fired by hand.
type testCommits struct {
	mu sync.Mutex
	ch chan struct{}
}

func (c *testCommits) CommitSignal() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ch
}

func (c *testCommits) fire() {
	c.mu.Lock()
	defer c.mu.Unlock()
	close(c.ch)
	c.ch = make(chan struct{})
}

// pendingUntilCommit reports the transaction pending once, and commits its
// block and fires the signal as it answers: only a wait woken by the
// signal then sees it committed.
type pendingUntilCommit struct {
	commit func()
	once   sync.Once
}

func (p *pendingUntilCommit) Get(_ context.Context, h ledgerapi.HashValue) (*mempool.Entry, bool) {
	found := false
	p.once.Do(func() { found = true; p.commit() })
	return &mempool.Entry{Hash: h}, found
}

// TestWaitByHashOnCommitsWithoutSubmitter checks a read-only API (Commits,
// no Submitter, as an API replica): wait_by_hash waits on the commit
// signal, and GET /info reports submissions as the host configures them.
func TestWaitByHashOnCommitsWithoutSubmitter(t *testing.T) {
	ctx := context.Background()
	store := memstore.New(memstore.Options{ChainID: 4})
	c := storagetest.NewChain(2)
	b, txns := c.Genesis()
	if err := store.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	next, nextTxns := c.Block()
	commits := &testCommits{ch: make(chan struct{})}
	pending := &pendingUntilCommit{commit: func() {
		if err := store.CommitBlock(ctx, next, nextTxns); err != nil {
			t.Error(err)
		}
		commits.fire()
	}}
	for _, forwarded := range []bool{false, true} {
		api, err := handlers.New(handlers.Deps{Store: store, Commits: commits, Pending: pending},
			handlers.Options{PathPrefix: "/v1", WaitByHashTimeout: time.Minute, SubmissionsForwarded: forwarded})
		if err != nil {
			t.Fatal(err)
		}
		base := httptestServer(t, api) + "/v1"
		status, body := getAny(t, base+"/info")
		if enabled := body.(map[string]any)["transaction_submission_enabled"]; status != 200 || enabled != forwarded {
			t.Errorf("GET /info with SubmissionsForwarded %v: %d %v", forwarded, status, enabled)
		}
		if forwarded {
			continue
		}
		resp, err := http.Post(base+"/transactions", ledgerapi.ContentTypeJSON, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("POST /transactions without a Submitter: %d, want 403 api_disabled", resp.StatusCode)
		}
		status, body = getAny(t, base+"/transactions/wait_by_hash/"+storagetest.TxnHash(next.FirstVersion).String())
		if status != 200 || body.(map[string]any)["type"] != "block_metadata_transaction" {
			t.Fatalf("wait_by_hash of a transaction committed while it waits: %d %v", status, body)
		}
	}
}
