package devapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/devapi"
	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// fuzzRoutes are the dev API's operations and a few REST reads, so that
// fuzzed controls interleave with reads of what they change.
var fuzzRoutes = []struct{ method, path string }{
	{"GET", devapi.DefaultPathPrefix + "/"}, {"POST", devapi.DefaultPathPrefix + "/snapshot"},
	{"POST", devapi.DefaultPathPrefix + "/revert"}, {"POST", devapi.DefaultPathPrefix + "/mine"},
	{"GET", devapi.DefaultPathPrefix + "/mining"}, {"POST", devapi.DefaultPathPrefix + "/mining"},
	{"POST", devapi.DefaultPathPrefix + "/pause"}, {"POST", devapi.DefaultPathPrefix + "/resume"},
	{"GET", devapi.DefaultPathPrefix + "/time"}, {"POST", devapi.DefaultPathPrefix + "/time/increase"},
	{"POST", devapi.DefaultPathPrefix + "/time/next_block_timestamp"}, {"DELETE", devapi.DefaultPathPrefix + "/{x}"},
	{"GET", devapi.DefaultPathPrefix + "/impersonation"}, {"POST", devapi.DefaultPathPrefix + "/impersonate"},
	{"POST", devapi.DefaultPathPrefix + "/stop_impersonating"}, {"POST", devapi.DefaultPathPrefix + "/auto_impersonate"},
	{"POST", devapi.DefaultPathPrefix + "/set_balance"}, {"POST", devapi.DefaultPathPrefix + "/set_sequence_number"},
	{"POST", devapi.DefaultPathPrefix + "/set_resource"}, {"GET", devapi.DefaultPathPrefix + "/dump"},
	{"GET", "/v1/"}, {"GET", "/v1/transactions"}, {"GET", "/v1/blocks/by_height/{x}"},
	{"GET", "/v1/transactions/by_version/{x}"}, {"GET", "/v1/accounts/{x}/resources"},
}

var fuzzContentTypes = []string{"", "application/json", "text/plain", "application/json; charset=utf-8", ";;;"}

// FuzzDevAPI sends fuzzed bodies and content types to every dev operation
// over the bundled server's wiring. Every answer must be a success or a 4xx
// JSON error with a known code: never a 5xx, a panic or a hang.
func FuzzDevAPI(f *testing.F) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2})
	if err != nil {
		f.Fatal(err)
	}
	store := memstore.New(memstore.Options{})
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		f.Fatal(err)
	}
	if err := n.Start(f.Context()); err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { n.Close() })
	api, _ := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm}, handlers.Options{PathPrefix: "/v1"})
	dev, _ := devapi.New(n, devapi.Options{Modules: vm})
	mux := http.NewServeMux()
	mux.Handle("/v1/", api)
	mux.Handle(devapi.DefaultPathPrefix+"/", dev)
	// Snapshot 1 stays valid whatever the inputs revert to: the target
	// goes back to it when the ledger grows, so dumps and listings stay
	// quick, and to instant mining when the inputs chose a fast interval.
	base, err := n.Snapshot(f.Context())
	if err != nil {
		f.Fatal(err)
	}

	seeds := []string{"", `{}`, `{"id":"1"}`, `{"id":1}`, `{"blocks":3,"include_pending":false}`, `{"mode":"interval","interval_ms":1}`,
		`{"mode":"idle_interval","interval_ms":"5","paused":true}`, `{"mode":"instant"}`, `{"seconds":"60"}`,
		`{"timestamp_usec":"9999999999999999"}`, `{"id":"18446744073709551615"}`, `[1,2]`, `null`, `{"id":"1"`,
		`{"address":"0x1"}`, `{"enabled":true}`, `{"address":"0x2","octas":"5"}`, `{"address":"0x3","sequence_number":9}`,
		`{"address":"0x4","type":"0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>","data":{"coin":{"value":"1"}}}`, `{"address":"0x` + strings.Repeat("f", 64) + `"}`}
	for i, sd := range seeds {
		for r := range fuzzRoutes {
			f.Add(uint8(r), "1", uint8(i), []byte(sd))
		}
	}
	f.Fuzz(func(t *testing.T, route uint8, param string, ct uint8, body []byte) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		req := &http.Request{Method: rt.method, URL: &url.URL{Path: strings.ReplaceAll(rt.path, "{x}", param)},
			Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body))}
		req = req.WithContext(t.Context())
		if c := fuzzContentTypes[int(ct)%len(fuzzContentTypes)]; c != "" {
			req.Header.Set("Content-Type", c)
		}
		if info, err := store.LedgerInfo(t.Context()); err == nil && info.Version > 2000 {
			n.SetMining(node.Mining{})
			if _, err := n.Revert(t.Context(), base.ID); err != nil {
				t.Fatal(err)
			}
		}
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", rt.method, req.URL.Path, body, w.Code, w.Body)
		}
		if w.Code >= 400 {
			var e ledgerapi.Error
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || !e.ErrorCode.Valid() || e.Message == "" {
				t.Fatalf("%s %s: %d with body %s", rt.method, req.URL.Path, w.Code, w.Body)
			}
		}
	})
}
