package handlers_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// spinModule is 0xcafe::spin with a #[view] spin(n: u64): u64 that counts
// to n: a view that runs until its gas runs out when n is large.
func spinModule(t testing.TB) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(cafeAddr, "spin").Version(bytecode.Version7)
	b.Function("spin", bytecode.Public, bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.U64}, Returns: []bytecode.SignatureToken{bytecode.U64},
		Locals: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{
			bytecode.I(bytecode.OpLdU64, 0), bytecode.I(bytecode.OpStLoc, 1), // i = 0
			bytecode.I(bytecode.OpCopyLoc, 1), bytecode.I(bytecode.OpCopyLoc, 0), bytecode.I(bytecode.OpLt), // 2: while i < n
			bytecode.I(bytecode.OpBrFalse, 11),
			bytecode.I(bytecode.OpCopyLoc, 1), bytecode.I(bytecode.OpLdU64, 1), bytecode.I(bytecode.OpAdd), bytecode.I(bytecode.OpStLoc, 1), // i = i + 1
			bytecode.I(bytecode.OpBranch, 2),
			bytecode.I(bytecode.OpMoveLoc, 1), bytecode.I(bytecode.OpRet), // 11: i
		}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"spin": {{Kind: bytecode.AttributeView}}}})
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// heavyView is a view of spin that runs until the view gas limit.
var heavyView = []byte(`{"function":"0xcafe::spin::spin","type_arguments":[],"arguments":["18446744073709551615"]}`)

// newSpinStack is the whole ledger with 0xcafe::spin published.
func newSpinStack(t testing.TB, opts handlers.Options) *stack {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2, Natives: []native.Module{deployerModule()}})
	if err != nil {
		t.Fatal(err)
	}
	s := newStackVM(t, vm, opts, 0, memstore.Options{ChainID: 4}, nil)
	dev := vm.DevAccounts()[0]
	pub := dev.Sign(txn.RawTransaction{Sender: dev.Address, Payload: deploy("publish", vmstub.BytesValue(spinModule(t))),
		MaxGasAmount: 100_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
	if out := submitAndWait(t, s.base, pub); out["success"] != true {
		t.Fatalf("publish: %v", out["vm_status"])
	}
	return s
}

// submitAndWait submits st (BCS) and waits until it is committed.
func submitAndWait(t testing.TB, base string, st *txn.SignedTransaction) map[string]any {
	t.Helper()
	resp, err := http.Post(base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(st.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submit: %d %s", resp.StatusCode, b)
	}
	for {
		resp, err := http.Get(base + "/transactions/wait_by_hash/" + st.Hash().String())
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("wait_by_hash: %d %v", resp.StatusCode, err)
		}
		if out["type"] == "user_transaction" {
			return out
		}
	}
}

// heavyLoad runs clients goroutines that send heavy views until stop is
// closed, and counts the answers by status.
func heavyLoad(base string, clients int, stop chan struct{}) (wait func() map[int]int) {
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := http.Post(base+"/view", ledgerapi.ContentTypeJSON, bytes.NewReader(heavyView))
				status := -1
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					status = resp.StatusCode
				}
				mu.Lock()
				counts[status]++
				mu.Unlock()
			}
		}()
	}
	return func() map[int]int {
		wg.Wait()
		return counts
	}
}

