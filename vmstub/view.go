package vmstub

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// Sentinel errors wrapped by ViewError.
var (
	// ErrNotView: the function exists but is not a #[view] function.
	ErrNotView = errors.New("not a view function")
	// ErrInvalidArguments: wrong type argument or argument count, or an
	// argument that does not deserialize as its parameter type.
	ErrInvalidArguments = errors.New("invalid arguments")
	// ErrAborted: the view aborted or failed while running.
	ErrAborted = errors.New("view function failed")
)

// ViewError is a failed view call. Handlers answer it with 400
// invalid_input, and with vm_error_code Status.Code when Status is set.
// errors.Is matches Kind (ErrUnknownFunction, ErrNotView,
// ErrInvalidArguments, ErrAborted) and errors.As finds Status.
type ViewError struct {
	// Kind classifies the failure.
	Kind error
	// Status is the VM status (nil for ErrNotView).
	Status *ledgerapi.VMStatus
	// Message says what is wrong, e.g. "Move abort in 0x1::coin: ...".
	Message string
}

// Error returns Message.
func (e *ViewError) Error() string { return e.Message }

// Unwrap returns Kind and Status.
func (e *ViewError) Unwrap() []error {
	if e.Status == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Status}
}

// unknownFunction is the one answer to a call of a function no module
// defines, whether the call came as BCS or needed the function's ABI to
// convert JSON arguments: the VM's FUNCTION_RESOLUTION_FAILURE.
func unknownFunction(fn ledgerapi.EntryFunctionId) *ViewError {
	st := onchain.FUNCTION_RESOLUTION_FAILURE.VMStatus()
	return &ViewError{Kind: ErrUnknownFunction, Status: &st, Message: fmt.Sprintf("Module or function do not exist for %s", fn)}
}

// View runs a view function against state. It returns one BCS value per
// return type, the return types instantiated with tyArgs, and the gas used
// (the call's execution gas plus one unit per state slot read). Every
// failure of the call is a *ViewError with its VM status, an internal
// error of the interpreter or of a native (a panic included) as well, as
// its invariant violation (UNKNOWN_INVARIANT_VIOLATION_ERROR when it has
// none); the only other errors are failed reads of state.
func (vm *VM) View(state storage.View, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) (vals [][]byte, types []ledgerapi.TypeTag, gas uint64, err error) {
	vm.seal()
	s := newSession(vm, state)
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("vmstub: view %s panicked: %v", fn, r)
		}
		if err != nil {
			vals, types, gas, err = nil, nil, 0, vm.viewFailure(s, fn, err)
		}
	}()
	return vm.view(s, fn, tyArgs, args)
}

