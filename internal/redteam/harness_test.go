package redteam

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	lnode "github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

const (
	chainID   = 4
	gasPrice  = 100
	aptCoin   = "0x1::aptos_coin::AptosCoin"
	waitLimit = 60 * time.Second // liveness bound for one commit, far above any honest block time
)

// node is a complete in-process node on a loopback listener and the
// attacker's view of it: an HTTP client and the dev accounts' keys. The
// attacker signs only its own transactions; the victim never signs
// anything; the bystander sends ordinary transfers.
type node struct {
	t      *testing.T
	vm     *vmstub.VM
	base   string // http://127.0.0.1:port/v1
	client *http.Client

	attacker, victim, bystander vmstub.DevAccount
	holders                     []ledgerapi.Address // every account funded at genesis
	start                       map[ledgerapi.Address]uint64
	genesisSupply               uint64
	mem                         *memWatch
	shed                        atomic.Int64 // views and simulations turned away by admission control
}

// startNode assembles a node whose API, mempool and VM keep their real
// defaults (only blocks come every 5 ms) and registers the final audit,
// which runs before the node is closed.
func startNode(t *testing.T) *node {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: chainID})
	pool := mempool.New(mempool.Options{})
	nd, err := lnode.New(store, pool, vm, lnode.Options{BlockInterval: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := nd.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nd.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: nd, Commits: nd, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{PathPrefix: "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	transport := &http.Transport{MaxIdleConnsPerHost: 64}
	t.Cleanup(transport.CloseIdleConnections)
	devs := vm.DevAccounts()
	n := &node{t: t, vm: vm, base: srv.URL + "/v1", client: &http.Client{Transport: transport, Timeout: 2 * waitLimit},
		attacker: devs[0], victim: devs[1], bystander: devs[2], start: map[ledgerapi.Address]uint64{}}
	n.holders = []ledgerapi.Address{vm.Root().Address, devs[0].Address, devs[1].Address, devs[2].Address}
	n.alive()
	for _, a := range n.holders {
		n.start[a] = n.balance(a)
	}
	n.genesisSupply = n.supply()
	n.mem = watchMemory(t)
	t.Cleanup(n.audit)
	return n
}

// do sends one request. Whatever the attack, the answer is a 2xx or a 4xx
// JSON error; a 5xx or a dropped connection is an error of the test.
func (n *node) do(method, path, contentType string, body []byte) (int, []byte) {
	n.t.Helper()
	req, err := http.NewRequest(method, n.base+path, bytes.NewReader(body))
	if err != nil {
		n.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := n.client.Do(req)
	if err != nil {
		n.t.Errorf("%s %s: %v (the node is down or hangs)", method, path, err)
		return 0, nil
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		n.t.Errorf("%s %s: reading the answer: %v", method, path, err)
	}
	switch {
	case shed(path, resp.StatusCode):
		n.shed.Add(1)
		n.jsonError(method, path, resp.StatusCode, b)
	case resp.StatusCode >= 500:
		n.t.Errorf("%s %s: %d %s (never a 5xx)", method, path, resp.StatusCode, clip(b))
	case resp.StatusCode >= 400:
		n.jsonError(method, path, resp.StatusCode, b)
	}
	return resp.StatusCode, b
}

// shed reports whether status is admission control turning a view or a
// simulation away at once (429 or 503), which the issue asks for when
// more run than the node allows: the one kind of 5xx a client may see.
func shed(path string, status int) bool {
	return (status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable) &&
		(path == "/view" || path == "/transactions/simulate")
}

// jsonError checks that an error answer is a JSON error with a message.
func (n *node) jsonError(method, path string, status int, b []byte) {
	n.t.Helper()
	var e struct {
		Message   string `json:"message"`
		ErrorCode string `json:"error_code"`
	}
	if json.Unmarshal(b, &e) != nil || e.Message == "" {
		n.t.Errorf("%s %s: %d without a JSON error: %s", method, path, status, clip(b))
	}
}

// getJSON reads path, which must answer 200, into out.
func (n *node) getJSON(path string, out any) {
	n.t.Helper()
	status, b := n.do("GET", path, "", nil)
	if status != 200 {
		n.t.Fatalf("GET %s: %d %s", path, status, clip(b))
	}
	if err := json.Unmarshal(b, out); err != nil {
		n.t.Fatalf("GET %s: %v", path, err)
	}
}

// alive checks that the node answers GET /v1.
func (n *node) alive() {
	n.t.Helper()
	var info struct {
		LedgerVersion string `json:"ledger_version"`
	}
	n.getJSON("", &info)
	if info.LedgerVersion == "" {
		n.t.Fatal("GET /v1 has no ledger_version")
	}
}

func (n *node) balance(a ledgerapi.Address) uint64 {
	n.t.Helper()
	var v uint64
	n.getJSON("/accounts/"+a.String()+"/balance/"+aptCoin, &v)
	return v
}

func (n *node) seq(a ledgerapi.Address) uint64 {
	n.t.Helper()
	var acc struct {
		SequenceNumber string `json:"sequence_number"`
	}
	n.getJSON("/accounts/"+a.String(), &acc)
	return parseU64(n.t, acc.SequenceNumber)
}

// supply is 0x1::coin::supply<AptosCoin>, through a view.
func (n *node) supply() uint64 {
	n.t.Helper()
	status, b := n.view("0x1::coin::supply", []string{aptCoin})
	for try := 0; shed("/view", status) && try < 100; try++ { // a slot still held by an attack's view
		time.Sleep(50 * time.Millisecond)
		status, b = n.view("0x1::coin::supply", []string{aptCoin})
	}
	var out []struct {
		Vec []string `json:"vec"`
	}
	if status != 200 || json.Unmarshal(b, &out) != nil || len(out) != 1 || len(out[0].Vec) != 1 {
		n.t.Fatalf("supply: %d %s", status, clip(b))
	}
	return parseU64(n.t, out[0].Vec[0])
}

// view runs a view function through POST /v1/view with JSON arguments.
func (n *node) view(fn string, typeArgs []string, args ...any) (int, []byte) {
	n.t.Helper()
	if typeArgs == nil {
		typeArgs = []string{}
	}
	if args == nil {
		args = []any{}
	}
	body, _ := json.Marshal(map[string]any{"function": fn, "type_arguments": typeArgs, "arguments": args})
	return n.do("POST", "/view", ledgerapi.ContentTypeJSON, body)
}

// committed is a committed user transaction as GET answers it.
type committed struct {
	Type           string            `json:"type"`
	Hash           string            `json:"hash"`
	Success        bool              `json:"success"`
	VMStatus       string            `json:"vm_status"`
	GasUsed        string            `json:"gas_used"`
	GasUnitPrice   string            `json:"gas_unit_price"`
	Sender         string            `json:"sender"`
	SequenceNumber string            `json:"sequence_number"`
	Changes        []json.RawMessage `json:"changes"`
}

// outcome is what became of one signed transaction: refused at submission
// (a 4xx), or committed.
type outcome struct {
	st      *txn.SignedTransaction
	status  int    // of the submission
	body    []byte // of the submission
	txn     committed
	refused bool
}

func (o outcome) String() string {
	if o.refused {
		return fmt.Sprintf("refused at submission: %d %s", o.status, clip(o.body))
	}
	return fmt.Sprintf("committed: success %v, vm_status %q, gas_used %s", o.txn.Success, o.txn.VMStatus, o.txn.GasUsed)
}

// sign signs payload by from at its current sequence number.
func (n *node) sign(from vmstub.DevAccount, p txn.TransactionPayload, maxGas uint64) *txn.SignedTransaction {
	n.t.Helper()
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: n.seq(from.Address), Payload: p,
		MaxGasAmount: maxGas, GasUnitPrice: gasPrice, ExpirationTimestampSecs: uint64(time.Now().Add(10 * time.Minute).Unix()), ChainID: chainID})
}

// submit posts st as BCS.
func (n *node) submit(st *txn.SignedTransaction) (int, []byte) {
	n.t.Helper()
	return n.do("POST", "/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
}

// run signs, submits and waits for a transaction. One accepted at
// submission must be committed exactly once: found by hash, charged, and
// the sender's sequence number advanced by one.
func (n *node) run(from vmstub.DevAccount, p txn.TransactionPayload, maxGas uint64) outcome {
	n.t.Helper()
	st := n.sign(from, p, maxGas)
	status, body := n.submit(st)
	o := outcome{st: st, status: status, body: body}
	if status >= 400 && status < 500 {
		o.refused = true
		return o
	}
	if status != 202 {
		n.t.Fatalf("submission: %d %s", status, clip(body))
	}
	tx, ok := n.wait(st.Hash())
	if !ok {
		n.t.Fatalf("transaction %s was accepted (202) but never committed: it ran for free", st.Hash())
	}
	o.txn = tx
	if parseU64(n.t, tx.GasUsed) == 0 {
		n.t.Errorf("transaction %s committed without charging gas (%s)", st.Hash(), tx.VMStatus)
	}
	if got := n.seq(from.Address); got != st.Raw.SequenceNumber+1 {
		n.t.Errorf("sequence number %d after committing %d", got, st.Raw.SequenceNumber)
	}
	return o
}

// wait polls wait_by_hash until the transaction is committed. It reports
// false when the node no longer knows the transaction (neither pending nor
// committed), that is when it was dropped.
func (n *node) wait(h ledgerapi.HashValue) (committed, bool) {
	n.t.Helper()
	deadline := time.Now().Add(waitLimit)
	var unknownSince time.Time
	for time.Now().Before(deadline) {
		status, b := n.do("GET", "/transactions/wait_by_hash/"+h.String(), "", nil)
		switch status {
		case 200:
			unknownSince = time.Time{}
			var tx committed
			if err := json.Unmarshal(b, &tx); err != nil {
				n.t.Fatalf("transaction %s: %v", h, err)
			}
			if tx.Type == "user_transaction" {
				return tx, true
			}
		case 404:
			if unknownSince.IsZero() {
				unknownSince = time.Now()
			} else if time.Since(unknownSince) > 2*time.Second {
				return committed{}, false
			}
			time.Sleep(20 * time.Millisecond)
		default:
			n.t.Fatalf("wait_by_hash %s: %d %s", h, status, clip(b))
		}
	}
	n.t.Fatalf("transaction %s neither committed nor dropped within %s: block production stalls", h, waitLimit)
	return committed{}, false
}

// simulate posts st, with its signature zeroed, to the simulation endpoint.
func (n *node) simulate(st *txn.SignedTransaction) (int, []byte) {
	n.t.Helper()
	sim := *st
	sim.Auth.Sender.Signature = make([]byte, len(st.Auth.Sender.Signature))
	return n.do("POST", "/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, sim.Bytes())
}

// failedSafely checks the safe outcome of a hostile transaction: refused
// at submission, or committed as a failure with a named VM status.
func (n *node) failedSafely(what string, o outcome) {
	n.t.Helper()
	n.t.Logf("%s: %s", what, o)
	if o.refused {
		return
	}
	if o.txn.Success {
		n.t.Errorf("%s succeeded: the hostile code ran to completion", what)
	} else if o.txn.VMStatus == "" || strings.Contains(strings.ToUpper(o.txn.VMStatus), "UNKNOWN") {
		n.t.Errorf("%s: vm_status %q names nothing", what, o.txn.VMStatus)
	}
}

func parseU64(t testing.TB, s string) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

// clip shortens a body for a message.
func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
