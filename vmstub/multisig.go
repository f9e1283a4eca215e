package vmstub

import (
	"encoding/hex"
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Multisig transactions: a payload naming a multisig account (and the
// entry function to run, unless the account stores it) sent by one of
// its owners, as Aptos's VM runs them.
//
//   - The prologue, after its common checks, runs
//     multisig_account::validate_multisig_transaction(owner, account,
//     provided payload): the next transaction of the account exists, has
//     enough approvals counting the sender's, and matches the stored hash
//     when only a hash is stored. Its aborts reject the transaction with
//     ACCOUNT_NOT_MULTISIG, NOT_MULTISIG_OWNER,
//     MULTISIG_TRANSACTION_NOT_FOUND, MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS
//     or MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH.
//   - Execution takes the payload get_next_transaction_payload gives (the
//     stored one, else the provided one), runs its entry function with the
//     multisig account as the only signer and then the cleanup: on success
//     successful_transaction_execution_cleanup; when the entry function
//     aborts or fails, its changes are discarded and
//     failed_transaction_execution_cleanup records the error. Either way
//     the multisig transaction is resolved and the transaction succeeds
//     (the sender pays the gas, its sequence number advances). Running out
//     of gas or an internal error fails the whole transaction.

// multisigModule is 0x1::multisig_account, where its aborts are located.
var multisigModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "multisig_account"}

// providedPayload is the payload a multisig transaction provides, as the
// VM passes it to the module: the BCS of MultisigTransactionPayload
// (variant 0, the entry function), or the BCS of an empty vector when
// the transaction carries none.
func providedPayload(p *txn.TransactionPayload) []byte {
	if p.EntryFunction == nil {
		return []byte{0}
	}
	e := bcs.NewEncoder(128)
	e.Variant(0)
	p.EntryFunction.MarshalBCS(e)
	return e.Bytes()
}

// multisigPrologue validates a multisig transaction after the common
// prologue checks, rejecting it with the status its abort maps to.
func (vm *VM) multisigPrologue(s *Session, st *txn.SignedTransaction) error {
	p := &st.Raw.Payload
	err := aptosframework.ValidateMultisigTransaction(&moveHost{s: s}, st.Raw.Sender, *p.Multisig, providedPayload(p))
	var na *movevm.NativeAbort
	if err == nil || !errors.As(err, &na) {
		return err
	}
	category, reason := na.Code>>16, na.Code&0xFFFF
	switch {
	case category == native.InvalidState && reason == 2002:
		return reject(onchain.ACCOUNT_NOT_MULTISIG)
	case category == native.PermissionDenied && reason == 2003:
		return reject(onchain.NOT_MULTISIG_OWNER)
	case category == native.NotFound && reason == 2006:
		return reject(onchain.MULTISIG_TRANSACTION_NOT_FOUND)
	case category == native.InvalidArgument && reason == 2009:
		return reject(onchain.MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS)
	case category == native.InvalidArgument && reason == 2008:
		return reject(onchain.MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH)
	}
	return reject(onchain.UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION)
}

// frameworkError turns an error of a framework function the executor
// called outside a Move call into the executor's: an abort located in its
// module, a failure with its status.
func frameworkError(module ledgerapi.ModuleId, err error) error {
	var na *movevm.NativeAbort
	var ma *movevm.Abort
	var me *movevm.Error
	switch {
	case errors.As(err, &na):
		return &Abort{Module: module, Code: na.Code}
	case errors.As(err, &ma):
		return &Abort{Module: ma.Module, Code: ma.Code}
	case errors.As(err, &me):
		return fail(me.Status)
	}
	return err
}

// runMultisig runs the payload of a multisig transaction (validated by
// the prologue) and its cleanup, and returns the execution gas.
func (vm *VM) runMultisig(s *Session, st *txn.SignedTransaction) (uint64, bool, error) {
	ms, sender := *st.Raw.Payload.Multisig, st.Raw.Sender
	host := &moveHost{s: s}
	payload, err := aptosframework.NextTransactionPayload(host, ms, providedPayload(&st.Raw.Payload))
	if err != nil {
		return 0, true, frameworkError(multisigModule, err)
	}
	var f txn.EntryFunction
	d := bcs.NewDecoder(payload)
	d.Variant("MultisigTransactionPayload", 1)
	f.UnmarshalBCS(d)
	if d.Finish() != nil {
		return 0, true, fail(onchain.FAILED_TO_DESERIALIZE_ARGUMENT)
	}
	sp := s.savepoint()
	s.running = &f
	gas, err := vm.runEntry(s, &f, []ledgerapi.Address{ms}, st.Raw.MaxGasAmount)
	s.running = nil
	if err == nil {
		var pub uint64
		pub, err = vm.finishPublish(s)
		gas += pub
	}
	if err == nil {
		err = frameworkError(multisigModule, aptosframework.SuccessfulExecutionCleanup(host, sender, ms, payload))
	} else {
		if s.readFailure() != nil {
			return gas, true, err
		}
		status, vs, internal := vm.classify(err)
		if internal || status.Kind == onchain.KindOutOfGas {
			return gas, true, err
		}
		s.rollback(sp)
		ee := executionError(status, vs)
		err = frameworkError(multisigModule, aptosframework.FailedExecutionCleanup(host, sender, ms, payload, ee))
	}
	if err == nil {
		err = s.checkChangeSet()
	}
	return gas, true, err
}

// executionError is the ExecutionError of a failed payload, as Aptos
// derives it from the VM status: an abort's location and code, an
// execution failure's location and status code, or another error's code.
func executionError(st onchain.ExecutionStatus, vs ledgerapi.VMStatus) aptosframework.ExecutionError {
	location := func() string {
		if st.Location.Script {
			return "Script"
		}
		m := st.Location.Module
		return hex.EncodeToString(m.Address[:]) + "::" + m.Name
	}
	switch st.Kind {
	case onchain.KindMoveAbort:
		return aptosframework.ExecutionError{Location: location(), Type: "MoveAbort", Code: st.AbortCode}
	case onchain.KindExecutionFailure:
		return aptosframework.ExecutionError{Location: location(), Type: "MoveExecutionFailure", Code: vs.Code}
	}
	return aptosframework.ExecutionError{Type: "VMError", Code: vs.Code}
}

// savepoint is what a session held before a multisig transaction's
// payload ran, for discarding the payload's changes when it fails.
type savepoint struct {
	entries []stateEntry
	order   int
	events  int
}

func (s *Session) savepoint() savepoint {
	return savepoint{entries: append([]stateEntry(nil), s.entries...), order: len(s.order), events: len(s.events)}
}

// rollback restores the session to sp: entries read since are forgotten,
// entries written since get their values back, events emitted since and a
// publication requested are dropped.
func (s *Session) rollback(sp savepoint) {
	if s.index != nil {
		for i := len(sp.entries); i < len(s.entries); i++ {
			if k, err := s.entries[i].key.Encode(); err == nil {
				delete(s.index, string(k))
			}
		}
	}
	clear(s.entries[len(sp.entries):])
	s.entries = append(s.entries[:0], sp.entries...)
	s.order = s.order[:sp.order]
	s.events = s.events[:sp.events]
	s.publish = nil
	s.states.Abandon()
}
