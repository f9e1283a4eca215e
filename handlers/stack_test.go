package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

type stack struct {
	base  string
	api   *handlers.API
	vm    *vmstub.VM
	node  *node.Node
	store *memstore.Store
}

// newStack runs the whole embedded ledger (memstore, mempool, vmstub, node)
// behind the API, as the bundled server does.
func newStack(t testing.TB, opts handlers.Options, blockInterval time.Duration) *stack {
	return newStackWith(t, opts, blockInterval, memstore.Options{ChainID: 4})
}

func newStackWith(t testing.TB, opts handlers.Options, blockInterval time.Duration, storeOpts memstore.Options) *stack {
	t.Helper()
	return newStackExec(t, opts, blockInterval, storeOpts, nil)
}

// newStackExec is newStackWith with the API's executor wrapped by wrap
// (nil: the VM itself).
func newStackExec(t testing.TB, opts handlers.Options, blockInterval time.Duration, storeOpts memstore.Options, wrap func(*vmstub.VM) handlers.Executor) *stack {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3})
	if err != nil {
		t.Fatal(err)
	}
	return newStackVM(t, vm, opts, blockInterval, storeOpts, wrap)
}

// newStackVM is newStackExec over a VM of the caller's.
func newStackVM(t testing.TB, vm *vmstub.VM, opts handlers.Options, blockInterval time.Duration, storeOpts memstore.Options, wrap func(*vmstub.VM) handlers.Executor) *stack {
	t.Helper()
	store := memstore.New(storeOpts)
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{BlockInterval: blockInterval})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	var exec handlers.Executor = vm
	if wrap != nil {
		exec = wrap(vm)
	}
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: exec, Modules: vm}, opts)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	return &stack{base: httptestServer(t, mux) + "/v1", api: api, vm: vm, node: n, store: store}
}

func (s *stack) transfer(t testing.TB, from vmstub.DevAccount, seq uint64, to ledgerapi.Address, amount uint64) *txn.SignedTransaction {
	t.Helper()
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(to, amount),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
}

func post(t *testing.T, url, contentType string, body []byte) (int, map[string]any, http.Header) {
	t.Helper()
	resp, err := http.Post(url, contentType, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var m map[string]any
	json.Unmarshal(b, &m)
	return resp.StatusCode, m, resp.Header
}

func TestSubmitBCSThenWait(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	st := s.transfer(t, dev[0], 0, dev[1].Address, 1000)
	for _, ct := range []string{ledgerapi.ContentTypeAptosSignedTxnBCS} {
		status, body, _ := post(t, s.base+"/transactions", ct, st.Bytes())
		if status != 202 || body["hash"] != st.Hash().String() {
			t.Fatalf("submit: %d %v", status, body)
		}
		if _, has := body["type"]; has {
			t.Fatal("the submit response is the bare pending transaction (no type)")
		}
	}
	status, body := getAny(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String())
	m := body.(map[string]any)
	if status != 200 || m["type"] != "user_transaction" || m["success"] != true {
		t.Fatalf("wait_by_hash: %d %v", status, m)
	}
	// Resubmitting the committed transaction is rejected by the prologue.
	status, body2, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeSignedTxnBCS, st.Bytes())
	if status != 400 || body2["error_code"] != "vm_error" || body2["vm_error_code"] != float64(3) {
		t.Fatalf("replay: %d %v", status, body2)
	}
}

func TestSubmitRejections(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	good := s.transfer(t, dev[0], 0, dev[1].Address, 1)
	bad := s.transfer(t, dev[0], 0, dev[1].Address, 1)
	bad.Auth.Sender.Signature[5] ^= 1
	wrongChain := s.transfer(t, dev[0], 0, dev[1].Address, 1)
	wrongChain.Raw.ChainID = 9
	wrongChain = dev[0].Sign(wrongChain.Raw)
	cases := []struct {
		name, ct string
		body     []byte
		status   int
		code     string
	}{
		{"bad signature", ledgerapi.ContentTypeAptosSignedTxnBCS, bad.Bytes(), 400, "vm_error"},
		{"wrong chain", ledgerapi.ContentTypeAptosSignedTxnBCS, wrongChain.Bytes(), 400, "vm_error"},
		{"truncated", ledgerapi.ContentTypeAptosSignedTxnBCS, good.Bytes()[:50], 400, "invalid_input"},
		{"trailing", ledgerapi.ContentTypeAptosSignedTxnBCS, append(good.Bytes(), 0), 400, "invalid_input"},
		{"empty", ledgerapi.ContentTypeAptosSignedTxnBCS, nil, 400, "invalid_input"},
		{"text/plain", "text/plain", good.Bytes(), 415, "web_framework_error"},
		{"bad json", "application/json", []byte(`{"sender":`), 400, "web_framework_error"},
		{"too large", "application/json", bytes.Repeat([]byte(" "), handlers.DefaultMaxBodyBytes+1), 413, "web_framework_error"},
	}
	for _, c := range cases {
		status, body, hdr := post(t, s.base+"/transactions", c.ct, c.body)
		if status != c.status || body["error_code"] != c.code {
			t.Errorf("%s: %d %v, want %d %s", c.name, status, body, c.status, c.code)
		}
		if msg, _ := body["message"].(string); msg == "" {
			t.Errorf("%s: no message", c.name)
		}
		if hdr.Get(ledgerapi.HeaderLedgerVersion) == "" {
			t.Errorf("%s: no ledger headers on the error", c.name)
		}
	}
}

