package node

import (
	"bytes"
	"errors"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

// Impersonation lets a development node accept transactions from accounts
// whose keys the caller does not hold: the signatures of impersonated
// signers (sender, secondary signers or fee payer) are not checked, and
// their on-chain authentication key is taken to be the one their
// authenticator proves (so the executor's auth key check passes);
// everything else (sequence numbers, gas, balances, the other signers'
// signatures) is checked as usual. The committed transaction keeps the
// authenticator as sent, and the node logs it as impersonated. It relies on
// the Aptos framework's 0x1::account::Account, whose first field is the
// authentication key. A stateless account (one without an Account
// resource) is shown to the executor with the Account resource it would
// get, and the one its transaction writes is marked created, with the
// address as its key; the executor sees an existing account, so the
// storage fee of creating that slot is not charged.
type impersonation struct {
	any  atomic.Bool // some impersonation is on: the fast path checks it
	mu   sync.Mutex
	auto bool
	set  map[ledgerapi.Address]struct{}
	// pending are the accepted transactions with impersonated signers, by
	// hash, until they leave the mempool through a block.
	pending map[ledgerapi.HashValue][]ledgerapi.Address
}

// accountTag is 0x1::account::Account.
var accountTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}

// impersonationKey is the public key an impersonated signer's authenticator
// is replaced with, for the executor only, when it proves no key (the
// NoAccountAuthenticator of simulations).
var impersonationKey = make([]byte, 32)

// Impersonate makes addrs impersonated (see the Impersonation notes on
// Submit).
func (n *Node) Impersonate(addrs ...ledgerapi.Address) {
	n.imp.mu.Lock()
	defer n.imp.mu.Unlock()
	if n.imp.set == nil {
		n.imp.set = map[ledgerapi.Address]struct{}{}
	}
	for _, a := range addrs {
		n.imp.set[a] = struct{}{}
	}
	n.imp.any.Store(n.imp.auto || len(n.imp.set) > 0)
}

// StopImpersonating ends the impersonation of addrs. Transactions already
// accepted stay pending.
func (n *Node) StopImpersonating(addrs ...ledgerapi.Address) {
	n.imp.mu.Lock()
	defer n.imp.mu.Unlock()
	for _, a := range addrs {
		delete(n.imp.set, a)
	}
	n.imp.any.Store(n.imp.auto || len(n.imp.set) > 0)
}

// SetAutoImpersonate turns impersonation of every account on or off.
func (n *Node) SetAutoImpersonate(on bool) {
	n.imp.mu.Lock()
	defer n.imp.mu.Unlock()
	n.imp.auto = on
	n.imp.any.Store(n.imp.auto || len(n.imp.set) > 0)
}

// Impersonation returns the impersonated accounts, sorted, and whether
// every account is.
func (n *Node) Impersonation() (addrs []ledgerapi.Address, auto bool) {
	n.imp.mu.Lock()
	defer n.imp.mu.Unlock()
	for a := range n.imp.set {
		addrs = append(addrs, a)
	}
	slices.SortFunc(addrs, func(a, b ledgerapi.Address) int { return bytes.Compare(a[:], b[:]) })
	return addrs, n.imp.auto
}

// impersonated returns the signers of st that are impersonated now.
func (n *Node) impersonated(st *txn.SignedTransaction) []txn.Signer {
	if !n.imp.any.Load() {
		return nil
	}
	n.imp.mu.Lock()
	defer n.imp.mu.Unlock()
	var out []txn.Signer
	for _, sg := range st.Signers() {
		if _, ok := n.imp.set[sg.Address]; ok || n.imp.auto {
			out = append(out, sg)
		}
	}
	return out
}

