package middleware

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lingerServer serves Linger(max) in front of a handler that never reads
// the body (as a 404 or a redirect does), over a real socket.
func lingerServer(t *testing.T, max int64) string {
	t.Helper()
	h := Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such thing", http.StatusNotFound)
	}), Linger(max), RequestID())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// Behind Linger, a client that writes a whole body (up to max) that the
// handler never reads before reading reads the answer, and the connection
// is then closed; a small body keeps the connection.
func TestLingerOverSocket(t *testing.T) {
	const max = 8 << 20 // more than the sockets buffer
	addr := lingerServer(t, max)
	for _, c := range []struct {
		size    int64
		chunked bool
	}{{max / 2, false}, {max, false}, {max / 2, true}, {max - 64<<10, true}} {
		resp, body, err := sendWhole(addr, c.size, c.chunked)
		if err != nil {
			t.Fatalf("%d bytes (chunked %v): %v", c.size, c.chunked, err)
		}
		if resp.StatusCode != 404 || !resp.Close || !strings.Contains(body, "no such thing") {
			t.Fatalf("%d bytes (chunked %v): %d close %v %q", c.size, c.chunked, resp.StatusCode, resp.Close, body)
		}
	}
	// A small leftover is read before the answer: the connection stays.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(conn)
	for i := range 3 {
		io.WriteString(conn, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"+strings.Repeat("s", 1000))
		resp, err := http.ReadResponse(r, nil)
		if err != nil || resp.StatusCode != 404 || resp.Close {
			t.Fatalf("small body %d: %v %v", i, resp, err)
		}
		io.Copy(io.Discard, resp.Body)
	}
}

// A client that announces "Expect: 100-continue" and sends the body
// without waiting reads the answer; one that waits is not asked for it.
func TestLingerExpectContinue(t *testing.T) {
	addr := lingerServer(t, 8<<20)
	for _, sends := range []bool{true, false} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(30 * time.Second))
		req := "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: " + strconv.Itoa(6<<20) + "\r\n\r\n"
		if sends {
			req += strings.Repeat("e", 6<<20)
		}
		if _, err := io.WriteString(conn, req); err != nil {
			t.Fatalf("sends %v: %v", sends, err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != 404 || !resp.Close {
			t.Fatalf("sends %v: %v %v, want the 404 closing the connection (no 100 Continue)", sends, resp, err)
		}
		conn.Close()
	}
}

// A body declared above the bound is not read, and one that keeps coming
// is cut off: the server answers, reads at most the bound and closes.
func TestLingerCutsOffEndlessBody(t *testing.T) {
	addr := lingerServer(t, 1<<20)
	for _, declared := range []bool{true, false} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(60 * time.Second)) // only a guard against hanging
		head := "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
		if declared {
			head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + strconv.FormatInt(100<<30, 10) + "\r\n\r\n"
		}
		io.WriteString(conn, head)
		done := make(chan error, 1)
		go func() {
			piece := []byte("10000\r\n" + strings.Repeat("c", 0x10000) + "\r\n")
			for {
				if _, err := conn.Write(piece); err != nil {
					done <- err
					return
				}
			}
		}()
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != 404 {
			t.Fatalf("declared %v: %v %v, want 404", declared, resp, err)
		}
		var ne net.Error
		if err := <-done; errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("declared %v: the server kept reading until the client's own deadline", declared)
		}
		conn.Close()
	}
}
