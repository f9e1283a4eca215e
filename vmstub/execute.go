package vmstub

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var transactionValidationModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "transaction_validation"}

// eCantPayGasDeposit is PROLOGUE_ECANT_PAY_GAS_DEPOSIT, raised (as
// out_of_range) by the epilogue when the gas payer cannot pay the fee.
const eCantPayGasDeposit = 1005

// Execute runs one user transaction of block blk on top of state.
// Signatures are not checked again: the node verified them at submission.
// Its contract, node.Executor's:
//
//   - The prologue runs first against the block's state. A transaction it
//     rejects (sequence number, expiry, balance, auth key, ...) is
//     discarded: the error is a *ledgerapi.VMStatus, and nothing is
//     committed or charged. A prologue that cannot read the framework's
//     state it needs (an Account resource that does not decode) rejects
//     with UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION.
//   - Once the prologue passed, the transaction is always kept: it
//     succeeds, or it fails with its status (an abort, an execution
//     failure, OUT_OF_GAS, STORAGE_WRITE_LIMIT_REACHED, or, for an
//     internal error of the interpreter or of a native, its invariant
//     violation as a miscellaneous error, UNKNOWN_INVARIANT_VIOLATION_ERROR
//     when it has none), with success false, its gas charged (what was
//     metered; max_gas_amount when the meter is lost to a panic) and its
//     sequence number used. Its other changes are rolled back. Should even
//     the failure epilogue fail, the transaction is kept with
//     max_gas_amount as its gas and no change.
//   - The only other error is a failed read of state, wrapping the
//     store's error: it decides nothing about the transaction, and the
//     block being built must not be committed.
func (vm *VM) Execute(state storage.View, blk storage.Block, st *txn.SignedTransaction) (storage.Transaction, error) {
	vm.seal()
	return vm.execute(state, blk, st, prologueMode{})
}

func (vm *VM) blockSession(state storage.View, blk storage.Block) *Session {
	s := newSession(vm, state)
	s.nowUsec, s.haveNow = blk.TimestampUsec, true
	return s
}

func (vm *VM) execute(state storage.View, blk storage.Block, st *txn.SignedTransaction, mode prologueMode) (storage.Transaction, error) {
	s := vm.blockSession(state, blk)
	s.txn, s.simulation = st, mode.simulation
	defer func() { s.release() }() // the session in use at return
	m, err := vm.prologue(s, st, blk.TimestampUsec/1_000_000, mode)
	if err != nil {
		return storage.Transaction{}, s.rejection(err)
	}
	callGas, metered, runErr := vm.runPayload(s, st, m.signers)
	exec := vm.gas.ExecutionBase + callGas + s.authGas
	if !metered {
		exec = st.Raw.MaxGasAmount
	}
	if runErr == nil {
		out, failure, err := vm.safeEpilogue(s, st, m, exec, false, false)
		if err == nil && failure == nil {
			return out, nil
		}
		runErr = cmp.Or(failure, err)
	}
	if f := s.readFailure(); f != nil {
		return storage.Transaction{}, f
	}
	outcome, status, internal := vm.classify(runErr)
	if internal {
		vm.internalError(s.txnHash(), runErr)
	}
	out, err := vm.keep(state, blk, st, m, exec, status == onchain.OUT_OF_GAS.VMStatus())
	if err != nil {
		return storage.Transaction{}, err
	}
	out.Info.Status = outcome
	return out, nil
}

// keep runs the failure epilogue of a validated transaction on a fresh
// session: its sequence number (or nonce) used and its gas charged. When
// the fee cannot be taken (the framework's fee state does not read), it
// still uses the sequence number, so that the same bytes cannot run again;
// when even that fails, the transaction is kept with max_gas_amount as
// its gas and no change. Only a failed read of state is an error.
func (vm *VM) keep(state storage.View, blk storage.Block, st *txn.SignedTransaction, m *txnMeta, exec uint64, chargeAll bool) (storage.Transaction, error) {
	for _, chargeFee := range []bool{m.chargeFee, false} {
		s := vm.blockSession(state, blk)
		meta := *m
		meta.chargeFee = chargeFee
		out, failure, err := vm.safeEpilogue(s, st, &meta, exec, true, chargeAll)
		f := s.readFailure()
		s.release()
		switch {
		case f != nil:
			return storage.Transaction{}, f
		case err == nil && failure == nil:
			return out, nil
		}
		vm.internalError(st.Hash(), fmt.Errorf("vmstub: failure epilogue: %w", cmp.Or(failure, err)))
	}
	return storage.Transaction{Info: storage.TransactionInfo{GasUsed: st.Raw.MaxGasAmount}}, nil
}

// rejection is the error of a prologue that did not pass: its VM status,
// the session's failed read of state, or, for anything else (framework
// state that does not decode), UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION.
func (s *Session) rejection(err error) error {
	var vs *ledgerapi.VMStatus
	switch {
	case errors.As(err, &vs):
		return vs
	case s.readFailure() != nil:
		return s.readFailure()
	}
	return reject(onchain.UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION)
}

