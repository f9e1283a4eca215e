package onchain

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// StatusKind is the variant of an ExecutionStatus, numbered as its BCS
// variant index.
type StatusKind uint8

// Execution status variants.
const (
	KindSuccess StatusKind = iota
	KindOutOfGas
	KindMoveAbort
	KindExecutionFailure
	KindMiscellaneousError
	numStatusKinds
)

// AbortLocation is where a Move abort or failure happened, aptos-core's
// AbortLocation enum: Module(ModuleId) (0) or Script (1).
type AbortLocation struct {
	// Script marks an abort in the transaction's script; Module is then unset.
	Script bool
	// Module is the aborting module.
	Module ledgerapi.ModuleId
}

// AbortInfo explains an abort code from the module's error map.
type AbortInfo struct {
	// ReasonName is the error constant's name, e.g. "EINSUFFICIENT_BALANCE".
	ReasonName string
	// Description is the constant's doc comment.
	Description string
}

// ExecutionStatus is the outcome of a kept transaction, aptos-core's
// ExecutionStatus, the status field of TransactionInfo. Its zero value is
// success. The fields used depend on Kind:
//
//	KindSuccess             —
//	KindOutOfGas            —
//	KindMoveAbort           Location, AbortCode, Info (nil without one)
//	KindExecutionFailure    Location, Function, CodeOffset
//	KindMiscellaneousError  StatusCode when HasStatusCode
//
// BCS: the variant, then Success/OutOfGas nothing; MoveAbort{location,
// code u64, info Option<{reason_name, description}>}; ExecutionFailure
// {location, function u16, code_offset u16}; MiscellaneousError
// (Option<StatusCode as u64>). VMStatus renders the API's vm_status text
// from the same value.
type ExecutionStatus struct {
	Kind          StatusKind
	HasStatusCode bool
	Function      uint16
	CodeOffset    uint16
	Location      AbortLocation
	AbortCode     uint64
	Info          *AbortInfo
	StatusCode    StatusCode
}

// MoveAbort returns the status of an abort with code in module, explained
// by info when it is not nil.
func MoveAbort(module ledgerapi.ModuleId, code uint64, info *AbortInfo) ExecutionStatus {
	return ExecutionStatus{Kind: KindMoveAbort, Location: AbortLocation{Module: module}, AbortCode: code, Info: info}
}

// OutOfGas returns the status of a transaction that ran out of gas.
func OutOfGas() ExecutionStatus { return ExecutionStatus{Kind: KindOutOfGas} }

// MiscellaneousError returns the status of a failure with status code c.
func MiscellaneousError(c StatusCode) ExecutionStatus {
	return ExecutionStatus{Kind: KindMiscellaneousError, StatusCode: c, HasStatusCode: true}
}

// Success reports whether s is the success status.
func (s ExecutionStatus) Success() bool { return s.Kind == KindSuccess }

func appendLocation(dst []byte, l *AbortLocation) []byte {
	if l.Script {
		return append(dst, 1)
	}
	dst = append(dst, 0)
	dst = append(dst, l.Module.Address[:]...)
	return bcs.AppendString(dst, l.Module.Name)
}

func (l *AbortLocation) read(d *bcs.Decoder) {
	*l = AbortLocation{}
	if d.Variant("AbortLocation", 2) == 1 {
		l.Script = true
		return
	}
	l.Module.UnmarshalBCS(d)
}

// AppendBCS appends the BCS of the status.
func (s *ExecutionStatus) AppendBCS(dst []byte) []byte {
	dst = append(dst, byte(s.Kind))
	switch s.Kind {
	case KindMoveAbort:
		dst = appendLocation(dst, &s.Location)
		dst = binary.LittleEndian.AppendUint64(dst, s.AbortCode)
		if s.Info == nil {
			return append(dst, 0)
		}
		dst = append(dst, 1)
		dst = bcs.AppendString(dst, s.Info.ReasonName)
		return bcs.AppendString(dst, s.Info.Description)
	case KindExecutionFailure:
		dst = appendLocation(dst, &s.Location)
		dst = binary.LittleEndian.AppendUint16(dst, s.Function)
		return binary.LittleEndian.AppendUint16(dst, s.CodeOffset)
	case KindMiscellaneousError:
		if !s.HasStatusCode {
			return append(dst, 0)
		}
		return binary.LittleEndian.AppendUint64(append(dst, 1), uint64(s.StatusCode))
	}
	return dst
}

