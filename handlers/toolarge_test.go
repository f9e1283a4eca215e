package handlers_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// bundledServer serves the whole ledger the way examples/server does: the
// API mounted at /v1 with its PathPrefix, behind the same middleware chain,
// on an http.Server with the same timeouts, over a real socket. It
// returns the listening address.
func bundledServer(t *testing.T) string {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{PathPrefix: "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	log := zerolog.Nop()
	router := http.NewServeMux()
	router.Handle("/{$}", http.RedirectHandler("/v1", http.StatusFound))
	router.Handle("/v1", api)
	router.Handle("/v1/", api)
	h := middleware.Chain(router, middleware.Linger(2*handlers.DefaultMaxBodyBytes),
		middleware.RequestID(), middleware.AccessLog(log, nil), middleware.Recover(log), middleware.CORS())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second, MaxHeaderBytes: 64 << 10}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// rawPost writes a whole request — head, then size bytes of body, plainly
// or chunked — before reading anything, as simple clients do, and then
// reads the response. The connection's deadline only keeps a broken
// server from hanging the test.
func rawPost(addr, path, contentType string, size int64, chunked bool) (*http.Response, []byte, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	head := "POST " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: " + contentType + "\r\n"
	if chunked {
		head += "Transfer-Encoding: chunked\r\n\r\n"
	} else {
		head += "Content-Length: " + strconv.FormatInt(size, 10) + "\r\n\r\n"
	}
	w := bufio.NewWriterSize(conn, 64<<10)
	w.WriteString(head)
	piece := make([]byte, 32<<10)
	for i := range piece {
		piece[i] = 'a'
	}
	for left := size; left > 0; {
		p := piece[:min(left, int64(len(piece)))]
		if chunked {
			fmt.Fprintf(w, "%x\r\n", len(p))
		}
		if _, err := w.Write(p); err != nil {
			return nil, nil, fmt.Errorf("writing the body (%d bytes left): %w", left, err)
		}
		if chunked {
			w.WriteString("\r\n")
		}
		left -= int64(len(p))
	}
	if chunked {
		w.WriteString("0\r\n\r\n")
	}
	if err := w.Flush(); err != nil {
		return nil, nil, fmt.Errorf("writing the request: %w", err)
	}
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the response: %w", err)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp, b, fmt.Errorf("reading the response body: %w", err)
	}
	// The server closes the connection after the answer, gracefully.
	if _, err := r.ReadByte(); err != io.EOF {
		return resp, b, fmt.Errorf("after the response: %v, want EOF", err)
	}
	return resp, b, nil
}

// A client that writes a whole oversized body before reading always reads
// the 413 JSON error: the server reads (and discards) the rest of a body up
// to twice the limit before it closes the connection, instead of closing
// with unread data, which resets the connection and destroys the answer.
// Other errors answered before the body was read behave alike. Run with
// -count=20 to see that it holds every time.
func TestOversizedBodyGets413(t *testing.T) {
	addr := bundledServer(t)
	const nineMiB, twice = 9 << 20, 2 * handlers.DefaultMaxBodyBytes
	cases := []struct {
		name, path, ct string
		size           int64
		chunked        bool
		status         int
	}{
		{"declared 9 MiB, BCS submit", "/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, nineMiB, false, 413},
		{"declared 9 MiB, JSON view", "/v1/view", ledgerapi.ContentTypeJSON, nineMiB, false, 413},
		{"declared 9 MiB, BCS simulate", "/v1/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, nineMiB, false, 413},
		{"declared twice the limit, JSON batch", "/v1/transactions/batch", ledgerapi.ContentTypeJSON, twice, false, 413},
		{"chunked 9 MiB, BCS submit", "/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, nineMiB, true, 413},
		{"chunked 9 MiB, JSON view", "/v1/view", ledgerapi.ContentTypeJSON, nineMiB, true, 413},
		{"chunked twice the limit, BCS view", "/v1/view", ledgerapi.ContentTypeAptosViewFunctionBCS, twice, true, 413},
		// Refused before the body is read: the same holds for other errors.
		{"declared 9 MiB, unsupported content type", "/v1/transactions", "text/plain", nineMiB, false, 415},
		{"declared 4 MiB, unsupported content type", "/v1/view", "text/plain", 4 << 20, false, 415},
		{"chunked 4 MiB, unknown route", "/v1/nope", ledgerapi.ContentTypeJSON, 4 << 20, true, 404},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body, err := rawPost(addr, c.path, c.ct, c.size, c.chunked)
			if err != nil {
				t.Fatal(err)
			}
			var e map[string]any
			if resp.StatusCode != c.status || json.Unmarshal(body, &e) != nil || e["error_code"] != "web_framework_error" {
				t.Fatalf("%d %s, want %d web_framework_error", resp.StatusCode, body, c.status)
			}
			if !resp.Close || resp.ContentLength != int64(len(body)) {
				t.Errorf("close %v, Content-Length %d for %d bytes: the answer to a body left unread closes the connection and has its length",
					resp.Close, resp.ContentLength, len(body))
			}
		})
	}
	// The server still serves.
	resp, err := http.Get("http://" + addr + "/v1")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after: %v %v", resp, err)
	}
	resp.Body.Close()
}

