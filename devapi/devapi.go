package devapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/node"
)

// DefaultPathPrefix is where the bundled server mounts the dev API.
const DefaultPathPrefix = "/v1/-/dev"

// maxBodyBytes bounds request bodies; every request is a few fields.
const maxBodyBytes = 64 << 10

// Options configures the dev API.
type Options struct {
	// PathPrefix is the prefix the host hands requests with (default
	// DefaultPathPrefix); the API strips it.
	PathPrefix string
	// Logger receives internal errors (default: discard).
	Logger zerolog.Logger
	// Modules converts the JSON of set_resource to BCS (the executor's
	// modules, as handlers.Deps.Modules); without it set_resource answers
	// 403 api_disabled.
	Modules handlers.Modules
}

// API is the dev API as an http.Handler. Create it with New.
type API struct {
	node   *node.Node
	opts   Options
	routes map[string]map[string]handlerFunc // path → method → handler
}

type handlerFunc func(r *http.Request) (any, error)

// New returns the dev API over n.
func New(n *node.Node, opts Options) (*API, error) {
	if n == nil {
		return nil, errors.New("devapi: a node is required")
	}
	if opts.PathPrefix == "" {
		opts.PathPrefix = DefaultPathPrefix
	}
	a := &API{node: n, opts: opts, routes: map[string]map[string]handlerFunc{}}
	for _, rt := range a.table() {
		if a.routes[rt.path] == nil {
			a.routes[rt.path] = map[string]handlerFunc{}
		}
		a.routes[rt.path][rt.method] = rt.handler
	}
	return a, nil
}

// ServeHTTP routes a request by its path below PathPrefix.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := strings.CutPrefix(r.URL.Path, a.opts.PathPrefix)
	if !ok {
		a.writeError(w, r, framework(http.StatusNotFound, "no route for %s %s", r.Method, r.URL.Path))
		return
	}
	methods := a.routes[path]
	h := methods[r.Method]
	switch {
	case h != nil:
		out, err := h(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		if f, ok := out.(*file); ok {
			f.write(w)
			return
		}
		writeJSON(w, http.StatusOK, out)
	case methods != nil:
		a.writeError(w, r, framework(http.StatusMethodNotAllowed, "method %s is not allowed on %s", r.Method, r.URL.Path))
	default:
		a.writeError(w, r, framework(http.StatusNotFound, "no route for %s %s", r.Method, r.URL.Path))
	}
}

// file is an answer that is a file to download rather than JSON.
type file struct {
	name string
	body []byte
}

func (f *file) write(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", f.name))
	w.Header().Set("Content-Length", strconv.Itoa(len(f.body)))
	w.WriteHeader(http.StatusOK)
	w.Write(f.body)
}

// statusError is an API error with a status of its own (framework errors).
type statusError struct {
	status int
	body   *ledgerapi.Error
}

func (e *statusError) Error() string { return e.body.Error() }

func framework(status int, format string, args ...any) error {
	return &statusError{status: status, body: ledgerapi.NewError(ledgerapi.CodeWebFrameworkError, format, args...)}
}

func invalid(format string, args ...any) error {
	return ledgerapi.InvalidInput(format, args...)
}

// writeError writes err as the API's error body: a *ledgerapi.Error with
// the status handlers.StatusOf gives its code; anything else is a logged
// 500 internal_error.
func (a *API) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var se *statusError
	if errors.As(err, &se) {
		writeJSON(w, se.status, se.body)
		return
	}
	var ae *ledgerapi.Error
	if errors.As(err, &ae) {
		writeJSON(w, handlers.StatusOf(ae.ErrorCode), ae)
		return
	}
	a.opts.Logger.Error().Err(err).Str("method", r.Method).Str("path", r.URL.Path).Msg("dev API request failed")
	writeJSON(w, http.StatusInternalServerError, ledgerapi.NewError(ledgerapi.CodeInternalError, "internal error"))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		enc.Encode(ledgerapi.NewError(ledgerapi.CodeInternalError, "internal error"))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// decode reads the JSON object of the request body into v. An empty body
// leaves v as it is (every field has a default or is checked after).
// Unknown fields, trailing data and other content types are refused.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return framework(http.StatusUnsupportedMediaType, "unsupported Content-Type %q: send application/json", ct)
		}
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	if err != nil {
		return invalid("reading the request body: %v", err)
	}
	if len(b) > maxBodyBytes {
		return framework(http.StatusRequestEntityTooLarge, "the request body exceeds %d bytes", maxBodyBytes)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return invalid("invalid request body: %v", err)
	}
	if dec.More() {
		return invalid("invalid request body: data after the JSON object")
	}
	return nil
}

// Uint is a u64 in a request: a JSON number or a decimal string (as the
// REST API writes u64s). Responses write u64s as strings.
type Uint uint64

// UnmarshalJSON accepts 12 and "12".
func (u *Uint) UnmarshalJSON(b []byte) error {
	s := string(b)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("%s is not a u64", b)
	}
	*u = Uint(n)
	return nil
}

// MarshalJSON writes a decimal string.
func (u Uint) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, strconv.FormatUint(uint64(u), 10)), nil
}
