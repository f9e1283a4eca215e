package devapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/vmstub"
)

func u(t *testing.T, v any) uint64 {
	t.Helper()
	s, ok := v.(string)
	n, err := strconv.ParseUint(s, 10, 64)
	if !ok || err != nil {
		t.Fatalf("%v is not a u64 string", v)
	}
	return n
}

func TestMiningOverHTTP(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	dev := s.vm.DevAccounts()
	if status, out := s.devPost(t, "/pause", ""); status != 200 || out["paused"] != true || out["mode"] != "instant" {
		t.Fatalf("pause: %d %v", status, out)
	}
	st := s.sign(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 5), time.Now().Add(time.Minute))
	s.submit(t, st)
	status, out := s.devPost(t, "/mine", `{"blocks":2,"include_pending":false}`)
	heights, _ := out["block_heights"].([]any)
	if status != 200 || len(heights) != 2 || u(t, heights[1]) != u(t, heights[0])+1 {
		t.Fatalf("mine 2 empty blocks: %d %v", status, out)
	}
	_, block := do(t, http.MethodGet, s.base+"/blocks/by_height/"+heights[1].(string), "", nil)
	if b := object(t, block); b["first_version"] == nil || u(t, b["last_version"])-u(t, b["first_version"]) != 1 {
		t.Errorf("a mined empty block holds more than its metadata and checkpoint: %v", b)
	}
	if status, _ := do(t, http.MethodGet, s.base+"/transactions/by_hash/"+st.Hash().String(), "", nil); status != 200 {
		t.Fatalf("the pending transaction: %d", status) // pending answers 200 too
	}
	if status, out := s.devPost(t, "/mine", ""); status != 200 || len(out["block_heights"].([]any)) != 1 {
		t.Fatalf("mine: %d %v", status, out)
	}
	s.wait(t, st.Hash())

	status, out = s.devPost(t, "/mining", `{"mode":"interval","interval_ms":"40","paused":false}`)
	if status != 200 || out["mode"] != "interval" || out["interval_ms"] != "40" || out["paused"] != false {
		t.Fatalf("interval mode: %d %v", status, out)
	}
	_, info := do(t, http.MethodGet, s.base+"/", "", nil)
	from := u(t, object(t, info)["block_height"])
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, info := do(t, http.MethodGet, s.base+"/", "", nil)
		if u(t, object(t, info)["block_height"]) >= from+3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no blocks in interval mode")
		}
		time.Sleep(20 * time.Millisecond)
	}
	status, out = s.devPost(t, "/mining", `{"mode":"idle_interval","interval_ms":60000}`)
	if status != 200 || out["mode"] != "idle_interval" || out["interval_ms"] != "60000" {
		t.Fatalf("idle-interval mode: %d %v", status, out)
	}
	next := s.sign(dev[0], 1, vmstub.TransferPayload(dev[1].Address, 5), time.Now().Add(time.Minute))
	s.submit(t, next)
	s.wait(t, next.Hash()) // committed at once, not after a minute
	status, b := do(t, http.MethodGet, s.dev+"/mining", "", nil)
	if status != 200 || object(t, b)["mode"] != "idle_interval" {
		t.Errorf("GET mining: %d %s", status, b)
	}
}

func TestTimeOverHTTP(t *testing.T) {
	s := newStack(t, stores(t)["pebble"](), handlers.Options{})
	s.devPost(t, "/pause", "")
	status, before := s.devPost(t, "/time/increase", `{"seconds":3600}`)
	if status != 200 || u(t, before["now_usec"]) < uint64(time.Now().Add(59*time.Minute).UnixMicro()) {
		t.Fatalf("increase: %d %v", status, before)
	}
	s.devPost(t, "/mine", "")
	view := `{"function":"0x1::timestamp::now_seconds","type_arguments":[],"arguments":[]}`
	_, secs := do(t, http.MethodPost, s.base+"/view", "application/json", []byte(view))
	_, info := do(t, http.MethodGet, s.base+"/", "", nil)
	ts := u(t, object(t, info)["ledger_timestamp"])
	if want := fmt.Sprintf(`["%d"]`, ts/1_000_000); string(secs) != want || ts < uint64(time.Now().Add(59*time.Minute).UnixMicro()) {
		t.Errorf("now_seconds %s with ledger timestamp %d an hour ahead", secs, ts)
	}
	target := ts + 10_000_000
	status, out := s.devPost(t, "/time/next_block_timestamp", fmt.Sprintf(`{"timestamp_usec":"%d"}`, target))
	if status != 200 || u(t, out["now_usec"]) < target {
		t.Fatalf("next block timestamp: %d %v", status, out)
	}
	_, mined := s.devPost(t, "/mine", "")
	h := mined["block_heights"].([]any)[0].(string)
	_, block := do(t, http.MethodGet, s.base+"/blocks/by_height/"+h, "", nil)
	if got := u(t, object(t, block)["block_timestamp"]); got != target {
		t.Errorf("block %s timestamp %d, want %d", h, got, target)
	}
	status, out = s.devPost(t, "/time/next_block_timestamp", fmt.Sprintf(`{"timestamp_usec":"%d"}`, target))
	if status != 400 || out["error_code"] != "invalid_input" {
		t.Errorf("a timestamp not above the latest: %d %v", status, out)
	}
}

// TestTimeTravelPastExpiration: a pending transaction whose expiration the
// clock jumps past is dropped, and submitting it again is refused.
func TestTimeTravelPastExpiration(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	dev := s.vm.DevAccounts()
	s.devPost(t, "/pause", "")
	st := s.sign(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 5), time.Now().Add(time.Minute))
	s.submit(t, st)
	if status, out := s.devPost(t, "/time/increase", `{"seconds":"120"}`); status != 200 {
		t.Fatalf("increase: %d %v", status, out)
	}
	s.devPost(t, "/mine", "")
	if status, body := do(t, http.MethodGet, s.base+"/transactions/by_hash/"+st.Hash().String(), "", nil); status != 404 {
		t.Errorf("the expired transaction: %d %s", status, body)
	}
	status, body := do(t, http.MethodPost, s.base+"/transactions", "application/x.aptos.signed_transaction+bcs", st.Bytes())
	if m := object(t, body); status != 400 || m["vm_error_code"] != float64(6) {
		t.Errorf("resubmitting the expired transaction: %d %s (want TRANSACTION_EXPIRED, 6)", status, body)
	}
}
