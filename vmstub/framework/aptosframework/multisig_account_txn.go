package aptosframework

// 0x1::multisig_account: the transactions of a multisig account —
// proposals (a payload or its hash), votes, execution of rejected ones —
// and what the executor calls around a multisig transaction: the
// validation of its prologue and the cleanup after its payload ran
// (succeeded or failed). The private helpers Aptos declares close the
// module's function list.

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// msTransactions are the transaction-flow functions and the private
// helpers, in Aptos's order.
func msTransactions() []native.Function {
	pub := native.Public
	voteFn := func(approved *bool) native.Func {
		return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			a := approved
			if a == nil {
				v := args[3].AsBool()
				a = &v
			}
			return nil, msVoteTxn(msStore(c, args[1].AsAddress()), msArgSigner(args[0]), args[2].AsU64(), *a)
		}
	}
	yes, no := true, false
	return []native.Function{
		msEntryFn("create_transaction", pub, []string{"&signer", "address", "vector<u8>"}, msCreateTransaction(false)),
		msEntryFn("create_transaction_with_hash", pub, []string{"&signer", "address", "vector<u8>"}, msCreateTransaction(true)),
		msEntryFn("approve_transaction", pub, []string{"&signer", "address", "u64"}, voteFn(&yes)),
		msEntryFn("reject_transaction", pub, []string{"&signer", "address", "u64"}, voteFn(&no)),
		msEntryFn("vote_transanction", pub, []string{"&signer", "address", "u64", "bool"}, voteFn(nil)),
		msEntryFn("vote_transaction", pub, []string{"&signer", "address", "u64", "bool"}, voteFn(nil)),
		msEntryFn("vote_transactions", pub, []string{"&signer", "address", "u64", "u64", "bool"}, msVoteRange),
		msEntryFn("execute_rejected_transaction", pub, []string{"&signer", "address"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, msExecuteRejected(msStore(c, args[1].AsAddress()), msArgSigner(args[0]))
		}),
		msEntryFn("execute_rejected_transactions", pub, []string{"&signer", "address", "u64"}, msExecuteRejectedRange),
		msPrivateFn("validate_multisig_transaction", []string{"&signer", "address", "vector<u8>"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, msValidate(msStore(c, args[1].AsAddress()), msArgSigner(args[0]), args[2].Bytes())
		}),
		msPrivateFn("successful_transaction_execution_cleanup", []string{"address", "address", "vector<u8>"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, msCleanup(msStore(c, args[1].AsAddress()), args[0].AsAddress(), args[2].Bytes(), nil)
		}),
		msPrivateFn("failed_transaction_execution_cleanup", []string{"address", "address", "vector<u8>", msTMS + "ExecutionError"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			e := args[3]
			ee := &ExecutionError{Location: string(e.Elem(0).Elem(0).Bytes()), Type: string(e.Elem(1).Elem(0).Bytes()), Code: e.Elem(2).AsU64()}
			return nil, msCleanup(msStore(c, args[1].AsAddress()), args[0].AsAddress(), args[2].Bytes(), ee)
		}),
		msPrivateFn("remove_executed_transaction", []string{"&mut " + msTMS + "MultisigAccount"}, []string{"u64", "u64"}, msRemoveExecutedRef),
		msPrivateFn("create_multisig_account", []string{"&signer"}, []string{"signer", "0x1::account::SignerCapability"}, msCreateMultisigAccount),
		msPrivateFn("create_multisig_account_seed", []string{"vector<u8>"}, []string{"vector<u8>"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			seed := append(append([]byte{}, msDomainSeparator...), args[0].Bytes()...)
			if err := native.ChargeOutput(c.NativeContext, len(seed), len(seed)); err != nil {
				return nil, err
			}
			return msOne(c.Bytes(seed))
		}),
		msPrivateFn("validate_owners", []string{"&" + msTAddrs, "address"}, nil, func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			owners, _ := args[0].Deref()
			return nil, msValidateOwners(msArgAddrs(owners), args[1].AsAddress())
		}),
		msPrivateFn("update_owner_schema", []string{"address", msTAddrs, msTAddrs, "0x1::option::Option<u64>"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, msUpdateOwners(msStore(c, args[0].AsAddress()), msArgAddrs(args[1]), msArgAddrs(args[2]), msArgOptU64(args[3]))
		}),
	}
}

// msOwnerOf asserts that owner is an owner of a (ENOT_OWNER).
func msOwnerOf(a *msAccount, owner ledgerapi.Address) error {
	if !a.isOwner(owner) {
		return abortMS(native.PermissionDenied, msENotOwner)
	}
	return nil
}