// MarshalBCS writes AppendBCS's bytes.
func (s *ExecutionStatus) MarshalBCS(e *bcs.Encoder) { e.Append(s.AppendBCS) }

// UnmarshalBCS reads an ExecutionStatus. Any u64 reads as a status code,
// known or not, so that every stored status reads back.
func (s *ExecutionStatus) UnmarshalBCS(d *bcs.Decoder) {
	*s = ExecutionStatus{Kind: StatusKind(d.Variant("ExecutionStatus", uint32(numStatusKinds)))}
	switch s.Kind {
	case KindMoveAbort:
		s.Location.read(d)
		s.AbortCode = d.U64("MoveAbort.code")
		if d.Option("MoveAbort.info") {
			s.Info = &AbortInfo{ReasonName: d.String("AbortInfo.reason_name"), Description: d.String("AbortInfo.description")}
		}
	case KindExecutionFailure:
		s.Location.read(d)
		s.Function = d.U16("ExecutionFailure.function")
		s.CodeOffset = d.U16("ExecutionFailure.code_offset")
	case KindMiscellaneousError:
		if s.HasStatusCode = d.Option("MiscellaneousError"); s.HasStatusCode {
			s.StatusCode = StatusCode(d.U64("StatusCode"))
		}
	}
}

// FunctionNamer names the function at a function handle index of a module,
// for the text of an execution failure. It reports false when it cannot.
type FunctionNamer func(module ledgerapi.ModuleId, function uint16) (string, bool)

// VMStatus returns the vm_status text the API shows for s, as aptos-core's
// explain_vm_status words it:
//
//	success              Executed successfully
//	out of gas           Out of gas
//	abort with info      Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): <description>
//	abort without info   Move abort in 0x1::coin: 0x10006
//	abort in a script    Move abort: code 0x10006
//	execution failure    Execution failed in 0x1::m::f at code offset 3
//	                     (0x1::m::<#2 function> when names cannot name it;
//	                     "script" for a script)
//	misc with a code     the code's name, e.g. FUNCTION_RESOLUTION_FAILURE
//	misc without a code  Execution failed with miscellaneous error and no status code
//
// names may be nil.
func (s ExecutionStatus) VMStatus(names FunctionNamer) string {
	switch s.Kind {
	case KindSuccess:
		return "Executed successfully"
	case KindOutOfGas:
		return "Out of gas"
	case KindMoveAbort:
		if s.Location.Script {
			return "Move abort: code " + hex(s.AbortCode)
		}
		if s.Info == nil {
			return "Move abort in " + s.Location.Module.String() + ": " + hex(s.AbortCode)
		}
		return "Move abort in " + s.Location.Module.String() + ": " + s.Info.ReasonName +
			"(" + hex(s.AbortCode) + "): " + s.Info.Description
	case KindExecutionFailure:
		fn := "script"
		if !s.Location.Script {
			m := s.Location.Module
			fn = fmt.Sprintf("%s::<#%d function>", m, s.Function)
			if names != nil {
				if name, ok := names(m, s.Function); ok {
					fn = m.String() + "::" + name
				}
			}
		}
		return fmt.Sprintf("Execution failed in %s at code offset %d", fn, s.CodeOffset)
	case KindMiscellaneousError:
		if !s.HasStatusCode {
			return "Execution failed with miscellaneous error and no status code"
		}
		return s.StatusCode.String()
	}
	return fmt.Sprintf("ExecutionStatus(%d)", s.Kind)
}

// String returns VMStatus(nil).
func (s ExecutionStatus) String() string { return s.VMStatus(nil) }

func hex(v uint64) string { return "0x" + strconv.FormatUint(v, 16) }
