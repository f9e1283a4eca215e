package vmstub_test

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// msChain is a chain with three funded owners and helpers for
// 0x1::multisig_account.
type msChain struct {
	*chain
	t      *testing.T
	owners []vmstub.DevAccount
	ms     ledgerapi.Address
}

func addrsBCS(as ...ledgerapi.Address) []byte {
	e := bcs.NewEncoder(64)
	e.SeqLen(len(as))
	for _, a := range as {
		e.Fixed(a[:])
	}
	return e.Bytes()
}

func stringsBCS(ss ...string) []byte {
	e := bcs.NewEncoder(64)
	e.SeqLen(len(ss))
	for _, s := range ss {
		e.String(s)
	}
	return e.Bytes()
}

func msPayload(function string, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(ledgerapi.AddressOne, "multisig_account", function, nil, args...)
}

// innerPayload is the BCS of MultisigTransactionPayload::EntryFunction(p's).
func innerPayload(p txn.TransactionPayload) []byte {
	e := bcs.NewEncoder(128)
	e.Variant(0)
	p.EntryFunction.MarshalBCS(e)
	return e.Bytes()
}

func (c *msChain) view(fn string, args ...[]byte) [][]byte {
	c.t.Helper()
	vals, _, _, err := c.vm.View(c.chain, fnID("0x1::multisig_account::"+fn), nil, args)
	if err != nil {
		c.t.Fatalf("%s: %v", fn, err)
	}
	return vals
}

// run executes p from owner i and checks success.
func (c *msChain) run(i int, p txn.TransactionPayload) storage.Transaction {
	c.t.Helper()
	o := c.owners[i]
	out := c.mustExec(o.Sign(c.raw(o, p)))
	if !out.Info.Status.Success() {
		c.t.Fatalf("%s from owner %d: %s", p.EntryFunction.FunctionId(), i, out.Info.Status.String())
	}
	return out
}

// abort executes p from account a and checks it aborts with code in module.
func (c *msChain) abort(a vmstub.DevAccount, p txn.TransactionPayload, module string, code uint64) {
	c.t.Helper()
	out := c.mustExec(a.Sign(c.raw(a, p)))
	st := out.Info.Status
	if st.Kind != onchain.KindMoveAbort || st.AbortCode != code || st.Location.Module.Name != module {
		c.t.Fatalf("%s: %s, want abort 0x%x in %s", p.EntryFunction.FunctionId(), st.String(), code, module)
	}
}

// multisig signs a multisig transaction of owner i (inner nil: the stored payload).
func (c *msChain) multisig(i int, inner *txn.TransactionPayload) *txn.SignedTransaction {
	p := txn.TransactionPayload{Variant: txn.PayloadMultisig, Multisig: &c.ms}
	if inner != nil {
		p.EntryFunction = inner.EntryFunction
	}
	return c.owners[i].Sign(c.raw(c.owners[i], p))
}

func (c *msChain) u64(fn string, args ...[]byte) uint64 { return leU64(c.view(fn, args...)[0]) }

func hasEvent(out storage.Transaction, typ string) *storage.Event {
	for i := range out.Events {
		if out.Events[i].Type.String() == typ {
			return &out.Events[i]
		}
	}
	return nil
}

// newMultisig creates a 2-of-3 multisig account of owners 0, 1, 2 with
// create_with_owners, at the address the view predicted.
func newMultisig(t *testing.T) *msChain {
	c := &msChain{chain: newChain(t, vmstub.Options{DevAccounts: 4}), t: t}
	c.owners = c.vm.DevAccounts()
	o := c.owners
	want := c.view("get_next_multisig_account_address", vmstub.AddressValue(o[0].Address))[0]
	copy(c.ms[:], want)
	out := c.run(0, msPayload("create_with_owners", addrsBCS(o[1].Address, o[2].Address), vmstub.U64Value(2),
		stringsBCS("name"), bcs.Marshal(bytesSeq{[]byte("treasury")})))
	if _, err := c.StateValue(storage.ResourceKey(c.ms, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "multisig_account", Name: "MultisigAccount"})); err != nil {
		t.Fatalf("no MultisigAccount at the predicted address %s: %v (events %v)", c.ms, err, eventTypes(out))
	}
	if got := c.view("owners", vmstub.AddressValue(c.ms))[0]; !bytes.Equal(got, addrsBCS(o[1].Address, o[2].Address, o[0].Address)) {
		t.Fatalf("owners %x", got)
	}
	return c
}

