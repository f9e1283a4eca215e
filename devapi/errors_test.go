package devapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/devapi"
	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestErrors checks every refusal's status and code, and that the body is
// the REST API's error shape.
func TestErrors(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	s.devPost(t, "/mine", "") // a block with a timestamp of today
	big := `{"id":"` + strings.Repeat("1", 70_000) + `"}`
	tests := []struct {
		method, path, contentType, body string
		status                          int
		code                            string
	}{
		{"GET", "/nope", "", "", 404, "web_framework_error"},
		{"GET", "/snapshot", "", "", 405, "web_framework_error"},
		{"POST", "/revert", "application/json", `{"id":"99"}`, 400, "invalid_input"},
		{"POST", "/revert", "application/json", `{}`, 400, "invalid_input"},
		{"POST", "/revert", "application/json", `{"id":-1}`, 400, "invalid_input"},
		{"POST", "/revert", "application/json", `{"id":"1","extra":true}`, 400, "invalid_input"},
		{"POST", "/revert", "application/json", `{"id":"1"} {}`, 400, "invalid_input"},
		{"POST", "/revert", "application/json", `[`, 400, "invalid_input"},
		{"POST", "/revert", "text/plain", `{"id":"1"}`, 415, "web_framework_error"},
		{"POST", "/revert", "application/json", big, 413, "web_framework_error"},
		{"POST", "/mine", "application/json", `{"blocks":0}`, 400, "invalid_input"},
		{"POST", "/mine", "application/json", `{"blocks":1001}`, 400, "invalid_input"},
		{"POST", "/mine", "application/json", `{"include_pending":"yes"}`, 400, "invalid_input"},
		{"POST", "/mining", "application/json", `{"mode":"turbo"}`, 400, "invalid_input"},
		{"POST", "/mining", "application/json", `{"mode":"interval"}`, 400, "invalid_input"},
		{"POST", "/mining", "application/json", `{"mode":"instant","interval_ms":5}`, 400, "invalid_input"},
		{"POST", "/mining", "application/json", `{"interval_ms":5}`, 400, "invalid_input"},
		{"POST", "/mining", "application/json", `{"mode":"interval","interval_ms":99999999999}`, 400, "invalid_input"},
		{"POST", "/time/increase", "application/json", `{"seconds":0}`, 400, "invalid_input"},
		{"POST", "/time/increase", "application/json", `{}`, 400, "invalid_input"},
		{"POST", "/time/increase", "application/json", `{"seconds":"18446744073709551615"}`, 400, "invalid_input"},
		{"POST", "/time/next_block_timestamp", "application/json", `{"timestamp_usec":1}`, 400, "invalid_input"},
		{"POST", "/time/next_block_timestamp", "application/json", `{}`, 400, "invalid_input"},
		{"POST", "/impersonate", "application/json", `{}`, 400, "invalid_input"},
		{"POST", "/impersonate", "application/json", `{"address":"0xzz"}`, 400, "invalid_input"},
		{"POST", "/stop_impersonating", "application/json", `{"address":7}`, 400, "invalid_input"},
		{"POST", "/auto_impersonate", "application/json", `{}`, 400, "invalid_input"},
		{"GET", "/impersonate", "", "", 405, "web_framework_error"},
	}
	for _, tc := range tests {
		status, body := do(t, tc.method, s.dev+tc.path, tc.contentType, []byte(tc.body))
		m := object(t, body)
		if status != tc.status || m["error_code"] != tc.code {
			t.Errorf("%s %s %.40s: %d %s, want %d %s", tc.method, tc.path, tc.body, status, body, tc.status, tc.code)
		}
		if _, ok := m["message"].(string); !ok || len(m) != 3 {
			t.Errorf("%s %s: error body %s is not {message, error_code, vm_error_code}", tc.method, tc.path, body)
		}
	}
}

// noRevert hides the store's Reverter, as a backend without one.
type noRevert struct{ storage.ReadWriter }

func TestSnapshotsUnavailable(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1})
	if err != nil {
		t.Fatal(err)
	}
	n, err := node.New(noRevert{stores(t)["memstore"]()}, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	dev, _ := devapi.New(n, devapi.Options{})
	srv := httptest.NewServer(dev)
	defer srv.Close()
	for path, body := range map[string]string{"/snapshot": "", "/revert": `{"id":"1"}`} {
		status, body := do(t, http.MethodPost, srv.URL+devapi.DefaultPathPrefix+path, "application/json", []byte(body))
		m := object(t, body)
		if status != 403 || m["error_code"] != "api_disabled" || !strings.Contains(m["message"].(string), "cannot revert") {
			t.Errorf("%s on a store that cannot revert: %d %s", path, status, body)
		}
	}
}
