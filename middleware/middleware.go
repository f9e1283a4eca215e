package middleware

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// Middleware wraps a handler.
type Middleware func(http.Handler) http.Handler

// Chain applies middlewares so that the first one listed is the outermost.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

type ctxKey int

const requestIDKey ctxKey = 0

// RequestIDHeader carries the request id in requests and responses.
const RequestIDHeader = "X-Request-Id"

// RequestID gives every request an id for the log lines of AccessLog and
// Recover: the client's X-Request-Id when it is a short printable token
// (echoed in the response and available through RequestIDFrom), else a
// fresh one, made only when a line is logged. Requests without an id of
// their own get no response header: that keeps the hot path free of an id
// per request and of a header that clients did not ask for.
func RequestID() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sw := wrapStatus(w)
			if id := r.Header.Get(RequestIDHeader); validID(id) {
				sw.requestID = id
				w.Header().Set(RequestIDHeader, id)
				r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
			}
			next.ServeHTTP(sw, r)
		})
	}
}

// Request ids made here are a random per-process prefix and a counter:
// unique within the process, distinct across restarts, and cheap.
var (
	idPrefix  = func() string { var b [4]byte; rand.Read(b[:]); return hex.EncodeToString(b[:]) }()
	idCounter atomic.Uint64
)

func newRequestID() string {
	buf := make([]byte, 0, 8+16)
	buf = append(buf, idPrefix...)
	return string(strconv.AppendUint(buf, idCounter.Add(1), 16))
}

func validID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// RequestIDFrom returns the client's request id accepted by RequestID, or "".
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// AccessLog logs one line per request: method, path, status, bytes,
// latency and request id. 5xx at error level, 4xx at debug, the rest at
// info; a detail the handler recorded (see LogDetail) is logged with it.
// route names the path template for a request (for example the
// gorilla/mux route template); nil logs the raw path.
func AccessLog(log zerolog.Logger, route func(*http.Request) string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := wrapStatus(w)
			next.ServeHTTP(sw, r)
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			var ev *zerolog.Event
			switch {
			case status >= 500:
				ev = log.Error()
			case status >= 400:
				ev = log.Debug()
			default:
				ev = log.Info()
			}
			path := r.URL.Path
			if route != nil {
				if t := route(r); t != "" {
					path = t
				}
			}
			ev = ev.Str("method", r.Method).Str("path", path).Int("status", status).Int("bytes", sw.bytes).
				Dur("latency", time.Since(start)).Str("request_id", sw.id())
			if sw.detail != "" {
				ev = ev.Str("detail", sw.detail)
			}
			ev.Msg("request")
		})
	}
}

// writeError writes an API error body.
func writeError(w http.ResponseWriter, status int, code ledgerapi.ErrorCode, msg string) {
	b, _ := json.Marshal(&ledgerapi.Error{Message: msg, ErrorCode: code})
	w.Header().Set("Content-Type", ledgerapi.ContentTypeJSON)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

// Recover turns a panic in the handler into a logged 500 internal_error
// JSON body (when nothing has been written yet).
func Recover(log zerolog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sw := wrapStatus(w)
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error().Str("panic", fmt.Sprint(v)).Str("method", r.Method).Str("path", r.URL.Path).
					Str("request_id", sw.id()).Msg("handler panicked")
				if sw.status == 0 {
					writeError(sw, http.StatusInternalServerError, ledgerapi.CodeInternalError, "internal error")
				}
			}()
			next.ServeHTTP(sw, r)
		})
	}
}

// CORS allows cross-origin calls from any origin: it mirrors the Origin,
// allows GET and POST with the headers SDK clients send, exposes the
// X-NODE-* headers and answers preflight requests.
func CORS() Middleware {
	expose := strings.Join([]string{
		ledgerapi.HeaderChainID, ledgerapi.HeaderLedgerVersion, ledgerapi.HeaderLedgerOldest,
		ledgerapi.HeaderLedgerTimestamp, ledgerapi.HeaderEpoch, ledgerapi.HeaderBlockHeight,
		ledgerapi.HeaderOldestBlockHeight, ledgerapi.HeaderGasUsed, ledgerapi.HeaderCursor, "X-Aptos-Cursor", RequestIDHeader,
	}, ", ")
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			origin := r.Header.Get("Origin")
			if origin == "" {
				next.ServeHTTP(w, r)
				return
			}
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Credentials", "true")
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", expose)
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
				if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
					h.Set("Access-Control-Allow-Headers", req)
				}
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// ConcurrencyLimit serves at most n requests at once; others wait up to
// wait for a slot and are then answered 503 internal_error, so overload
// degrades into fast, clear errors instead of a growing queue.
func ConcurrencyLimit(n int, wait time.Duration) Middleware {
	slots := make(chan struct{}, n)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			t := time.NewTimer(wait)
			defer t.Stop()
			select {
			case slots <- struct{}{}:
			case <-t.C:
				w.Header().Set("Retry-After", "1")
				writeError(w, http.StatusServiceUnavailable, ledgerapi.CodeInternalError, "server is busy: too many concurrent requests")
				return
			case <-r.Context().Done():
				return
			}
			defer func() { <-slots }()
			next.ServeHTTP(w, r)
		})
	}
}
