package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// devRouter is run's router, with -dev-api set to enabled.
func devRouter(t *testing.T, enabled bool) http.Handler {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1})
	if err != nil {
		t.Fatal(err)
	}
	store, pool := memstore.New(memstore.Options{}), mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm}, handlers.Options{PathPrefix: "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	saved := *devAPI
	*devAPI = enabled
	t.Cleanup(func() { *devAPI = saved })
	router := http.NewServeMux()
	router.Handle("/v1", api)
	router.Handle("/v1/", api)
	mountDev(router, n, vm, zerolog.Nop())
	return router
}

// TestDevAPIOnlyWithFlag: without -dev-api every dev path is the REST
// API's 404; with it the controls answer, and the REST API is unchanged.
func TestDevAPIOnlyWithFlag(t *testing.T) {
	paths := []struct{ method, path string }{
		{"GET", "/v1/-/dev/"}, {"POST", "/v1/-/dev/snapshot"}, {"POST", "/v1/-/dev/revert"},
		{"POST", "/v1/-/dev/mine"}, {"GET", "/v1/-/dev/mining"}, {"POST", "/v1/-/dev/pause"}, {"GET", "/v1/-/dev/time"},
	}
	for _, enabled := range []bool{false, true} {
		srv := httptest.NewServer(devRouter(t, enabled))
		for _, p := range paths {
			req, _ := http.NewRequest(p.method, srv.URL+p.path, strings.NewReader(""))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var e struct {
				ErrorCode string `json:"error_code"`
			}
			json.Unmarshal(b, &e)
			switch {
			case !enabled && (resp.StatusCode != 404 || e.ErrorCode != "web_framework_error"):
				t.Errorf("without -dev-api %s %s: %d %s, want the API's 404", p.method, p.path, resp.StatusCode, b)
			case enabled && p.path != "/v1/-/dev/revert" && resp.StatusCode != 200:
				t.Errorf("with -dev-api %s %s: %d %s", p.method, p.path, resp.StatusCode, b)
			case enabled && p.path == "/v1/-/dev/revert" && resp.StatusCode != 400:
				t.Errorf("with -dev-api, revert without an id: %d %s", resp.StatusCode, b)
			}
		}
		resp, err := http.Get(srv.URL + "/v1")
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("GET /v1 with dev API %v: %v %v", enabled, resp, err)
		}
		resp.Body.Close()
		srv.Close()
	}
}

// TestFaucetAfterRevert: the faucet reads its sequence number again after
// a revert took the root account's back; otherwise its next transfer would
// wait in the mempool forever behind a gap.
func TestFaucetAfterRevert(t *testing.T) {
	ctx := context.Background()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: -1})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{})
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	f := &faucet{node: n, vm: vm, root: vm.Root(), chainID: 4}
	snap, err := n.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	to := vm.Root().Address
	for i := 0; i < 2; i++ {
		h, err := f.fund(ctx, to, 10)
		if err != nil {
			t.Fatal(err)
		}
		waitHash(t, n, store, h)
	}
	if _, err := n.Revert(ctx, snap.ID); err != nil {
		t.Fatal(err)
	}
	h, err := f.fund(ctx, to, 10)
	if err != nil {
		t.Fatal(err)
	}
	if tx := waitHash(t, n, store, h); *tx.SequenceNumber != 0 {
		t.Errorf("the faucet's first transfer after the revert has sequence number %d, want 0", *tx.SequenceNumber)
	}
}

func waitHash(t *testing.T, n *node.Node, store storage.Reader, h ledgerapi.HashValue) storage.Transaction {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		sig := n.CommitSignal()
		if tx, err := store.TransactionByHash(context.Background(), h); err == nil {
			return tx
		}
		select {
		case <-sig:
		case <-deadline:
			t.Fatalf("%s never committed", h)
		}
	}
}

// TestLoadStateFlag: -load-state fills the empty store with a dump, and
// refuses a dump of another chain.
func TestLoadStateFlag(t *testing.T) {
	ctx := context.Background()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1})
	if err != nil {
		t.Fatal(err)
	}
	src := memstore.New(memstore.Options{})
	n, err := node.New(src, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if _, err := n.Mine(ctx, 3, false); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/fixture.state"
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := n.Dump(ctx, f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	saved := *loadState
	*loadState = path
	defer func() { *loadState = saved }()
	dst := memstore.New(memstore.Options{})
	if err := loadStateFile(dst, 4, zerolog.Nop()); err != nil {
		t.Fatal(err)
	}
	if got, _ := dst.LedgerInfo(ctx); got != want {
		t.Errorf("loaded %+v, want %+v", got, want)
	}
	if err := loadStateFile(memstore.New(memstore.Options{ChainID: 9}), 9, zerolog.Nop()); err == nil || !strings.Contains(err.Error(), "chain id 4") {
		t.Errorf("a dump of chain 4 loaded with -chain-id 9: %v", err)
	}
}
