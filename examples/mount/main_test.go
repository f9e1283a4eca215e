package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

func startService(t *testing.T) (*service, *httptest.Server) {
	t.Helper()
	s, stop, err := newService()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(func() { srv.Close(); stop() })
	return s, srv
}

type response struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, srv *httptest.Server, method, path string) response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Do not follow redirects: a mount that redirects out of /v1 must show.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{resp.StatusCode, resp.Header, string(b)}
}

func TestHostRoutes(t *testing.T) {
	_, srv := startService(t)
	if r := do(t, srv, "GET", "/healthz"); r.status != 200 || r.body != "ok\n" || r.header.Get(serviceHeader) != "hello-service" {
		t.Fatalf("/healthz: %d %q %v", r.status, r.body, r.header)
	}
	if r := do(t, srv, "GET", "/api/hello?name=ledger"); r.status != 200 || r.body != "{\"hello\":\"ledger\"}\n" {
		t.Fatalf("/api/hello: %d %q", r.status, r.body)
	}
	// Host paths the API does not own keep the host's behavior.
	for _, p := range []string{"/nope", "/v1foo", "/v1foo/bar", "/v"} {
		if r := do(t, srv, "GET", p); r.status != 404 || r.body != "404 page not found\n" {
			t.Errorf("GET %s: %d %q, want the host's 404", p, r.status, r.body)
		}
	}
}

func TestLedgerInfoAtMountPoint(t *testing.T) {
	_, srv := startService(t)
	for _, p := range []string{"/v1", "/v1/"} {
		r := do(t, srv, "GET", p)
		if r.status != 200 {
			t.Fatalf("GET %s: %d %s", p, r.status, r.body)
		}
		var info struct {
			ChainID       int    `json:"chain_id"`
			LedgerVersion string `json:"ledger_version"`
			NodeRole      string `json:"node_role"`
		}
		if err := json.Unmarshal([]byte(r.body), &info); err != nil {
			t.Fatalf("GET %s: %v in %s", p, err, r.body)
		}
		if info.ChainID != 4 || info.NodeRole != "full_node" || info.LedgerVersion == "" {
			t.Fatalf("GET %s: %+v", p, info)
		}
		if r.header.Get(ledgerapi.HeaderChainID) != "4" || r.header.Get(ledgerapi.HeaderLedgerVersion) != info.LedgerVersion ||
			r.header.Get(ledgerapi.HeaderBlockHeight) == "" || r.header.Get(ledgerapi.HeaderLedgerTimestamp) == "" {
			t.Fatalf("GET %s: X-NODE-* headers %v", p, r.header)
		}
		if r.header.Get(serviceHeader) != "hello-service" {
			t.Fatalf("GET %s: host middleware did not run: %v", p, r.header)
		}
	}
}

func TestAPIRoutes(t *testing.T) {
	s, srv := startService(t)
	before := s.requests.Load()

	r := do(t, srv, "GET", "/v1/accounts/0x1/module/aptos_account")
	var mod struct {
		ABI struct {
			Address          string `json:"address"`
			Name             string `json:"name"`
			ExposedFunctions []struct {
				Name string `json:"name"`
			} `json:"exposed_functions"`
		} `json:"abi"`
	}
	if r.status != 200 || json.Unmarshal([]byte(r.body), &mod) != nil || mod.ABI.Address != "0x1" || mod.ABI.Name != "aptos_account" {
		t.Fatalf("module: %d %.200s", r.status, r.body)
	}
	if !strings.Contains(r.body, `"name":"transfer"`) {
		t.Fatalf("aptos_account ABI without transfer: %.300s", r.body)
	}
	if r.header.Get(serviceHeader) != "hello-service" || r.header.Get(ledgerapi.HeaderChainID) != "4" {
		t.Fatalf("module headers %v", r.header)
	}

	// Unknown routes and wrong methods under /v1 get the API's JSON errors,
	// with the path relative to the mount point.
	for _, c := range []struct {
		method, path string
		status       int
		message      string
	}{
		{"GET", "/v1/nope", 404, "no route for GET /nope"},
		{"GET", "/v1/accounts/0x1/nope/x/y", 404, "no route for GET /accounts/0x1/nope/x/y"},
		{"DELETE", "/v1/transactions", 405, "method DELETE is not allowed on /transactions"},
	} {
		r := do(t, srv, c.method, c.path)
		var e ledgerapi.Error
		if err := json.Unmarshal([]byte(r.body), &e); err != nil || r.status != c.status ||
			e.ErrorCode != ledgerapi.CodeWebFrameworkError || e.Message != c.message {
			t.Errorf("%s %s: %d %s", c.method, c.path, r.status, r.body)
		}
		if r.header.Get("Content-Type") != ledgerapi.ContentTypeJSON || r.header.Get(serviceHeader) != "hello-service" {
			t.Errorf("%s %s: headers %v", c.method, c.path, r.header)
		}
	}

	if got := s.requests.Load() - before; got != 4 {
		t.Fatalf("the host middleware counted %d API requests, want 4", got)
	}
}

// TestTransferThroughCache commits a transfer through the mounted API: the
// node writes through the LRU cache, and reads of committed data hit it.
func TestTransferThroughCache(t *testing.T) {
	s, srv := startService(t)
	from, to := s.vm.DevAccounts()[0], s.vm.DevAccounts()[1]
	raw := txn.RawTransaction{
		Sender: from.Address, Payload: vmstub.TransferPayload(to.Address, 1000),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ChainID: 4,
		ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()),
	}
	signed := from.Sign(raw).Bytes()
	resp, err := srv.Client().Post(srv.URL+"/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(signed))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	hash := txn.UserTransactionHash(signed).String()
	if resp.StatusCode != http.StatusAccepted || resp.Header.Get(serviceHeader) != "hello-service" {
		t.Fatalf("submit: %d %v", resp.StatusCode, resp.Header)
	}
	var tx struct {
		Type     string `json:"type"`
		Version  string `json:"version"`
		Success  bool   `json:"success"`
		VMStatus string `json:"vm_status"`
	}
	for deadline := time.Now().Add(10 * time.Second); tx.Type != "user_transaction"; {
		r := do(t, srv, "GET", "/v1/transactions/wait_by_hash/"+hash)
		if r.status != 200 || json.Unmarshal([]byte(r.body), &tx) != nil || time.Now().After(deadline) {
			t.Fatalf("wait_by_hash: %d %.300s", r.status, r.body)
		}
	}
	if !tx.Success {
		t.Fatalf("transfer failed: %+v", tx)
	}
	before := s.cache.Stats().Transactions.Hits
	for i := 0; i < 2; i++ {
		if r := do(t, srv, "GET", "/v1/transactions/by_version/"+tx.Version); r.status != 200 || !strings.Contains(r.body, hash) {
			t.Fatalf("by_version %s: %d %.200s", tx.Version, r.status, r.body)
		}
	}
	if s.cache.Stats().Transactions.Hits == before {
		t.Fatal("reading a committed transaction twice never hit the cache")
	}
}