// TestAdmissionUnderHeavyViews: while 50 clients send views that run to
// the gas limit, GET /v1 and a transfer are served (they never wait for a
// view slot), the views beyond the slots answer 503 health_check_failed,
// and every view answer is a 200, a 400 (out of gas) or that 503.
func TestAdmissionUnderHeavyViews(t *testing.T) {
	if testing.Short() {
		t.Skip("runs heavy views")
	}
	s := newSpinStack(t, handlers.Options{MaxConcurrentViews: 1, ViewQueueTimeout: -1}) // the default on 2 CPUs
	stop := make(chan struct{})
	wait := heavyLoad(s.base, 50, stop)
	eventually(t, "the view slot fills", func() bool { return s.api.ExecRunning() == 1 })

	var info map[string]any
	getJSONInto(t, s.base, &info)
	if info["chain_id"] != float64(4) {
		t.Fatalf("GET /v1 under load: %v", info)
	}
	dev := s.vm.DevAccounts()
	before := aptBalance(t, s.base, dev[1].Address)
	if got := s.run(t, 0, vmstub.TransferPayload(dev[1].Address, 7)); got["success"] != true {
		t.Fatalf("a transfer under load: %v", got["vm_status"])
	}
	if after := aptBalance(t, s.base, dev[1].Address); after != before+7 {
		t.Fatalf("balance %d → %d", before, after)
	}
	close(stop)
	counts := wait()
	if counts[http.StatusServiceUnavailable] == 0 {
		t.Fatalf("no view was refused: %v", counts)
	}
	for status := range counts {
		if !slices.Contains([]int{200, 400, 503}, status) {
			t.Fatalf("view answers %v", counts)
		}
	}
	t.Logf("view answers by status: %v", counts)
}

// aptBalance reads an account's APT balance.
func aptBalance(t *testing.T, base string, a ledgerapi.Address) uint64 {
	t.Helper()
	var v uint64
	getJSONInto(t, base+"/accounts/"+a.String()+"/balance/0x1::aptos_coin::AptosCoin", &v)
	return v
}

// BenchmarkUnderHeavyViews measures GET /v1 and a transfer (submitted and
// committed) while 50 clients send views that run to the view gas limit,
// with the default admission control, with one slot per processor (none
// left free) and without a bound; "idle" is the same without the load. It
// reports the median and the worst of each, in milliseconds (samples 50
// ms apart, so that they span views starting, finishing and timing out),
// and logs the view answers by status.
//
//	go test ./handlers/ -run '^$' -bench UnderHeavyViews -benchtime 40x
func BenchmarkUnderHeavyViews(b *testing.B) {
	for _, c := range []struct {
		name    string
		clients int
		opts    handlers.Options
	}{
		{"idle", 0, handlers.Options{}},
		{"admission", 50, handlers.Options{}},
		{"admission-every-cpu", 50, handlers.Options{MaxConcurrentViews: runtime.GOMAXPROCS(0)}},
		{"unbounded", 50, handlers.Options{MaxConcurrentViews: -1, ViewTimeout: -1}},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := newSpinStack(b, c.opts)
			stop := make(chan struct{})
			wait := heavyLoad(s.base, c.clients, stop)
			time.Sleep(time.Second) // let every client send its first view
			dev := s.vm.DevAccounts()[1]
			var get, xfer []time.Duration
			b.ResetTimer()
			for i := range b.N {
				time.Sleep(50 * time.Millisecond) // spread the samples over the load
				t0 := time.Now()
				resp, err := http.Get(s.base)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("GET /v1: %d", resp.StatusCode)
				}
				get = append(get, time.Since(t0))
				t0 = time.Now()
				st := dev.Sign(txn.RawTransaction{Sender: dev.Address, SequenceNumber: uint64(i), Payload: vmstub.TransferPayload(cafeAddr, 1),
					MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
				if out := submitAndWait(b, s.base, st); out["success"] != true {
					b.Fatalf("transfer: %v", out["vm_status"])
				}
				xfer = append(xfer, time.Since(t0))
			}
			b.StopTimer()
			close(stop)
			counts := wait()
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			slices.Sort(get)
			slices.Sort(xfer)
			b.ReportMetric(ms(get[len(get)/2]), "get-p50-ms")
			b.ReportMetric(ms(get[len(get)-1]), "get-max-ms")
			b.ReportMetric(ms(xfer[len(xfer)/2]), "transfer-p50-ms")
			b.ReportMetric(ms(xfer[len(xfer)-1]), "transfer-max-ms")
			b.ReportMetric(0, "ns/op")
			b.Logf("view answers by status: %v", counts)
		})
	}
}
