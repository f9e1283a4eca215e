package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// slowExec is an executor whose views and simulations block until
// released: views answer [true], simulations run on the VM afterwards.
type slowExec struct {
	*vmstub.VM
	started  chan struct{}                 // one value per call started
	release  atomic.Pointer[chan struct{}] // closed: calls may finish
	returned atomic.Int64                  // calls that returned
	stop     bool                          // return when the call's context ends
	ctxErr   chan error                    // with stop: the context's error
	panics   bool
}

func newSlowExec(vm *vmstub.VM) *slowExec {
	e := &slowExec{VM: vm, started: make(chan struct{}, 64), ctxErr: make(chan error, 64)}
	e.block()
	return e
}

// block makes the next calls wait; unblock lets every waiting and future
// call finish.
func (e *slowExec) block()   { ch := make(chan struct{}); e.release.Store(&ch) }
func (e *slowExec) unblock() { close(*e.release.Load()) }

func (e *slowExec) wait(state storage.View) error {
	e.started <- struct{}{}
	defer e.returned.Add(1)
	if e.panics {
		panic("executor bug")
	}
	release := *e.release.Load()
	if !e.stop {
		<-release
		return nil
	}
	ctx := state.(interface{ Context() context.Context }).Context()
	if _, ok := ctx.Deadline(); !ok {
		e.ctxErr <- nil
		return nil
	}
	select {
	case <-release:
		return nil
	case <-ctx.Done():
		e.ctxErr <- ctx.Err()
		return ctx.Err()
	}
}

func (e *slowExec) View(state storage.View, _ ledgerapi.EntryFunctionId, _ []ledgerapi.TypeTag, _ [][]byte) ([][]byte, []ledgerapi.TypeTag, uint64, error) {
	if err := e.wait(state); err != nil {
		return nil, nil, 0, err
	}
	return [][]byte{{1}}, []ledgerapi.TypeTag{ledgerapi.TypeBool}, 7, nil
}

func (e *slowExec) Simulate(state storage.View, blk storage.Block, st *txn.SignedTransaction, opts ledgerapi.SimulateOptions) (storage.Transaction, *txn.RawTransaction, error) {
	if err := e.wait(state); err != nil {
		return storage.Transaction{}, nil, err
	}
	return e.VM.Simulate(state, blk, st, opts)
}

// admissionStack is the whole ledger with slowExec as the API's executor.
type admissionStack struct {
	*stack
	exec *slowExec
	sim  []byte // a simulation request (BCS)
}

func newAdmissionStack(t *testing.T, opts handlers.Options) *admissionStack {
	t.Helper()
	var exec *slowExec
	s := newStackExec(t, opts, 0, memstore.Options{ChainID: 4}, func(vm *vmstub.VM) handlers.Executor {
		exec = newSlowExec(vm)
		return exec
	})
	sim := s.transfer(t, s.vm.DevAccounts()[0], 0, s.vm.DevAccounts()[1].Address, 5)
	sim.Auth.Sender.Signature = make([]byte, 64)
	return &admissionStack{stack: s, exec: exec, sim: sim.Bytes()}
}

// viewBody is a BCS view request; n makes it distinct (the result cache).
func viewBody(n byte) []byte {
	f := txn.EntryFunction{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "slow"}, Function: "f", Args: [][]byte{{n}}}
	return bcs.Marshal(&f)
}

// serve calls the API in process (no connections, so that goroutines
// can be counted).
func (s *admissionStack) serve(ctx context.Context, method, path, contentType string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body)).WithContext(ctx)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	s.api.ServeHTTP(w, req)
	return w
}

func (s *admissionStack) view(n byte) *httptest.ResponseRecorder {
	return s.serve(context.Background(), "POST", "/view", ledgerapi.ContentTypeAptosViewFunctionBCS, viewBody(n))
}

