package handlers_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// newEmptyBlocksServer serves a ledger of genesis and n blocks without user
// transactions (block metadata + state checkpoint each), with a pruning
// window so that old versions answer 410.
// fixtureGitHash is the git_hash of fixture servers whose bodies goldens
// pin: the default (the test binary's build information) is not theirs to
// fix.
const fixtureGitHash = "5a1c0ffee5a1c0ffee5a1c0ffee5a1c0ffee5a1c"

func newEmptyBlocksServer(t *testing.T, n int, window uint64) (string, *memstore.Store) {
	t.Helper()
	store := memstore.New(memstore.Options{ChainID: 4, PruneWindow: window})
	c := storagetest.NewChain(2)
	ctx := context.Background()
	b, txns := c.Genesis()
	if err := store.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		b, txns := c.Block()
		if err := store.CommitBlock(ctx, b, txns); err != nil {
			t.Fatal(err)
		}
	}
	api, err := handlers.New(handlers.Deps{Store: store}, handlers.Options{GitHash: fixtureGitHash})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	srv := httptestServer(t, mux)
	return srv + "/v1", store
}

func getAny(t *testing.T, url string) (int, any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return resp.StatusCode, v
}

func TestReadEndpointsStatuses(t *testing.T) {
	base, store := newEmptyBlocksServer(t, 30, 20)
	info, _ := store.LedgerInfo(context.Background())
	if info.OldestVersion == 0 {
		t.Fatal("fixture did not prune")
	}
	cases := []struct {
		path   string
		status int
		code   string
	}{
		{"/info", 200, ""},
		{"/blocks/by_height/30", 200, ""},
		{"/blocks/by_height/31", 404, "block_not_found"},
		{"/blocks/by_height/0", 410, "block_pruned"},
		{"/blocks/by_height/x", 400, "web_framework_error"},
		{"/blocks/by_version/" + u(info.Version), 200, ""},
		{"/blocks/by_version/" + u(info.Version+1), 404, "version_not_found"},
		{"/blocks/by_version/0", 410, "version_pruned"},
		{"/blocks/by_height/30?with_transactions=maybe", 400, "web_framework_error"},
		{"/transactions/by_version/" + u(info.Version), 200, ""},
		{"/transactions/by_version/" + u(info.Version+1), 404, "transaction_not_found"},
		{"/transactions/by_version/0", 410, "version_pruned"},
		{"/transactions/by_version/-1", 400, "web_framework_error"},
		{"/transactions", 200, ""},
		{"/transactions?start=0", 410, "version_pruned"},
		{"/transactions?start=" + u(info.Version+1), 400, "invalid_input"},
		{"/transactions?limit=0", 400, "invalid_input"},
		{"/transactions?limit=70000", 400, "web_framework_error"},
		{"/transactions/by_hash/0x" + zeros(64), 404, "transaction_not_found"},
		{"/transactions/by_hash/0x12", 400, "web_framework_error"},
		{"/accounts/0x1/transactions", 200, ""},
		{"/accounts/zz/transactions", 400, "web_framework_error"},
	}
	for _, c := range cases {
		status, body := getAny(t, base+c.path)
		if status != c.status {
			t.Errorf("%s: status %d, want %d (%v)", c.path, status, c.status, body)
			continue
		}
		if c.code != "" {
			m, _ := body.(map[string]any)
			if m["error_code"] != c.code {
				t.Errorf("%s: error_code %v, want %s", c.path, m["error_code"], c.code)
			}
		}
	}
}

func TestBlockShapes(t *testing.T) {
	base, _ := newEmptyBlocksServer(t, 3, 0)
	_, body := getAny(t, base+"/blocks/by_height/2")
	b := body.(map[string]any)
	if b["transactions"] != nil {
		t.Errorf("transactions must be null when not requested: %v", b["transactions"])
	}
	for _, k := range []string{"block_height", "block_hash", "block_timestamp", "first_version", "last_version"} {
		if _, ok := b[k].(string); !ok {
			t.Errorf("%s = %v", k, b[k])
		}
	}
	_, body = getAny(t, base+"/blocks/by_height/2?with_transactions=true")
	txns := body.(map[string]any)["transactions"].([]any)
	if len(txns) != 2 {
		t.Fatalf("%d transactions, want block metadata + checkpoint", len(txns))
	}
	if txns[0].(map[string]any)["type"] != "block_metadata_transaction" || txns[1].(map[string]any)["type"] != "state_checkpoint_transaction" {
		t.Fatalf("types: %v, %v", txns[0].(map[string]any)["type"], txns[1].(map[string]any)["type"])
	}
	_, body = getAny(t, base+"/transactions?start=0&limit=1")
	if g := body.([]any)[0].(map[string]any); g["type"] != "genesis_transaction" || g["version"] != "0" {
		t.Fatalf("genesis: %v", g)
	}
	_, body = getAny(t, base+"/transactions?limit=2")
	if l := body.([]any); len(l) != 2 || l[1].(map[string]any)["version"] != "6" {
		t.Fatalf("latest page: %v", l)
	}
}

func u(v uint64) string { return strconv.FormatUint(v, 10) }

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func TestDisabledOperations(t *testing.T) {
	store := memstore.New(memstore.Options{ChainID: 4})
	c := storagetest.NewChain(2)
	b, txns := c.Genesis()
	if err := store.CommitBlock(context.Background(), b, txns); err != nil {
		t.Fatal(err)
	}
	api, err := handlers.New(handlers.Deps{Store: store}, handlers.Options{Disabled: map[string]bool{"get_transactions": true}})
	if err != nil {
		t.Fatal(err)
	}
	base := httptestServer(t, http.StripPrefix("/v1", api)) + "/v1"
	status, body := getAny(t, base+"/transactions")
	if status != 403 || asMap(body)["error_code"] != "api_disabled" {
		t.Fatalf("disabled operation: %d %v", status, body)
	}
	if status, _ := getAny(t, base+"/transactions/by_version/0"); status != 200 {
		t.Fatalf("other operations stay on: %d", status)
	}
}