// bytesSeq is a vector<vector<u8>>.
type bytesSeq [][]byte

func (b bytesSeq) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(b))
	for _, x := range b {
		e.WriteBytes(x)
	}
}

func TestMultisigCreateAndViews(t *testing.T) {
	c := newMultisig(t)
	ms := vmstub.AddressValue(c.ms)
	if n := c.u64("num_signatures_required", ms); n != 2 {
		t.Fatalf("num_signatures_required %d", n)
	}
	meta := c.view("metadata", ms)[0]
	e := bcs.NewEncoder(32)
	e.SeqLen(1)
	e.String("name")
	e.WriteBytes([]byte("treasury"))
	if !bytes.Equal(meta, e.Bytes()) {
		t.Fatalf("metadata %x", meta)
	}
	if got := c.view("is_owner", vmstub.AddressValue(c.owners[1].Address), ms)[0]; !bytes.Equal(got, []byte{1}) {
		t.Fatalf("is_owner %x", got)
	}
	if got := c.view("is_owner", vmstub.AddressValue(c.owners[3].Address), ms)[0]; !bytes.Equal(got, []byte{0}) {
		t.Fatalf("is_owner of a stranger %x", got)
	}
	if c.u64("last_resolved_sequence_number", ms) != 0 || c.u64("next_sequence_number", ms) != 1 {
		t.Fatal("sequence numbers of a new account")
	}
	if n := c.u64("available_transaction_queue_capacity", ms); n != 20 {
		t.Fatalf("capacity %d", n)
	}
	if got := c.view("get_pending_transactions", ms)[0]; !bytes.Equal(got, []byte{0}) {
		t.Fatalf("pending %x", got)
	}
	// The account is a resource account with a zero auth key.
	key := c.view2("0x1::account::get_authentication_key", ms)
	if !bytes.Equal(key, append([]byte{32}, make([]byte, 32)...)) {
		t.Fatalf("auth key %x", key)
	}
	// A view of an address without a MultisigAccount fails as borrow_global.
	if _, _, _, err := c.vm.View(c.chain, fnID("0x1::multisig_account::owners"), nil, [][]byte{vmstub.AddressValue(c.owners[3].Address)}); err == nil {
		t.Fatal("owners of a plain account")
	}
	// The next multisig account of owner 0 is at another address.
	next := c.view("get_next_multisig_account_address", vmstub.AddressValue(c.owners[0].Address))[0]
	if bytes.Equal(next, ms) {
		t.Fatal("next address did not move with the sequence number")
	}
	seed := append([]byte("aptos_framework::multisig_account"), vmstub.U64Value(1)...)
	if want := crypto.ResourceAccountAddress(c.owners[0].Address, seed); !bytes.Equal(next, want[:]) {
		t.Fatalf("next address %x, want %s", next, want)
	}
}

func (c *msChain) view2(fn string, args ...[]byte) []byte {
	c.t.Helper()
	vals, _, _, err := c.vm.View(c.chain, fnID(fn), nil, args)
	if err != nil {
		c.t.Fatalf("%s: %v", fn, err)
	}
	return vals[0]
}

