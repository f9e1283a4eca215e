package handlers_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// committingPending plays the node's race: the block holding the
// transaction commits while the handler is between its storage lookup and
// its mempool lookup, so the mempool no longer has it.
type committingPending struct {
	commit func()
}

func (p committingPending) Get(context.Context, ledgerapi.HashValue) (*mempool.Entry, bool) {
	p.commit()
	return nil, false
}

func TestByHashDoesNotMissACommitBetweenLookups(t *testing.T) {
	ctx := context.Background()
	store := memstore.New(memstore.Options{ChainID: 4})
	c := storagetest.NewChain(2)
	b, txns := c.Genesis()
	if err := store.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	next, nextTxns := c.Block()
	committed := false
	pending := committingPending{commit: func() {
		if !committed {
			committed = true
			if err := store.CommitBlock(ctx, next, nextTxns); err != nil {
				t.Error(err)
			}
		}
	}}
	api, err := handlers.New(handlers.Deps{Store: store, Pending: pending}, handlers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	base := httptestServer(t, mux) + "/v1"
	status, body := getAny(t, base+"/transactions/by_hash/"+storagetest.TxnHash(next.FirstVersion).String())
	if status != 200 || body.(map[string]any)["type"] != "block_metadata_transaction" {
		t.Fatalf("by_hash during a commit: %d %v", status, body)
	}
}
