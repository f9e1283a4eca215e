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
		msViewFn("metadata", a, []string{msTMeta}, msViewAccount(func(c *native.Context, m *msAccount) ([]movevm.Value, error) {
			return msOne(msResult(c, msTMeta, bcs.Marshal(msMetaBCS(m.Metadata))))
		})),
		msViewFn("num_signatures_required", a, u, msViewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.NumRequired)}, nil
		})),
		msViewFn("owners", a, []string{msTAddrs}, msViewAccount(func(c *native.Context, m *msAccount) ([]movevm.Value, error) {
			return msOne(msResult(c, msTAddrs, msEvent(func(e *bcs.Encoder) { msWriteAddrs(e, m.Owners) })))
		})),
		msViewFn("is_owner", []string{"address", "address"}, []string{"bool"}, msIsOwnerView),
		msViewFn("get_transaction", []string{"address", "u64"}, []string{msTMSTxn}, msGetTransaction),
		msViewFn("get_pending_transactions", a, []string{"vector<" + msTMSTxn + ">"}, msGetPending),
		msViewFn("get_next_transaction_payload", []string{"address", "vector<u8>"}, []string{"vector<u8>"}, msNextPayloadView),
		msViewFn("can_be_executed", []string{"address", "u64"}, []string{"bool"}, msCanView(false, true)),
		msViewFn("can_execute", []string{"address", "address", "u64"}, []string{"bool"}, msCanView(true, true)),
		msViewFn("can_be_rejected", []string{"address", "u64"}, []string{"bool"}, msCanView(false, false)),
		msViewFn("can_reject", []string{"address", "address", "u64"}, []string{"bool"}, msCanView(true, false)),
		msViewFn("get_next_multisig_account_address", a, []string{"address"}, msNextAddressView),
		msViewFn("last_resolved_sequence_number", a, u, msViewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.LastExecuted)}, nil
		})),
		msViewFn("next_sequence_number", a, u, msViewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.Next)}, nil
		})),
		msViewFn("vote", []string{"address", "u64", "address"}, []string{"bool", "bool"}, msVoteView),
		msViewFn("available_transaction_queue_capacity", a, u, msViewAccount(func(_ *native.Context, m *msAccount) ([]movevm.Value, error) {
			return []movevm.Value{movevm.U64(m.capacity())}, nil
		})),
	}
}

// msOne returns a single result.
func msOne(v movevm.Value, err error) ([]movevm.Value, error) {
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, nil
}

// msMetaBCS is a SimpleMap<String, vector<u8>> as a Marshaler.
type msMetaBCS []msMetaEntry

func (m msMetaBCS) MarshalBCS(e *bcs.Encoder) { msWriteMeta(e, m) }

// msViewAccount is a view of the MultisigAccount at its first argument.
func msViewAccount(f func(c *native.Context, m *msAccount) ([]movevm.Value, error)) native.Func {
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
		return abortMS(native.InvalidArgument, msEInvalidSequenceNumber)
	}
	return nil
}

func msIsOwnerView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := msStore(c, args[1].AsAddress()).borrow()
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(m.isOwner(args[0].AsAddress()))}, nil
}

func msGetTransaction(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
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
	return msOne(msResult(c, msTMSTxn, bcs.Marshal(t)))
}

func msGetPending(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
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
	return msOne(msResult(c, "vector<"+msTMSTxn+">", e.Bytes()))
}

// NextTransactionPayload is get_next_transaction_payload: the payload
// stored for the next transaction of the multisig account at ms, or
// provided when only its hash is stored. The executor calls it for a
// multisig transaction.
func NextTransactionPayload(h native.Host, ms ledgerapi.Address, provided []byte) ([]byte, error) {
	return msNextPayload(msState{h: h, addr: ms}, provided)
}

func msNextPayload(s msState, provided []byte) ([]byte, error) {
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

func msNextPayloadView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	provided := args[1].Bytes()
	if err := msChargeIn(c, len(provided)); err != nil {
		return nil, err
	}
	p, err := msNextPayload(msStore(c, args[0].AsAddress()), provided)
	if err != nil {
		return nil, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(p), len(p)); err != nil {
		return nil, err
	}
	return msOne(c.Bytes(p))
}

// msCanResolve is can_be_executed / can_be_rejected (owner nil) and
// can_execute / can_reject (the owner's vote counted implicitly):
// whether transaction seq is next and has enough approvals (approve) or
// rejections.
func msCanResolve(s msState, owner *ledgerapi.Address, seq uint64, approve bool) (bool, error) {
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

// msCanView is one of the four can_* views.
func msCanView(withOwner, approve bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		var owner *ledgerapi.Address
		if withOwner {
			o := args[0].AsAddress()
			owner, args = &o, args[1:]
		}
		ok, err := msCanResolve(msStore(c, args[0].AsAddress()), owner, args[1].AsU64(), approve)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.Bool(ok)}, nil
	}
}

// NextMultisigAddress is get_next_multisig_account_address: the resource
// address creator's next multisig account gets, from its sequence number.
func NextMultisigAddress(h native.Host, creator ledgerapi.Address) (ledgerapi.Address, error) {
	acc, err := accountOrDefault(h, creator)
	if err != nil {
		return ledgerapi.Address{}, err
	}
	return crypto.ResourceAccountAddress(creator, msSeed(acc.SequenceNumber)), nil
}

// msSeed is create_multisig_account_seed(bcs(nonce)).
func msSeed(nonce uint64) []byte {
	return append(append([]byte{}, msDomainSeparator...), msTxnKey(nonce)...)
}

func msNextAddressView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, err := NextMultisigAddress(hostOf(c), args[0].AsAddress())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(a)}, nil
}

// msVoteOf is the vote view: whether owner voted on transaction seq and
// whether the vote was an approval.
func msVoteOf(s msState, seq uint64, owner ledgerapi.Address) (voted, approved bool, err error) {
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

func msVoteView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	voted, approved, err := msVoteOf(msStore(c, args[0].AsAddress()), args[1].AsU64(), args[2].AsAddress())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(voted), movevm.Bool(approved)}, nil
}
