package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// testNode serves the embedded ledger over loopback under /v1, with chain
// id chainID and 4 dev accounts derived from the default seed.
func testNode(t *testing.T, chainID uint8) string { return testNodeWindow(t, chainID, 0) }

// testNodeWindow is testNode with a pruning window.
func testNodeWindow(t *testing.T, chainID uint8, window uint64) string {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{ChainID: chainID, DevAccounts: 4, Seed: "ledgernode"})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: chainID, PruneWindow: window})
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{ChainID: chainID})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm}, handlers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

func TestSubmitCommitsEverything(t *testing.T) {
	url := testNode(t, 4)
	var out bytes.Buffer
	res, err := runSubmit(context.Background(), config{url: url, seed: "ledgernode", accounts: 4, senders: 4, n: 100, c: 3, timeout: 30 * time.Second}, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if res.Accepted != 100 || res.Committed != 100 || res.Failed != 0 || res.Rejected != 0 {
		t.Fatalf("%+v", res)
	}
	if res.CommitPerSec <= 0 || res.SubmitP99 < res.SubmitP50 || res.CommitP99 < res.CommitP50 {
		t.Fatalf("figures: %+v", res)
	}
	if !strings.Contains(out.String(), "committed throughput") {
		t.Fatalf("summary: %s", out.String())
	}
	// A second run continues from the senders' new sequence numbers.
	if res, err := runSubmit(context.Background(), config{url: url, seed: "ledgernode", accounts: 4, senders: 2, n: 10, c: 2, timeout: 30 * time.Second}, &out); err != nil || res.Committed != 10 {
		t.Fatalf("second run: %v %+v", err, res)
	}
}

// TestSubmitFailsOnRejection: transactions the node rejects (signed for
// another chain) make the run fail and are reported.
func TestSubmitFailsOnRejection(t *testing.T) {
	url := testNode(t, 4)
	// A server answering with another chain id in its ledger info makes
	// loadgen sign for the wrong chain.
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/" {
			w.Write([]byte(`{"chain_id":9}`))
			return
		}
		req, _ := http.NewRequest(r.Method, strings.TrimSuffix(url, "/v1")+r.URL.Path+"?"+r.URL.RawQuery, r.Body)
		req.Header = r.Header
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.WriteHeader(resp.StatusCode)
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		w.Write(buf.Bytes())
	}))
	defer proxy.Close()
	var out bytes.Buffer
	res, err := runSubmit(context.Background(), config{url: proxy.URL + "/v1", seed: "ledgernode", accounts: 4, senders: 2, n: 6, c: 2, timeout: 10 * time.Second}, &out)
	if err == nil || res == nil || res.Rejected == 0 || !strings.Contains(res.FirstError, "BAD_CHAIN_ID") {
		t.Fatalf("err %v, result %+v", err, res)
	}
}

func TestReadAgainstBareAndNode(t *testing.T) {
	url := testNode(t, 4)
	var out bytes.Buffer
	if _, err := runSubmit(context.Background(), config{url: url, seed: "ledgernode", accounts: 4, senders: 1, n: 2, c: 1, timeout: 30 * time.Second}, &out); err != nil {
		t.Fatal(err)
	}
	for _, read := range []string{"resource", "version", "view"} {
		res, err := runRead(context.Background(), config{url: url, seed: "ledgernode", read: read, c: 2, duration: 100 * time.Millisecond}, &out)
		if err != nil || res.Requests == 0 || res.Errors != 0 {
			t.Fatalf("%s: %v %+v", read, err, res)
		}
	}
	bare := httptest.NewServer(bareHandler())
	defer bare.Close()
	res, err := runRead(context.Background(), config{url: bare.URL, read: "path", path: "/", c: 2, duration: 100 * time.Millisecond}, &out)
	if err != nil || res.Requests == 0 {
		t.Fatalf("bare: %v %+v", err, res)
	}
	// An endpoint that fails makes the read run fail.
	if _, err := runRead(context.Background(), config{url: url, read: "path", path: "/nope", c: 1, duration: 50 * time.Millisecond}, &out); err == nil {
		t.Fatal("a read run against a 404 passed")
	}
}

// TestSubmitWithPruning: transactions pruned before the read-back are
// counted, not failed.
func TestSubmitWithPruning(t *testing.T) {
	url := testNodeWindow(t, 4, 30)
	var out bytes.Buffer
	res, err := runSubmit(context.Background(), config{url: url, seed: "ledgernode", accounts: 4, senders: 2, n: 300, c: 2, timeout: 30 * time.Second}, &out)
	if err != nil || res.Committed != 300 || res.Pruned == 0 || res.Failed != 0 {
		t.Fatalf("%v %+v\n%s", err, res, out.String())
	}
}

func TestRSSProfile(t *testing.T) {
	if tenths, _ := rssProfile([]int{1, 2, 3}); tenths != "" {
		t.Errorf("3 samples gave %q, want nothing", tenths)
	}
	// 20 samples: a ramp over the first 4 (the window filling), then flat
	// between 100 and 110 MiB.
	kib := []int{10 << 10, 40 << 10, 70 << 10, 90 << 10}
	for i := 0; i < 16; i++ {
		kib = append(kib, (100+i%11)<<10)
	}
	tenths, flat := rssProfile(kib)
	if tenths != "40 90 101 103 105 107 109 100 102 104" {
		t.Errorf("tenths %q", tenths)
	}
	if flat != "±4.8% (100–110 MiB)" {
		t.Errorf("flat %q", flat)
	}
}

func TestReadIndexerQueries(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{ChainID: 4, DevAccounts: 4, Seed: "ledgernode"})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{ChainID: 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	h, err := gql.NewHandler(indexer.Schema(), indexer.New(store, indexer.Options{Modules: vm}), gql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	var out bytes.Buffer
	for read := range graphQLQueries {
		res, err := runRead(context.Background(), config{indexer: srv.URL, seed: "ledgernode", read: read, c: 2, pause: 10 * time.Millisecond, duration: 100 * time.Millisecond}, &out)
		if err != nil || res.Requests == 0 || res.Errors != 0 {
			t.Fatalf("%s: %v %+v", read, err, res)
		}
	}
	// A query the indexer refuses (status 200 with errors) fails the run.
	graphQLQueries["bad"] = `{"query":"{ nope { x } }"}`
	defer delete(graphQLQueries, "bad")
	if _, err := runRead(context.Background(), config{indexer: srv.URL, read: "bad", c: 1, duration: 50 * time.Millisecond}, &out); err == nil || !strings.Contains(err.Error(), "not found in type") {
		t.Fatalf("a refused query passed: %v", err)
	}
}
