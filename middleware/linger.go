package middleware

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// Answering a request whose body is still arriving.
//
// Many clients write a whole request before they read the response. When
// a handler answers without reading the body to its end, net/http reads
// at most 256 KiB of the rest itself; past that it marks the connection
// for closing and closes it after the answer with a half close, a 500 ms
// pause during which it reads nothing, and a close. A client still
// sending meets a full receive buffer and then a closed socket: its TCP
// stack gets a reset, its writes fail with ECONNRESET or EPIPE, and the
// reset also discards the answer it was about to read, so it never sees
// the 413 (or 404, 415, ...). Only answers that read the rest themselves
// (the API's errors, handlers/linger.go) escaped this; every other path a
// large body can take did not (routes outside the API, a redirect, a CORS
// preflight, a GET with a body, a client that announced "Expect:
// 100-continue" and sent the body anyway, as RFC 9110 allows).
//
// Linger closes such connections properly, whatever the handler: the
// answer says Connection: close and is sent at once, then the rest of the
// body is read and discarded — of a body up to max bytes in all, for at
// most lingerTimeout — and only then is the connection closed, so a client
// that has finished writing finds the answer waiting. A leftover that ends
// within 256 KiB is read before the answer, as net/http does, and keeps
// the connection (but a 413 always closes it). A body declared larger than max is not read at all, and
// one that keeps coming is cut off at the bound: such a client must read
// while it writes to see the answer.

// lingerTimeout bounds the reading of a refused body.
const lingerTimeout = 10 * time.Second

// smallLeftover is how much of an unread body is read before the answer
// in the hope of its end (net/http's maxPostHandlerReadBytes).
const smallLeftover = 256 << 10

// Linger makes every HTTP/1 answer to a request whose body was not read to
// its end readable by a client that writes the whole request before it
// reads (see above). max bounds what is read of a body in all (twice the
// API's body limit, say). It goes outermost in a server's chain.
func Linger(max int64) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ProtoMajor != 1 || r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
				next.ServeHTTP(w, r)
				return
			}
			body := &countingBody{ReadCloser: r.Body}
			lw := &lingerWriter{ResponseWriter: w, r: r, body: body, max: max}
			r.Body = body
			next.ServeHTTP(lw, r)
			lw.finish()
		})
	}
}

// countingBody counts what is read of a request body and whether its end
// was reached.
type countingBody struct {
	io.ReadCloser
	read int64
	eof  bool
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.read += int64(n)
	if errors.Is(err, io.EOF) {
		b.eof = true
	}
	return n, err
}

// lingerWriter decides, when the answer starts, what becomes of the body
// left unread, and discards it after the answer.
type lingerWriter struct {
	http.ResponseWriter
	r       *http.Request
	body    *countingBody
	max     int64
	decided bool
	drain   bool // discard the rest of the body after the answer
}

// decide runs before the first byte of the answer, whose status is code:
// the connection is kept when the body ends within a small leftover (a
// 413 always closes it); otherwise the answer closes it and, within the
// bound, the rest is read after the answer.
func (w *lingerWriter) decide(code int) {
	if w.decided {
		return
	}
	w.decided = true
	h := w.Header()
	if code == http.StatusRequestEntityTooLarge {
		h.Set("Connection", "close")
	}
	if w.body.eof {
		return
	}
	cl := w.r.ContentLength
	// A client waiting for "100 Continue" has not sent the body: reading
	// now would ask for it. After the answer nothing asks for it, but the
	// client may send it anyway.
	expect := strings.EqualFold(w.r.Header.Get("Expect"), "100-continue")
	if !expect && code != http.StatusRequestEntityTooLarge && (cl < 0 || cl-w.body.read <= smallLeftover) {
		n, err := io.CopyN(io.Discard, w.body, smallLeftover+1)
		if errors.Is(err, io.EOF) || (err == nil && n == 0) {
			return // read to its end: the connection stays
		}
		if err != nil {
			h.Set("Connection", "close") // a broken body: nothing to wait for
			return
		}
	}
	h.Set("Connection", "close")
	if cl > w.max {
		return // too large to wait for: cut off
	}
	rc := http.NewResponseController(w.ResponseWriter)
	// Full duplex: net/http leaves the body alone when the answer is
	// written, so that it can still be read afterwards; the read deadline
	// bounds the wait for a client that stops sending.
	w.drain = rc.EnableFullDuplex() == nil && rc.SetReadDeadline(time.Now().Add(lingerTimeout)) == nil
}

// finish runs once the handler returned: the answer goes out (the
// handler's, or net/http's empty 200), then what is left of the body is
// discarded, up to the bound.
func (w *lingerWriter) finish() {
	w.decide(http.StatusOK)
	if !w.drain || w.body.eof {
		return
	}
	http.NewResponseController(w.ResponseWriter).Flush()
	if left := w.max - w.body.read; left > 0 {
		io.CopyN(io.Discard, w.body, left)
	}
}

func (w *lingerWriter) WriteHeader(code int) {
	if code >= 200 || code == http.StatusSwitchingProtocols {
		w.decide(code)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *lingerWriter) Write(b []byte) (int, error) {
	w.decide(http.StatusOK)
	return w.ResponseWriter.Write(b)
}

// Flush sends the answer so far; it is the answer's start.
func (w *lingerWriter) Flush() {
	w.decide(http.StatusOK)
	http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap returns the wrapped writer (for http.ResponseController).
func (w *lingerWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
