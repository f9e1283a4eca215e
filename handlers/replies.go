package handlers

import (
	"net/http"

	"github.com/rs/zerolog"
)

// Replies answers requests the way the API does, for HTTP handlers served
// beside it (the dev API, a host's own routes): JSON without HTML escaping,
// and errors through the API's one mapping from an error to a status and
// body (StatusOf for a *ledgerapi.Error, its own status for a
// FrameworkError, a logged 500 internal_error for anything else), with the
// API's guards: Retry-After on overload answers and the lingering read of
// a request body refused before it was read to its end (see linger.go).
// Create it with NewReplies; it is safe for concurrent use.
type Replies struct{ api *API }

// RepliesOptions configures Replies.
type RepliesOptions struct {
	// Logger receives the errors answered 500 (default: discard).
	Logger zerolog.Logger
	// MaxBodyBytes is the request body limit of the handlers (default
	// DefaultMaxBodyBytes): a refused body is read and discarded up to
	// twice it, as the API does, so that the client sees the answer.
	MaxBodyBytes int64
}

// NewReplies returns Replies with opts. Its error answers carry no ledger
// headers: it has no ledger to read them from.
func NewReplies(opts RepliesOptions) *Replies {
	o := Options{MaxBodyBytes: opts.MaxBodyBytes}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	return &Replies{api: &API{deps: Deps{Logger: opts.Logger}, opts: o}}
}

// JSON answers status with v encoded as the API encodes its answers.
func (p *Replies) JSON(w http.ResponseWriter, status int, v any) { writeJSON(w, status, v) }

// Error answers err as the API answers a handler's error.
func (p *Replies) Error(w http.ResponseWriter, r *http.Request, err error) {
	p.api.writeError(w, r, err)
}

// FrameworkError returns a web_framework_error answered with status, which
// the error code does not fix: 404 for an unknown path, 405 for a wrong
// method, 413 for a body over the limit, 415 for a content type the
// endpoint does not take, 400 for a body it cannot parse.
func FrameworkError(status int, format string, args ...any) error {
	return frameworkError(status, format, args...)
}
