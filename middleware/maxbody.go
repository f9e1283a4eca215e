package middleware

import (
	"net/http"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// MaxBody limits request bodies to n bytes: a declared Content-Length above
// n is answered 413 at once, and reading past n fails with an
// *http.MaxBytesError (handlers then answer 413 themselves).
//
// Either way the connection is closed after the answer, but not before
// the rest of the body is read and discarded — of a body up to 2n bytes in
// all, for at most ten seconds (see Linger, which MaxBody includes): many
// clients write a whole request before reading the response, and closing
// a connection with unread data resets it, which fails their writes and
// destroys the answer they would have read. A body declared larger than
// 2n is not read; one that keeps coming is cut off at the bound.
func MaxBody(n int64) Middleware {
	linger := Linger(2 * n)
	return func(next http.Handler) http.Handler {
		return linger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > n {
				writeError(w, http.StatusRequestEntityTooLarge, ledgerapi.CodeWebFrameworkError,
					"request body of "+strconv.FormatInt(r.ContentLength, 10)+" bytes exceeds the limit of "+strconv.FormatInt(n, 10)+" bytes")
				return
			}
			if r.Body != nil && r.Body != http.NoBody {
				r.Body = http.MaxBytesReader(nil, r.Body, n)
			}
			next.ServeHTTP(w, r)
		}))
	}
}
