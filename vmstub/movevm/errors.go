package movevm

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Status codes the interpreter reports, numbered as in Aptos (see
// onchain.StatusCode for their names).
const (
	statusInvariant         onchain.StatusCode = 2000 // UNKNOWN_INVARIANT_VIOLATION_ERROR
	statusEmptyStack        onchain.StatusCode = 2003 // EMPTY_VALUE_STACK
	statusPCOverflow        onchain.StatusCode = 2005 // PC_OVERFLOW
	statusStorage           onchain.StatusCode = 2008 // STORAGE_ERROR
	statusInternalType      onchain.StatusCode = 2009 // INTERNAL_TYPE_ERROR
	statusBadResource       onchain.StatusCode = 2020 // FAILED_TO_DESERIALIZE_RESOURCE
	statusTypeResolution    onchain.StatusCode = 2021 // TYPE_RESOLUTION_FAILURE
	statusTypeMismatch      onchain.StatusCode = 1020 // TYPE_MISMATCH
	statusMissingDependency onchain.StatusCode = 1021 // MISSING_DEPENDENCY
	statusPopWithoutDrop    onchain.StatusCode = 1023 // POP_WITHOUT_DROP_ABILITY
	statusUnsafeRet         onchain.StatusCode = 1029 // UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED
	statusRetMismatch       onchain.StatusCode = 1030 // RET_TYPE_MISMATCH_ERROR
	statusCopyUnavailable   onchain.StatusCode = 1037 // COPYLOC_UNAVAILABLE_ERROR
	statusCopyWithoutCopy   onchain.StatusCode = 1038 // COPYLOC_WITHOUT_COPY_ABILITY
	statusMoveUnavailable   onchain.StatusCode = 1040 // MOVELOC_UNAVAILABLE_ERROR
	statusBorrowUnavailable onchain.StatusCode = 1043 // BORROWLOC_UNAVAILABLE_ERROR
	statusCallMismatch      onchain.StatusCode = 1045 // CALL_TYPE_MISMATCH_ERROR
	statusStLocUnsafe       onchain.StatusCode = 1028 // STLOC_UNSAFE_TO_DESTROY_ERROR
	statusReadRefNoCopy     onchain.StatusCode = 1050 // READREF_WITHOUT_COPY_ABILITY
	statusWriteRefNoDrop    onchain.StatusCode = 1053 // WRITEREF_WITHOUT_DROP_ABILITY
	statusWriteRefImmutable onchain.StatusCode = 1055 // WRITEREF_NO_MUTABLE_REFERENCE_ERROR
	statusIntOpMismatch     onchain.StatusCode = 1056 // INTEGER_OP_TYPE_MISMATCH_ERROR
	statusBoolOpMismatch    onchain.StatusCode = 1057 // BOOLEAN_OP_TYPE_MISMATCH_ERROR
	statusEqualityMismatch  onchain.StatusCode = 1058 // EQUALITY_OP_TYPE_MISMATCH_ERROR
	statusNoKey             onchain.StatusCode = 1061 // BORROWGLOBAL_WITHOUT_KEY_ABILITY
	statusConstraint        onchain.StatusCode = 1075 // CONSTRAINT_NOT_SATISFIED
	statusTypeArgCount      onchain.StatusCode = 1076 // NUMBER_OF_TYPE_ARGUMENTS_MISMATCH
	statusLinker            onchain.StatusCode = 1081 // LINKER_ERROR
	statusBadConstant       onchain.StatusCode = 1083 // MALFORMED_CONSTANT_DATA
	statusUnusedNoDrop      onchain.StatusCode = 1088 // UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP
	statusFunctionNotFound  onchain.StatusCode = 1091 // FUNCTION_RESOLUTION_FAILURE
	statusArgCount          onchain.StatusCode = 1098 // NUMBER_OF_ARGUMENTS_MISMATCH
	statusInvalidParam      onchain.StatusCode = 1099 // INVALID_PARAM_TYPE_FOR_DESERIALIZATION
	statusBadArgument       onchain.StatusCode = 1100 // FAILED_TO_DESERIALIZE_ARGUMENT
	statusSignerCount       onchain.StatusCode = 1101 // NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH
	statusNotEntry          onchain.StatusCode = 1103 // EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION
	statusInvalidType       onchain.StatusCode = 1003 // INVALID_SIGNATURE_TOKEN
	statusValueSerialize    onchain.StatusCode = 3022 // VALUE_SERIALIZATION_ERROR
	statusOutOfGas          onchain.StatusCode = 4002 // OUT_OF_GAS
	statusResourceExists    onchain.StatusCode = 4004 // RESOURCE_ALREADY_EXISTS
	statusMissingData       onchain.StatusCode = 4008 // MISSING_DATA
	statusArithmetic        onchain.StatusCode = 4017 // ARITHMETIC_ERROR
	statusVector            onchain.StatusCode = 4018 // VECTOR_OPERATION_ERROR
	statusStackOverflow     onchain.StatusCode = 4020 // EXECUTION_STACK_OVERFLOW
	statusCallOverflow      onchain.StatusCode = 4021 // CALL_STACK_OVERFLOW
	statusTypeDepth         onchain.StatusCode = 4024 // VM_MAX_TYPE_DEPTH_REACHED
	statusValueDepth        onchain.StatusCode = 4025 // VM_MAX_VALUE_DEPTH_REACHED
	statusTypeNodes         onchain.StatusCode = 4029 // VM_MAX_TYPE_NODES_REACHED
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
var ErrOutOfGas = errorf(statusOutOfGas, "gas budget exhausted")

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
		return onchain.MiscellaneousError(statusInvariant)
	}
	switch {
	case e.Status == statusOutOfGas:
		return onchain.OutOfGas()
	case e.InCode && e.Status >= 4000 && e.Status < 5000:
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
		return onchain.StatusAborted
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return statusInvariant
}
