package devapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
)

// TestRandomnessSeedOverHTTP: a pinned seed is the next blocks'
// PerBlockRandomness seed; a seed that is not 32 bytes is invalid input;
// null unpins it, and blocks get seeds of their own again.
func TestRandomnessSeedOverHTTP(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	seed := "0x" + strings.Repeat("ab", 32)
	if status, out := s.devPost(t, "/randomness_seed", `{"seed":"`+seed+`"}`); status != 200 || out["seed"] != seed {
		t.Fatalf("pin: %d %v", status, out)
	}
	blockSeed := func() string {
		t.Helper()
		if status, out := s.devPost(t, "/mine", `{"blocks":1,"include_pending":false}`); status != 200 {
			t.Fatalf("mine: %d %v", status, out)
		}
		status, b := do(t, http.MethodGet, s.base+"/accounts/0x1/resource/0x1::randomness::PerBlockRandomness", "", nil)
		if status != 200 {
			t.Fatalf("PerBlockRandomness: %d %s", status, b)
		}
		vec, _ := object(t, b)["data"].(map[string]any)["seed"].(map[string]any)["vec"].([]any)
		if len(vec) != 1 {
			t.Fatalf("PerBlockRandomness without a seed: %s", b)
		}
		return vec[0].(string)
	}
	if got := blockSeed(); got != seed {
		t.Errorf("seed of a block after the pin: %s, want %s", got, seed)
	}
	if status, out := s.devPost(t, "/randomness_seed", `{"seed":"0x01"}`); status != 400 || out["error_code"] != "invalid_input" {
		t.Errorf("a 1-byte seed: %d %v", status, out)
	}
	if status, out := s.devPost(t, "/randomness_seed", `{"seed":null}`); status != 200 || out["seed"] != nil {
		t.Fatalf("unpin: %d %v", status, out)
	}
	a, b := blockSeed(), blockSeed()
	if a == seed || a == b || len(a) != 66 {
		t.Errorf("seeds after unpinning: %s, %s", a, b)
	}
}
