package middleware

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// lingerTimeout bounds the reading of a refused body (see MaxBody).
const lingerTimeout = 10 * time.Second

// MaxBody limits request bodies to n bytes: a declared Content-Length above
// n is answered 413 at once, and reading past n fails with an
// *http.MaxBytesError (handlers then answer 413 themselves).
//
// Either way the connection is closed after the answer, but not before
// the rest of the body is read and discarded — of a body up to 2n bytes in
// all, for at most ten seconds: many clients write a whole request before
// reading the response, and closing a connection with unread data resets
// it, which fails their writes and destroys the answer they would have
// read. A body declared larger than 2n is not read; one that keeps coming
// is cut off at the bound.
func MaxBody(n int64) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > n {
				read := prepareLinger(w, r, 2*n)
				writeError(w, http.StatusRequestEntityTooLarge, ledgerapi.CodeWebFrameworkError,
					"request body of "+strconv.FormatInt(r.ContentLength, 10)+" bytes exceeds the limit of "+strconv.FormatInt(n, 10)+" bytes")
				if read {
					linger(w, r.Body, r.ContentLength)
				}
				return
			}
			if r.Body == nil || r.Body == http.NoBody {
				next.ServeHTTP(w, r)
				return
			}
			lb := &limitedBody{w: w, r: r, body: r.Body, n: n}
			lb.limited = http.MaxBytesReader(nil, r.Body, n)
			r.Body = lb
			next.ServeHTTP(w, r)
			if lb.read {
				linger(w, lb.body, n) // the body is streamed: n more, 2n+1 in all
			}
		})
	}
}

// limitedBody is a request body limited to n bytes that, when a read goes
// past the limit, prepares the connection for lingering before the handler
// answers.
type limitedBody struct {
	w       http.ResponseWriter
	r       *http.Request
	body    io.ReadCloser // the whole body, to discard its rest
	limited io.ReadCloser // body limited to n bytes
	n       int64
	hit     bool // a read went past n
	read    bool // the rest of body is to be discarded after the answer
}

func (b *limitedBody) Read(p []byte) (int, error) {
	n, err := b.limited.Read(p)
	var mbe *http.MaxBytesError
	if err != nil && !b.hit && errors.As(err, &mbe) {
		b.hit = true
		b.read = prepareLinger(b.w, b.r, 2*b.n)
	}
	return n, err
}

func (b *limitedBody) Close() error { return b.body.Close() }

// prepareLinger readies an answer, not yet written, that closes the
// connection, and reports whether what is left of r's body is to be read
// after it: not under HTTP/2, nor for a client waiting for "100 Continue",
// a declared length above max, or a writer that cannot read after writing.
func prepareLinger(w http.ResponseWriter, r *http.Request, max int64) bool {
	w.Header().Set("Connection", "close")
	if r.ProtoMajor != 1 || r.ContentLength > max || strings.EqualFold(r.Header.Get("Expect"), "100-continue") {
		return false
	}
	rc := http.NewResponseController(w)
	return rc.EnableFullDuplex() == nil && rc.SetReadDeadline(time.Now().Add(lingerTimeout)) == nil
}

// linger sends the answer written so far, then discards up to max bytes
// of rest.
func linger(w http.ResponseWriter, rest io.Reader, max int64) {
	http.NewResponseController(w).Flush()
	io.CopyN(io.Discard, rest, max)
}