func (vm *VM) view(s *Session, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([][]byte, []ledgerapi.TypeTag, uint64, error) {
	f, err := s.modules().Function(fn)
	switch {
	case errors.Is(err, modules.ErrFunctionNotFound):
		return nil, nil, 0, unknownFunction(fn)
	case err != nil:
		return nil, nil, 0, err
	case !f.IsView:
		return nil, nil, 0, &ViewError{Kind: ErrNotView, Message: fmt.Sprintf("function %s is not marked as a view function", fn)}
	}
	plan, err := vm.prepareCall(s, fn, tyArgs, args, nil, true)
	if err != nil {
		return nil, nil, 0, err
	}
	if plan.direct != nil {
		vals, err := plan.call.run(fn, plan.direct)
		if err != nil {
			return nil, nil, 0, err
		}
		types, err := f.Instantiate(f.Returns, tyArgs)
		if err != nil || len(types) != len(vals) {
			return nil, nil, 0, fmt.Errorf("vmstub: view %s returned %d values for %d return types (%v)", fn, len(vals), len(f.Returns), err)
		}
		total := vm.gas.ExecutionPerCall + s.charged + uint64(s.reads)
		if total > vm.gas.MaxViewGas {
			st := onchain.OUT_OF_GAS.VMStatus()
			return nil, nil, 0, &ViewError{Kind: ErrAborted, Status: &st,
				Message: fmt.Sprintf("%s needs %d gas units, above the view gas limit of %d", fn, total, vm.gas.MaxViewGas)}
		}
		return vals, types, total, nil
	}
	vals, gas, err := vm.runMoveView(s, fn, tyArgs, args)
	if err != nil {
		return nil, nil, 0, err
	}
	types, err := f.Instantiate(f.Returns, tyArgs)
	if err != nil {
		return nil, nil, 0, err
	}
	return vals, types, vm.gas.ExecutionPerCall + gas + s.charged + uint64(s.reads), nil
}

// viewFailure makes a failed view call's error a *ViewError (one already
// is stays as it is), unless it is a failed read of state.
func (vm *VM) viewFailure(s *Session, fn ledgerapi.EntryFunctionId, err error) error {
	var ve *ViewError
	if errors.As(err, &ve) || cancelled(err) {
		return err // a cancelled call is the API's timeout, not a failure
	}
	if f := s.readFailure(); f != nil {
		return f
	}
	outcome, status, internal := vm.classify(err)
	if internal {
		vm.internalError(ledgerapi.HashValue{}, err)
	}
	text := outcome.VMStatus(nil)
	kind := ErrAborted
	// A verification status is the caller's arguments (their count, types
	// or bytes), whether the executor or the interpreter found it.
	if status.StatusType() == "Verification" {
		kind = ErrInvalidArguments
		text = fmt.Sprintf("%s: %s", fn, text)
	}
	return &ViewError{Kind: kind, Status: &status, Message: text}
}

// SimulateOptions selects the values Simulate estimates instead of taking
// them from the transaction (the query flags of POST
// /transactions/simulate). It is ledgerapi's type, so that the handlers'
// executor interface is satisfied without importing this package:
//   - EstimateMaxGasAmount replaces max_gas_amount by what the sender can
//     afford: min(max(intrinsic gas, balance ÷ gas_unit_price), MaxGasAmount);
//   - EstimateGasUnitPrice replaces gas_unit_price by the regular estimate;
//   - EstimatePrioritizedGasUnitPrice uses the prioritized estimate (it wins
//     over EstimateGasUnitPrice).
type SimulateOptions = ledgerapi.SimulateOptions

// Simulate executes st on top of state as if in block blk, without
// signature checks, and returns the output with the raw transaction
// actually run (rewritten when opts estimated its gas values). The
// auth-key check is skipped only for authenticators that prove no key
// (NoAccountAuthenticator); a fee payer 0x0 pays nothing. Simulation and
// execution of the same transaction on the same state give the same gas.
// The output's Kind, Hash, Payload (the BCS of the simulated
// SignedTransaction), Sender, SequenceNumber and TimestampUsec are set.
//
// A prologue failure returns its *ledgerapi.VMStatus together with an
// output describing the discarded transaction as the real API shows it
// (success false, vm_status the status name, no gas, events or changes):
// the TS SDK reads vm_status MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS
// from such a 200 response to retry without estimating max gas. Other
// errors come from storage.
func (vm *VM) Simulate(state storage.View, blk storage.Block, st *txn.SignedTransaction, opts SimulateOptions) (storage.Transaction, *txn.RawTransaction, error) {
	vm.seal()
	raw := st.Raw
	_, estimate, prioritized := vm.EstimateGasPrice()
	switch {
	case opts.EstimatePrioritizedGasUnitPrice:
		raw.GasUnitPrice = prioritized
	case opts.EstimateGasUnitPrice:
		raw.GasUnitPrice = estimate
	}
	if opts.EstimateMaxGasAmount {
		s := newSession(vm, state)
		bal, err := s.FungibleBalance(raw.Sender, aptMetadata)
		if err != nil {
			return storage.Transaction{}, &raw, err
		}
		if raw.GasUnitPrice > 0 {
			bal /= raw.GasUnitPrice
		}
		size := uint64(len(encode(&raw)))
		raw.MaxGasAmount = min(max(vm.intrinsicGas(size), bal), vm.gas.MaxGasAmount)
	}
	sim := &txn.SignedTransaction{Raw: raw, Auth: st.Auth}
	out, err := vm.execute(state, blk, sim, prologueMode{simulation: true})
	var vs *ledgerapi.VMStatus
	if err != nil && !errors.As(err, &vs) {
		return storage.Transaction{}, &raw, err
	}
	if vs != nil {
		// Discarded: shown as the API shows a discarded simulation.
		out = storage.Transaction{Info: storage.TransactionInfo{Status: onchain.MiscellaneousError(onchain.StatusCode(vs.Code))}}
	}
	out.Kind = storage.KindUser
	out.Payload = sim.Bytes()
	out.Hash = txn.UserTransactionHash(out.Payload)
	out.TimestampUsec = blk.TimestampUsec
	sender := raw.Sender
	out.Sender = &sender
	if !raw.Payload.Orderless() {
		seq := raw.SequenceNumber
		out.SequenceNumber = &seq
	}
	return out, &raw, err
}
