package movevm

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Error is a failed call: a status code, where it happened and why.
// Location is unset for failures before any code ran (argument checks,
// linking of the called function); Script marks the transaction's script.
type Error struct {
	Status  onchain.StatusCode
	Message string
	// InCode is set when the failure happened while running code, at
	// Function (a function definition index) and Offset of Module.
	InCode   bool
	Script   bool
	Module   ledgerapi.ModuleId
	Function uint16
	Offset   uint16
	// Err is the failure of a host's meter, loader or native that the
	// interpreter reports as this Error (UNKNOWN_INVARIANT_VIOLATION_ERROR),
	// kept so that callers can still tell it (errors.Is, errors.As).
	Err error
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	where := ""
	if e.InCode {
		if e.Script {
			where = fmt.Sprintf(" in script at offset %d", e.Offset)
		} else {
			where = fmt.Sprintf(" in %s function #%d at offset %d", e.Module, e.Function, e.Offset)
		}
	}
	return fmt.Sprintf("movevm: %s%s: %s", e.Status, where, e.Message)
}

// Abort is a Move abort: the code and the aborting module (Script when the
// transaction's script aborted). Message is set for abort with a message
// (file format 10) and for natives that give one.
type Abort struct {
	Module  ledgerapi.ModuleId
	Script  bool
	Code    uint64
	Message string
}

func (a *Abort) Error() string {
	if a.Script {
		return fmt.Sprintf("movevm: Move abort in script: 0x%x", a.Code)
	}
	return fmt.Sprintf("movevm: Move abort in %s: 0x%x", a.Module, a.Code)
}

// NativeAbort is what a native returns to abort; the abort is located in
// the native's module.
type NativeAbort struct {
	Code    uint64
	Message string
}

func (a *NativeAbort) Error() string { return fmt.Sprintf("native abort 0x%x", a.Code) }

func errorf(st onchain.StatusCode, format string, args ...any) *Error {
	return &Error{Status: st, Message: fmt.Sprintf(format, args...)}
}

// ErrOutOfGas is what a GasMeter returns when the budget is spent.
var ErrOutOfGas = errorf(onchain.OUT_OF_GAS, "gas budget exhausted")

// ExecutionStatus converts the outcome of a call as Aptos keeps it in a
// transaction: nil is success, an Abort a MoveAbort (without explanation:
// the executor adds it from the module's error map), OUT_OF_GAS OutOfGas,
// a failure in running code an ExecutionFailure at its function and code
// offset, and anything else a miscellaneous error with the status code.
func ExecutionStatus(err error) onchain.ExecutionStatus {
	if err == nil {
		return onchain.ExecutionStatus{}
	}
	var a *Abort
	if errors.As(err, &a) {
		st := onchain.MoveAbort(a.Module, a.Code, nil)
		st.Location.Script = a.Script
		return st
	}
	var e *Error
	if !errors.As(err, &e) {
		return onchain.MiscellaneousError(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
	}
	switch {
	case e.Status == onchain.OUT_OF_GAS:
		return onchain.OutOfGas()
	case e.InCode && e.Status.VMStatus().StatusType() == "Execution":
		return onchain.ExecutionStatus{Kind: onchain.KindExecutionFailure, Function: e.Function, CodeOffset: e.Offset,
			Location: onchain.AbortLocation{Script: e.Script, Module: e.Module}}
	}
	return onchain.MiscellaneousError(e.Status)
}

// StatusOf returns the status code of err: ABORTED for aborts, the
// Error's status, or UNKNOWN_INVARIANT_VIOLATION_ERROR for anything else.
func StatusOf(err error) onchain.StatusCode {
	var a *Abort
	if errors.As(err, &a) {
		return onchain.ABORTED
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR
}
