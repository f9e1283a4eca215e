package handlers

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// aptosCursorHeader repeats X-NODE-CURSOR under the name Aptos clients read.
const aptosCursorHeader = "X-Aptos-Cursor"

// reply is what a handler returns on success.
type reply struct {
	status int // default 200
	body   any
	info   *storage.LedgerInfo // ledger headers; nil omits them
	cursor string              // X-NODE-CURSOR when non-empty
	gas    *uint64             // X-NODE-GAS-USED when set
	raw    []byte              // BCS body (application/x-bcs) instead of JSON
	json   []byte              // pre-encoded JSON body instead of body
	rawCT  string              // Content-Type of raw when it is not BCS
}

// handlerFunc is the shape of every endpoint: parse, read, return a value.
type handlerFunc func(r *http.Request) (*reply, error)

// wrap turns a handlerFunc into an http.Handler that writes JSON, the
// ledger headers and errors.
func (a *API) wrap(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rep, err := h(r)
		if err != nil {
			a.writeError(w, r, err)
			return
		}
		if rep.info != nil {
			a.headers.set(w.Header(), rep.info)
		}
		if rep.cursor != "" {
			w.Header().Set(ledgerapi.HeaderCursor, rep.cursor)
			// The official TypeScript SDK pages by this name only.
			w.Header().Set(aptosCursorHeader, rep.cursor)
		}
		if rep.gas != nil {
			w.Header().Set(ledgerapi.HeaderGasUsed, strconv.FormatUint(*rep.gas, 10))
		}
		status := rep.status
		if status == 0 {
			status = http.StatusOK
		}
		if rep.raw != nil {
			ct := ledgerapi.ContentTypeBCS
			if rep.rawCT != "" {
				ct = rep.rawCT
			}
			if ct == ledgerapi.ContentTypeBCS {
				w.Header()["Content-Type"] = contentTypeBCSValue
			} else {
				w.Header().Set("Content-Type", ct)
			}
			w.WriteHeader(status)
			w.Write(rep.raw)
			return
		}
		if rep.json != nil {
			w.Header()["Content-Type"] = contentTypeJSONValue
			w.WriteHeader(status)
			w.Write(rep.json)
			return
		}
		writeJSON(w, status, rep.body)
	})
}

// writeJSON encodes v without HTML escaping (as the real node does).
// The encoding is built in a pooled buffer: Write copies it out.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := jsonBuffers.Get().(*bytes.Buffer)
	defer putJSONBuffer(buf)
	buf.Reset()
	if f, ok := v.(jsonAppender); ok && f.appendJSON(buf) {
		writeJSONBytes(w, status, buf.Bytes())
		return
	}
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"message":"internal error","error_code":"internal_error","vm_error_code":null}`)
	}
	writeJSONBytes(w, status, bytes.TrimRight(buf.Bytes(), "\n"))
}

func writeJSONBytes(w http.ResponseWriter, status int, b []byte) {
	w.Header()["Content-Type"] = contentTypeJSONValue
	w.WriteHeader(status)
	w.Write(b)
}

// jsonAppender is a value that can write its own JSON, byte for byte what
// encoding/json would write, faster; false means it could not (the output
// is then discarded and encoding/json used).
type jsonAppender interface {
	appendJSON(buf *bytes.Buffer) bool
}

var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putJSONBuffer pools buf unless a large answer grew it (a page of
// transactions): those are left to the collector rather than kept alive.
func putJSONBuffer(buf *bytes.Buffer) {
	if buf.Cap() <= 64<<10 {
		jsonBuffers.Put(buf)
	}
}

// writeError answers an error as JSON, with ledger headers whenever the
// ledger info can be read.
func (a *API) writeError(w http.ResponseWriter, r *http.Request, err error) {
	status, body := toResponse(err)
	a.logDetail(w, r, err)
	if isOverload(err) {
		// The node protecting itself, not a failure: no error log.
		w.Header().Set("Retry-After", retryAfterSeconds)
	} else if status >= 500 {
		a.deps.Logger.Error().Err(err).Str("method", r.Method).Str("path", r.URL.Path).Msg("request failed")
	}
	if info, ok := errorInfo(err); ok {
		a.headers.set(w.Header(), info)
	} else if a.deps.Store != nil { // nil for Replies, which has no ledger
		if info, ierr := a.deps.Store.LedgerInfo(r.Context()); ierr == nil {
			a.headers.set(w.Header(), &info)
		}
	}
	discard := a.leftoverBody(w, r, status)
	if discard == nil {
		writeJSON(w, status, body)
		return
	}
	// The answer is flushed before the handler returns: give it its
	// length, as net/http does for short answers it sends itself.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(body)
	b := bytes.TrimRight(buf.Bytes(), "\n")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	writeJSONBytes(w, status, b)
	discard()
}

// storageError maps a storage failure for a lookup into the API error the
// caller should see. notFound builds the specific not-found error; when it
// is nil, not-found is an internal error (the caller did not expect it).
func storageError(err error, notFound func() error) error {
	var pe *storage.PrunedError
	switch {
	case errors.As(err, &pe):
		return ledgerapi.NewError(ledgerapi.CodeVersionPruned,
			"Ledger version has been pruned; the oldest available version is %d", pe.OldestVersion)
	case errors.Is(err, storage.ErrNotFound) && notFound != nil:
		return notFound()
	}
	return err
}

func isPruned(err error) bool { return errors.Is(err, storage.ErrPruned) }
