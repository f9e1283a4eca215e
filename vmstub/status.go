package vmstub

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// Move VM status codes this executor reports, numbered as in Aptos's
// StatusCode enum (move-core-types vm_status.rs).
var (
	StatusInvalidSignature              = ledgerapi.VMStatus{Code: 1, Name: "INVALID_SIGNATURE"}
	StatusInvalidAuthKey                = ledgerapi.VMStatus{Code: 2, Name: "INVALID_AUTH_KEY"}
	StatusSequenceNumberTooOld          = ledgerapi.VMStatus{Code: 3, Name: "SEQUENCE_NUMBER_TOO_OLD"}
	StatusSequenceNumberTooNew          = ledgerapi.VMStatus{Code: 4, Name: "SEQUENCE_NUMBER_TOO_NEW"}
	StatusInsufficientBalanceForFee     = ledgerapi.VMStatus{Code: 5, Name: "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE"}
	StatusTransactionExpired            = ledgerapi.VMStatus{Code: 6, Name: "TRANSACTION_EXPIRED"}
	StatusExceededMaxTransactionSize    = ledgerapi.VMStatus{Code: 10, Name: "EXCEEDED_MAX_TRANSACTION_SIZE"}
	StatusMaxGasUnitsExceedsBound       = ledgerapi.VMStatus{Code: 13, Name: "MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND"}
	StatusMaxGasUnitsBelowMin           = ledgerapi.VMStatus{Code: 14, Name: "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS"}
	StatusGasUnitPriceBelowMin          = ledgerapi.VMStatus{Code: 15, Name: "GAS_UNIT_PRICE_BELOW_MIN_BOUND"}
	StatusGasUnitPriceAboveMax          = ledgerapi.VMStatus{Code: 16, Name: "GAS_UNIT_PRICE_ABOVE_MAX_BOUND"}
	StatusBadChainID                    = ledgerapi.VMStatus{Code: 23, Name: "BAD_CHAIN_ID"}
	StatusSequenceNumberTooBig          = ledgerapi.VMStatus{Code: 24, Name: "SEQUENCE_NUMBER_TOO_BIG"}
	StatusFeatureUnderGating            = ledgerapi.VMStatus{Code: 26, Name: "FEATURE_UNDER_GATING"}
	StatusSecondaryKeysCountMismatch    = ledgerapi.VMStatus{Code: 27, Name: "SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH"}
	StatusSignersContainDuplicates      = ledgerapi.VMStatus{Code: 28, Name: "SIGNERS_CONTAIN_DUPLICATES"}
	StatusAccountNotMultisig            = ledgerapi.VMStatus{Code: 31, Name: "ACCOUNT_NOT_MULTISIG"}
	StatusNonceAlreadyUsed              = ledgerapi.VMStatus{Code: 42, Name: "NONCE_ALREADY_USED"}
	StatusExpirationTooFarInFuture      = ledgerapi.VMStatus{Code: 44, Name: "TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE"}
	StatusNumberOfTypeArgumentsMismatch = ledgerapi.VMStatus{Code: 1076, Name: "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH"}
	StatusFunctionResolutionFailure     = ledgerapi.VMStatus{Code: 1091, Name: "FUNCTION_RESOLUTION_FAILURE"}
	StatusNumberOfArgumentsMismatch     = ledgerapi.VMStatus{Code: 1098, Name: "NUMBER_OF_ARGUMENTS_MISMATCH"}
	StatusFailedToDeserializeArgument   = ledgerapi.VMStatus{Code: 1100, Name: "FAILED_TO_DESERIALIZE_ARGUMENT"}
	StatusNumberOfSignerArgsMismatch    = ledgerapi.VMStatus{Code: 1101, Name: "NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH"}
	StatusEntryFunctionNotEntry         = ledgerapi.VMStatus{Code: 1103, Name: "EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION"}
	StatusOutOfGas                      = ledgerapi.VMStatus{Code: 4002, Name: "OUT_OF_GAS"}
	StatusMissingData                   = ledgerapi.VMStatus{Code: 4008, Name: "MISSING_DATA"}
	StatusAborted                       = ledgerapi.VMStatus{Code: 4016, Name: "ABORTED"}
	StatusArithmeticError               = ledgerapi.VMStatus{Code: 4017, Name: "ARITHMETIC_ERROR"}
)