func TestMultisigTransactionFlow(t *testing.T) {
	c := newMultisig(t)
	o, ms := c.owners, vmstub.AddressValue(c.ms)
	c.run(3, vmstub.TransferPayload(c.ms, 1_000_000))
	transfer := vmstub.TransferPayload(o[3].Address, 500)
	out := c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(transfer))))
	if hasEvent(out, "0x1::multisig_account::CreateTransaction") == nil || hasEvent(out, "0x1::multisig_account::CreateTransactionEvent") == nil {
		t.Fatalf("create events %v", eventTypes(out))
	}
	// Owner 0 approved by proposing; alone it is one approval of two.
	if got := c.view("vote", ms, vmstub.U64Value(1), vmstub.AddressValue(o[0].Address)); !bytes.Equal(got[0], []byte{1}) || !bytes.Equal(got[1], []byte{1}) {
		t.Fatalf("creator's vote %x", got)
	}
	_, err := c.exec(c.multisig(0, nil))
	wantStatus(t, err, "MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS", 34)
	if got := c.view("can_be_executed", ms, vmstub.U64Value(1))[0]; got[0] != 0 {
		t.Fatal("can_be_executed with one approval")
	}
	// Owner 2 executing counts as an approval.
	if got := c.view("can_execute", vmstub.AddressValue(o[2].Address), ms, vmstub.U64Value(1))[0]; got[0] != 1 {
		t.Fatal("can_execute by a second owner")
	}
	c.run(1, msPayload("approve_transaction", ms, vmstub.U64Value(1)))
	if got := c.view("can_be_executed", ms, vmstub.U64Value(1))[0]; got[0] != 1 {
		t.Fatal("can_be_executed with two approvals")
	}
	tx := c.view("get_transaction", ms, vmstub.U64Value(1))[0]
	pending := c.view("get_pending_transactions", ms)[0]
	if !bytes.Equal(pending, append([]byte{1}, tx...)) {
		t.Fatalf("pending %x, transaction %x", pending, tx)
	}
	if got := c.view("get_next_transaction_payload", ms, vmstub.BytesValue(nil))[0]; !bytes.Equal(got, vmstub.BytesValue(innerPayload(transfer))) {
		t.Fatalf("next payload %x", got)
	}
	before, seq0 := c.balance(o[3].Address), c.seq(o[0].Address)
	out = c.mustExec(c.multisig(0, nil))
	if !out.Info.Status.Success() {
		t.Fatalf("multisig transaction: %s", out.Info.Status.String())
	}
	if got := c.balance(o[3].Address); got != before+500 {
		t.Fatalf("recipient balance %d, want %d", got, before+500)
	}
	ev := hasEvent(out, "0x1::multisig_account::TransactionExecutionSucceeded")
	if ev == nil || hasEvent(out, "0x1::multisig_account::TransactionExecutionSucceededEvent") == nil {
		t.Fatalf("events %v", eventTypes(out))
	}
	d := bcs.NewDecoder(ev.Data)
	var a, ex ledgerapi.Address
	d.Fixed(a[:], "multisig")
	d.Fixed(ex[:], "executor")
	if a != c.ms || ex != o[0].Address || d.U64("seq") != 1 || !bytes.Equal(d.ReadBytes("payload"), innerPayload(transfer)) || d.U64("approvals") != 2 {
		t.Fatalf("succeeded event %x", ev.Data)
	}
	if c.seq(o[0].Address) != seq0+1 || c.u64("last_resolved_sequence_number", ms) != 1 {
		t.Fatal("sequence numbers after execution")
	}
	_, err = c.exec(c.multisig(0, nil))
	wantStatus(t, err, "MULTISIG_TRANSACTION_NOT_FOUND", 33)
	_, err = c.exec(c.multisig(3, nil))
	wantStatus(t, err, "NOT_MULTISIG_OWNER", 32)

	// A proposal by hash; the payload aborts (more than the balance).
	big := vmstub.TransferPayload(o[3].Address, 1<<60)
	h := crypto.SHA3_256(innerPayload(big))
	c.run(1, msPayload("create_transaction_with_hash", ms, vmstub.BytesValue(h[:])))
	c.run(2, msPayload("approve_transaction", ms, vmstub.U64Value(2)))
	_, err = c.exec(c.multisig(0, nil))
	wantStatus(t, err, "MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH", 35)
	_, err = c.exec(c.multisig(0, &transfer))
	wantStatus(t, err, "MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH", 35)
	before = c.balance(c.ms)
	out = c.mustExec(c.multisig(0, &big))
	if !out.Info.Status.Success() {
		t.Fatalf("a multisig transaction whose payload aborts: %s", out.Info.Status.String())
	}
	ev = hasEvent(out, "0x1::multisig_account::TransactionExecutionFailed")
	if ev == nil || hasEvent(out, "0x1::multisig_account::TransactionExecutionFailedEvent") == nil {
		t.Fatalf("events %v", eventTypes(out))
	}
	d = bcs.NewDecoder(ev.Data)
	d.Fixed(a[:], "multisig")
	d.Fixed(ex[:], "executor")
	seq, payload, approvals := d.U64("seq"), d.ReadBytes("payload"), d.U64("approvals")
	loc, kind, code := d.String("location"), d.String("type"), d.U64("code")
	if seq != 2 || !bytes.Equal(payload, innerPayload(big)) || approvals != 3 || kind != "MoveAbort" || code == 0 ||
		loc != "0000000000000000000000000000000000000000000000000000000000000001::fungible_asset" {
		t.Fatalf("failed event: seq %d approvals %d %s %s 0x%x", seq, approvals, loc, kind, code)
	}
	if c.balance(c.ms) != before || c.u64("last_resolved_sequence_number", ms) != 2 {
		t.Fatal("a failed payload changed the balance or left the transaction pending")
	}

	// Rejection: owner 1 rejects, owner 2 executes the rejection
	// (rejecting implicitly).
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(transfer))))
	c.abort(o[2], msPayload("execute_rejected_transaction", ms), "multisig_account", 0x3000A)
	c.run(1, msPayload("reject_transaction", ms, vmstub.U64Value(3)))
	if got := c.view("can_reject", vmstub.AddressValue(o[2].Address), ms, vmstub.U64Value(3))[0]; got[0] != 1 {
		t.Fatal("can_reject")
	}
	if got := c.view("can_be_rejected", ms, vmstub.U64Value(3))[0]; got[0] != 0 {
		t.Fatal("can_be_rejected with one rejection")
	}
	out = c.run(2, msPayload("execute_rejected_transaction", ms))
	if hasEvent(out, "0x1::multisig_account::ExecuteRejectedTransaction") == nil || hasEvent(out, "0x1::multisig_account::Vote") == nil {
		t.Fatalf("events %v", eventTypes(out))
	}
	if c.u64("last_resolved_sequence_number", ms) != 3 || c.u64("next_sequence_number", ms) != 4 {
		t.Fatal("rejected transaction not resolved")
	}
	// Batch: two proposals rejected by vote_transactions and execute_rejected_transactions.
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(transfer))))
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(transfer))))
	c.run(1, msPayload("vote_transactions", ms, vmstub.U64Value(4), vmstub.U64Value(5), vmstub.BoolValue(false)))
	c.run(2, msPayload("vote_transaction", ms, vmstub.U64Value(4), vmstub.BoolValue(false)))
	c.run(2, msPayload("execute_rejected_transactions", ms, vmstub.U64Value(5)))
	if c.u64("last_resolved_sequence_number", ms) != 5 {
		t.Fatal("batch rejection")
	}
	c.abort(o[1], msPayload("execute_rejected_transactions", ms, vmstub.U64Value(5)), "multisig_account", 0x10011)
}

