package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

var errInjected = errors.New("injected storage fault")

// faultyStore fails every nth read of state and transactions while armed.
type faultyStore struct {
	storage.Reader
	every    uint64
	armed    atomic.Bool
	calls    atomic.Uint64
	injected atomic.Uint64
}

func (f *faultyStore) fault() error {
	if f.armed.Load() && f.calls.Add(1)%f.every == 0 {
		f.injected.Add(1)
		return errInjected
	}
	return nil
}

func (f *faultyStore) StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	return f.Reader.StateValue(ctx, key, version)
}

func (f *faultyStore) TransactionByVersion(ctx context.Context, version uint64) (storage.Transaction, error) {
	if err := f.fault(); err != nil {
		return storage.Transaction{}, err
	}
	return f.Reader.TransactionByVersion(ctx, version)
}

func (f *faultyStore) TransactionByHash(ctx context.Context, h ledgerapi.HashValue) (storage.Transaction, error) {
	if err := f.fault(); err != nil {
		return storage.Transaction{}, err
	}
	return f.Reader.TransactionByHash(ctx, h)
}

// soakCounts tallies what the soak saw.
type soakCounts struct {
	requests, accepted, mempoolFull, overloaded, injected500, disconnects, other5xx atomic.Int64
}

// TestSoak runs a bounded mixed load on loopback: concurrent BCS submits,
// reads, views, simulations and wait_by_hash long polls, with faults
// injected — clients that disconnect mid-request and mid-long-poll, a
// store wrapper that fails reads, and a mempool small enough to fill up.
// Nothing but the injected faults may give a 5xx; every accepted
// transaction commits exactly once, in order, successfully; APT is
// conserved; and no goroutine outlives the load.
func TestSoak(t *testing.T) {
	senders, per := 12, 50
	if testing.Short() {
		senders, per = 4, 10
	}
	vm, err := vmstub.New(vmstub.Options{DevAccounts: senders})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{Capacity: senders / 3}) // small enough to fill up
	n, err := node.New(store, pool, vm, node.Options{BlockInterval: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	faulty := &faultyStore{Reader: store, every: 23}
	api, err := handlers.New(handlers.Deps{Store: faulty, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{WaitByHashTimeout: 200 * time.Millisecond, MaxWaiters: 4})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	defer srv.Close()
	transport := &http.Transport{MaxIdleConnsPerHost: 64}
	client := &http.Client{Transport: transport}
	devs := vm.DevAccounts()
	supply := func() uint64 {
		t.Helper()
		var out []struct {
			Vec []string `json:"vec"`
		}
		body := []byte(`{"function":"0x1::coin::supply","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":[]}`)
		resp, err := client.Post(srv.URL+"/view", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || len(out) != 1 || len(out[0].Vec) != 1 {
			t.Fatalf("supply: %d %v %v", resp.StatusCode, out, err)
		}
		v, _ := strconv.ParseUint(out[0].Vec[0], 10, 64)
		return v
	}
	genesisSupply := supply()
	runtime.GC()
	baseline := runtime.NumGoroutine()

	var c soakCounts
	var recentMu sync.Mutex
	var recent []ledgerapi.HashValue
	// do sends one request; a 5xx must be an injected storage fault or a
	// full mempool. ctx may end early (a client disconnecting).
	do := func(ctx context.Context, method, path, ct string, body []byte) (int, []byte) {
		req, _ := http.NewRequestWithContext(ctx, method, srv.URL+path, bytes.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		c.requests.Add(1)
		resp, err := client.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				c.disconnects.Add(1)
				return 0, nil
			}
			t.Errorf("%s %s: %v", method, path, err)
			return 0, nil
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil && ctx.Err() != nil {
			c.disconnects.Add(1)
			return 0, nil
		}
		if resp.StatusCode >= 500 {
			var e ledgerapi.Error
			json.Unmarshal(b, &e)
			switch {
			case resp.StatusCode == 507 && e.ErrorCode == ledgerapi.CodeMempoolIsFull:
				c.mempoolFull.Add(1)
			case resp.StatusCode == 500 && e.ErrorCode == ledgerapi.CodeInternalError:
				c.injected500.Add(1)
			case resp.StatusCode == 503 && e.ErrorCode == ledgerapi.CodeHealthCheckFailed && resp.Header.Get("Retry-After") != "" &&
				(path == "/view" || path == "/transactions/simulate"):
				// The admission bound shedding a view or simulation that
				// waited longer than the queue timeout for a slot: the
				// node protecting itself, which a loaded machine (slow
				// views) makes happen.
				c.overloaded.Add(1)
			default:
				c.other5xx.Add(1)
				t.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
			}
		}
		return resp.StatusCode, b
	}

	exp := uint64(time.Now().Add(5 * time.Minute).Unix())
	accepted := make([][]*txn.SignedTransaction, senders)
	faulty.armed.Store(true)
	var load sync.WaitGroup
	for s := range senders {
		load.Add(1)
		go func() { // a sender: transfers in sequence order, retrying a full mempool
			defer load.Done()
			to := devs[(s+1)%senders].Address
			for q := 0; q < per; {
				st := devs[s].Sign(txn.RawTransaction{Sender: devs[s].Address, SequenceNumber: uint64(q),
					Payload: vmstub.TransferPayload(to, uint64(1+q)), MaxGasAmount: 10_000, GasUnitPrice: 100,
					ExpirationTimestampSecs: exp, ChainID: 4})
				status, body := do(context.Background(), "POST", "/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
				switch status {
				case 202:
					c.accepted.Add(1)
					accepted[s] = append(accepted[s], st)
					recentMu.Lock()
					recent = append(recent, st.Hash())
					recentMu.Unlock()
					q++
				case 507, 500:
					time.Sleep(time.Millisecond) // full mempool or injected fault: retry
				default:
					t.Errorf("sender %d seq %d: %d %s", s, q, status, body)
					return
				}
			}
		}()
	}
	stop := make(chan struct{})
	var side sync.WaitGroup
	pick := func(rng *rand.Rand) ledgerapi.HashValue {
		recentMu.Lock()
		defer recentMu.Unlock()
		if len(recent) == 0 {
			return ledgerapi.HashValue{}
		}
		return recent[rng.IntN(len(recent))]
	}
	for w := range 6 {
		side.Add(1)
		go func() { // readers, viewers, simulators and waiters, some hanging up early
			defer side.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			dev := devs[w%senders]
			for {
				select {
				case <-stop:
					return
				default:
				}
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				if rng.IntN(4) == 0 {
					ctx, cancel = context.WithTimeout(ctx, time.Duration(rng.IntN(3000))*time.Microsecond)
				}
				switch rng.IntN(6) {
				case 0:
					do(ctx, "GET", "/accounts/"+dev.Address.String()+"/resource/0x1::account::Account", "", nil)
				case 1:
					do(ctx, "GET", "/transactions?limit=5", "", nil)
				case 2:
					do(ctx, "POST", "/view", ledgerapi.ContentTypeJSON, []byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["`+dev.Address.String()+`"]}`))
				case 3:
					sim := devs[w%senders].Sign(txn.RawTransaction{Sender: dev.Address, SequenceNumber: 1 << 40, Payload: vmstub.TransferPayload(dev.Address, 1),
						MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: exp, ChainID: 4})
					sim.Auth.Sender.Signature = make([]byte, 64)
					do(ctx, "POST", "/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, sim.Bytes())
				default:
					if h := pick(rng); h != (ledgerapi.HashValue{}) {
						do(ctx, "GET", "/transactions/wait_by_hash/"+h.String(), "", nil)
					}
				}
				cancel()
			}
		}()
	}
	load.Wait()
	close(stop)
	side.Wait()
	faulty.armed.Store(false)

	// Every accepted transaction commits exactly once, in order, successfully.
	ctx := context.Background()
	deadline := time.Now().Add(30 * time.Second)
	var burnt uint64
	for s := range senders {
		if len(accepted[s]) != per {
			t.Fatalf("sender %d: %d accepted, want %d", s, len(accepted[s]), per)
		}
		last := accepted[s][per-1].Hash()
		for {
			if _, err := store.TransactionByHash(ctx, last); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("sender %d: accepted transactions never committed", s)
			}
			time.Sleep(5 * time.Millisecond)
		}
		info, _ := store.LedgerInfo(ctx)
		txns, err := store.AccountTransactions(ctx, devs[s].Address, 0, per+5, info.Version)
		if err != nil {
			t.Fatal(err)
		}
		if len(txns) != per {
			t.Fatalf("sender %d: %d committed, want exactly %d", s, len(txns), per)
		}
		for i, tx := range txns {
			if *tx.SequenceNumber != uint64(i) || tx.Hash != accepted[s][i].Hash() || !tx.Info.Success() {
				t.Fatalf("sender %d position %d: seq %d hash %s %s", s, i, *tx.SequenceNumber, tx.Hash, tx.Info.Status.String())
			}
			burnt += tx.Info.GasUsed * 100
		}
	}
	// APT is conserved: the supply dropped by exactly the fees burnt, and
	// the senders' balances moved by the transfers and their fees only.
	if got := supply(); got != genesisSupply-burnt {
		t.Fatalf("supply %d, want genesis %d - burnt %d", got, genesisSupply, burnt)
	}

	// No goroutine outlives the load.
	transport.CloseIdleConnections()
	var now int
	for range 200 {
		runtime.GC()
		if now = runtime.NumGoroutine(); now <= baseline {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if now > baseline {
		t.Errorf("%d goroutines after the load, %d before", now, baseline)
	}
	if api.WaitersInUse() != 0 {
		t.Errorf("%d wait_by_hash slots still held", api.WaitersInUse())
	}
	t.Logf("soak: %d requests, %d transactions accepted and committed, %d mempool-full answers, %d views shed, %d storage faults injected (%d answered 500), %d client disconnects, %d other 5xx, goroutines %d → %d",
		c.requests.Load(), c.accepted.Load(), c.mempoolFull.Load(), c.overloaded.Load(), faulty.injected.Load(), c.injected500.Load(), c.disconnects.Load(), c.other5xx.Load(), baseline, now)
	if c.injected500.Load() > int64(faulty.injected.Load()) {
		t.Errorf("%d 500s for %d injected faults", c.injected500.Load(), faulty.injected.Load())
	}
}