func (s *admissionStack) simulate() *httptest.ResponseRecorder {
	return s.serve(context.Background(), "POST", "/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, s.sim)
}

// goView starts a view on its own goroutine and waits until the executor
// runs it; the channel receives its answer.
func (s *admissionStack) goView(t *testing.T, n byte) chan *httptest.ResponseRecorder {
	t.Helper()
	out := make(chan *httptest.ResponseRecorder, 1)
	go func() { out <- s.view(n) }()
	<-s.exec.started
	return out
}

// wantOverload checks a 503 health_check_failed with Retry-After whose
// message says why.
func wantOverload(t *testing.T, what string, w *httptest.ResponseRecorder, why string) {
	t.Helper()
	var e ledgerapi.Error
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code != http.StatusServiceUnavailable ||
		e.ErrorCode != ledgerapi.CodeHealthCheckFailed || !strings.Contains(e.Message, why) {
		t.Fatalf("%s: %d %s, want 503 health_check_failed saying %q", what, w.Code, w.Body, why)
	}
	if w.Header().Get("Retry-After") != "1" {
		t.Fatalf("%s: Retry-After %q", what, w.Header().Get("Retry-After"))
	}
	if why != "request ended" && w.Header().Get(ledgerapi.HeaderLedgerVersion) == "" {
		t.Fatalf("%s: no ledger headers", what)
	}
}

func wantStatus(t *testing.T, what string, w *httptest.ResponseRecorder, status int) {
	t.Helper()
	if w.Code != status {
		t.Fatalf("%s: %d %s, want %d", what, w.Code, w.Body, status)
	}
}

// eventually polls cond (a state another goroutine reaches, not a speed).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// TestAdmissionBusy: with every slot taken, the next view and the next
// simulation (they share the slots) answer 503 at once without reaching
// the executor, while reads go on; once the slots free, calls run again.
func TestAdmissionBusy(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: 2, ViewQueueTimeout: -1, ViewTimeout: time.Hour})
	first, second := s.goView(t, 1), s.goView(t, 2)

	wantOverload(t, "third view", s.view(3), "all 2 slots for views and simulations are in use")
	wantOverload(t, "simulation", s.simulate(), "retry the simulation later")
	if got := len(s.exec.started); got != 0 {
		t.Fatalf("refused calls reached the executor %d times", got)
	}
	for _, path := range []string{"/", "/accounts/0x1", "/transactions?limit=2"} {
		wantStatus(t, "GET "+path+" while views run", s.serve(context.Background(), "GET", path, "", nil), 200)
	}

	s.exec.unblock()
	for _, ch := range []chan *httptest.ResponseRecorder{first, second} {
		w := <-ch
		if w.Code != 200 || w.Body.String() != "[true]" || w.Header().Get(ledgerapi.HeaderGasUsed) != "7" {
			t.Fatalf("a running view: %d %s", w.Code, w.Body)
		}
	}
	if n := s.api.ExecRunning(); n != 0 {
		t.Fatalf("%d slots still taken after the answers", n)
	}
	if w := s.view(3); w.Code != 200 || w.Body.String() != "[true]" {
		t.Fatalf("a view after the slots freed: %d %s", w.Code, w.Body)
	}
	var out []map[string]any
	if w := s.simulate(); w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &out) != nil || len(out) != 1 || out[0]["success"] != true {
		t.Fatalf("a simulation after the slots freed: %d %s", w.Code, w.Body)
	}
}

// TestAdmissionQueue: a call that finds the slots busy waits for one in
// turn; one whose client goes away while waiting leaves the queue.
func TestAdmissionQueue(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: 1, ViewQueueTimeout: time.Hour, ViewTimeout: time.Hour})
	first := s.goView(t, 1)
	queued := make(chan *httptest.ResponseRecorder, 1)
	go func() { queued <- s.view(2) }()
	ctx, hangUp := context.WithCancel(context.Background())
	gone := make(chan *httptest.ResponseRecorder, 1)
	go func() { gone <- s.serve(ctx, "POST", "/view", ledgerapi.ContentTypeAptosViewFunctionBCS, viewBody(3)) }()
	eventually(t, "two calls wait for the slot", func() bool { return s.api.ExecWaiting() == 2 })

	hangUp()
	wantOverload(t, "a waiting call whose client left", <-gone, "request ended")
	eventually(t, "the call left the queue", func() bool { return s.api.ExecWaiting() == 1 })

	s.exec.unblock()
	for name, ch := range map[string]chan *httptest.ResponseRecorder{"running": first, "queued": queued} {
		if w := <-ch; w.Code != 200 || w.Body.String() != "[true]" {
			t.Fatalf("the %s view: %d %s", name, w.Code, w.Body)
		}
	}
	if got := s.exec.returned.Load(); got != 2 {
		t.Fatalf("the executor ran %d calls, want 2", got)
	}
}

