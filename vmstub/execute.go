package vmstub

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

var transactionValidationModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "transaction_validation"}

// eCantPayGasDeposit is PROLOGUE_ECANT_PAY_GAS_DEPOSIT, raised (as
// out_of_range) by the epilogue when the gas payer cannot pay the fee.
const eCantPayGasDeposit = 1005

// Execute runs one user transaction of block blk. The prologue runs first
// against the block's state (a failure discards the transaction: the
// error is a *ledgerapi.VMStatus). Signatures are not checked again: the
// node verified them at submission. A payload that aborts or fails keeps
// its gas charge and sequence bump (success false); its other changes are
// rolled back. An internal error of a native also discards.
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
	s.txn = st
	defer func() { s.release() }() // the session in use at return
	m, err := vm.prologue(s, st, blk.TimestampUsec/1_000_000, mode)
	if err != nil {
		return storage.Transaction{}, err
	}
	exec := vm.gas.ExecutionBase
	var callGas uint64
	var runErr error
	if sc := st.Raw.Payload.Script; sc != nil {
		callGas, runErr = vm.runScript(s, sc, m.signers, st.Raw.MaxGasAmount)
	} else {
		callGas, runErr = vm.runEntry(s, st.Raw.Payload.EntryFunction, m.signers, st.Raw.MaxGasAmount)
	}
	exec += callGas
	if runErr == nil {
		out, failure, err := vm.epilogue(s, st, m, exec, false, false)
		if err != nil || failure == nil {
			return out, err
		}
		runErr = failure
	}
	outcome, status, ok := vm.classify(runErr)
	if !ok {
		return storage.Transaction{}, runErr
	}
	s = vm.blockSession(state, blk)
	out, failure, err := vm.epilogue(s, st, m, exec, true, status == StatusOutOfGas)
	if err != nil {
		return storage.Transaction{}, err
	}
	if failure != nil {
		return storage.Transaction{}, fmt.Errorf("vmstub: failure epilogue: %w", failure)
	}
	out.Info.Status = outcome
	return out, nil
}

// runEntry calls the entry function (a registered native, or Move code
// run within maxGas) and returns the execution gas of the call and its
// error.
func (vm *VM) runEntry(s *Session, f *txn.EntryFunction, signers []ledgerapi.Address, maxGas uint64) (uint64, error) {
	fn, call, err := vm.prepareCall(s, f.FunctionId(), f.TyArgs, f.Args, signers, false)
	var mc *moveCode
	if errors.As(err, &mc) {
		gas, err := vm.runMoveEntry(s, f.FunctionId(), f.TyArgs, f.Args, signers, maxGas)
		return vm.gas.ExecutionPerCall + gas + s.charged, err
	}
	if err != nil {
		return 0, err
	}
	cost := fn.def.Gas
	if cost == 0 {
		cost = vm.gas.ExecutionPerCall
	}
	_, err = runNative(fn, call)
	return cost + s.charged, err
}

// runNative calls a native, turning a panic (a bug in a host module) into
// an internal error that discards the transaction rather than the node.
func runNative(fn *regFunc, c *Call) (vals [][]byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			vals, err = nil, fmt.Errorf("vmstub: native %s panicked: %v", fn.id, r)
		}
	}()
	return fn.def.Native(c)
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
		if err := s.SetTableItem(nonceTable, nonceKey(raw.Sender, m.nonce), U64Value(raw.ExpirationTimestampSecs)); err != nil {
			return storage.Transaction{}, nil, err
		}
	} else {
		acc, err := s.ensureAccount(raw.Sender)
		if err != nil {
			return storage.Transaction{}, nil, err
		}
		acc.SequenceNumber++
		if err := s.putAccount(raw.Sender, acc); err != nil {
			return storage.Transaction{}, nil, err
		}
	}
	var store *fungibleStore
	var supply concurrentSupply
	storeAddr := s.primaryStore(m.payer, aptMetadata)
	if m.chargeFee {
		var ok bool
		if store, ok, err = s.store(storeAddr); err != nil {
			return storage.Transaction{}, nil, err
		} else if !ok {
			store = &fungibleStore{Metadata: aptMetadata}
		}
		if _, err := readResource(s, aptMetadata, concurrentSupplyTag, &supply); err != nil {
			return storage.Transaction{}, nil, err
		}
		// Write both now so that they count in the write set priced below.
		if ok {
			if err := s.putResource(storeAddr, fungibleStoreTag, store); err != nil {
				return storage.Transaction{}, nil, err
			}
		}
		if err := s.putResource(aptMetadata, concurrentSupplyTag, &supply); err != nil {
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
			return storage.Transaction{}, fail(StatusOutOfGas), nil
		}
		total = raw.MaxGasAmount
	}
	if chargeAll {
		total = raw.MaxGasAmount
	}
	fee := total * raw.GasUnitPrice
	if m.chargeFee {
		if store.Balance < fee {
			if !failing {
				return storage.Transaction{}, &Abort{Module: transactionValidationModule, Code: AbortCode(CategoryOutOfRange, eCantPayGasDeposit)}, nil
			}
			return storage.Transaction{}, nil, errors.New("vmstub: gas payer cannot pay the fee of a failed transaction")
		}
		store.Balance -= fee
		if supply.Value < fee && supply.ValueHi > 0 {
			supply.ValueHi--
		}
		supply.Value -= fee
		if err := s.putResource(storeAddr, fungibleStoreTag, store); err != nil {
			return storage.Transaction{}, nil, err
		}
		if err := s.putResource(aptMetadata, concurrentSupplyTag, &supply); err != nil {
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