// msCreateTransaction is create_transaction (the payload stored) or, with
// hash, create_transaction_with_hash (its sha3-256 stored).
func msCreateTransaction(hash bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		creator, b := msArgSigner(args[0]), args[2].Bytes()
		if err := msChargeIn(c, len(b)); err != nil {
			return nil, err
		}
		t := &msTxn{Payload: b, Creator: creator}
		if hash {
			if len(b) != 32 {
				return nil, abortMS(native.InvalidArgument, msEInvalidPayloadHash)
			}
			t = &msTxn{PayloadHash: b, Creator: creator}
		} else if len(b) == 0 {
			return nil, abortMS(native.InvalidArgument, msEPayloadCannotBeEmpty)
		}
		s := msStore(c, args[1].AsAddress())
		a, err := s.mustLoad()
		if err != nil {
			return nil, err
		}
		if err := msOwnerOf(a, creator); err != nil {
			return nil, err
		}
		now, err := c.Host().NowMicros()
		if err != nil {
			return nil, err
		}
		t.CreatedSecs = now / 1_000_000
		if a.capacity() == 0 {
			return nil, abortMS(native.InvalidState, msEMaxPendingTransactionsExceeded)
		}
		t.setVote(creator, true)
		seq := a.Next
		a.Next++
		if err := s.putTxn(a, seq, t); err != nil {
			return nil, err
		}
		data := msEvent(func(e *bcs.Encoder) { e.Fixed(creator[:]); e.U64(seq); t.MarshalBCS(e) })
		s.emit("CreateTransaction", msWithAccount(s.addr, data))
		s.emitOn(a, msHCreateTransaction, data)
		return nil, s.save(a)
	}
}

// msVoteTxn is vote_transanction: owner's vote on transaction seq, with a
// Vote event.
func msVoteTxn(s msState, owner ledgerapi.Address, seq uint64, approved bool) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	if err := msOwnerOf(a, owner); err != nil {
		return err
	}
	t, ok, err := s.txn(a, seq)
	if err != nil {
		return err
	}
	if !ok {
		return abortMS(native.NotFound, msETransactionNotFound)
	}
	t.setVote(owner, approved)
	if err := s.putTxn(a, seq, t); err != nil {
		return err
	}
	data := msEvent(func(e *bcs.Encoder) { e.Fixed(owner[:]); e.U64(seq); e.Bool(approved) })
	s.emit("Vote", msWithAccount(s.addr, data))
	s.emitOn(a, msHVote, data)
	return s.save(a)
}

// msVoteRange is vote_transactions: the vote on each transaction from the
// starting to the final sequence number.
func msVoteRange(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, owner, approved := msStore(c, args[1].AsAddress()), msArgSigner(args[0]), args[4].AsBool()
	for seq, last := args[2].AsU64(), args[3].AsU64(); seq <= last; seq++ {
		if err := msVoteTxn(s, owner, seq, approved); err != nil {
			return nil, err
		}
		if seq == ^uint64(0) { // the Move loop's increment overflows
			return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "u64 addition overflows"}
		}
	}
	return nil, nil
}

// msRemoveExecuted is remove_executed_transaction: the next transaction
// leaves the table and becomes the last resolved; it returns its
// approvals and rejections.
func msRemoveExecuted(s msState, a *msAccount) (approvals, rejections uint64, err error) {
	seq := a.LastExecuted + 1
	t, err := s.mustTxn(a, seq)
	if err != nil {
		return 0, 0, err
	}
	if err := s.h.DeleteTableItem(a.Transactions, msTxnKey(seq)); err != nil {
		return 0, 0, err
	}
	a.LastExecuted = seq
	approvals, rejections = a.counts(t)
	return approvals, rejections, nil
}

// msExecuteRejected is execute_rejected_transaction: owner's implicit
// rejection, then the next transaction removed if rejected by enough
// owners.
func msExecuteRejected(s msState, owner ledgerapi.Address) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	if err := msOwnerOf(a, owner); err != nil {
		return err
	}
	seq := a.LastExecuted + 1
	voted, approved, err := msVoteOf(s, seq, owner)
	if err != nil {
		return err
	}
	if !voted || approved {
		if err := msVoteTxn(s, owner, seq, false); err != nil {
			return err
		}
		if a, err = s.mustLoad(); err != nil {
			return err
		}
	}
	_, rejections, err := msRemoveExecuted(s, a)
	if err != nil {
		return err
	}
	if rejections < a.NumRequired {
		return abortMS(native.InvalidState, msENotEnoughRejections)
	}
	data := msEvent(func(e *bcs.Encoder) { e.U64(seq); e.U64(rejections); e.Fixed(owner[:]) })
	s.emit("ExecuteRejectedTransaction", msWithAccount(s.addr, data))
	s.emitOn(a, msHExecuteRejected, data)
	return s.save(a)
}

