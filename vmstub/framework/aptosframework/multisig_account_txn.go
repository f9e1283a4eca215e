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
			return nil, voteTxn(msStore(c, args[1].AsAddress()), argSigner(args[0]), args[2].AsU64(), *a)
		}
	}
	yes, no := true, false
	return []native.Function{
		entryFn("create_transaction", pub, []string{"&signer", "address", "vector<u8>"}, createTransaction(false)),
		entryFn("create_transaction_with_hash", pub, []string{"&signer", "address", "vector<u8>"}, createTransaction(true)),
		entryFn("approve_transaction", pub, []string{"&signer", "address", "u64"}, voteFn(&yes)),
		entryFn("reject_transaction", pub, []string{"&signer", "address", "u64"}, voteFn(&no)),
		entryFn("vote_transanction", pub, []string{"&signer", "address", "u64", "bool"}, voteFn(nil)),
		entryFn("vote_transaction", pub, []string{"&signer", "address", "u64", "bool"}, voteFn(nil)),
		entryFn("vote_transactions", pub, []string{"&signer", "address", "u64", "u64", "bool"}, voteRange),
		entryFn("execute_rejected_transaction", pub, []string{"&signer", "address"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, executeRejected(msStore(c, args[1].AsAddress()), argSigner(args[0]))
		}),
		entryFn("execute_rejected_transactions", pub, []string{"&signer", "address", "u64"}, executeRejectedRange),
		privateFn("validate_multisig_transaction", []string{"&signer", "address", "vector<u8>"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, validate(msStore(c, args[1].AsAddress()), argSigner(args[0]), args[2].Bytes())
		}),
		privateFn("successful_transaction_execution_cleanup", []string{"address", "address", "vector<u8>"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, cleanup(msStore(c, args[1].AsAddress()), args[0].AsAddress(), args[2].Bytes(), nil)
		}),
		privateFn("failed_transaction_execution_cleanup", []string{"address", "address", "vector<u8>", tMS + "ExecutionError"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			e := args[3]
			ee := &ExecutionError{Location: string(e.Elem(0).Elem(0).Bytes()), Type: string(e.Elem(1).Elem(0).Bytes()), Code: e.Elem(2).AsU64()}
			return nil, cleanup(msStore(c, args[1].AsAddress()), args[0].AsAddress(), args[2].Bytes(), ee)
		}),
		privateFn("remove_executed_transaction", []string{"&mut " + tMS + "MultisigAccount"}, []string{"u64", "u64"}, removeExecutedRef),
		privateFn("create_multisig_account", []string{"&signer"}, []string{"signer", "0x1::account::SignerCapability"}, createMultisigAccount),
		privateFn("create_multisig_account_seed", []string{"vector<u8>"}, []string{"vector<u8>"}, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			seed := append(append([]byte{}, domainSeparator...), args[0].Bytes()...)
			if err := native.ChargeOutput(c.NativeContext, len(seed), len(seed)); err != nil {
				return nil, err
			}
			return one(c.Bytes(seed))
		}),
		privateFn("validate_owners", []string{"&" + tAddrs, "address"}, nil, func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			owners, _ := args[0].Deref()
			return nil, validateOwners(argAddrs(owners), args[1].AsAddress())
		}),
		privateFn("update_owner_schema", []string{"address", tAddrs, tAddrs, "0x1::option::Option<u64>"}, nil, func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, updateOwners(msStore(c, args[0].AsAddress()), argAddrs(args[1]), argAddrs(args[2]), argOptU64(args[3]))
		}),
	}
}

// ownerOf asserts that owner is an owner of a (ENOT_OWNER).
func ownerOf(a *msAccount, owner ledgerapi.Address) error {
	if !a.isOwner(owner) {
		return abortMS(native.PermissionDenied, eNotOwner)
	}
	return nil
}

