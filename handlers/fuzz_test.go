package handlers_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// fuzzRoutes is every operation with its path template; {x} is replaced by
// the fuzzed path parameter.
var fuzzRoutes = []struct{ method, path string }{
	{"GET", "/"}, {"GET", "/-/healthy"}, {"GET", "/info"},
	{"GET", "/transactions"}, {"POST", "/transactions"}, {"POST", "/transactions/batch"},
	{"POST", "/transactions/encode_submission"}, {"POST", "/transactions/simulate"}, {"POST", "/view"},
	{"GET", "/estimate_gas_price"}, {"GET", "/transactions/by_hash/{x}"}, {"GET", "/transactions/by_version/{x}"},
	{"GET", "/accounts/{x}"}, {"GET", "/accounts/{x}/resources"}, {"GET", "/accounts/0x1/resource/{x}"},
	{"GET", "/accounts/{x}/modules"}, {"GET", "/accounts/0x1/module/{x}"}, {"GET", "/accounts/{x}/balance/{x}"},
	{"GET", "/accounts/{x}/transactions"}, {"GET", "/accounts/{x}/transaction_summaries"},
	{"GET", "/accounts/{x}/events/{x}"}, {"GET", "/accounts/0x1/events/{x}/{x}"},
	{"POST", "/tables/{x}/item"}, {"POST", "/tables/{x}/raw_item"},
	{"GET", "/blocks/by_height/{x}"}, {"GET", "/blocks/by_version/{x}"},
}

var fuzzContentTypes = []string{
	"", ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeAptosSignedTxnBCS, ledgerapi.ContentTypeSignedTxnBCS,
	ledgerapi.ContentTypeAptosViewFunctionBCS, "text/plain", "application/json; charset=utf-8", ";;;",
}

// FuzzHTTP sends fuzzed path parameters, query strings, content types,
// Accept headers and bodies to every operation of the real router over the
// full stack. Every answer must be a success or a 4xx JSON error with a
// known error code: never a 5xx, a panic or a hang.
func FuzzHTTP(f *testing.F) {
	s := newStack(f, handlers.Options{WaitByHashTimeout: 1}, 0)
	api := s.api
	a0 := s.vm.DevAccounts()[0]
	seeds := []struct {
		param, query string
		body         []byte
	}{
		{"0x1", "", nil},
		{a0.Address.String(), "limit=2&start=0", []byte(`{}`)},
		{"0x1::account::Account", "ledger_version=1", []byte(`{"function":"0x1::chain_id::get","type_arguments":[],"arguments":[]}`)},
		{"0", "with_transactions=true", []byte(`{"key_type":"u64","value_type":"u8","key":"1"}`)},
		{"0x" + strings.Repeat("ab", 32), "start=18446744073709551615", []byte{0x01, 0x02}},
		{"%zz", "limit=-1&&&=", []byte(`{"key":"0x00"}`)},
		{"vector<vector<u8>>", "ledger_version=99999999", s.transfer(f, a0, 0, a0.Address, 1).Bytes()},
	}
	for i, sd := range seeds {
		for r := range fuzzRoutes {
			f.Add(uint8(r), sd.param, sd.query, uint8(i), false, sd.body)
		}
	}
	f.Fuzz(func(t *testing.T, route uint8, param, query string, ct uint8, acceptBCS bool, body []byte) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		req := &http.Request{
			Method: rt.method,
			URL:    &url.URL{Path: strings.ReplaceAll(rt.path, "{x}", param), RawQuery: query},
			Header: http.Header{},
			Body:   http.NoBody,
		}
		req = req.WithContext(t.Context())
		if len(body) > 0 {
			req.Body = httpBody(body)
			req.ContentLength = int64(len(body))
		}
		if c := fuzzContentTypes[int(ct)%len(fuzzContentTypes)]; c != "" {
			req.Header.Set("Content-Type", c)
		}
		if acceptBCS {
			req.Header.Set("Accept", ledgerapi.ContentTypeBCS)
		}
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q ?%q: %d %s", rt.method, req.URL.Path, query, rec.Code, rec.Body)
		}
		if rec.Code >= 400 {
			var e struct {
				Message   string              `json:"message"`
				ErrorCode ledgerapi.ErrorCode `json:"error_code"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Message == "" || !slices.Contains(ledgerapi.ErrorCodes, e.ErrorCode) {
				t.Fatalf("%s %q: %d with a body that is not an API error: %.300s", rt.method, req.URL.Path, rec.Code, rec.Body)
			}
		}
	})
}

func httpBody(b []byte) *readCloser { return &readCloser{bytes.NewReader(b)} }

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }
