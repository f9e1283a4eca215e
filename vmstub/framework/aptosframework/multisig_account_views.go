package aptosframework

// 0x1::multisig_account: the #[view] functions, which return what the
// MultisigAccount resource and its transactions table hold (a missing
// resource fails as borrow_global does, with MISSING_DATA), and the
// predicates the executor's validation shares with them.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// msViews are the module's views, in Aptos's order.
func msViews() []native.Function {
	a, u := []string{"address"}, []string{"u64"}
	return []native.Function{
		viewFn("metadata", a, []string{tMeta}, viewAccount(func(c *native.Context, m *msAccount) ([]movevm.Value, error) {
			return one(result(c, tMeta, bcs.Marshal(metaBCS(m.Metadata))))
		})),
		viewFn("num_signatures_required", a, u, viewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.NumRequired)}, nil
		})),
		viewFn("owners", a, []string{tAddrs}, viewAccount(func(c *native.Context, m *msAccount) ([]movevm.Value, error) {
			return one(result(c, tAddrs, event(func(e *bcs.Encoder) { writeAddrs(e, m.Owners) })))
		})),
		viewFn("is_owner", []string{"address", "address"}, []string{"bool"}, isOwnerView),
		viewFn("get_transaction", []string{"address", "u64"}, []string{tMSTxn}, getTransaction),
		viewFn("get_pending_transactions", a, []string{"vector<" + tMSTxn + ">"}, getPending),
		viewFn("get_next_transaction_payload", []string{"address", "vector<u8>"}, []string{"vector<u8>"}, nextPayloadView),
		viewFn("can_be_executed", []string{"address", "u64"}, []string{"bool"}, canView(false, true)),
		viewFn("can_execute", []string{"address", "address", "u64"}, []string{"bool"}, canView(true, true)),
		viewFn("can_be_rejected", []string{"address", "u64"}, []string{"bool"}, canView(false, false)),
		viewFn("can_reject", []string{"address", "address", "u64"}, []string{"bool"}, canView(true, false)),
		viewFn("get_next_multisig_account_address", a, []string{"address"}, nextAddressView),
		viewFn("last_resolved_sequence_number", a, u, viewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.LastExecuted)}, nil
		})),
		viewFn("next_sequence_number", a, u, viewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.Next)}, nil
		})),
		viewFn("vote", []string{"address", "u64", "address"}, []string{"bool", "bool"}, voteView),
		viewFn("available_transaction_queue_capacity", a, u, viewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.capacity())}, nil
		})),
	}
}

// one returns a single result.
func one(v movevm.Value, err error) ([]movevm.Value, error) {
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, nil
}

// metaBCS is a SimpleMap<String, vector<u8>> as a Marshaler.
type metaBCS []metaEntry

func (m metaBCS) MarshalBCS(e *bcs.Encoder) { writeMeta(e, m) }

// viewAccount is a view of the MultisigAccount at its first argument.
func viewAccount(f func(c *native.Context, m *msAccount) ([]movevm.Value, error)) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, err := msStore(c, args[0].AsAddress()).borrow()
		if err != nil {
			return nil, err
		}
		return f(c, m)
	}
}

// capacity is available_transaction_queue_capacity.
func (a *msAccount) capacity() uint64 {
	pending := a.Next - a.LastExecuted - 1
	if pending > MaxPendingTransactions {
		return 0
	}
	return MaxPendingTransactions - pending
}

// validSeq asserts 0 < seq < next_sequence_number (EINVALID_SEQUENCE_NUMBER).
func (a *msAccount) validSeq(seq uint64) error {
	if seq == 0 || seq >= a.Next {
		return abortMS(native.InvalidArgument, eInvalidSequenceNumber)
	}
	return nil
}

func isOwnerView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := msStore(c, args[1].AsAddress()).borrow()
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(m.isOwner(args[0].AsAddress()))}, nil
}

func getTransaction(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := msStore(c, args[0].AsAddress())
	m, err := s.borrow()
	if err != nil {
		return nil, err
	}
	seq := args[1].AsU64()
	if err := m.validSeq(seq); err != nil {
		return nil, err
	}
	t, err := s.mustTxn(m, seq)
	if err != nil {
		return nil, err
	}
	return one(result(c, tMSTxn, bcs.Marshal(t)))
}

func getPending(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := msStore(c, args[0].AsAddress())
	m, err := s.borrow()
	if err != nil {
		return nil, err
	}
	e := bcs.NewEncoder(64)
	e.SeqLen(int(m.Next - m.LastExecuted - 1))
	for i := m.LastExecuted + 1; i < m.Next; i++ {
		t, err := s.mustTxn(m, i)
		if err != nil {
			return nil, err
		}
		t.MarshalBCS(e)
	}
	return one(result(c, "vector<"+tMSTxn+">", e.Bytes()))
}

// NextTransactionPayload is get_next_transaction_payload: the payload
// stored for the next transaction of the multisig account at ms, or
// provided when only its hash is stored. The executor calls it for a
// multisig transaction.
func NextTransactionPayload(h native.Host, ms ledgerapi.Address, provided []byte) ([]byte, error) {
	return nextPayload(store{h: h, addr: ms}, provided)
}

func nextPayload(s store, provided []byte) ([]byte, error) {
	m, err := s.borrow()
	if err != nil {
		return nil, err
	}
	t, err := s.mustTxn(m, m.LastExecuted+1)
	if err != nil {
		return nil, err
	}
	if t.Payload != nil {
		return t.Payload, nil
	}
	return provided, nil
}

func nextPayloadView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	provided := args[1].Bytes()
	if err := chargeIn(c, len(provided)); err != nil {
		return nil, err
	}
	p, err := nextPayload(msStore(c, args[0].AsAddress()), provided)
	if err != nil {
		return nil, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(p), len(p)); err != nil {
		return nil, err
	}
	return one(c.Bytes(p))
}

// canResolve is can_be_executed / can_be_rejected (owner nil) and
// can_execute / can_reject (the owner's vote counted implicitly):
// whether transaction seq is next and has enough approvals (approve) or
// rejections.
func canResolve(s store, owner *ledgerapi.Address, seq uint64, approve bool) (bool, error) {
	m, err := s.borrow()
	if err != nil {
		return false, err
	}
	if err := m.validSeq(seq); err != nil {
		return false, err
	}
	t, err := s.mustTxn(m, seq)
	if err != nil {
		return false, err
	}
	approvals, rejections := m.counts(t)
	n := rejections
	if approve {
		n = approvals
	}
	ok := true
	if owner != nil {
		if voted, v := t.voteOf(*owner); !voted || v != approve {
			n++
		}
		ok = m.isOwner(*owner)
	}
	return ok && seq == m.LastExecuted+1 && n >= m.NumRequired, nil
}

// canView is one of the four can_* views.
func canView(withOwner, approve bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		var owner *ledgerapi.Address
		if withOwner {
			o := args[0].AsAddress()
			owner, args = &o, args[1:]
		}
		ok, err := canResolve(msStore(c, args[0].AsAddress()), owner, args[1].AsU64(), approve)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.Bool(ok)}, nil
	}
}

// NextMultisigAddress is get_next_multisig_account_address: the resource
// address creator's next multisig account gets, from its sequence number.
func NextMultisigAddress(h native.Host, creator ledgerapi.Address) (ledgerapi.Address, error) {
	seq, err := accountSequence(h, creator)
	if err != nil {
		return ledgerapi.Address{}, err
	}
	return crypto.ResourceAccountAddress(creator, multisigSeed(seq)), nil
}

// multisigSeed is create_multisig_account_seed(bcs(nonce)).
func multisigSeed(nonce uint64) []byte {
	return append(append([]byte{}, domainSeparator...), txnKey(nonce)...)
}

func nextAddressView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, err := NextMultisigAddress(c.Host(), args[0].AsAddress())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(a)}, nil
}

// voteOf is the vote view: whether owner voted on transaction seq and
// whether the vote was an approval.
func voteOf(s store, seq uint64, owner ledgerapi.Address) (voted, approved bool, err error) {
	m, err := s.borrow()
	if err != nil {
		return false, false, err
	}
	if err := m.validSeq(seq); err != nil {
		return false, false, err
	}
	t, err := s.mustTxn(m, seq)
	if err != nil {
		return false, false, err
	}
	voted, approved = t.voteOf(owner)
	return voted, voted && approved, nil
}

func voteView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	voted, approved, err := voteOf(msStore(c, args[0].AsAddress()), args[1].AsU64(), args[2].AsAddress())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(voted), movevm.Bool(approved)}, nil
}
