package handlers

import (
	"errors"
	"net/http"
)

// Errors whose client message is the real node's exact words, and whose
// cause is told to the operator instead.
//
// Where clients (the official SDKs' own tests among them) match the real
// node's message byte for byte, the API answers those words; what this
// node knows beyond them (which byte, which field) goes into the request
// log: writeError hands it to the response writer when the writer takes
// log details (middleware.AccessLog's does), or logs it at debug level.

// detailedError is an API error with a detail for the log only.
type detailedError struct {
	err    error  // what the client is answered
	detail string // what the log says besides
}

func (e *detailedError) Error() string { return e.err.Error() }
func (e *detailedError) Unwrap() error { return e.err }

// withDetail answers err to the client and logs cause with the request.
func withDetail(err error, cause error) error {
	return &detailedError{err: err, detail: cause.Error()}
}

// logDetailer is a response writer that records a detail for its request's
// log line (middleware's request log implements it).
type logDetailer interface {
	LogDetail(detail string)
}

// logDetail hands err's detail, if it has one, to the request log.
func (a *API) logDetail(w http.ResponseWriter, r *http.Request, err error) {
	var de *detailedError
	if !errors.As(err, &de) {
		return
	}
	for w != nil {
		if d, ok := w.(logDetailer); ok {
			d.LogDetail(de.detail)
			return
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	a.deps.Logger.Debug().Str("method", r.Method).Str("path", r.URL.Path).Str("detail", de.detail).Msg("request refused")
}