// createTransaction is create_transaction (the payload stored) or, with
// hash, create_transaction_with_hash (its sha3-256 stored).
func createTransaction(hash bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		creator, b := argSigner(args[0]), args[2].Bytes()
		if err := chargeIn(c, len(b)); err != nil {
			return nil, err
		}
		t := &msTxn{Payload: b, Creator: creator}
		if hash {
			if len(b) != 32 {
				return nil, abortMS(native.InvalidArgument, eInvalidPayloadHash)
			}
			t = &msTxn{PayloadHash: b, Creator: creator}
		} else if len(b) == 0 {
			return nil, abortMS(native.InvalidArgument, ePayloadCannotBeEmpty)
		}
		s := msStore(c, args[1].AsAddress())
		a, err := s.mustLoad()
		if err != nil {
			return nil, err
		}
		if err := ownerOf(a, creator); err != nil {
			return nil, err
		}
		now, err := c.Host().NowMicros()
		if err != nil {
			return nil, err
		}
		t.CreatedSecs = now / 1_000_000
		if a.capacity() == 0 {
			return nil, abortMS(native.InvalidState, eMaxPendingTransactionsExceeded)
		}
		t.setVote(creator, true)
		seq := a.Next
		a.Next++
		if err := s.putTxn(a, seq, t); err != nil {
			return nil, err
		}
		data := event(func(e *bcs.Encoder) { e.Fixed(creator[:]); e.U64(seq); t.MarshalBCS(e) })
		s.emit("CreateTransaction", withAccount(s.addr, data))
		s.emitOn(a, hCreateTransaction, data)
		return nil, s.save(a)
	}
}

// voteTxn is vote_transanction: owner's vote on transaction seq, with a
// Vote event.
func voteTxn(s store, owner ledgerapi.Address, seq uint64, approved bool) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	if err := ownerOf(a, owner); err != nil {
		return err
	}
	t, ok, err := s.txn(a, seq)
	if err != nil {
		return err
	}
	if !ok {
		return abortMS(native.NotFound, eTransactionNotFound)
	}
	t.setVote(owner, approved)
	if err := s.putTxn(a, seq, t); err != nil {
		return err
	}
	data := event(func(e *bcs.Encoder) { e.Fixed(owner[:]); e.U64(seq); e.Bool(approved) })
	s.emit("Vote", withAccount(s.addr, data))
	s.emitOn(a, hVote, data)
	return s.save(a)
}

// voteRange is vote_transactions: the vote on each transaction from the
// starting to the final sequence number.
func voteRange(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, owner, approved := msStore(c, args[1].AsAddress()), argSigner(args[0]), args[4].AsBool()
	for seq, last := args[2].AsU64(), args[3].AsU64(); seq <= last; seq++ {
		if err := voteTxn(s, owner, seq, approved); err != nil {
			return nil, err
		}
		if seq == ^uint64(0) { // the Move loop's increment overflows
			return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "u64 addition overflows"}
		}
	}
	return nil, nil
}

// removeExecuted is remove_executed_transaction: the next transaction
// leaves the table and becomes the last resolved; it returns its
// approvals and rejections.
func removeExecuted(s store, a *msAccount) (approvals, rejections uint64, err error) {
	seq := a.LastExecuted + 1
	t, err := s.mustTxn(a, seq)
	if err != nil {
		return 0, 0, err
	}
	if err := s.h.DeleteTableItem(a.Transactions, txnKey(seq)); err != nil {
		return 0, 0, err
	}
	a.LastExecuted = seq
	approvals, rejections = a.counts(t)
	return approvals, rejections, nil
}

// executeRejected is execute_rejected_transaction: owner's implicit
// rejection, then the next transaction removed if rejected by enough
// owners.
func executeRejected(s store, owner ledgerapi.Address) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	if err := ownerOf(a, owner); err != nil {
		return err
	}
	seq := a.LastExecuted + 1
	voted, approved, err := voteOf(s, seq, owner)
	if err != nil {
		return err
	}
	if !voted || approved {
		if err := voteTxn(s, owner, seq, false); err != nil {
			return err
		}
		if a, err = s.mustLoad(); err != nil {
			return err
		}
	}
	_, rejections, err := removeExecuted(s, a)
	if err != nil {
		return err
	}
	if rejections < a.NumRequired {
		return abortMS(native.InvalidState, eNotEnoughRejections)
	}
	data := event(func(e *bcs.Encoder) { e.U64(seq); e.U64(rejections); e.Fixed(owner[:]) })
	s.emit("ExecuteRejectedTransaction", withAccount(s.addr, data))
	s.emitOn(a, hExecuteRejected, data)
	return s.save(a)
}

