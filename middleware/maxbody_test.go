package middleware

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// maxBodyServer serves MaxBody(limit) in front of a handler that reads the
// whole body and answers 413 when it is too large, over a real socket.
func maxBodyServer(t *testing.T, limit int64) string {
	t.Helper()
	h := Chain(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := io.Copy(io.Discard, r.Body)
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, http.StatusRequestEntityTooLarge, ledgerapi.CodeWebFrameworkError, "too large")
			return
		}
		fmt.Fprintf(w, "%d", n)
	}), RequestID(), MaxBody(limit))
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// sendWhole writes a whole request (size bytes of body, declared or
// chunked) before reading the response. The deadline only guards against
// a hang.
func sendWhole(addr string, size int64, chunked bool) (*http.Response, string, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	w := bufio.NewWriterSize(conn, 64<<10)
	w.WriteString("POST / HTTP/1.1\r\nHost: x\r\n")
	if chunked {
		w.WriteString("Transfer-Encoding: chunked\r\n\r\n")
	} else {
		w.WriteString("Content-Length: " + strconv.FormatInt(size, 10) + "\r\n\r\n")
	}
	piece := strings.Repeat("z", 16<<10)
	for left := size; left > 0; left -= int64(len(piece)) {
		p := piece[:min(left, int64(len(piece)))]
		if chunked {
			fmt.Fprintf(w, "%x\r\n%s\r\n", len(p), p)
		} else if _, err := w.WriteString(p); err != nil {
			return nil, "", fmt.Errorf("writing the body: %w", err)
		}
	}
	if chunked {
		w.WriteString("0\r\n\r\n")
	}
	if err := w.Flush(); err != nil {
		return nil, "", fmt.Errorf("writing the request: %w", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return nil, "", fmt.Errorf("reading the response: %w", err)
	}
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

// Behind MaxBody, a client that writes a whole oversized body (up to twice
// the limit) before reading reads the 413, and a body within the limit is
// served as before.
func TestMaxBodyOverSocket(t *testing.T) {
	const limit = 4 << 20 // twice that is more than the sockets buffer
	addr := maxBodyServer(t, limit)
	cases := []struct {
		size    int64
		chunked bool
		status  int
	}{
		{limit, false, 200}, {limit, true, 200},
		{limit + 1, false, 413}, {limit * 3 / 2, false, 413}, {2 * limit, false, 413},
		{limit + 1, true, 413}, {limit * 3 / 2, true, 413}, {2 * limit, true, 413},
	}
	for _, c := range cases {
		resp, body, err := sendWhole(addr, c.size, c.chunked)
		if err != nil {
			t.Fatalf("%d bytes (chunked %v): %v", c.size, c.chunked, err)
		}
		if resp.StatusCode != c.status {
			t.Fatalf("%d bytes (chunked %v): %d %s, want %d", c.size, c.chunked, resp.StatusCode, body, c.status)
		}
		if c.status == 413 && (!resp.Close || !strings.Contains(body, `"web_framework_error"`) || resp.ContentLength != int64(len(body))) {
			t.Fatalf("%d bytes (chunked %v): close %v, Content-Length %d, %s", c.size, c.chunked, resp.Close, resp.ContentLength, body)
		}
	}
}

// A client that declares a huge body and keeps sending is answered and cut
// off; the server does not read on.
func TestMaxBodyCutsOffEndlessBody(t *testing.T) {
	addr := maxBodyServer(t, 1<<20)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(60 * time.Second)) // only a guard against hanging
	io.WriteString(conn, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: "+strconv.FormatInt(100<<30, 10)+"\r\n\r\n")
	done := make(chan error, 1)
	go func() {
		piece := make([]byte, 64<<10)
		for {
			if _, err := conn.Write(piece); err != nil {
				done <- err
				return
			}
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("%v %v, want 413", resp, err)
	}
	var ne net.Error
	if err := <-done; errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the server kept reading until the client's own deadline")
	}
}
