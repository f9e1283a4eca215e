package aptosframework

// 0x1::multisig_account: the resources and values in state. The
// MultisigAccount resource and the MultisigTransaction items of its
// transactions table are BCS in field order; a Func decodes the resource,
// changes it and encodes it back. Events are encoded here as Aptos's
// structs lay them out.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// MultisigAccountTag is the type of 0x1::multisig_account::MultisigAccount.
var MultisigAccountTag = tag1("multisig_account", "MultisigAccount")

// The event handles of a MultisigAccount, in field order.
const (
	msHAddOwners = iota
	msHRemoveOwners
	msHUpdateSignaturesRequired
	msHCreateTransaction
	msHVote
	msHExecuteRejected
	msHExecuteSucceeded
	msHExecuteFailed
	msHMetadataUpdated
	msNumHandles
)

// msHandleEvents are the v1 event types of the handles, in field order.
var msHandleEvents = [msNumHandles]string{"AddOwnersEvent", "RemoveOwnersEvent", "UpdateSignaturesRequiredEvent",
	"CreateTransactionEvent", "VoteEvent", "ExecuteRejectedTransactionEvent", "TransactionExecutionSucceededEvent",
	"TransactionExecutionFailedEvent", "MetadataUpdatedEvent"}

// msMetaEntry is one {key: String, value: vector<u8>} of a SimpleMap.
type msMetaEntry struct {
	Key   []byte
	Value []byte
}

// msAccount is the MultisigAccount resource.
type msAccount struct {
	Owners       []ledgerapi.Address
	NumRequired  uint64
	Transactions ledgerapi.Address // Table<u64, MultisigTransaction>.handle
	LastExecuted uint64
	Next         uint64
	SignerCap    *ledgerapi.Address // Option<SignerCapability{account}>
	Metadata     []msMetaEntry
	Handles      [msNumHandles]onchain.EventHandle
}

func msWriteAddrs(e *bcs.Encoder, as []ledgerapi.Address) {
	e.SeqLen(len(as))
	for i := range as {
		e.Fixed(as[i][:])
	}
}

func msReadAddrs(d *bcs.Decoder, what string) []ledgerapi.Address {
	n := d.SeqLen(what, ledgerapi.AddressLength)
	out := make([]ledgerapi.Address, n)
	for i := range out {
		d.Fixed(out[i][:], what)
	}
	return out
}

func msWriteMeta(e *bcs.Encoder, m []msMetaEntry) {
	e.SeqLen(len(m))
	for _, kv := range m {
		e.WriteBytes(kv.Key)
		e.WriteBytes(kv.Value)
	}
}

func msReadMeta(d *bcs.Decoder) []msMetaEntry {
	n := d.SeqLen("metadata", 2)
	out := make([]msMetaEntry, n)
	for i := range out {
		out[i].Key = d.ReadBytes("metadata.key")
		out[i].Value = d.ReadBytes("metadata.value")
	}
	return out
}

// MarshalBCS writes the MultisigAccount in field order.
func (a *msAccount) MarshalBCS(e *bcs.Encoder) {
	msWriteAddrs(e, a.Owners)
	e.U64(a.NumRequired)
	e.Fixed(a.Transactions[:])
	e.U64(a.LastExecuted)
	e.U64(a.Next)
	e.Option(a.SignerCap != nil)
	if a.SignerCap != nil {
		e.Fixed(a.SignerCap[:])
	}
	msWriteMeta(e, a.Metadata)
	for i := range a.Handles {
		a.Handles[i].MarshalBCS(e)
	}
}

