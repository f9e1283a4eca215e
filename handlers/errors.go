package handlers

import (
	"errors"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// StatusOf is the single mapping from an error code to its HTTP status.
// web_framework_error has no fixed status: framework errors carry their own
// (400, 404, 405, 411, 413, 415); StatusOf reports 400 for it.
func StatusOf(code ledgerapi.ErrorCode) int {
	switch code {
	case ledgerapi.CodeAccountNotFound, ledgerapi.CodeResourceNotFound, ledgerapi.CodeModuleNotFound,
		ledgerapi.CodeStructFieldNotFound, ledgerapi.CodeVersionNotFound, ledgerapi.CodeTransactionNotFound,
		ledgerapi.CodeTableItemNotFound, ledgerapi.CodeBlockNotFound, ledgerapi.CodeStateValueNotFound:
		return http.StatusNotFound
	case ledgerapi.CodeVersionPruned, ledgerapi.CodeBlockPruned:
		return http.StatusGone
	case ledgerapi.CodeInvalidInput, ledgerapi.CodeInvalidTransactionUpdate, ledgerapi.CodeSequenceNumberTooOld,
		ledgerapi.CodeVMError, ledgerapi.CodeRejectedByFilter, ledgerapi.CodeBCSNotSupported, ledgerapi.CodeWebFrameworkError:
		return http.StatusBadRequest
	case ledgerapi.CodeAPIDisabled:
		return http.StatusForbidden
	case ledgerapi.CodeHealthCheckFailed:
		return http.StatusServiceUnavailable
	case ledgerapi.CodeMempoolIsFull:
		return http.StatusInsufficientStorage
	}
	return http.StatusInternalServerError
}

// httpError is an API error with an explicit status, used for framework
// errors (wrong method, unsupported media type, body too large...).
type httpError struct {
	status int
	body   *ledgerapi.Error
}

func (e *httpError) Error() string { return e.body.Error() }

// frameworkError builds a web_framework_error with its own status.
func frameworkError(status int, format string, args ...any) error {
	return &httpError{status: status, body: ledgerapi.NewError(ledgerapi.CodeWebFrameworkError, format, args...)}
}

// toResponse turns any handler error into a status and a wire body. Errors
// that are not API errors become a generic 500 internal_error; the caller
// logs the original.
func toResponse(err error) (int, *ledgerapi.Error) {
	var he *httpError
	if errors.As(err, &he) {
		return he.status, he.body
	}
	var ae *ledgerapi.Error
	if errors.As(err, &ae) {
		if !ae.ErrorCode.Valid() {
			return http.StatusInternalServerError, ledgerapi.NewError(ledgerapi.CodeInternalError, "internal error")
		}
		return StatusOf(ae.ErrorCode), ae
	}
	return http.StatusInternalServerError, ledgerapi.NewError(ledgerapi.CodeInternalError, "internal error")
}
