package handlers

import (
	"errors"
	"net/http"

	"github.com/ledgernode/ledgernode/storage"
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

// infoError is an API error found at a ledger version the handler read:
// its answer carries that version's ledger headers, not the latest ones,
// so that the headers tell what the answer was found (or not) against.
type infoError struct {
	err  error
	info storage.LedgerInfo
}

func (e *infoError) Error() string { return e.err.Error() }
func (e *infoError) Unwrap() error { return e.err }

// atInfo ties err to the ledger info it was found against.
func atInfo(err error, info *storage.LedgerInfo) error {
	if err == nil {
		return nil
	}
	return &infoError{err: err, info: *info}
}

// errorInfo is the ledger info err was found against, if it says.
func errorInfo(err error) (*storage.LedgerInfo, bool) {
	var ie *infoError
	if errors.As(err, &ie) {
		return &ie.info, true
	}
	return nil, false
}
