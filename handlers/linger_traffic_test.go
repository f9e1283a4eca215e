package handlers_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// wholeClient is a client that writes each request whole before it reads
// the answer, over one connection kept while the server keeps it.
type wholeClient struct {
	conn net.Conn
	r    *bufio.Reader
}

func dialWhole(t *testing.T, addr string) *wholeClient {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetDeadline(time.Now().Add(60 * time.Second)) // only a guard against a hang
	t.Cleanup(func() { conn.Close() })
	return &wholeClient{conn: conn, r: bufio.NewReader(conn)}
}

// do writes head (without its blank line) and size bytes of body, plainly
// or chunked, then reads the answer. A failed write is an error: the
// client never got to read.
func (c *wholeClient) do(head string, size int, chunked bool) (*http.Response, []byte, error) {
	var req strings.Builder
	req.WriteString(head)
	body := strings.Repeat("a", size)
	switch {
	case chunked:
		fmt.Fprintf(&req, "Transfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n", size, body)
	case size > 0:
		fmt.Fprintf(&req, "Content-Length: %d\r\n\r\n%s", size, body)
	default:
		req.WriteString("\r\n")
	}
	if _, err := io.WriteString(c.conn, req.String()); err != nil {
		return nil, nil, fmt.Errorf("writing the request: %w", err)
	}
	resp, err := http.ReadResponse(c.r, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the answer: %w", err)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp, b, fmt.Errorf("reading the answer's body: %w", err)
	}
	return resp, b, nil
}

// otherBadRequests are small bad requests of all kinds, some with bodies
// the server answers before reading.
var otherBadRequests = []struct {
	head string
	size int
}{
	{"GET /v1/transactions/by_hash/0x123 HTTP/1.1\r\nHost: x\r\n", 0},
	{"POST /v1/transactions HTTP/1.1\r\nHost: x\r\nContent-Type: " + ledgerapi.ContentTypeAptosSignedTxnBCS + "\r\n", 3},
	{"POST /v1/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n", 100},
	{"POST /v1/view HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n", 200 << 10},
	{"POST /v1/transactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n", 300 << 10},
	{"POST /v1/accounts/0x1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n", 2},
	{"GET /v1/transactions?limit=zero HTTP/1.1\r\nHost: x\r\n", 0},
	{"POST /v1/nope HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n", 64},
}

// TestOversizedBodyAfterOtherTraffic sends, round after round, other bad
// requests on the same connection and on others, then a 9 MiB body from a
// client that writes it whole before reading — declared, chunked, or
// announced with "Expect: 100-continue" and sent without waiting, as RFC
// 9110 allows — to each endpoint that takes a body: it reads the 413 JSON
// error every time: from the bundled server, and from the API alone (as
// a Go service mounts it, without the server's middleware).
func TestOversizedBodyAfterOtherTraffic(t *testing.T) {
	t.Run("bundled server", func(t *testing.T) { oversizedAfterTraffic(t, bundledServer(t)) })
	t.Run("API alone", func(t *testing.T) {
		base := newStack(t, handlers.Options{}, 0).base
		oversizedAfterTraffic(t, strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/v1"))
	})
}

func oversizedAfterTraffic(t *testing.T, addr string) {
	const nineMiB = 9 << 20
	targets := []struct{ path, ct string }{
		{"/v1/transactions", ledgerapi.ContentTypeJSON},
		{"/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS},
		{"/v1/view", ledgerapi.ContentTypeJSON},
		{"/v1/transactions/simulate", ledgerapi.ContentTypeJSON},
		{"/v1/transactions/batch", ledgerapi.ContentTypeJSON},
	}
	for round := range 3 {
		for _, tg := range targets {
			for _, how := range []string{"declared", "chunked", "expect"} {
				name := fmt.Sprintf("round %d %s %s %s", round, tg.path, tg.ct, how)
				// Other traffic meanwhile, on other connections.
				var wg sync.WaitGroup
				for i := range 2 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						c := dialWhole(t, addr)
						for _, b := range otherBadRequests[i:] {
							resp, _, err := c.do(b.head, b.size, false)
							if err != nil {
								t.Errorf("%s: other traffic: %v", name, err)
								return
							}
							if resp.Close {
								c = dialWhole(t, addr)
							}
						}
					}()
				}
				// Bad requests first on the connection itself.
				c := dialWhole(t, addr)
				for _, b := range otherBadRequests[round:] {
					resp, _, err := c.do(b.head, b.size, false)
					if err != nil {
						t.Fatalf("%s: before: %v", name, err)
					}
					if resp.StatusCode < 400 {
						t.Fatalf("%s: before: %d", name, resp.StatusCode)
					}
					if resp.Close {
						c = dialWhole(t, addr)
					}
				}
				head := "POST " + tg.path + " HTTP/1.1\r\nHost: x\r\nContent-Type: " + tg.ct + "\r\n"
				if how == "expect" {
					head += "Expect: 100-continue\r\n"
				}
				resp, body, err := c.do(head, nineMiB, how == "chunked")
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				var e map[string]any
				if resp.StatusCode != 413 || json.Unmarshal(body, &e) != nil || e["error_code"] != "web_framework_error" {
					t.Fatalf("%s: %d %s, want 413 web_framework_error", name, resp.StatusCode, body)
				}
				if !resp.Close {
					t.Fatalf("%s: the 413 keeps the connection", name)
				}
				wg.Wait()
			}
		}
	}
}

// TestUnreadBodyOutsideTheAPIIsAnswered sends a 9 MiB body, written whole
// before reading, where nothing reads it: outside the API, to a redirect,
// as a CORS preflight, with a GET. Each client reads its answer, where
// net/http alone would half-close, pause and reset the connection under
// its writes.
func TestUnreadBodyOutsideTheAPIIsAnswered(t *testing.T) {
	addr := bundledServer(t)
	for _, c := range []struct {
		name, head string
		status     int
	}{
		{"no route outside /v1", "POST /v2/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n", 404},
		{"redirect of /", "POST / HTTP/1.1\r\nHost: x\r\n", 302},
		{"CORS preflight", "OPTIONS /v1/view HTTP/1.1\r\nHost: x\r\nOrigin: http://a\r\nAccess-Control-Request-Method: POST\r\n", 204},
		{"GET with a body", "GET /v1 HTTP/1.1\r\nHost: x\r\n", 200},
		{"expect 100-continue, no route", "POST /v2/view HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n", 404},
	} {
		for _, chunked := range []bool{false, true} {
			t.Run(c.name+" chunked="+strconv.FormatBool(chunked), func(t *testing.T) {
				resp, body, err := dialWhole(t, addr).do(c.head, 9<<20, chunked)
				if err != nil {
					t.Fatal(err)
				}
				if resp.StatusCode != c.status || !resp.Close {
					t.Fatalf("%d (close %v) %.100s, want %d closing the connection", resp.StatusCode, resp.Close, body, c.status)
				}
			})
		}
	}
	// A small unread body still keeps the connection.
	cl := dialWhole(t, addr)
	for range 3 {
		resp, _, err := cl.do("POST /v2/view HTTP/1.1\r\nHost: x\r\n", 1000, false)
		if err != nil || resp.StatusCode != 404 || resp.Close {
			t.Fatalf("%v %v: a small unread body closes the connection", resp, err)
		}
	}
}