func TestMultisigSelfUpdates(t *testing.T) {
	c := newMultisig(t)
	o, ms := c.owners, vmstub.AddressValue(c.ms)
	// Only the multisig account itself may update its owners: a direct
	// call by an owner finds no MultisigAccount at the owner's address.
	c.abort(o[0], msPayload("add_owner", vmstub.AddressValue(o[3].Address)), "multisig_account", 0x307D2)
	c.abort(o[0], msPayload("update_signatures_required", vmstub.U64Value(1)), "multisig_account", 0x307D2)
	c.abort(o[0], msPayload("remove_owners", addrsBCS(o[1].Address)), "multisig_account", 0x307D2)
	step := func(p txn.TransactionPayload) storage.Transaction {
		t.Helper()
		n := c.u64("next_sequence_number", ms)
		c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(p))))
		out := c.mustExec(c.multisig(1, nil))
		if !out.Info.Status.Success() || hasEvent(out, "0x1::multisig_account::TransactionExecutionSucceeded") == nil {
			t.Fatalf("%s: %s %v", p.EntryFunction.FunctionId(), out.Info.Status.String(), eventTypes(out))
		}
		if c.u64("last_resolved_sequence_number", ms) != n {
			t.Fatal("not resolved")
		}
		return out
	}
	out := step(msPayload("add_owner", vmstub.AddressValue(o[3].Address)))
	if hasEvent(out, "0x1::multisig_account::AddOwners") == nil || hasEvent(out, "0x1::multisig_account::AddOwnersEvent") == nil {
		t.Fatalf("events %v", eventTypes(out))
	}
	if got := c.view("owners", ms)[0]; !bytes.Equal(got, addrsBCS(o[1].Address, o[2].Address, o[0].Address, o[3].Address)) {
		t.Fatalf("owners %x", got)
	}
	out = step(msPayload("update_signatures_required", vmstub.U64Value(3)))
	if hasEvent(out, "0x1::multisig_account::UpdateSignaturesRequired") == nil || c.u64("num_signatures_required", ms) != 3 {
		t.Fatalf("update_signatures_required: %v", eventTypes(out))
	}
	// Three approvals now: owner 0 proposes, owner 2 approves, owner 1 executes.
	n := c.u64("next_sequence_number", ms)
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(msPayload("remove_owners", addrsBCS(o[3].Address, o[2].Address))))))
	_, err := c.exec(c.multisig(1, nil))
	wantStatus(t, err, "MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS", 34)
	c.run(2, msPayload("approve_transaction", ms, vmstub.U64Value(n)))
	// Removing two of four owners leaves fewer than three: the payload
	// aborts (ENOT_ENOUGH_OWNERS), the transaction is resolved as failed.
	out = c.mustExec(c.multisig(1, nil))
	if !out.Info.Status.Success() || hasEvent(out, "0x1::multisig_account::TransactionExecutionFailed") == nil {
		t.Fatalf("remove_owners: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	if c.u64("last_resolved_sequence_number", ms) != n || len(c.view("owners", ms)[0]) != 1+4*32 {
		t.Fatal("a failed self-update changed the owners or was not resolved")
	}
	wantFailed(t, out, 0x30005)
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(msPayload("swap_owners_and_update_signatures_required",
		addrsBCS(o[2].Address), addrsBCS(o[3].Address), vmstub.U64Value(2))))))
	c.run(2, msPayload("approve_transaction", ms, vmstub.U64Value(n+1)))
	out = c.mustExec(c.multisig(1, nil))
	wantFailed(t, out, 0x10001) // owner 2 is an owner already: EDUPLICATE_OWNER
	for i, p := range []struct {
		payload txn.TransactionPayload
		code    uint64
	}{
		{msPayload("add_owner", ms), 0x1000D}, // EOWNER_CANNOT_BE_MULTISIG_ACCOUNT_ITSELF
		{msPayload("swap_owner", vmstub.AddressValue(o[3].Address), vmstub.AddressValue(o[3].Address)), 0x10012}, // EOWNERS_TO_REMOVE_NEW_OWNERS_OVERLAP
		{msPayload("update_signatures_required", vmstub.U64Value(0)), 0x1000B},                                   // EINVALID_SIGNATURES_REQUIRED
		{msPayload("update_metadata", stringsBCS("a"), bcs.Marshal(bytesSeq{})), 0x1000F},                        // ENUMBER_OF_METADATA_KEYS_AND_VALUES_DONT_MATCH
	} {
		seq := n + 2 + uint64(i)
		c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(p.payload))))
		c.run(2, msPayload("approve_transaction", ms, vmstub.U64Value(seq)))
		wantFailed(t, c.mustExec(c.multisig(1, nil)), p.code)
	}
	n += 4
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(msPayload("remove_owners", addrsBCS(o[3].Address))))))
	c.run(2, msPayload("approve_transaction", ms, vmstub.U64Value(n+2)))
	out = c.mustExec(c.multisig(1, nil))
	if hasEvent(out, "0x1::multisig_account::RemoveOwners") == nil {
		t.Fatalf("remove_owners: %v", eventTypes(out))
	}
	if got := c.view("owners", ms)[0]; !bytes.Equal(got, addrsBCS(o[1].Address, o[2].Address, o[0].Address)) {
		t.Fatalf("owners %x", got)
	}
}

