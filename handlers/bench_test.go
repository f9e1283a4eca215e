package handlers_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
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

// benchAPI is the embedded ledger behind the API without a network, with
// one committed transfer so that there is a user transaction to read.
func benchAPI(b *testing.B, accounts int) (http.Handler, *vmstub.VM, uint64) {
	return benchAPIWith(b, accounts, handlers.Options{})
}

func benchAPIWith(b *testing.B, accounts int, opts handlers.Options) (http.Handler, *vmstub.VM, uint64) {
	b.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: accounts})
	if err != nil {
		b.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{PerAccountLimit: 1 << 20})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		b.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm}, opts)
	if err != nil {
		b.Fatal(err)
	}
	dev := vm.DevAccounts()
	st := dev[0].Sign(txn.RawTransaction{Sender: dev[0].Address, Payload: vmstub.TransferPayload(dev[1].Address, 1),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
	if _, err := n.Submit(context.Background(), st, st.Bytes(), st.Hash()); err != nil {
		b.Fatal(err)
	}
	var version uint64
	for {
		sig := n.CommitSignal()
		if t, err := store.TransactionByHash(context.Background(), st.Hash()); err == nil {
			version = t.Version
			break
		}
		<-sig
	}
	return api, vm, version
}

func benchGet(b *testing.B, h http.Handler, path string) {
	b.Helper()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			if rec.Code != 200 {
				b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
			}
		}
	})
}

// Hot reads, served in process (no network): go test -run='^$' -bench=. ./handlers
func BenchmarkGetAccountResource(b *testing.B) {
	h, vm, _ := benchAPI(b, 2)
	benchGet(b, h, "/accounts/"+vm.DevAccounts()[0].Address.String()+"/resource/0x1::account::Account")
}

func BenchmarkGetTransactionByVersion(b *testing.B) {
	h, _, v := benchAPI(b, 2)
	benchGet(b, h, "/transactions/by_version/"+ledgerapi.U64(v).String())
}

// BenchmarkViewJSON repeats one view at one version: after the first call
// it is answered from the view result cache. BenchmarkViewJSONExecuted
// runs the same request with the caches off, so every call is converted,
// executed and rendered.
func BenchmarkViewJSON(b *testing.B) { benchView(b, handlers.Options{}) }

func BenchmarkViewJSONExecuted(b *testing.B) {
	benchView(b, handlers.Options{RenderCacheEntries: -1})
}

func benchView(b *testing.B, opts handlers.Options) {
	h, vm, _ := benchAPIWith(b, 2, opts)
	body := []byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + vm.DevAccounts()[0].Address.String() + `"]}`)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "/view", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}

// BenchmarkSubmitBCS submits pre-signed transfers (signature verification
// and validation included; block production runs concurrently).
func BenchmarkSubmitBCS(b *testing.B) {
	const senders = 64
	h, vm, _ := benchAPI(b, senders)
	devs := vm.DevAccounts()
	per := b.N/senders + 1
	bodies := make([][]byte, 0, senders*per)
	for q := 0; q < per; q++ {
		for _, d := range devs {
			seq := uint64(q)
			if d.Address == devs[0].Address {
				seq++ // dev 0 already sent one transfer
			}
			st := d.Sign(txn.RawTransaction{Sender: d.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(devs[1].Address, 1),
				MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
			bodies = append(bodies, st.Bytes())
		}
	}
	var next atomic.Int64
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := next.Add(1) - 1
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "/transactions", bytes.NewReader(bodies[i]))
			req.Header.Set("Content-Type", ledgerapi.ContentTypeAptosSignedTxnBCS)
			h.ServeHTTP(rec, req)
			if rec.Code != 202 && !strings.Contains(rec.Body.String(), "SEQUENCE_NUMBER") {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
}

// BenchmarkWaitByHashWake measures how long after a block commit a pending
// wait_by_hash request returns over loopback HTTP (blocks every 20 ms, so
// a poll-based wait would show up as ~10 ms). Reports the median and worst
// commit→response delays.
func BenchmarkWaitByHashWake(b *testing.B) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1})
	if err != nil {
		b.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{PerAccountLimit: 1 << 20})
	n, err := node.New(store, pool, vm, node.Options{BlockInterval: 20 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{WaitByHashTimeout: 5 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	b.Cleanup(srv.Close)
	dev := vm.DevAccounts()[0]
	delays := make([]time.Duration, 0, b.N)
	for i := 0; b.Loop(); i++ {
		st := dev.Sign(txn.RawTransaction{Sender: dev.Address, SequenceNumber: uint64(i), Payload: vmstub.TransferPayload(dev.Address, 1),
			MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
		signal := n.CommitSignal()
		if _, err := n.Submit(context.Background(), st, st.Bytes(), st.Hash()); err != nil {
			b.Fatal(err)
		}
		committed := make(chan time.Time, 1)
		go func() {
			for {
				<-signal
				if _, err := store.TransactionByHash(context.Background(), st.Hash()); err == nil {
					committed <- time.Now()
					return
				}
				signal = n.CommitSignal()
			}
		}()
		resp, err := http.Get(srv.URL + "/transactions/wait_by_hash/" + st.Hash().String())
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		returned := time.Now()
		if resp.StatusCode != 200 {
			b.Fatalf("wait_by_hash: %d", resp.StatusCode)
		}
		delays = append(delays, returned.Sub(<-committed))
	}
	slices.Sort(delays)
	b.ReportMetric(float64(delays[len(delays)/2].Microseconds()), "µs-p50-wake")
	b.ReportMetric(float64(delays[len(delays)-1].Microseconds()), "µs-max-wake")
}

// BenchmarkBareJSONHandler is the baseline of the in-process read
// benchmarks: a bare net/http handler writing a fixed 300-byte JSON body,
// driven by the same harness (request, recorder, 2 goroutines).
func BenchmarkBareJSONHandler(b *testing.B) {
	body := []byte(`{"sequence_number":"0","authentication_key":"0x` + strings.Repeat("ab", 32) + `","padding":"` + strings.Repeat("x", 300-103) + `"}`)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		w.Write(body)
	})
	benchGet(b, h, "/accounts/0x1")
}