// reject returns a fresh copy of a status as a rejection error.
func reject(s ledgerapi.VMStatus) error { return &s }

// vmStatusExecuted is the vm_status of a successful transaction.
const vmStatusExecuted = "Executed successfully"

// Abort categories of the framework's std::error module. An abort code is
// (category << 16) | reason.
const (
	CategoryInvalidArgument   = 0x1
	CategoryOutOfRange        = 0x2
	CategoryInvalidState      = 0x3
	CategoryUnauthenticated   = 0x4
	CategoryPermissionDenied  = 0x5
	CategoryNotFound          = 0x6
	CategoryAborted           = 0x7
	CategoryAlreadyExists     = 0x8
	CategoryResourceExhausted = 0x9
	CategoryInternal          = 0xA
	CategoryNotImplemented    = 0xC
	CategoryUnavailable       = 0xD
)

// AbortCode builds a canonical abort code from a category and a reason.
func AbortCode(category, reason uint64) uint64 { return category<<16 | reason }

// Abort is a Move abort raised by a native function: the transaction fails
// (success false, gas charged, sequence number bumped, its other changes
// rolled back) and its vm_status reads "Move abort in <module>: ...".
type Abort struct {
	// Module is the module that aborted.
	Module ledgerapi.ModuleId
	// Code is the full abort code, (category << 16) | reason.
	Code uint64
}

// Error returns the abort in the vm_status form without reason names.
func (a *Abort) Error() string { return fmt.Sprintf("Move abort in %s: 0x%x", a.Module, a.Code) }

// AbortReason names an abort reason of a module for vm_status texts.
type AbortReason struct {
	// Reason is the low 16 bits of the abort code (the module's constant).
	Reason uint64
	// Name is the constant's name, e.g. "EINSUFFICIENT_BALANCE".
	Name string
	// Description is the constant's doc comment.
	Description string
}

// executionFailure is a committed failure carrying a VM status other than
// an abort (FUNCTION_RESOLUTION_FAILURE, ...).
type executionFailure struct{ status ledgerapi.VMStatus }

func (f *executionFailure) Error() string { return f.status.Name }

// fail returns a committed execution failure with status s.
func fail(s ledgerapi.VMStatus) error { return &executionFailure{status: s} }

// classify splits a native's error into a committed failure (status text
// and true) or an internal error that discards the transaction (false).
func (vm *VM) classify(err error) (string, ledgerapi.VMStatus, bool) {
	var ab *Abort
	var ef *executionFailure
	var vs *ledgerapi.VMStatus
	switch {
	case errors.As(err, &ab):
		return vm.abortText(ab), StatusAborted, true
	case errors.As(err, &ef):
		if ef.status == StatusOutOfGas {
			return "Out of gas", ef.status, true
		}
		return ef.status.Name, ef.status, true
	case errors.As(err, &vs):
		return vs.Name, *vs, true
	}
	return "", ledgerapi.VMStatus{}, false
}

// abortText formats an abort as the Aptos API does:
// "Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins
// to complete transaction", or "Move abort in 0x1::coin: 0x10006" when the
// reason is unknown.
func (vm *VM) abortText(a *Abort) string {
	if r, ok := vm.reg.abortReason(a.Module, a.Code&0xFFFF); ok {
		return fmt.Sprintf("Move abort in %s: %s(0x%x): %s", a.Module, r.Name, a.Code, r.Description)
	}
	return a.Error()
}
