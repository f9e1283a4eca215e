package handlers_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/middleware"
)

// TestVerbatimErrorMessages checks the errors whose exact message the
// official SDKs' tests assert: the whole JSON body is the real node's,
// and what the node knows beyond it is in the request's log line.
func TestVerbatimErrorMessages(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	var logged bytes.Buffer
	h := middleware.Chain(http.StripPrefix("/v1", s.api), middleware.AccessLog(zerolog.New(&logged).Level(zerolog.DebugLevel), nil))
	cases := []struct {
		name, method, path, ct string
		body                   []byte
		status                 int
		want, logWant          string
	}{
		{"by_hash of a short hash", "GET", "/v1/transactions/by_hash/0x123", "", nil, 400,
			`{"message":"failed to parse path ` + "`txn_hash`" + `: failed to parse \"string(HashValue)\": unable to parse HashValue","error_code":"web_framework_error","vm_error_code":null}`,
			`want 64 hex digits, got 3`},
		{"wait_by_hash of a non-hex hash", "GET", "/v1/transactions/wait_by_hash/0x" + strings.Repeat("zz", 32), "", nil, 400,
			`{"message":"failed to parse path ` + "`txn_hash`" + `: failed to parse \"string(HashValue)\": unable to parse HashValue","error_code":"web_framework_error","vm_error_code":null}`,
			`not hex`},
		{"BCS submission 01 02 03", "POST", "/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, []byte{1, 2, 3}, 400,
			`{"message":"Failed to deserialize input into SignedTransaction: unexpected end of input","error_code":"invalid_input","vm_error_code":null}`,
			`input ends early at byte 0 while decoding address`},
		{"BCS simulation 01 02 03", "POST", "/v1/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, []byte{1, 2, 3}, 400,
			`{"message":"Failed to deserialize input into SignedTransaction: unexpected end of input","error_code":"invalid_input","vm_error_code":null}`,
			`input ends early`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			logged.Reset()
			req := httptest.NewRequest(c.method, c.path, bytes.NewReader(c.body))
			if c.ct != "" {
				req.Header.Set("Content-Type", c.ct)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if got := strings.TrimSpace(rec.Body.String()); rec.Code != c.status || got != c.want {
				t.Fatalf("%d %s\nwant %d %s", rec.Code, got, c.status, c.want)
			}
			if !strings.Contains(logged.String(), `"detail":"`) || !strings.Contains(logged.String(), c.logWant) {
				t.Fatalf("the request log does not say %q: %s", c.logWant, logged.String())
			}
		})
	}
}
