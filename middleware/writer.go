package middleware

import (
	"net/http"
)

// statusWriter records the status and size of a response. It keeps the
// wrapped writer reachable through Unwrap, so http.ResponseController can
// still flush and hijack.
type statusWriter struct {
	http.ResponseWriter
	status    int
	bytes     int
	requestID string // the client's id, or one made on first use by id()
	detail    string // what the handler said about the request, for the log only
}

// LogDetail records what the handler knows about the request beyond its
// answer (an error's cause, say); AccessLog writes it in the request's line.
func (w *statusWriter) LogDetail(detail string) { w.detail = detail }

// id returns the request's id, making one the first time it is needed.
func (w *statusWriter) id() string {
	if w.requestID == "" {
		w.requestID = newRequestID()
	}
	return w.requestID
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap returns the wrapped writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush forwards to the wrapped writer when it can flush.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// wrapStatus returns w as a *statusWriter, reusing one an outer middleware
// already installed, so that a chain allocates a single wrapper.
func wrapStatus(w http.ResponseWriter) *statusWriter {
	if sw, ok := w.(*statusWriter); ok {
		return sw
	}
	return &statusWriter{ResponseWriter: w}
}
