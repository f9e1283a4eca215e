package middleware_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/middleware"
)

// A detail the handler records through the writer is in the request's log
// line, and only there.
func TestAccessLogDetail(t *testing.T) {
	var logged bytes.Buffer
	h := middleware.Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d, ok := w.(interface{ LogDetail(string) })
		if !ok {
			t.Fatal("the request log's writer takes no detail")
		}
		d.LogDetail("byte 7 is wrong")
		http.Error(w, "bad", http.StatusBadRequest)
	}), middleware.RequestID(), middleware.AccessLog(zerolog.New(&logged).Level(zerolog.DebugLevel), nil))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
	if !strings.Contains(logged.String(), `"detail":"byte 7 is wrong"`) || !strings.Contains(logged.String(), `"status":400`) {
		t.Fatalf("log line: %s", logged.String())
	}
	if strings.Contains(rec.Body.String(), "byte 7") || rec.Header().Get("Detail") != "" {
		t.Fatal("the detail reached the client")
	}
}