func TestMultisigAborts(t *testing.T) {
	c := newMultisig(t)
	o, ms := c.owners, vmstub.AddressValue(c.ms)
	none, empty := stringsBCS(), bcs.Marshal(bytesSeq{})
	c.abort(o[3], msPayload("create_with_owners", addrsBCS(), vmstub.U64Value(0), none, empty), "multisig_account", 0x1000B)
	c.abort(o[3], msPayload("create_with_owners", addrsBCS(o[1].Address), vmstub.U64Value(3), none, empty), "multisig_account", 0x1000B)
	c.abort(o[3], msPayload("create_with_owners", addrsBCS(o[1].Address, o[1].Address), vmstub.U64Value(1), none, empty), "multisig_account", 0x10001)
	c.abort(o[3], msPayload("create_with_owners", addrsBCS(o[3].Address), vmstub.U64Value(1), none, empty), "multisig_account", 0x10001)
	c.abort(o[3], msPayload("create", vmstub.U64Value(1), stringsBCS("a"), empty), "multisig_account", 0x1000F)
	c.abort(o[3], msPayload("create", vmstub.U64Value(1), stringsBCS("a", "a"), bcs.Marshal(bytesSeq{{1}, {2}})), "multisig_account", 0x10010)
	c.abort(o[3], msPayload("create_transaction", ms, vmstub.BytesValue([]byte{1})), "multisig_account", 0x507D3)
	c.abort(o[0], msPayload("create_transaction", ms, vmstub.BytesValue(nil)), "multisig_account", 0x10004)
	c.abort(o[0], msPayload("create_transaction_with_hash", ms, vmstub.BytesValue(make([]byte, 31))), "multisig_account", 0x1000C)
	c.abort(o[0], msPayload("create_transaction", vmstub.AddressValue(o[3].Address), vmstub.BytesValue([]byte{1})), "multisig_account", 0x307D2)
	c.abort(o[0], msPayload("approve_transaction", ms, vmstub.U64Value(1)), "multisig_account", 0x607D6)
	c.abort(o[3], msPayload("approve_transaction", ms, vmstub.U64Value(1)), "multisig_account", 0x507D3)
	c.abort(o[0], msPayload("execute_rejected_transaction", ms), "multisig_account", 0x10011)
	for i := 0; i < 20; i++ {
		c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue([]byte{byte(i + 1)})))
	}
	if c.u64("available_transaction_queue_capacity", ms) != 0 {
		t.Fatal("capacity after 20 proposals")
	}
	c.abort(o[0], msPayload("create_transaction", ms, vmstub.BytesValue([]byte{1})), "multisig_account", 0x30013)
	if _, _, _, err := c.vm.View(c.chain, fnID("0x1::multisig_account::get_transaction"), nil, [][]byte{ms, vmstub.U64Value(21)}); err == nil {
		t.Fatal("get_transaction beyond the next sequence number")
	}
	// A stored payload that is no entry function fails to deserialize:
	// the transaction is kept, failed.
	c.run(1, msPayload("approve_transaction", ms, vmstub.U64Value(1)))
	out := c.mustExec(c.multisig(2, nil))
	if out.Info.Status.Success() || out.Info.Status.StatusCode != onchain.FAILED_TO_DESERIALIZE_ARGUMENT {
		t.Fatalf("undecodable payload: %s", out.Info.Status.String())
	}
	// A multisig payload for an account that is not one is rejected.
	plain := o[3].Address
	p := txn.TransactionPayload{Variant: txn.PayloadMultisig, Multisig: &plain}
	_, err := c.exec(o[0].Sign(c.raw(o[0], p)))
	wantStatus(t, err, "ACCOUNT_NOT_MULTISIG", 31)
	if err := c.vm.Validate(c.chain, o[0].Sign(c.raw(o[0], p)), c.nowUs); err == nil {
		t.Fatal("submission of a multisig transaction for a plain account")
	}
}

