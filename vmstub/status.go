package vmstub

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// reject returns a rejection of the transaction with status c.
func reject(c onchain.StatusCode) error {
	s := c.VMStatus()
	return &s
}

// Abort is a Move abort the executor raises itself (an Object<T> argument
// naming no object, a fee the payer cannot pay, a direct call's abort):
// the transaction fails (success false, gas charged, sequence number
// bumped, its other changes rolled back) and its vm_status reads "Move
// abort in <module>: ...".
type Abort struct {
	// Module is the module that aborted.
	Module ledgerapi.ModuleId
	// Code is the full abort code, native.Code(category, reason).
	Code uint64
}

// Error returns the abort in the vm_status form without reason names.
func (a *Abort) Error() string { return fmt.Sprintf("Move abort in %s: 0x%x", a.Module, a.Code) }

// executionFailure is a committed failure carrying a VM status other than
// an abort (FUNCTION_RESOLUTION_FAILURE, ...).
type executionFailure struct{ status onchain.StatusCode }

func (f *executionFailure) Error() string { return f.status.String() }

// fail returns a committed execution failure with status c.
func fail(c onchain.StatusCode) error { return &executionFailure{status: c} }

// classify gives the committed outcome of a failed payload: its
// execution status and its VM status. An abort is explained by the
// module's abort reasons when they name its code. Every error has one: a
// failure the executor does not recognise (an internal error of a native
// or of the interpreter, a panic, a write that cannot be serialized) is
// the interpreter's status when it carries one, UNKNOWN_INVARIANT_VIOLATION_ERROR
// otherwise, kept as a miscellaneous error as Aptos keeps invariant
// violations; classify then reports true (internal). Failed reads of
// state are not outcomes: callers check Session.readFailure first.
func (vm *VM) classify(err error) (onchain.ExecutionStatus, ledgerapi.VMStatus, bool) {
	var ab *Abort
	var ef *executionFailure
	var vs *ledgerapi.VMStatus
	var mf *moveFailure
	switch {
	case errors.As(err, &mf):
		return mf.status, mf.vmStatus(), false
	case errors.As(err, &ab):
		var info *onchain.AbortInfo
		if r, ok := vm.reg.abortReason(ab.Module, ab.Code&0xFFFF); ok {
			info = &onchain.AbortInfo{ReasonName: r.Name, Description: r.Description}
		}
		return onchain.MoveAbort(ab.Module, ab.Code, info), onchain.ABORTED.VMStatus(), false
	case errors.As(err, &ef):
		if ef.status == onchain.OUT_OF_GAS {
			return onchain.OutOfGas(), ef.status.VMStatus(), false
		}
		return onchain.MiscellaneousError(ef.status), ef.status.VMStatus(), false
	case errors.As(err, &vs):
		return onchain.MiscellaneousError(onchain.StatusCode(vs.Code)), *vs, false
	}
	// The interpreter's errors (and anything else, as an invariant
	// violation), as a failed Move call reports them.
	internal := &moveFailure{status: movevm.ExecutionStatus(err), err: err}
	return internal.status, internal.vmStatus(), true
}

// internalError reports an internal error to Options.InternalError.
func (vm *VM) internalError(txn ledgerapi.HashValue, err error) {
	if f := vm.opts.InternalError; f != nil && !cancelled(err) {
		f(txn, err)
	}
}