func TestWaitByHashWakesOnCommit(t *testing.T) {
	s := newStack(t, handlers.Options{WaitByHashTimeout: 3 * time.Second}, 300*time.Millisecond)
	dev := s.vm.DevAccounts()
	st := s.transfer(t, dev[0], 0, dev[1].Address, 1)
	if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeSignedTxnBCS, st.Bytes()); status != 202 {
		t.Fatalf("submit: %d %v", status, body)
	}
	committed := make(chan time.Time, 1)
	signal := s.node.CommitSignal()
	go func() {
		<-signal
		committed <- time.Now()
	}()
	status, body := getAny(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String())
	returned := time.Now()
	if status != 200 || body.(map[string]any)["type"] != "user_transaction" {
		t.Fatalf("wait: %d %v", status, body)
	}
	committedAt := <-committed
	if returned.Sub(committedAt) > 100*time.Millisecond {
		t.Fatalf("returned %v after the commit", returned.Sub(committedAt))
	}
	// Unknown hashes are 404 at once.
	status, _ = getAny(t, s.base+"/transactions/wait_by_hash/0x"+zeros(64))
	if status != 404 {
		t.Fatalf("unknown hash: %d", status)
	}
}

func TestWaitByHashCapAndDisconnects(t *testing.T) {
	s := newStack(t, handlers.Options{WaitByHashTimeout: 2 * time.Second, MaxWaiters: 2}, time.Hour)
	dev := s.vm.DevAccounts()
	st := s.transfer(t, dev[0], 0, dev[1].Address, 1)
	post(t, s.base+"/transactions", ledgerapi.ContentTypeSignedTxnBCS, st.Bytes())
	url := s.base + "/transactions/wait_by_hash/" + st.Hash().String()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ { // fill the cap with waiters that will disconnect
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		}()
	}
	deadline := time.Now().Add(time.Second)
	for s.api.WaitersInUse() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	status, body := getAny(t, url) // beyond the cap: a plain lookup
	if status != 200 || body.(map[string]any)["type"] != "pending_transaction" || time.Since(start) > 500*time.Millisecond {
		t.Fatalf("over the cap: %d %v after %v", status, body, time.Since(start))
	}
	cancel()
	wg.Wait()
	deadline = time.Now().Add(time.Second)
	for s.api.WaitersInUse() != 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := s.api.WaitersInUse(); n != 0 {
		t.Fatalf("%d waiter slots leaked after disconnects", n)
	}
}

func TestViewSimulateAndAccounts(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	resp, err := http.Post(s.base+"/view", "application/json",
		strings.NewReader(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["`+dev[0].Address.String()+`"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var vals []string
	json.NewDecoder(resp.Body).Decode(&vals)
	resp.Body.Close()
	if resp.StatusCode != 200 || len(vals) != 1 || vals[0] == "0" || resp.Header.Get(ledgerapi.HeaderGasUsed) == "" {
		t.Fatalf("view: %d %v", resp.StatusCode, vals)
	}
	st := s.transfer(t, dev[0], 0, dev[1].Address, 5)
	st.Auth.Sender.Signature = make([]byte, 64)
	resp, err = http.Post(s.base+"/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(st.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var sims []map[string]any
	json.NewDecoder(resp.Body).Decode(&sims)
	resp.Body.Close()
	if resp.StatusCode != 200 || len(sims) != 1 || sims[0]["success"] != true {
		t.Fatalf("simulate: %d %v", resp.StatusCode, sims)
	}
	valid := s.transfer(t, dev[0], 0, dev[1].Address, 5)
	status, body, _ := post(t, s.base+"/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, valid.Bytes())
	if status != 400 || !strings.Contains(body["message"].(string), "must not have a valid signature") {
		t.Fatalf("simulate with a valid signature: %d %v", status, body)
	}
	code, acct := getAny(t, s.base+"/accounts/"+dev[0].Address.String())
	if code != 200 || acct.(map[string]any)["sequence_number"] != "0" {
		t.Fatalf("account: %d %v", code, acct)
	}
	code, res := getAny(t, s.base+"/accounts/0x1/resource/0x1::chain_id::ChainId")
	if code != 200 || res.(map[string]any)["data"].(map[string]any)["id"] != float64(4) {
		t.Fatalf("chain id resource: %d %v", code, res)
	}
	code, res = getAny(t, s.base+"/accounts/0x1/resource/0x1::nope::Nope")
	if code != 404 || res.(map[string]any)["error_code"] != "resource_not_found" {
		t.Fatalf("missing resource: %d %v", code, res)
	}
	code, res = getAny(t, s.base+"/accounts/0x1/resource/not-a-tag")
	if code != 400 || res.(map[string]any)["error_code"] != "invalid_input" {
		t.Fatalf("bad tag: %d %v", code, res)
	}
	code, bal := getAny(t, s.base+"/accounts/"+dev[0].Address.String()+"/balance/0x1::aptos_coin::AptosCoin")
	if code != 200 || bal.(float64) <= 0 {
		t.Fatalf("balance: %d %v", code, bal)
	}
	code, mod := getAny(t, s.base+"/accounts/0x1/module/aptos_account")
	if code != 200 || mod.(map[string]any)["abi"] == nil {
		t.Fatalf("module: %d", code)
	}
}