// executeRejectedRange is execute_rejected_transactions: every
// transaction up to the final sequence number executed as rejected.
func executeRejectedRange(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, owner, final := msStore(c, args[1].AsAddress()), argSigner(args[0]), args[2].AsU64()
	a, err := s.borrow()
	if err != nil {
		return nil, err
	}
	if a.LastExecuted >= final || final >= a.Next {
		return nil, abortMS(native.InvalidArgument, eInvalidSequenceNumber)
	}
	for a.LastExecuted < final {
		if err := executeRejected(s, owner); err != nil {
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
	return validate(store{h: h, addr: ms}, owner, payload)
}

func validate(s store, owner ledgerapi.Address, payload []byte) error {
	a, err := s.mustLoad()
	if err != nil {
		return err
	}
	if err := ownerOf(a, owner); err != nil {
		return err
	}
	seq := a.LastExecuted + 1
	t, ok, err := s.txn(a, seq)
	if err != nil {
		return err
	}
	if !ok {
		return abortMS(native.NotFound, eTransactionNotFound)
	}
	if can, err := canResolve(s, &owner, seq, true); err != nil {
		return err
	} else if !can {
		return abortMS(native.InvalidArgument, eNotEnoughApprovals)
	}
	if t.PayloadHash != nil {
		if sum := crypto.SHA3_256(payload); !bytes.Equal(sum[:], t.PayloadHash) {
			return abortMS(native.InvalidArgument, ePayloadDoesNotMatchHash)
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
	return cleanup(store{h: h, addr: ms}, executor, payload, nil)
}

// FailedExecutionCleanup is failed_transaction_execution_cleanup, run
// after the payload failed (its changes discarded): the transaction
// resolved all the same, TransactionExecutionFailed.
func FailedExecutionCleanup(h native.Host, executor, ms ledgerapi.Address, payload []byte, e ExecutionError) error {
	return cleanup(store{h: h, addr: ms}, executor, payload, &e)
}

// cleanup resolves the next transaction executed by executor (counting
// its implicit approval, with a v1 VoteEvent for it) and records its
// success, or its failure when failure is set.
func cleanup(s store, executor ledgerapi.Address, payload []byte, failure *ExecutionError) error {
	a, err := s.borrow()
	if err != nil {
		return err
	}
	seq := a.LastExecuted + 1
	voted, approved, err := voteOf(s, seq, executor)
	if err != nil {
		return err
	}
	approvals, _, err := removeExecuted(s, a)
	if err != nil {
		return err
	}
	if !voted || !approved {
		approvals++
		s.emitOn(a, hVote, event(func(e *bcs.Encoder) { e.Fixed(executor[:]); e.U64(seq); e.Bool(true) }))
	}
	data := event(func(e *bcs.Encoder) {
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
		s.emit("TransactionExecutionSucceeded", withAccount(s.addr, data))
		s.emitOn(a, hExecuteSucceeded, data)
	} else {
		s.emit("TransactionExecutionFailed", withAccount(s.addr, data))
		s.emitOn(a, hExecuteFailed, data)
	}
	return s.save(a)
}

// removeExecutedRef is remove_executed_transaction on a reference to a
// MultisigAccount value: the table item removed, the last executed
// sequence number written through the reference.
func removeExecutedRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	a := &msAccount{Owners: argAddrs(v.Elem(0)), Transactions: v.Elem(2).Elem(0).AsAddress(), LastExecuted: v.Elem(3).AsU64()}
	approvals, rejections, err := removeExecuted(store{h: c.Host(), c: c}, a)
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

// createMultisigAccount is create_multisig_account(owner): the resource
// account seeded by owner's sequence number, its signer and capability.
func createMultisigAccount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	owner := argSigner(args[0])
	nonce, err := accountSequence(c.Host(), owner)
	if err != nil {
		return nil, err
	}
	ms, err := createResourceAccount(c.Host(), owner, multisigSeed(nonce))
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(tag1("account", "SignerCapability")))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Signer(ms), movevm.NewStruct(t, []movevm.Value{movevm.Address(ms)})}, nil
}