// UnmarshalBCS reads the MultisigAccount.
func (a *msAccount) UnmarshalBCS(d *bcs.Decoder) {
	a.Owners = msReadAddrs(d, "owners")
	a.NumRequired = d.U64("num_signatures_required")
	d.Fixed(a.Transactions[:], "transactions")
	a.LastExecuted = d.U64("last_executed_sequence_number")
	a.Next = d.U64("next_sequence_number")
	if d.Option("signer_cap") {
		var c ledgerapi.Address
		d.Fixed(c[:], "signer_cap")
		a.SignerCap = &c
	}
	a.Metadata = msReadMeta(d)
	for i := range a.Handles {
		a.Handles[i].UnmarshalBCS(d)
	}
}

// isOwner reports whether addr is among the owners.
func (a *msAccount) isOwner(addr ledgerapi.Address) bool {
	for _, o := range a.Owners {
		if o == addr {
			return true
		}
	}
	return false
}

// msVote is one {key: address, value: bool} of the votes SimpleMap.
type msVote struct {
	Owner    ledgerapi.Address
	Approved bool
}

// msTxn is a MultisigTransaction.
type msTxn struct {
	Payload     []byte // nil when none
	PayloadHash []byte // nil when none
	Votes       []msVote
	Creator     ledgerapi.Address
	CreatedSecs uint64
}

func msWriteOptBytes(e *bcs.Encoder, b []byte) {
	e.Option(b != nil)
	if b != nil {
		e.WriteBytes(b)
	}
}

func msReadOptBytes(d *bcs.Decoder, what string) []byte {
	if !d.Option(what) {
		return nil
	}
	b := d.ReadBytes(what)
	if b == nil {
		b = []byte{}
	}
	return b
}

// MarshalBCS writes the MultisigTransaction in field order.
func (t *msTxn) MarshalBCS(e *bcs.Encoder) {
	msWriteOptBytes(e, t.Payload)
	msWriteOptBytes(e, t.PayloadHash)
	e.SeqLen(len(t.Votes))
	for _, v := range t.Votes {
		e.Fixed(v.Owner[:])
		e.Bool(v.Approved)
	}
	e.Fixed(t.Creator[:])
	e.U64(t.CreatedSecs)
}

// UnmarshalBCS reads the MultisigTransaction.
func (t *msTxn) UnmarshalBCS(d *bcs.Decoder) {
	t.Payload = msReadOptBytes(d, "payload")
	t.PayloadHash = msReadOptBytes(d, "payload_hash")
	n := d.SeqLen("votes", ledgerapi.AddressLength+1)
	t.Votes = make([]msVote, n)
	for i := range t.Votes {
		d.Fixed(t.Votes[i].Owner[:], "votes.key")
		t.Votes[i].Approved = d.Bool("votes.value")
	}
	d.Fixed(t.Creator[:], "creator")
	t.CreatedSecs = d.U64("creation_time_secs")
}

// voteOf returns whether owner voted and the vote.
func (t *msTxn) voteOf(owner ledgerapi.Address) (voted, approved bool) {
	for _, v := range t.Votes {
		if v.Owner == owner {
			return true, v.Approved
		}
	}
	return false, false
}

// setVote records owner's vote (replacing an earlier one in place, as
// simple_map::borrow_mut does; appending otherwise, as simple_map::add).
func (t *msTxn) setVote(owner ledgerapi.Address, approved bool) {
	for i := range t.Votes {
		if t.Votes[i].Owner == owner {
			t.Votes[i].Approved = approved
			return
		}
	}
	t.Votes = append(t.Votes, msVote{Owner: owner, Approved: approved})
}

// counts returns the approvals and rejections of t by current owners.
func (a *msAccount) counts(t *msTxn) (approvals, rejections uint64) {
	for _, o := range a.Owners {
		if voted, ok := t.voteOf(o); voted {
			if ok {
				approvals++
			} else {
				rejections++
			}
		}
	}
	return approvals, rejections
}

// msETableNotFound is the abort code of the table natives for a missing key.
const msETableNotFound = 101<<8 + 7

// msTxnKey is the BCS of a transactions table key (u64).
func msTxnKey(seq uint64) []byte {
	e := bcs.NewEncoder(8)
	e.U64(seq)
	return e.Bytes()
}

