package devapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
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
	// replies writes answers and errors as the REST API does.
	replies *handlers.Replies
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
	a := &API{node: n, opts: opts, routes: map[string]map[string]handlerFunc{},
		replies: handlers.NewReplies(handlers.RepliesOptions{Logger: opts.Logger, MaxBodyBytes: maxBodyBytes})}
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
		a.replies.Error(w, r, handlers.FrameworkError(http.StatusNotFound, "no route for %s %s", r.Method, r.URL.Path))
		return
	}
	methods := a.routes[path]
	h := methods[r.Method]
	switch {
	case h != nil:
		out, err := h(r)
		if err != nil {
			a.replies.Error(w, r, err)
			return
		}
		if f, ok := out.(*file); ok {
			f.write(w)
			return
		}
		a.replies.JSON(w, http.StatusOK, out)
	case methods != nil:
		a.replies.Error(w, r, handlers.FrameworkError(http.StatusMethodNotAllowed, "method %s is not allowed on %s", r.Method, r.URL.Path))
	default:
		a.replies.Error(w, r, handlers.FrameworkError(http.StatusNotFound, "no route for %s %s", r.Method, r.URL.Path))
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

func invalid(format string, args ...any) error {
	return ledgerapi.InvalidInput(format, args...)
}

// decode reads the JSON object of the request body into v. An empty body
// leaves v as it is (every field has a default or is checked after).
// Unknown fields, trailing data and other content types are refused.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return handlers.FrameworkError(http.StatusUnsupportedMediaType, "unsupported Content-Type %q: send application/json", ct)
		}
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	if err != nil {
		return invalid("reading the request body: %v", err)
	}
	if len(b) > maxBodyBytes {
		return handlers.FrameworkError(http.StatusRequestEntityTooLarge, "the request body exceeds %d bytes", maxBodyBytes)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(quoteU64Numbers(b, v)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return invalid("invalid request body: %v", err)
	}
	if dec.More() {
		return invalid("invalid request body: data after the JSON object")
	}
	return nil
}

// quoteU64Numbers returns body with the JSON numbers given to the u64
// fields of *v quoted. The dev API reads a u64 as a decimal string (as the
// REST API writes u64s, and ledgerapi.U64 reads them) or as a JSON number
// (handier with curl); the REST API's own u64 inputs stay strings only.
// A body that is not one JSON object is returned as it is, for decode to
// refuse.
func quoteU64Numbers(body []byte, v any) []byte {
	names := u64Fields(reflect.TypeOf(v))
	if len(names) == 0 {
		return body
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var fields map[string]json.RawMessage
	if dec.Decode(&fields) != nil || fields == nil || dec.More() {
		return body
	}
	changed := false
	for key, raw := range fields {
		if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) {
			continue
		}
		for _, name := range names {
			if strings.EqualFold(key, name) { // as encoding/json matches names
				fields[key] = append(append([]byte{'"'}, raw...), '"')
				changed = true
			}
		}
	}
	if !changed {
		return body
	}
	out, err := json.Marshal(fields)
	if err != nil {
		return body
	}
	return out
}

var u64Type = reflect.TypeOf(ledgerapi.U64(0))

// u64Fields lists the JSON names of the ledgerapi.U64 and *ledgerapi.U64
// fields of the struct t points to.
func u64Fields(t reflect.Type) []string {
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil
	}
	t = t.Elem()
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft != u64Type {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}
