// Package middleware holds plain func(http.Handler) http.Handler wrappers a
// host puts around the API: request ids, a structured access log (with the
// detail a handler records through the writer's LogDetail), panic
// recovery answering a JSON internal_error, body-size limits (MaxBody:
// 413), Linger (any answer to a body left unread stays readable by clients
// that write the whole body first), CORS and an optional concurrency limit.
package middleware
