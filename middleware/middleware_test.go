package middleware

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

func decodeError(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("body %q is not JSON: %v", rec.Body.String(), err)
	}
	return m
}

func TestRecoverAnswersJSON(t *testing.T) {
	var logs bytes.Buffer
	log := zerolog.New(&logs)
	h := Chain(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }), RequestID(), AccessLog(log, nil), Recover(log))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/x", nil)
	req.Header.Set(RequestIDHeader, "trace-42")
	h.ServeHTTP(rec, req)
	if rec.Code != 500 || decodeError(t, rec)["error_code"] != "internal_error" {
		t.Fatalf("panic: %d %s", rec.Code, rec.Body)
	}
	if !strings.Contains(logs.String(), "boom") || strings.Count(logs.String(), `"request_id":"trace-42"`) != 2 {
		t.Fatalf("panic and access line not logged with the client's request id: %s", logs.String())
	}
	// Without a client id, both lines of one request share a made-up id.
	logs.Reset()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/x", nil))
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		id, _ := m["request_id"].(string)
		ids = append(ids, id)
	}
	if len(ids) != 2 || ids[0] == "" || ids[0] != ids[1] {
		t.Fatalf("request ids of one request's lines: %q", ids)
	}
}

func TestAccessLogLevels(t *testing.T) {
	var logs bytes.Buffer
	log := zerolog.New(&logs).Level(zerolog.InfoLevel)
	for _, status := range []int{200, 404, 503} {
		h := AccessLog(log, func(*http.Request) string { return "/tmpl/{x}" })(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			w.Write([]byte("abc"))
		}))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/tmpl/1", nil))
	}
	out := logs.String()
	if strings.Count(out, "\n") != 2 || strings.Contains(out, `"status":404`) {
		t.Fatalf("4xx must log at debug (hidden at info), others shown:\n%s", out)
	}
	if !strings.Contains(out, `"level":"error"`) || !strings.Contains(out, `"path":"/tmpl/{x}"`) || !strings.Contains(out, `"bytes":3`) {
		t.Fatalf("fields missing:\n%s", out)
	}
}

func TestMaxBody(t *testing.T) {
	h := MaxBody(10)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			return
		}
		w.WriteHeader(200)
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("x", 11))))
	if rec.Code != 413 || decodeError(t, rec)["error_code"] != "web_framework_error" {
		t.Fatalf("declared length: %d %s", rec.Code, rec.Body)
	}
	req := httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("x", 11)))
	req.ContentLength = -1 // chunked: only reading finds out
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 413 {
		t.Fatalf("streamed body: %d", rec.Code)
	}
}

func TestCORS(t *testing.T) {
	h := CORS()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(200) }))
	req := httptest.NewRequest("OPTIONS", "/v1", nil)
	req.Header.Set("Origin", "http://localhost:3000")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type, x-aptos-client")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 204 || rec.Header().Get("Access-Control-Allow-Origin") != "http://localhost:3000" ||
		!strings.Contains(rec.Header().Get("Access-Control-Allow-Headers"), "x-aptos-client") {
		t.Fatalf("preflight: %d %v", rec.Code, rec.Header())
	}
	if !strings.Contains(rec.Header().Get("Access-Control-Expose-Headers"), "X-NODE-LEDGER-VERSION") {
		t.Fatal("ledger headers are not exposed")
	}
}

func TestConcurrencyLimit(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{})
	h := ConcurrencyLimit(1, 20*time.Millisecond)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
	}))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil)) }()
	<-entered
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 503 || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("over the limit: %d", rec.Code)
	}
	close(release)
	wg.Wait()
}

func TestWriterUnwrap(t *testing.T) {
	rec := httptest.NewRecorder()
	sw := &statusWriter{ResponseWriter: rec}
	if err := http.NewResponseController(sw).Flush(); err != nil {
		t.Fatalf("flush through the wrapper: %v", err)
	}
	if !rec.Flushed {
		t.Fatal("not flushed")
	}
}

func TestRequestIDsAreUniqueAndKeptWhenGiven(t *testing.T) {
	var logs bytes.Buffer
	var seen []string
	h := Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, RequestIDFrom(r.Context()))
	}), RequestID(), AccessLog(zerolog.New(&logs), nil))
	for range 100 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		if rec.Header().Get(RequestIDHeader) != "" || seen[len(seen)-1] != "" {
			t.Fatalf("a request without an id got response header %q, context id %q", rec.Header().Get(RequestIDHeader), seen[len(seen)-1])
		}
	}
	ids := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		id, _ := m["request_id"].(string)
		if !validID(id) || ids[id] {
			t.Fatalf("logged request id %q: valid %v, repeated %v", id, validID(id), ids[id])
		}
		ids[id] = true
	}
	if len(ids) != 100 {
		t.Fatalf("%d distinct ids for 100 requests", len(ids))
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set(RequestIDHeader, "client-chosen")
	h.ServeHTTP(rec, req)
	if got := rec.Header().Get(RequestIDHeader); got != "client-chosen" || seen[len(seen)-1] != "client-chosen" {
		t.Fatalf("a valid client id was echoed as %q, seen as %q", got, seen[len(seen)-1])
	}
}
