package handlers_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// newServer serves the API over a store holding genesis and blocks of
// transfers, mounted under /v1 as hosts do.
func newServer(t *testing.T, blocks int, now time.Time) (*httptest.Server, *memstore.Store) {
	t.Helper()
	store := memstore.New(memstore.Options{ChainID: 4})
	c := storagetest.NewChain(4)
	ctx := context.Background()
	b, txns := c.Genesis()
	if err := store.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < blocks; i++ {
		b, txns := c.Transfers(3)
		if err := store.CommitBlock(ctx, b, txns); err != nil {
			t.Fatal(err)
		}
	}
	api, err := handlers.New(handlers.Deps{Store: store, Now: func() time.Time { return now }}, handlers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, store
}

func get(t *testing.T, url string) (*http.Response, map[string]any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("%s: body is not a JSON object: %v", url, err)
	}
	return resp, body
}

var ledgerHeaders = []string{
	ledgerapi.HeaderChainID, ledgerapi.HeaderLedgerVersion, ledgerapi.HeaderLedgerOldest,
	ledgerapi.HeaderLedgerTimestamp, ledgerapi.HeaderEpoch, ledgerapi.HeaderBlockHeight, ledgerapi.HeaderOldestBlockHeight,
}

func TestLedgerInfo(t *testing.T) {
	srv, store := newServer(t, 2, time.Now())
	info, _ := store.LedgerInfo(context.Background())
	resp, body := get(t, srv.URL+"/v1")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if body["chain_id"] != float64(4) {
		t.Errorf("chain_id %v must be the JSON number 4", body["chain_id"])
	}
	for _, k := range []string{"epoch", "ledger_version", "oldest_ledger_version", "ledger_timestamp", "oldest_block_height", "block_height"} {
		if _, ok := body[k].(string); !ok {
			t.Errorf("%s = %v, want a decimal string", k, body[k])
		}
	}
	if body["ledger_version"] != ledgerapi.U64(info.Version).String() || body["node_role"] != "full_node" {
		t.Errorf("body %v disagrees with %+v", body, info)
	}
	for _, h := range ledgerHeaders {
		if resp.Header.Get(h) == "" {
			t.Errorf("header %s missing", h)
		}
	}
	if resp.Header.Get(ledgerapi.HeaderLedgerVersion) != body["ledger_version"] {
		t.Error("header and body disagree on the ledger version")
	}
	if h, ok := body["git_hash"].(string); !ok || h == "" || h != handlers.BuildRevision() {
		t.Errorf("git_hash = %v, want the build revision %q", body["git_hash"], handlers.BuildRevision())
	}
}

// TestLedgerInfoGitHash: a host's Options.GitHash is what GET / reports.
func TestLedgerInfoGitHash(t *testing.T) {
	store := memstore.New(memstore.Options{ChainID: 4})
	c := storagetest.NewChain(1)
	b, txns := c.Genesis()
	if err := store.CommitBlock(context.Background(), b, txns); err != nil {
		t.Fatal(err)
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	api, err := handlers.New(handlers.Deps{Store: store}, handlers.Options{GitHash: rev})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.StripPrefix("/v1", api))
	t.Cleanup(srv.Close)
	if _, body := get(t, srv.URL+"/v1"); body["git_hash"] != rev {
		t.Fatalf("git_hash = %v, want %s", body["git_hash"], rev)
	}
}

func TestHealthy(t *testing.T) {
	srv, store := newServer(t, 1, time.Now())
	resp, body := get(t, srv.URL+"/v1/-/healthy")
	if resp.StatusCode != 200 || body["message"] != "aptos-node:ok" {
		t.Fatalf("healthy: %d %v", resp.StatusCode, body)
	}
	info, _ := store.LedgerInfo(context.Background())
	ledgerTime := time.UnixMicro(int64(info.TimestampUsec))
	stale, _ := newServer(t, 1, ledgerTime.Add(time.Hour))
	resp, body = get(t, stale.URL+"/v1/-/healthy?duration_secs=10")
	if resp.StatusCode != 503 || body["error_code"] != "health_check_failed" {
		t.Fatalf("stale ledger: %d %v", resp.StatusCode, body)
	}
	resp, body = get(t, srv.URL+"/v1/-/healthy?duration_secs=-1")
	if resp.StatusCode != 400 || body["error_code"] != "web_framework_error" || !strings.Contains(body["message"].(string), "duration_secs") {
		t.Fatalf("bad duration: %d %v", resp.StatusCode, body)
	}
}

func TestFrameworkErrors(t *testing.T) {
	srv, _ := newServer(t, 1, time.Now())
	resp, body := get(t, srv.URL+"/v1/no/such/route")
	if resp.StatusCode != 404 || body["error_code"] != "web_framework_error" {
		t.Fatalf("unknown route: %d %v", resp.StatusCode, body)
	}
	if _, ok := body["vm_error_code"]; !ok {
		t.Error("vm_error_code must be present (null) in error bodies")
	}
	if resp.Header.Get(ledgerapi.HeaderLedgerVersion) == "" {
		t.Error("errors carry the ledger headers when the ledger info is readable")
	}
	r, _ := http.Post(srv.URL+"/v1/", "application/json", strings.NewReader("{}"))
	if r.StatusCode != 405 {
		t.Fatalf("POST /: %d", r.StatusCode)
	}
	r.Body.Close()
}

func httptestServer(t testing.TB, h http.Handler) string {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL
}
