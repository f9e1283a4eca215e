package verifier

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Error is a verification failure: the status Aptos reports for the rule
// broken, and where. Function is the function definition index (-1 when the
// failure is not inside a function; the script's main function is 0) and
// Offset the code offset (-1 when not at an instruction).
type Error struct {
	Status   onchain.StatusCode
	Function int
	Offset   int
	Message  string
}

func (e *Error) Error() string {
	s := e.Status.String()
	if e.Function >= 0 {
		s += fmt.Sprintf(" in function definition %d", e.Function)
		if e.Offset >= 0 {
			s += fmt.Sprintf(" at code offset %d", e.Offset)
		}
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// fail makes an Error outside any function.
func fail(st onchain.StatusCode, format string, args ...any) *Error {
	return &Error{Status: st, Function: -1, Offset: -1, Message: fmt.Sprintf(format, args...)}
}

// failAt makes an Error at an instruction of fn (offset -1: the function as
// a whole).
func (fn *function) failAt(st onchain.StatusCode, offset int, format string, args ...any) *Error {
	return &Error{Status: st, Function: fn.index, Offset: offset, Message: fmt.Sprintf(format, args...)}
}