// TestAdmissionTimeout: a call past its time bound answers 503 at once,
// even from an executor that does not stop; that call keeps its slot
// until it returns, then the slot serves again, and no goroutine is left.
func TestAdmissionTimeout(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: 1, ViewQueueTimeout: -1, ViewTimeout: 20 * time.Millisecond})
	runtime.GC()
	baseline := runtime.NumGoroutine()

	wantOverload(t, "a view past its time", s.view(1), "did not finish within the node's time limit of 20ms")
	<-s.exec.started
	if s.exec.returned.Load() != 0 || s.api.ExecRunning() != 1 {
		t.Fatalf("the executor returned (%d) or its slot was freed (%d) before it finished", s.exec.returned.Load(), s.api.ExecRunning())
	}
	wantOverload(t, "a view while the timed-out one runs", s.view(2), "all 1 slots")

	s.exec.unblock()
	eventually(t, "the timed-out call frees its slot", func() bool { return s.api.ExecRunning() == 0 })
	if w := s.view(2); w.Code != 200 || w.Body.String() != "[true]" {
		t.Fatalf("a view after the slot freed: %d %s", w.Code, w.Body)
	}
	<-s.exec.started
	eventually(t, "no goroutine left behind", func() bool { return runtime.NumGoroutine() <= baseline })
}

// TestAdmissionTimeoutStopsExecutor: the executor sees the time bound as
// the deadline of its state's context, which ends when the call times out
// (views and simulations alike).
func TestAdmissionTimeoutStopsExecutor(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: 1, ViewQueueTimeout: -1, ViewTimeout: 20 * time.Millisecond})
	s.exec.stop = true
	for name, call := range map[string]func() *httptest.ResponseRecorder{"view": func() *httptest.ResponseRecorder { return s.view(1) }, "simulation": s.simulate} {
		wantOverload(t, name, call(), "did not finish within the node's time limit")
		<-s.exec.started
		if err := <-s.exec.ctxErr; err != context.DeadlineExceeded {
			t.Fatalf("%s: the executor's context ended with %v", name, err)
		}
		eventually(t, name+": the stopped call frees its slot", func() bool { return s.api.ExecRunning() == 0 })
	}
}

// TestAdmissionPanic: an executor panic on the call's goroutine is a 500
// internal_error, not the end of the process, and frees the slot.
func TestAdmissionPanic(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: 1, ViewQueueTimeout: -1, ViewTimeout: time.Hour})
	s.exec.panics = true
	w := s.view(1)
	<-s.exec.started
	if w.Code != 500 || w.Body.String() != `{"message":"internal error","error_code":"internal_error","vm_error_code":null}` {
		t.Fatalf("a panicking view: %d %s", w.Code, w.Body)
	}
	if s.api.ExecRunning() != 0 {
		t.Fatal("the panicking call kept its slot")
	}
}

// TestAdmissionCacheTakesNoSlot: a view answered from the result cache
// needs no slot.
func TestAdmissionCacheTakesNoSlot(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: 1, ViewQueueTimeout: -1, ViewTimeout: time.Hour})
	s.exec.unblock()
	wantStatus(t, "a first view", s.view(1), 200)
	<-s.exec.started
	s.exec.block()
	busy := s.goView(t, 2)
	wantOverload(t, "another view", s.view(3), "all 1 slots")
	if w := s.view(1); w.Code != 200 || w.Body.String() != "[true]" {
		t.Fatalf("a cached view with the slot busy: %d %s", w.Code, w.Body)
	}
	s.exec.unblock()
	wantStatus(t, "the running view", <-busy, 200)
}

// TestAdmissionUnbounded: MaxConcurrentViews < 0 lifts the bound.
func TestAdmissionUnbounded(t *testing.T) {
	s := newAdmissionStack(t, handlers.Options{MaxConcurrentViews: -1, ViewQueueTimeout: -1, ViewTimeout: time.Hour})
	var answers []chan *httptest.ResponseRecorder
	for i := range 8 {
		answers = append(answers, s.goView(t, byte(i)))
	}
	s.exec.unblock()
	for _, ch := range answers {
		wantStatus(t, "a view", <-ch, 200)
	}
}
