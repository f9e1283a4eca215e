// Package middleware holds plain func(http.Handler) http.Handler wrappers a
// host puts around the API: request ids, a structured access log, panic
// recovery answering a JSON internal_error, body-size limits (MaxBody:
// 413, readable even by clients that write the whole body first), CORS
// and an optional concurrency limit.
package middleware