// A client that declares (or streams) far more than the limit and keeps
// sending is cut off: the server answers 413, reads a bounded amount at
// most, and closes; the client's writes then fail. Nothing waits on the
// client to stop.
func TestEndlessBodyIsCutOff(t *testing.T) {
	addr := bundledServer(t)
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprintf("chunked=%v", chunked), func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(60 * time.Second)) // only a guard against hanging
			head := "POST /v1/transactions HTTP/1.1\r\nHost: x\r\nContent-Type: " + ledgerapi.ContentTypeAptosSignedTxnBCS + "\r\n"
			if chunked {
				head += "Transfer-Encoding: chunked\r\n\r\n"
			} else {
				head += "Content-Length: " + strconv.FormatInt(100<<30, 10) + "\r\n\r\n" // 100 GiB
			}
			if _, err := io.WriteString(conn, head); err != nil {
				t.Fatal(err)
			}
			written := make(chan int64, 1)
			var writeErr error
			go func() {
				piece := make([]byte, 64<<10)
				var n int64
				for {
					var err error
					if chunked {
						_, err = fmt.Fprintf(conn, "%x\r\n%s\r\n", len(piece), piece)
					} else {
						_, err = conn.Write(piece)
					}
					if err != nil {
						writeErr = err
						written <- n
						return
					}
					n += int64(len(piece))
				}
			}()
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Fatalf("%d %s, want 413", resp.StatusCode, b)
			}
			n := <-written
			var ne net.Error
			if errors.As(writeErr, &ne) && ne.Timeout() {
				t.Fatalf("the server kept reading: the client wrote %d bytes until its own deadline", n)
			}
			// What the server read plus what the sockets buffer.
			if n > 4*handlers.DefaultMaxBodyBytes+(32<<20) {
				t.Fatalf("the client could write %d bytes", n)
			}
			t.Logf("cut off after %d MiB written (%v)", n>>20, writeErr)
		})
	}
}

// An error answered after the body was read to its end keeps the
// connection, chunked or not: lingering is only for bodies left unread.
func TestErrorAfterWholeBodyKeepsConnection(t *testing.T) {
	addr := bundledServer(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(conn)
	bad := strings.Repeat("ff", 300<<10) // 300 KiB that are no transaction
	reqs := []string{
		"POST /v1/transactions HTTP/1.1\r\nHost: x\r\nContent-Type: " + ledgerapi.ContentTypeAptosSignedTxnBCS +
			"\r\nTransfer-Encoding: chunked\r\n\r\n" + fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(bad), bad),
		"POST /v1/transactions HTTP/1.1\r\nHost: x\r\nContent-Type: " + ledgerapi.ContentTypeAptosSignedTxnBCS +
			"\r\nContent-Length: " + strconv.Itoa(len(bad)) + "\r\n\r\n" + bad,
		"GET /v1 HTTP/1.1\r\nHost: x\r\n\r\n",
	}
	for i, req := range reqs {
		if _, err := io.WriteString(conn, req); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		want := 400
		if i == len(reqs)-1 {
			want = 200
		}
		if resp.StatusCode != want || resp.Close {
			t.Fatalf("request %d: %d (close %v), want %d on a kept connection", i, resp.StatusCode, resp.Close, want)
		}
	}
}

// A client that asks before sending (Expect: 100-continue) an oversized
// body is told 413 at once and is not asked for the body.
func TestOversizedExpectContinue(t *testing.T) {
	addr := bundledServer(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	io.WriteString(conn, "POST /v1/transactions HTTP/1.1\r\nHost: x\r\nContent-Type: "+ledgerapi.ContentTypeAptosSignedTxnBCS+
		"\r\nContent-Length: "+strconv.Itoa(9<<20)+"\r\nExpect: 100-continue\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
		t.Fatalf("%d (close %v) %s, want 413 and Connection: close", resp.StatusCode, resp.Close, b)
	}
}
