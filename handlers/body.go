package handlers

import (
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// DefaultMaxBodyBytes is the default request body limit (8 MiB, as the real node).
const DefaultMaxBodyBytes = 8 << 20

// mediaType returns the request's media type without parameters, lower-cased.
func mediaType(r *http.Request) string {
	ct := r.Header.Get("Content-Type")
	switch ct {
	case "":
		return ""
	case ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeAptosSignedTxnBCS, ledgerapi.ContentTypeSignedTxnBCS,
		ledgerapi.ContentTypeAptosViewFunctionBCS, ledgerapi.ContentTypeViewFunctionBCS:
		return ct // the common exact forms, without parsing
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

// readBody reads the whole body under the size limit: 413 when it is larger.
func (a *API) readBody(r *http.Request) ([]byte, error) {
	limit := a.opts.MaxBodyBytes
	if r.ContentLength > limit {
		return nil, frameworkError(http.StatusRequestEntityTooLarge, "request body of %d bytes exceeds the limit of %d bytes", r.ContentLength, limit)
	}
	if n := r.ContentLength; n >= 0 && n <= limit {
		// The common case: a declared length within the limit, read into
		// a buffer of exactly that size.
		b := make([]byte, n)
		if _, err := io.ReadFull(r.Body, b); err != nil {
			return nil, frameworkError(http.StatusBadRequest, "reading the request body: %v", err)
		}
		return b, nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, frameworkError(http.StatusRequestEntityTooLarge, "request body exceeds the limit of %d bytes", limit)
	}
	if err != nil {
		return nil, frameworkError(http.StatusBadRequest, "reading the request body: %v", err)
	}
	return b, nil
}

// readJSON reads a JSON body into v strictly: the content type must be
// JSON (415 otherwise), unknown fields and trailing data are rejected (400).
func (a *API) readJSON(r *http.Request, v any) error {
	if mt := mediaType(r); mt != ledgerapi.ContentTypeJSON {
		return frameworkError(http.StatusUnsupportedMediaType, "unsupported Content-Type %q: this endpoint accepts %s", r.Header.Get("Content-Type"), ledgerapi.ContentTypeJSON)
	}
	b, err := a.readBody(r)
	if err != nil {
		return err
	}
	if err := txn.DecodeJSON(b, v); err != nil {
		return frameworkError(http.StatusBadRequest, "parse request payload error: %v", err)
	}
	return nil
}

// acceptsJSONFirst reports whether the Accept header names JSON before BCS.
func acceptsJSONFirst(r *http.Request) bool {
	return firstAccepted(r.Header.Values("Accept")) == ledgerapi.ContentTypeJSON
}

// firstAccepted returns which of JSON and BCS the Accept values name
// first, or "" when they name neither.
func firstAccepted(accept []string) string {
	for _, part := range accept {
		for _, item := range splitComma(part) {
			mt, _, err := mime.ParseMediaType(item)
			if err != nil {
				continue
			}
			if mt == ledgerapi.ContentTypeBCS || mt == ledgerapi.ContentTypeJSON {
				return mt
			}
		}
	}
	return ""
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}