// verify checks the signatures of st except those of skipped signers.
func verify(st *txn.SignedTransaction, skipped []txn.Signer) error {
	if len(skipped) == 0 {
		return st.Verify()
	}
	skip := func(role string) bool {
		return slices.ContainsFunc(skipped, func(sg txn.Signer) bool { return sg.Role == role })
	}
	a := &st.Auth
	switch a.Variant {
	case txn.AuthEd25519, txn.AuthMultiEd25519, txn.AuthSingleSender:
		return nil // the sender is the only signer
	case txn.AuthMultiAgent:
		msg := st.Raw.MultiAgentSigningMessage(a.SecondaryAddresses, nil)
		for _, sg := range st.Signers() {
			if !skip(sg.Role) {
				if err := sg.Auth.Verify(msg); err != nil {
					return err
				}
			}
		}
		return nil
	case txn.AuthFeePayer:
		real := st.Raw.MultiAgentSigningMessage(a.SecondaryAddresses, &a.FeePayerAddress)
		zero := st.Raw.MultiAgentSigningMessage(a.SecondaryAddresses, &ledgerapi.AddressZero)
		for _, sg := range st.Signers() {
			switch {
			case skip(sg.Role):
			case sg.Role == "fee payer":
				if err := sg.Auth.Verify(real); err != nil {
					return err
				}
			default:
				if sg.Auth.Verify(zero) != nil {
					if err := sg.Auth.Verify(real); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	return st.Verify() // unknown variants fail as usual
}

// forExecutor returns what the executor sees of a transaction with
// impersonated signers: a copy whose keyless authenticators are replaced
// with impersonationKey, and a view of state where each impersonated
// signer's Account resource holds the authentication key its
// authenticator proves.
func forExecutor(state storage.View, st *txn.SignedTransaction, signers []txn.Signer) (storage.View, *txn.SignedTransaction) {
	cp := *st
	cp.Auth.SecondarySigners = slices.Clone(st.Auth.SecondarySigners)
	synthetic := txn.AccountAuthenticator{Variant: txn.AccountEd25519, PublicKey: impersonationKey, Signature: make([]byte, 64)}
	keys := map[ledgerapi.Address]ledgerapi.Address{}
	for _, sg := range signers {
		key, ok := sg.Auth.AuthKey()
		if !ok {
			key = crypto.Ed25519AuthKey(impersonationKey)
			switch {
			case sg.Role == "sender":
				cp.Auth.Sender = synthetic
			case sg.Role == "fee payer":
				cp.Auth.FeePayer = synthetic
			default:
				for i, a := range st.Auth.SecondaryAddresses {
					if a == sg.Address {
						cp.Auth.SecondarySigners[i] = synthetic
					}
				}
			}
		}
		keys[sg.Address] = key
	}
	return &keyView{View: state, keys: keys}, &cp
}

// impersonatedKeys returns the view's patched keys (nil for another view).
func impersonatedKeys(v storage.View) map[ledgerapi.Address]ledgerapi.Address {
	if kv, ok := v.(*keyView); ok {
		return kv.keys
	}
	return nil
}

// keyView is a state whose Account resources of some accounts hold other
// authentication keys.
type keyView struct {
	storage.View
	keys map[ledgerapi.Address]ledgerapi.Address
}

func (v *keyView) StateValue(key storage.StateKey) ([]byte, error) {
	b, err := v.View.StateValue(key)
	if key.Kind != storage.StateResource || !isAccountTag(key.Resource) {
		return b, err
	}
	k, ok := v.keys[key.Address]
	if !ok {
		return b, err
	}
	if errors.Is(err, storage.ErrNotFound) {
		// A stateless account: the Account resource it would get, with
		// the key the authenticator proves.
		acc := onchain.NewAccount(key.Address)
		acc.AuthKey = k[:]
		return bcs.Marshal(acc), nil
	}
	if err == nil {
		if patched, ok := withAuthKey(b, k[:]); ok {
			return patched, nil
		}
	}
	return b, err
}

func isAccountTag(t ledgerapi.StructTag) bool {
	return t.Address == accountTag.Address && t.Module == accountTag.Module && t.Name == accountTag.Name && len(t.TypeArgs) == 0
}

// authKeyOf returns the authentication key of an Account resource's BCS.
func authKeyOf(b []byte) ([]byte, bool) {
	d := bcs.NewDecoder(b)
	key := d.ReadBytes("authentication key")
	return key, !d.Failed()
}

// withAuthKey returns an Account resource's BCS with its authentication
// key replaced (false when b does not start with a vector<u8>).
func withAuthKey(b, key []byte) ([]byte, bool) {
	d := bcs.NewDecoder(b)
	d.ReadBytes("authentication key")
	if d.Failed() {
		return nil, false
	}
	out := bcs.AppendBytes(nil, key)
	return append(out, b[d.Offset():]...), true
}

// restoreAuthKeys puts back, in the Account resources an impersonated
// transaction wrote, the authentication keys the state held (unless the
// transaction itself changed the key, as a rotation does).
func restoreAuthKeys(state storage.View, changes []storage.WriteOp, keys map[ledgerapi.Address]ledgerapi.Address) {
	for i := range changes {
		w := &changes[i]
		if w.Deleted || w.Key.Kind != storage.StateResource || !isAccountTag(w.Key.Resource) {
			continue
		}
		patched, ok := keys[w.Key.Address]
		if !ok {
			continue
		}
		written, ok := authKeyOf(w.Value)
		if !ok || !bytes.Equal(written, patched[:]) {
			continue
		}
		orig, err := state.StateValue(w.Key)
		switch {
		case errors.Is(err, storage.ErrNotFound):
			// The account was stateless: it gets the Account resource
			// it would have had, with its address as the key.
			if v, ok := withAuthKey(w.Value, w.Key.Address[:]); ok {
				w.Value, w.Created = v, true
			}
		case err == nil:
			if key, ok := authKeyOf(orig); ok {
				if v, ok := withAuthKey(w.Value, key); ok {
					w.Value = v
				}
			}
		}
	}
}

// accepted records a pooled transaction with impersonated signers.
func (m *impersonation) accepted(h ledgerapi.HashValue, signers []txn.Signer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.pending == nil {
		m.pending = map[ledgerapi.HashValue][]ledgerapi.Address{}
	}
	addrs := make([]ledgerapi.Address, len(signers))
	for i, sg := range signers {
		addrs[i] = sg.Address
	}
	m.pending[h] = addrs
}

// signersOf returns the impersonated signers of a pooled transaction, as
// they were when it was accepted.
func (m *impersonation) signersOf(e *mempool.Entry) []txn.Signer {
	m.mu.Lock()
	addrs := m.pending[e.Hash]
	m.mu.Unlock()
	if addrs == nil {
		return nil
	}
	var out []txn.Signer
	for _, sg := range e.Txn.Signers() {
		if slices.Contains(addrs, sg.Address) {
			out = append(out, sg)
		}
	}
	return out
}

// size is the number of pending transactions with impersonated signers.
func (m *impersonation) size() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.pending)
}

// forget drops the records of transactions that left the mempool.
func (m *impersonation) forget(hashes []ledgerapi.HashValue) {
	if len(hashes) == 0 || m.size() == 0 {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, h := range hashes {
		delete(m.pending, h)
	}
}

// committed logs the impersonated transactions of a committed block and
// forgets every entry the block took.
func (m *impersonation) committed(log zerolog.Logger, entries []*mempool.Entry, txns []storage.Transaction) {
	if m.size() == 0 {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, t := range txns {
		if addrs, ok := m.pending[t.Hash]; ok && t.Kind == storage.KindUser {
			who := make([]string, len(addrs))
			for i, a := range addrs {
				who[i] = a.String()
			}
			log.Info().Stringer("hash", t.Hash).Uint64("version", t.Version).Strs("impersonated", who).
				Msg("impersonated transaction committed")
		}
	}
	for _, e := range entries {
		delete(m.pending, e.Hash)
	}
}