// msState is the state of a multisig account during one call: the host and
// the account's address. In a Func the host is hostOf's, which charges
// the state read and written; the executor's calls (validation, cleanup)
// run unmetered, as Aptos runs them.
type msState struct {
	h    native.Host
	addr ledgerapi.Address
}

// msStore is the msState of the multisig account at a during call c.
func msStore(c *native.Context, a ledgerapi.Address) msState {
	return msState{h: hostOf(c), addr: a}
}

// load reads the MultisigAccount at s.addr; ok is false when there is none.
func (s msState) load() (*msAccount, bool, error) {
	var a msAccount
	if ok, err := readResource(s.h, s.addr, MultisigAccountTag, &a); err != nil || !ok {
		return nil, false, err
	}
	return &a, true, nil
}

// mustLoad reads the MultisigAccount, aborting as assert_multisig_account_exists does.
func (s msState) mustLoad() (*msAccount, error) {
	a, ok, err := s.load()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, abortMS(native.InvalidState, msEAccountNotMultisig)
	}
	return a, nil
}

// save writes the MultisigAccount.
func (s msState) save(a *msAccount) error {
	return putResource(s.h, s.addr, MultisigAccountTag, a)
}

// borrow reads the MultisigAccount as borrow_global does: a missing one
// fails with MISSING_DATA.
func (s msState) borrow() (*msAccount, error) {
	a, ok, err := s.load()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::multisig_account::MultisigAccount does not exist"}
	}
	return a, nil
}

// txn reads transaction seq of a; ok is false when the table has none.
func (s msState) txn(a *msAccount, seq uint64) (*msTxn, bool, error) {
	b, ok, err := s.h.TableItem(a.Transactions, msTxnKey(seq))
	if err != nil || !ok {
		return nil, false, err
	}
	var t msTxn
	if err := bcs.Unmarshal(b, &t); err != nil {
		return nil, false, err
	}
	return &t, true, nil
}

// mustTxn reads transaction seq as table::borrow does: a missing item
// aborts in 0x1::table with the table natives' not-found code.
func (s msState) mustTxn(a *msAccount, seq uint64) (*msTxn, error) {
	t, ok, err := s.txn(a, seq)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &movevm.Abort{Module: ledgerapi.ModuleId{Address: addr, Name: "table"}, Code: msETableNotFound}
	}
	return t, nil
}

// putTxn writes transaction seq.
func (s msState) putTxn(a *msAccount, seq uint64, t *msTxn) error {
	b := bcs.Marshal(t)
	return s.h.SetTableItem(a.Transactions, msTxnKey(seq), b)
}

// emit records a module event of type name with BCS data.
func (s msState) emit(name string, data []byte) {
	s.h.EmitBCS(ledgerapi.StructType(tag1("multisig_account", name)), data)
}

// emitOn records a v1 event on handle i of a with BCS data and moves the
// handle's counter (the caller saves a).
func (s msState) emitOn(a *msAccount, i int, data []byte) {
	h := &a.Handles[i]
	s.h.EmitOnHandle(storage.EventKey{CreationNumber: h.CreationNum, Account: h.Addr}, h.Counter,
		ledgerapi.StructType(tag1("multisig_account", msHandleEvents[i])), data)
	h.Counter++
}

// msEvent builds the BCS of an event's fields; with the multisig account
// first, the module event, without it, the v1 one.
func msEvent(f func(e *bcs.Encoder)) []byte {
	e := bcs.NewEncoder(64)
	f(e)
	return e.Bytes()
}

// msWithAccount prefixes data with the multisig account's address: the
// module event of a v1 event whose fields follow multisig_account.
func msWithAccount(addr ledgerapi.Address, data []byte) []byte {
	return append(append(make([]byte, 0, ledgerapi.AddressLength+len(data)), addr[:]...), data...)
}
