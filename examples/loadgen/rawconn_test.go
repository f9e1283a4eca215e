package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// The raw connection sends what http.Client would (method, prefixed path,
// headers, body), reads plain and chunked answers, and dials again after
// the server closes the connection.
func TestRawConnPosts(t *testing.T) {
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || r.URL.Path != "/v1/transactions" || r.Header.Get("Content-Type") != "application/x.test" {
			http.Error(w, fmt.Sprintf("bad request %s %s %q", r.Method, r.URL.Path, r.Header.Get("Content-Type")), 400)
			return
		}
		switch string(b) {
		case "close":
			w.Header().Set("Connection", "close")
		case "chunked":
			w.WriteHeader(http.StatusAccepted)
			for range 3 {
				w.Write([]byte(strings.Repeat("x", 5000)))
				w.(http.Flusher).Flush()
			}
			return
		}
		w.WriteHeader(http.StatusAccepted)
		w.Write(append([]byte("echo:"), b...))
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	p, err := newPoster(srv.URL+"/v1", srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	if _, ok := p.(*rawConn); !ok {
		t.Fatalf("an http URL gets %T, want *rawConn", p)
	}
	ctx := context.Background()
	for i, c := range []struct {
		body, want string
		conns      int64
	}{
		{"one", "echo:one", 1},
		{"two", "echo:two", 1},     // kept alive
		{"close", "echo:close", 1}, // the server closes after answering
		{"three", "echo:three", 2},
		{"chunked", strings.Repeat("x", 15000), 2},
		{"four", "echo:four", 2},
	} {
		status, body, err := p.post(ctx, "/transactions", "application/x.test", []byte(c.body))
		if err != nil || status != http.StatusAccepted || string(body) != c.want {
			t.Fatalf("request %d: %d %.40q %v", i, status, body, err)
		}
		if got := conns.Load(); got != c.conns {
			t.Fatalf("request %d: %d connections, want %d", i, got, c.conns)
		}
	}
	// A cancelled context ends the request with an error, not a hang.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := p.post(cctx, "/transactions", "application/x.test", []byte("x")); err == nil {
		t.Fatal("a cancelled request succeeded")
	}
}
