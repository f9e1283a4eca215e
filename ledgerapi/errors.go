package ledgerapi

import "fmt"

// ErrorCode is the closed set of machine-readable error codes of the API.
type ErrorCode string

// The error codes. No other value is ever sent.
const (
	CodeAccountNotFound          ErrorCode = "account_not_found"
	CodeResourceNotFound         ErrorCode = "resource_not_found"
	CodeModuleNotFound           ErrorCode = "module_not_found"
	CodeStructFieldNotFound      ErrorCode = "struct_field_not_found"
	CodeVersionNotFound          ErrorCode = "version_not_found"
	CodeTransactionNotFound      ErrorCode = "transaction_not_found"
	CodeTableItemNotFound        ErrorCode = "table_item_not_found"
	CodeBlockNotFound            ErrorCode = "block_not_found"
	CodeStateValueNotFound       ErrorCode = "state_value_not_found"
	CodeVersionPruned            ErrorCode = "version_pruned"
	CodeBlockPruned              ErrorCode = "block_pruned"
	CodeInvalidInput             ErrorCode = "invalid_input"
	CodeInvalidTransactionUpdate ErrorCode = "invalid_transaction_update"
	CodeSequenceNumberTooOld     ErrorCode = "sequence_number_too_old"
	CodeVMError                  ErrorCode = "vm_error"
	CodeRejectedByFilter         ErrorCode = "rejected_by_filter"
	CodeHealthCheckFailed        ErrorCode = "health_check_failed"
	CodeMempoolIsFull            ErrorCode = "mempool_is_full"
	CodeInternalError            ErrorCode = "internal_error"
	CodeWebFrameworkError        ErrorCode = "web_framework_error"
	CodeBCSNotSupported          ErrorCode = "bcs_not_supported"
	CodeAPIDisabled              ErrorCode = "api_disabled"
)

// ErrorCodes lists every code in the order of the interface document.
var ErrorCodes = []ErrorCode{
	CodeAccountNotFound, CodeResourceNotFound, CodeModuleNotFound,
	CodeStructFieldNotFound, CodeVersionNotFound, CodeTransactionNotFound,
	CodeTableItemNotFound, CodeBlockNotFound, CodeStateValueNotFound,
	CodeVersionPruned, CodeBlockPruned, CodeInvalidInput,
	CodeInvalidTransactionUpdate, CodeSequenceNumberTooOld, CodeVMError,
	CodeRejectedByFilter, CodeHealthCheckFailed, CodeMempoolIsFull,
	CodeInternalError, CodeWebFrameworkError, CodeBCSNotSupported,
	CodeAPIDisabled,
}

// Valid reports whether c is one of the defined codes.
func (c ErrorCode) Valid() bool {
	for _, k := range ErrorCodes {
		if c == k {
			return true
		}
	}
	return false
}

// UnmarshalText accepts only defined codes.
func (c *ErrorCode) UnmarshalText(b []byte) error {
	v := ErrorCode(b)
	if !v.Valid() {
		return fmt.Errorf("unknown error code %q", truncate(string(b)))
	}
	*c = v
	return nil
}

// Error is the body of every error response. It is also a Go error, so
// handlers can return it directly.
type Error struct {
	Message   string    `json:"message"`
	ErrorCode ErrorCode `json:"error_code"`
	// VMErrorCode is the numeric VM status for VM rejections; JSON null otherwise.
	VMErrorCode *uint64 `json:"vm_error_code"`
}

// Error returns the message with its code.
func (e *Error) Error() string { return string(e.ErrorCode) + ": " + e.Message }

// NewError builds an Error with a formatted message.
func NewError(code ErrorCode, format string, args ...any) *Error {
	return &Error{Message: fmt.Sprintf(format, args...), ErrorCode: code}
}

// NewVMError builds a vm_error carrying the VM status code.
func NewVMError(vmCode uint64, format string, args ...any) *Error {
	return &Error{Message: fmt.Sprintf(format, args...), ErrorCode: CodeVMError, VMErrorCode: &vmCode}
}

// InvalidInput builds an invalid_input error.
func InvalidInput(format string, args ...any) *Error {
	return NewError(CodeInvalidInput, format, args...)
}