// msExecuteRejectedRange is execute_rejected_transactions: every
// transaction up to the final sequence number executed as rejected.
func msExecuteRejectedRange(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, owner, final := msStore(c, args[1].AsAddress()), msArgSigner(args[0]), args[2].AsU64()
	a, err := s.borrow()
	if err != nil {
		return nil, err
	}
	if a.LastExecuted >= final || final >= a.Next {
		return nil, abortMS(native.InvalidArgument, msEInvalidSequenceNumber)
	}
	for a.LastExecuted < final {
		if err := msExecuteRejected(s, owner); err != nil {
			return nil, err
		}
		if a, err = s.borrow(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// ValidateMultisigTransaction is validate_multisig_transaction, which the
// executor runs in the prologue of a multisig transaction sent by owner:
// the next transaction of the multisig account at ms exists, owner may
// execute it (its own approval counted), and payload matches its hash
// when only the hash is stored. Its aborts are the module's.
func ValidateMultisigTransaction(h native.Host, owner, ms ledgerapi.Address, payload []byte) error {
	return msValidate(msState{h: h, addr: ms}, owner, payload)
}

func msValidate(s msState, owner ledgerapi.Address, payload []byte) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	if err := msOwnerOf(a, owner); err != nil {
		return err
	}
	seq := a.LastExecuted + 1
	t, ok, err := s.txn(a, seq)
	if err != nil {
		return err
	}
	if !ok {
		return abortMS(native.NotFound, msETransactionNotFound)
	}
	if can, err := msCanResolve(s, &owner, seq, true); err != nil {
		return err
	} else if !can {
		return abortMS(native.InvalidArgument, msENotEnoughApprovals)
	}
	if t.PayloadHash != nil {
		if sum := crypto.SHA3_256(payload); !bytes.Equal(sum[:], t.PayloadHash) {
			return abortMS(native.InvalidArgument, msEPayloadDoesNotMatchHash)
		}
	}
	return nil
}

// ExecutionError is 0x1::multisig_account::ExecutionError: where and how
// a multisig transaction's payload failed.
type ExecutionError struct {
	Location string // abort_location
	Type     string // error_type: "MoveAbort", "MoveExecutionFailure", "VMError"
	Code     uint64 // error_code
}

// SuccessfulExecutionCleanup is successful_transaction_execution_cleanup,
// which the executor runs after the payload of a multisig transaction
// succeeded: the transaction resolved, TransactionExecutionSucceeded.
func SuccessfulExecutionCleanup(h native.Host, executor, ms ledgerapi.Address, payload []byte) error {
	return msCleanup(msState{h: h, addr: ms}, executor, payload, nil)
}

// FailedExecutionCleanup is failed_transaction_execution_cleanup, run
// after the payload failed (its changes discarded): the transaction
// resolved all the same, TransactionExecutionFailed.
func FailedExecutionCleanup(h native.Host, executor, ms ledgerapi.Address, payload []byte, e ExecutionError) error {
	return msCleanup(msState{h: h, addr: ms}, executor, payload, &e)
}

// msCleanup resolves the next transaction executed by executor (counting
// its implicit approval, with a v1 VoteEvent for it) and records its
// success, or its failure when failure is set.
func msCleanup(s msState, executor ledgerapi.Address, payload []byte, failure *ExecutionError) error {
	a, err := s.borrow()
	if err != nil {
		return err
	}
	seq := a.LastExecuted + 1
	voted, approved, err := msVoteOf(s, seq, executor)
	if err != nil {
		return err
	}
	approvals, _, err := msRemoveExecuted(s, a)
	if err != nil {
		return err
	}
	if !voted || !approved {
		approvals++
		s.emitOn(a, msHVote, msEvent(func(e *bcs.Encoder) { e.Fixed(executor[:]); e.U64(seq); e.Bool(true) }))
	}
	data := msEvent(func(e *bcs.Encoder) {
		e.Fixed(executor[:])
		e.U64(a.LastExecuted)
		e.WriteBytes(payload)
		e.U64(approvals)
		if failure != nil {
			e.String(failure.Location)
			e.String(failure.Type)
			e.U64(failure.Code)
		}
	})
	if failure == nil {
		s.emit("TransactionExecutionSucceeded", msWithAccount(s.addr, data))
		s.emitOn(a, msHExecuteSucceeded, data)
	} else {
		s.emit("TransactionExecutionFailed", msWithAccount(s.addr, data))
		s.emitOn(a, msHExecuteFailed, data)
	}
	return s.save(a)
}

// msRemoveExecutedRef is remove_executed_transaction on a reference to a
// MultisigAccount value: the table item removed, the last executed
// sequence number written through the reference.
func msRemoveExecutedRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	a := &msAccount{Owners: msArgAddrs(v.Elem(0)), Transactions: v.Elem(2).Elem(0).AsAddress(), LastExecuted: v.Elem(3).AsU64()}
	approvals, rejections, err := msRemoveExecuted(msState{h: hostOf(c)}, a)
	if err != nil {
		return nil, err
	}
	r, err := c.InnerRef(args[0], true, 3)
	if err != nil {
		return nil, err
	}
	if _, err := c.WriteThrough(r, movevm.U64(a.LastExecuted)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(approvals), movevm.U64(rejections)}, nil
}

// msCreateMultisigAccount is create_multisig_account(owner): the resource
// account seeded by owner's sequence number, its signer and capability.
func msCreateMultisigAccount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	owner := msArgSigner(args[0])
	h := hostOf(c)
	acc, err := accountOrDefault(h, owner)
	if err != nil {
		return nil, err
	}
	ms, err := msCreateResourceAccount(h, owner, msSeed(acc.SequenceNumber))
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(tag1("account", "SignerCapability")))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Signer(ms), movevm.NewStruct(t, []movevm.Value{movevm.Address(ms)})}, nil
}
