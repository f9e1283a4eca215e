package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
)

// TestRouterMatching drives the API's own router: variables match one
// non-empty segment, a known path with another method is 405, anything
// else 404 — all as JSON web_framework_error.
func TestRouterMatching(t *testing.T) {
	api := newBareAPI(t)
	cases := []struct {
		method, path string
		status       int
	}{
		{"GET", "/", 200},
		{"GET", "", 200},
		{"GET", "/blocks/by_height/0", 200},
		{"POST", "/blocks/by_height/0", 405},
		{"DELETE", "/", 405},
		{"GET", "/blocks/by_height/", 404},
		{"GET", "/blocks/by_height", 404},
		{"GET", "/blocks/by_height/0/", 404},
		{"GET", "/blocks//1", 404},
		{"GET", "/accounts/0x1/events/0x1::block::BlockResource/new_block_events/extra/segments/here", 404},
		{"GET", "/nope", 404},
		{"PUT", "/nope", 404},
		{"GET", "/transactions/by_version/0", 200},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(c.method, "/x", nil)
		req.URL.Path = c.path
		api.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s %q: %d, want %d: %s", c.method, c.path, rec.Code, c.status, rec.Body)
			continue
		}
		if c.status >= 400 {
			var e map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e["error_code"] != "web_framework_error" {
				t.Errorf("%s %q: body %s", c.method, c.path, rec.Body)
			}
		}
	}
}

// TestRouterPathValues checks that a percent-encoded struct tag reaches the
// handler decoded.
func TestRouterPathValues(t *testing.T) {
	api := newBareAPI(t)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/accounts/0x1/resource/0x1%3A%3Ablock%3A%3ABlockResource", nil)
	api.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var res map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil || res["type"] != "0x1::block::BlockResource" {
		t.Fatalf("body %s", rec.Body)
	}
}

func newBareAPI(t *testing.T) *handlers.API {
	t.Helper()
	s := newStack(t, handlers.Options{}, 0)
	return s.api
}

// TestLedgerHeadersOnEveryResponse checks the seven ledger headers on the
// parameterless operations, the documentation included, and on framework
// errors.
func TestLedgerHeadersOnEveryResponse(t *testing.T) {
	api := newBareAPI(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/"}, {"GET", "/-/healthy"}, {"GET", "/info"}, {"GET", "/spec"}, {"GET", "/spec.json"},
		{"GET", "/spec.yaml"}, {"GET", "/estimate_gas_price"}, {"GET", "/transactions"}, {"GET", "/nope"}, {"DELETE", "/"},
	} {
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		for _, h := range []string{"X-NODE-CHAIN-ID", "X-NODE-LEDGER-VERSION", "X-NODE-LEDGER-OLDEST-VERSION", "X-NODE-LEDGER-TIMESTAMPUSEC",
			"X-NODE-EPOCH", "X-NODE-BLOCK-HEIGHT", "X-NODE-OLDEST-BLOCK-HEIGHT"} {
			if rec.Header().Get(h) == "" {
				t.Errorf("%s %s (%d): no %s", c.method, c.path, rec.Code, h)
			}
		}
	}
}

// TestPathPrefix: with Options.PathPrefix the API strips the prefix itself.
func TestPathPrefix(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	api, err := handlers.New(handlers.Deps{Store: s.store, Submitter: s.node, Commits: s.node, Executor: s.vm, Modules: s.vm},
		handlers.Options{PathPrefix: "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path   string
		status int
	}{{"/v1", 200}, {"/v1/", 200}, {"/v1/-/healthy", 200}, {"/v1/accounts/0x1", 200}, {"/v1foo", 404}, {"/v2/", 404}, {"/", 404}, {"/v1/nope", 404}} {
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != c.status {
			t.Errorf("GET %s: %d, want %d: %s", c.path, rec.Code, c.status, rec.Body)
		}
	}
}