// runPayload runs the transaction's script or entry function and returns
// its execution gas, whether that gas was metered, and its error. A panic
// (a bug of the interpreter or of a native) is an internal error whose
// gas is unknown: metered is then false.
func (vm *VM) runPayload(s *Session, st *txn.SignedTransaction, signers []ledgerapi.Address) (gas uint64, metered bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			gas, metered, err = 0, false, fmt.Errorf("vmstub: the payload panicked: %v", r)
		}
	}()
	if st.Raw.Payload.Multisig != nil {
		return vm.runMultisig(s, st)
	}
	if sc := st.Raw.Payload.Script; sc != nil {
		gas, err = vm.runScript(s, sc, signers, st.Raw.MaxGasAmount)
	} else {
		gas, err = vm.runEntry(s, st.Raw.Payload.EntryFunction, signers, st.Raw.MaxGasAmount)
	}
	if err == nil {
		// A publication the payload requested, then the write set's
		// limits, under the same recover as the payload.
		var pub uint64
		pub, err = vm.finishPublish(s)
		gas += pub
	}
	if err == nil {
		err = s.checkChangeSet()
	}
	return gas, true, err
}

// safeEpilogue is epilogue with a panic turned into its error.
func (vm *VM) safeEpilogue(s *Session, st *txn.SignedTransaction, m *txnMeta, exec uint64, failing, chargeAll bool) (out storage.Transaction, failure, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, failure, err = storage.Transaction{}, nil, fmt.Errorf("vmstub: the epilogue panicked: %v", r)
		}
	}()
	return vm.epilogue(s, st, m, exec, failing, chargeAll)
}

// runEntry calls the entry function (a direct call, or Move code run
// within maxGas) and returns the execution gas of the call and its error.
func (vm *VM) runEntry(s *Session, f *txn.EntryFunction, signers []ledgerapi.Address, maxGas uint64) (uint64, error) {
	plan, err := vm.prepareCall(s, f.FunctionId(), f.TyArgs, f.Args, signers, false)
	switch {
	case err != nil:
		return 0, err
	case plan.direct == nil:
		gas, err := vm.runMoveEntry(s, f.FunctionId(), f.TyArgs, f.Args, signers, maxGas)
		return vm.gas.ExecutionPerCall + gas + s.charged, err
	}
	_, err = plan.call.run(f.FunctionId(), plan.direct)
	return vm.gas.ExecutionPerCall + s.charged, err
}

// epilogue bumps the sender's sequence number (creating its Account
// resource) or records the nonce, computes the gas, burns the fee from the
// gas payer's APT store and emits the FeeStatement. On the success path
// (failing false) it returns a failure instead when the gas exceeds
// max_gas_amount or the payer cannot pay; on the failure path the charge is
// capped at max_gas_amount, and an out-of-gas transaction (chargeAll) pays
// all of it.
func (vm *VM) epilogue(s *Session, st *txn.SignedTransaction, m *txnMeta, exec uint64, failing, chargeAll bool) (out storage.Transaction, failure, err error) {
	raw := &st.Raw
	if m.orderless {
		if err := vm.checkNonce(s, raw.Sender, m.nonce, raw.ExpirationTimestampSecs, true); err != nil {
			return storage.Transaction{}, nil, err
		}
	} else {
		if err := aptosframework.IncrementSequenceNumber(s.framework(), raw.Sender); err != nil {
			return storage.Transaction{}, nil, err
		}
	}
	var fee aptosframework.Fee
	if m.chargeFee {
		// Both are written now so that they count in the write set priced below.
		if fee, err = aptosframework.PrepareFee(s.framework(), m.payer); err != nil {
			return storage.Transaction{}, nil, err
		}
	}
	written, created := s.slotUsage()
	g := &vm.gas
	io := written*g.IOPerWrite + uint64(len(s.events))*g.IOPerEvent + ceilDiv(m.rawSize, g.IOBytesPerUnit)
	storageOctas := created * g.StorageFeePerSlot
	total := exec + io + ceilDiv(storageOctas, raw.GasUnitPrice)
	if total > raw.MaxGasAmount {
		if !failing {
			return storage.Transaction{}, fail(onchain.OUT_OF_GAS), nil
		}
		total = raw.MaxGasAmount
	}
	if chargeAll {
		total = raw.MaxGasAmount
	}
	octas := total * raw.GasUnitPrice
	if m.chargeFee {
		if fee.Balance() < octas {
			if !failing {
				return storage.Transaction{}, &Abort{Module: transactionValidationModule, Code: native.Code(native.OutOfRange, eCantPayGasDeposit)}, nil
			}
			return storage.Transaction{}, nil, errors.New("vmstub: gas payer cannot pay the fee of a failed transaction")
		}
		if err := fee.Burn(s.framework(), octas); err != nil {
			return storage.Transaction{}, nil, err
		}
	}
	// Split total into its parts; when it was capped at max_gas_amount, io
	// then storage keep what fits and execution gets the rest.
	io = min(io, total)
	storageUnits := min(ceilDiv(storageOctas, raw.GasUnitPrice), total-io)
	storageOctas = min(storageOctas, storageUnits*raw.GasUnitPrice)
	s.Emit(feeStatementType, feeStatement(total, total-io-storageUnits, io, storageOctas))
	out = storage.Transaction{Events: s.events, Changes: s.changes(),
		Info: storage.TransactionInfo{GasUsed: total}}
	return out, nil, nil
}

// feeStatement is the BCS of 0x1::transaction_fee::FeeStatement.
func feeStatement(total, execution, io, storageOctas uint64) []byte {
	e := bcs.NewEncoder(40)
	e.U64(total)
	e.U64(execution)
	e.U64(io)
	e.U64(storageOctas)
	e.U64(0) // storage_fee_refund_octas: deletions refund nothing
	return e.Bytes()
}