// creationMessage is the signed message of create_with_existing_account
// (revoke false) or of its auth key revoking variant: the BCS of the
// message struct's TypeInfo, then of the struct.
func creationMessage(revoke bool, chainID uint8, account ledgerapi.Address, seq uint64, owners []ledgerapi.Address, k uint64) []byte {
	name := "MultisigAccountCreationMessage"
	if revoke {
		name = "MultisigAccountCreationWithAuthKeyRevocationMessage"
	}
	e := bcs.NewEncoder(256)
	e.Fixed(ledgerapi.AddressOne[:])
	e.WriteBytes([]byte("multisig_account"))
	e.WriteBytes([]byte(name))
	e.U8(chainID)
	e.Fixed(account[:])
	e.U64(seq)
	e.Fixed(addrsBCS(owners...))
	e.U64(k)
	return e.Bytes()
}

func TestMultisigOnExistingAccount(t *testing.T) {
	c := &msChain{chain: newChain(t, vmstub.Options{DevAccounts: 4}), t: t}
	c.owners = c.vm.DevAccounts()
	o := c.owners
	owners := []ledgerapi.Address{o[0].Address, o[1].Address}
	create := func(revoke bool, acct vmstub.DevAccount, sig []byte) txn.TransactionPayload {
		fn := "create_with_existing_account"
		if revoke {
			fn += "_and_revoke_auth_key"
		}
		return msPayload(fn, vmstub.AddressValue(acct.Address), addrsBCS(owners...), vmstub.U64Value(1), []byte{0},
			vmstub.BytesValue(acct.PublicKey), vmstub.BytesValue(sig), stringsBCS(), bcs.Marshal(bytesSeq{}))
	}
	msg := creationMessage(false, 4, o[3].Address, c.seq(o[3].Address), owners, 1)
	// A signature of another message, or by another key, is refused.
	c.abort(o[0], create(false, o[3], ed25519.Sign(o[3].PrivateKey, msg[1:])), "account", 0x10008)
	c.abort(o[0], create(false, o[3], ed25519.Sign(o[2].PrivateKey, msg)), "account", 0x10008)
	c.run(0, create(false, o[3], ed25519.Sign(o[3].PrivateKey, msg)))
	c.ms = o[3].Address
	if got := c.view("owners", vmstub.AddressValue(c.ms))[0]; !bytes.Equal(got, addrsBCS(owners...)) {
		t.Fatalf("owners %x", got)
	}
	// The account keeps its key: it still sends transactions.
	c.run(3, vmstub.TransferPayload(o[0].Address, 1))
	// Published once only.
	msg = creationMessage(false, 4, o[3].Address, c.seq(o[3].Address), owners, 1)
	out := c.mustExec(o[0].Sign(c.raw(o[0], create(false, o[3], ed25519.Sign(o[3].PrivateKey, msg)))))
	if out.Info.Status.Success() || out.Info.Status.StatusCode != onchain.RESOURCE_ALREADY_EXISTS {
		t.Fatalf("second creation: %s", out.Info.Status.String())
	}

	// The revoking variant: the key becomes zero, only the owners control
	// the account, through multisig transactions.
	msg = creationMessage(true, 4, o[2].Address, c.seq(o[2].Address), owners, 1)
	c.run(1, create(true, o[2], ed25519.Sign(o[2].PrivateKey, msg)))
	c.ms = o[2].Address
	key := c.view2("0x1::account::get_authentication_key", vmstub.AddressValue(c.ms))
	if !bytes.Equal(key, append([]byte{32}, make([]byte, 32)...)) {
		t.Fatalf("auth key %x", key)
	}
	_, err := c.exec(o[2].Sign(c.raw(o[2], vmstub.TransferPayload(o[0].Address, 1))))
	wantStatus(t, err, "INVALID_AUTH_KEY", 2)
	// One of one: the proposer executes at once; the payload comes with
	// the transaction, and update_metadata emits its events.
	meta := msPayload("update_metadata", stringsBCS("k"), bcs.Marshal(bytesSeq{{7}}))
	h := crypto.SHA3_256(innerPayload(meta))
	c.run(0, msPayload("create_transaction_with_hash", vmstub.AddressValue(c.ms), vmstub.BytesValue(h[:])))
	if got := c.view("get_next_transaction_payload", vmstub.AddressValue(c.ms), vmstub.BytesValue([]byte{9}))[0]; !bytes.Equal(got, vmstub.BytesValue([]byte{9})) {
		t.Fatalf("next payload of a hash proposal %x", got)
	}
	out = c.mustExec(c.multisig(1, &meta))
	if !out.Info.Status.Success() || hasEvent(out, "0x1::multisig_account::MetadataUpdated") == nil ||
		hasEvent(out, "0x1::multisig_account::MetadataUpdatedEvent") == nil || hasEvent(out, "0x1::multisig_account::VoteEvent") == nil {
		t.Fatalf("update_metadata: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	e := bcs.NewEncoder(16)
	e.SeqLen(1)
	e.String("k")
	e.WriteBytes([]byte{7})
	if got := c.view("metadata", vmstub.AddressValue(c.ms))[0]; !bytes.Equal(got, e.Bytes()) {
		t.Fatalf("metadata %x", got)
	}
}

func TestMultisigBootstrapper(t *testing.T) {
	c := &msChain{chain: newChain(t, vmstub.Options{DevAccounts: 4}), t: t}
	c.owners = c.vm.DevAccounts()
	o := c.owners
	copy(c.ms[:], c.view("get_next_multisig_account_address", vmstub.AddressValue(o[3].Address))[0])
	out := c.run(3, msPayload("create_with_owners_then_remove_bootstrapper", addrsBCS(o[0].Address, o[1].Address), vmstub.U64Value(2),
		stringsBCS(), bcs.Marshal(bytesSeq{})))
	if hasEvent(out, "0x1::multisig_account::RemoveOwners") == nil {
		t.Fatalf("events %v", eventTypes(out))
	}
	if got := c.view("owners", vmstub.AddressValue(c.ms))[0]; !bytes.Equal(got, addrsBCS(o[0].Address, o[1].Address)) {
		t.Fatalf("owners %x", got)
	}
	// Two owners and two required: the bootstrapper's removal leaves none to spare.
	c.abort(o[3], msPayload("create_with_owners_then_remove_bootstrapper", addrsBCS(o[0].Address), vmstub.U64Value(2),
		stringsBCS(), bcs.Marshal(bytesSeq{})), "multisig_account", 0x30005)
}

// wantFailed checks that out succeeded with TransactionExecutionFailed for
// an abort with code in 0x1::multisig_account.
func wantFailed(t *testing.T, out storage.Transaction, code uint64) {
	t.Helper()
	ev := hasEvent(out, "0x1::multisig_account::TransactionExecutionFailed")
	if !out.Info.Status.Success() || ev == nil {
		t.Fatalf("want a failed payload: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	d := bcs.NewDecoder(ev.Data)
	var a ledgerapi.Address
	d.Fixed(a[:], "multisig")
	d.Fixed(a[:], "executor")
	d.U64("seq")
	d.ReadBytes("payload")
	d.U64("approvals")
	loc, kind, got := d.String("location"), d.String("type"), d.U64("code")
	if loc != "0000000000000000000000000000000000000000000000000000000000000001::multisig_account" || kind != "MoveAbort" || got != code {
		t.Fatalf("failure %s %s 0x%x, want MoveAbort 0x%x in multisig_account", loc, kind, got, code)
	}
}

// A multisig transaction simulates as it executes: validated (refused
// without enough approvals), then run with the same events and gas.
func TestMultisigSimulation(t *testing.T) {
	c := newMultisig(t)
	o, ms := c.owners, vmstub.AddressValue(c.ms)
	c.run(3, vmstub.TransferPayload(c.ms, 1_000_000))
	transfer := vmstub.TransferPayload(o[3].Address, 500)
	c.run(0, msPayload("create_transaction", ms, vmstub.BytesValue(innerPayload(transfer))))
	blk := storage.Block{Height: c.height + 1, Epoch: 1, Round: c.height + 1, TimestampUsec: c.nowUs + 1_000_000}
	_, _, err := c.vm.Simulate(c, blk, zeroSig(c.multisig(0, nil)), vmstub.SimulateOptions{})
	wantStatus(t, err, "MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS", 34)
	sim, _, err := c.vm.Simulate(c, blk, zeroSig(c.multisig(1, &transfer)), vmstub.SimulateOptions{})
	if err != nil || !sim.Info.Status.Success() || hasEvent(sim, "0x1::multisig_account::TransactionExecutionSucceeded") == nil {
		t.Fatalf("simulation: %v %s %v", err, sim.Info.Status.String(), eventTypes(sim))
	}
	out := c.mustExec(c.multisig(1, &transfer))
	if out.Info.GasUsed != sim.Info.GasUsed || len(out.Events) != len(sim.Events) {
		t.Fatalf("executed gas %d events %d, simulated %d and %d", out.Info.GasUsed, len(out.Events), sim.Info.GasUsed, len(sim.Events))
	}
}
