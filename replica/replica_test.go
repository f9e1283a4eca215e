package replica_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/replica"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// cluster is a writer node and an API replica of it over one ledger.
type cluster struct {
	writer, replica string // API base URLs (…/v1)
	writerSrv       *httptest.Server
	devs            []vmstub.DevAccount
}

// startWriter starts a node over store with its API; it returns the node,
// the VM and the API server.
func startWriter(t *testing.T, store storage.ReadWriter) (*node.Node, *vmstub.VM, *httptest.Server) {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{ChainID: 4, DevAccounts: 2, Seed: "replica"})
	if err != nil {
		t.Fatal(err)
	}
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{ChainID: 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{PathPrefix: "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	return n, vm, srv
}

// newCluster runs the replica in process over the writer's own store,
// woken by the node's commit signal.
func newCluster(t *testing.T) *cluster {
	t.Helper()
	store := memstore.New(memstore.Options{ChainID: 4})
	n, vm, w := startWriter(t, store)
	rep, err := replica.New(store, n, replica.Options{Writer: w.URL + "/v1", Executor: vm, Modules: vm})
	if err != nil {
		t.Fatal(err)
	}
	return &cluster{writer: w.URL + "/v1", replica: newServer(t, rep), writerSrv: w, devs: vm.DevAccounts()}
}

// newServer serves rep and returns its API base URL.
func newServer(t *testing.T, rep *replica.Replica) string {
	t.Helper()
	srv := httptest.NewServer(rep)
	t.Cleanup(srv.Close)
	return srv.URL + replica.DefaultPathPrefix
}

func transfer(d vmstub.DevAccount, to ledgerapi.Address, seq, amount uint64, chainID uint8) *txn.SignedTransaction {
	return d.Sign(txn.RawTransaction{Sender: d.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(to, amount),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: chainID})
}

type answer struct {
	status int
	ct     string
	body   []byte
}

func do(t *testing.T, method, url, ct string, body []byte) answer {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header.Get("Content-Type"), b}
}

func field(t *testing.T, a answer, name string) any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.body, &m); err != nil {
		t.Fatalf("%d %s: %v", a.status, a.body, err)
	}
	return m[name]
}

// TestForwardAndWait submits through the replica: a refused submission
// comes back exactly as the writer answers it, an accepted one is
// reported committed by the replica's wait_by_hash.
func TestForwardAndWait(t *testing.T) {
	c := newCluster(t)
	bad := transfer(c.devs[0], c.devs[1].Address, 0, 1, 9) // wrong chain id
	want := do(t, http.MethodPost, c.writer+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bad.Bytes())
	got := do(t, http.MethodPost, c.replica+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bad.Bytes())
	if want.status != http.StatusBadRequest || got.status != want.status || got.ct != want.ct || !bytes.Equal(got.body, want.body) {
		t.Errorf("refusal through the replica: %d %s %s; the writer answers %d %s %s", got.status, got.ct, got.body, want.status, want.ct, want.body)
	}
	batch := do(t, http.MethodPost, c.replica+"/transactions/batch", ledgerapi.ContentTypeJSON, []byte(`[]`))
	if batch.status != http.StatusAccepted {
		t.Errorf("empty batch through the replica: %d %s", batch.status, batch.body)
	}
	good := transfer(c.devs[0], c.devs[1].Address, 0, 7, 4)
	if a := do(t, http.MethodPost, c.replica+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, good.Bytes()); a.status != http.StatusAccepted {
		t.Fatalf("submission through the replica: %d %s", a.status, a.body)
	}
	for deadline := time.Now().Add(30 * time.Second); ; { // each wait_by_hash waits up to 1 s
		a := do(t, http.MethodGet, c.replica+"/transactions/wait_by_hash/"+good.Hash().String(), "", nil)
		if a.status == http.StatusOK && field(t, a, "type") == "pending_transaction" && time.Now().Before(deadline) {
			continue
		}
		if a.status != http.StatusOK || field(t, a, "type") != "user_transaction" || field(t, a, "success") != true {
			t.Errorf("wait_by_hash on the replica: %d %s", a.status, a.body)
		}
		break
	}
	info := do(t, http.MethodGet, c.replica+"/info", "", nil)
	if field(t, info, "transaction_submission_enabled") != true {
		t.Errorf("GET /info on the replica: %s", info.body)
	}
}

// TestPendingAtWriter checks that a transaction parked in the writer's
// mempool is pending on the replica, which finds it only at the writer.
func TestPendingAtWriter(t *testing.T) {
	c := newCluster(t)
	parked := transfer(c.devs[0], c.devs[1].Address, 5, 1, 4) // sequence numbers 0..4 never come
	if a := do(t, http.MethodPost, c.writer+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, parked.Bytes()); a.status != http.StatusAccepted {
		t.Fatalf("parking a transaction: %d %s", a.status, a.body)
	}
	a := do(t, http.MethodGet, c.replica+"/transactions/by_hash/"+parked.Hash().String(), "", nil)
	if a.status != http.StatusOK || field(t, a, "type") != "pending_transaction" || field(t, a, "hash") != parked.Hash().String() {
		t.Errorf("by_hash of a parked transaction on the replica: %d %s", a.status, a.body)
	}
	unknown := transfer(c.devs[1], c.devs[0].Address, 3, 1, 4)
	if a := do(t, http.MethodGet, c.replica+"/transactions/by_hash/"+unknown.Hash().String(), "", nil); a.status != http.StatusNotFound {
		t.Errorf("by_hash of an unknown transaction on the replica: %d %s", a.status, a.body)
	}
}

// TestWriterDown checks that with the writer gone submissions answer a
// JSON 503 while reads go on.
func TestWriterDown(t *testing.T) {
	c := newCluster(t)
	c.writerSrv.Close()
	st := transfer(c.devs[0], c.devs[1].Address, 0, 1, 4)
	a := do(t, http.MethodPost, c.replica+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
	if a.status != http.StatusServiceUnavailable || a.ct != ledgerapi.ContentTypeJSON || field(t, a, "error_code") != "health_check_failed" {
		t.Errorf("submission with the writer down: %d %s %s", a.status, a.ct, a.body)
	}
	if a := do(t, http.MethodGet, c.replica, "", nil); a.status != http.StatusOK || field(t, a, "chain_id") != 4.0 {
		t.Errorf("GET /v1 with the writer down: %d %s", a.status, a.body)
	}
	if a := do(t, http.MethodGet, c.replica+"/transactions/by_hash/"+st.Hash().String(), "", nil); a.status != http.StatusNotFound {
		t.Errorf("by_hash with the writer down: %d %s", a.status, a.body)
	}
	if a := do(t, http.MethodGet, c.replica[:len(c.replica)-len("/v1")]+"/elsewhere", "", nil); a.status != http.StatusNotFound || field(t, a, "error_code") != "web_framework_error" {
		t.Errorf("a path outside /v1: %d %s", a.status, a.body)
	}
}

func TestNewRefusesABadWriter(t *testing.T) {
	store := memstore.New(memstore.Options{})
	for _, w := range []string{"", "127.0.0.1:8080", "ftp://x/v1", "http:///v1"} {
		if _, err := replica.New(store, replica.NewSignal(), replica.Options{Writer: w}); !errors.Is(err, replica.ErrWriterURL) {
			t.Errorf("writer %q: %v, want ErrWriterURL", w, err)
		}
	}
}
