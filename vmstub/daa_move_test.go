package vmstub_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosexperimental"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// TestPermissionedDelegation: 0x1::permissioned_delegation::authenticate
// is a valid authentication function to register, but as permissioned
// signers are disabled no delegation exists, so a transaction it
// authenticates — even with a valid signature bundle — is refused.
func TestPermissionedDelegation(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[2]
	pd := txn.FunctionInfo{ModuleAddress: [32]byte{31: 1}, ModuleName: "permissioned_delegation", FunctionName: "authenticate"}
	wantOK(t, c.do(a, call("account_abstraction", "add_authentication_function", nil, aaNames(pd)...)))
	vals, _, _, err := c.vm.View(c, fnID("0x1::account_abstraction::dispatchable_authenticator"), nil, [][]byte{vmstub.AddressValue(a.Address)})
	fe := bcs.NewEncoder(64)
	fe.Bool(true)
	fe.SeqLen(1)
	pd.MarshalBCS(fe)
	if err != nil || !bytes.Equal(vals[0], fe.Bytes()) {
		t.Fatalf("dispatchable_authenticator %x %v", vals, err)
	}
	raw := c.raw(a, vmstub.TransferPayload(d.Address, 5))
	digest := txn.AASigningDigest(raw.SigningMessage(), pd)
	e := bcs.NewEncoder(128)
	e.WriteBytes(d.PublicKey)
	e.WriteBytes(ed25519.Sign(d.PrivateKey, digest[:]))
	wantStatus(t, c.vm.Validate(c, abstracted(raw, pd, e.Bytes()), c.nowUs), "ABORTED", 4016)
	wantStatus(t, c.vm.Validate(c, abstracted(raw, pd, append(e.Bytes(), 0xde)), c.nowUs), "ABORTED", 4016)
	wantStatus(t, c.vm.Validate(c, abstracted(raw, pd, nil), c.nowUs), "ABORTED", 4016)
	wantOK(t, c.do(a, call("account_abstraction", "remove_authentication_function", nil, aaNames(pd)...)))
}

// derivable signs raw for its sender, a derived account of f and the
// Ed25519 key priv, with a DerivableV1 abstraction authenticator whose
// signature signs the digest as "0x" and lowercase hex.
func derivable(raw txn.RawTransaction, f txn.FunctionInfo, priv ed25519.PrivateKey) *txn.SignedTransaction {
	d := txn.AASigningDigest(raw.SigningMessage(), f)
	sig := ed25519.Sign(priv, []byte("0x"+hex.EncodeToString(d[:])))
	return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
		Sender: txn.AccountAuthenticator{Variant: txn.AccountAbstraction, Abstraction: &txn.AbstractionAuthenticator{
			FunctionInfo: f, Derivable: true, Digest: d[:], AbstractSignature: sig, AbstractPublicKey: priv.Public().(ed25519.PublicKey)}}}}
}

// TestDerivableAccountAbstraction: genesis registers
// 0x7::test_derivable_account_abstraction_ed25519_hex::authenticate in the
// framework's DerivableDispatchableAuthenticator (Aptos's BigOrderedMap
// layout); the account derived from it and an Ed25519 key sends
// transactions signed by that key over the hex digest; a wrong signature,
// a sender that is not the derived address, a function that is not
// registered and V1 data for the function are refused.
func TestDerivableAccountAbstraction(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[2]
	f := aptosexperimental.Ed25519HexAuthenticate

	// The registry's bytes: V1, BPlusTreeMap, root Node::V1 (leaf) with
	// one entry (f → Child::Leaf(Empty)), prev/next 0, an allocator without
	// slots (next index 10), min/max leaf 1, degrees from f's size (92
	// bytes: 4096/92 = 44, 4096/93 = 44).
	want := bcs.NewEncoder(256)
	want.Fixed([]byte{0, 0, 0, 1, 0, 1})
	f.MarshalBCS(want)
	want.Fixed([]byte{1, 0})
	want.U64(0)
	want.U64(0)
	want.Fixed([]byte{0, 0})
	want.U64(10)
	want.Bool(false)
	want.U64(0)
	want.U32(0)
	want.U64(1)
	want.U64(1)
	want.Bool(false)
	want.U16(44)
	want.U16(44)
	got, err := c.StateValue(storage.ResourceKey(ledgerapi.AddressOne, aptosframework.DerivableAuthTag))
	if err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("DerivableDispatchableAuthenticator %x %v\nwant %x", got, err, want.Bytes())
	}

	_, priv, _ := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{7}, 64)))
	daa := aptosframework.DeriveAccountAddress(f, priv.Public().(ed25519.PublicKey))
	wantOK(t, c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(daa, 1_000_000_000)))))
	raw := func() txn.RawTransaction {
		r := c.raw(a, vmstub.TransferPayload(d.Address, 5))
		r.Sender, r.SequenceNumber = daa, c.seq(daa)
		return r
	}
	before := c.balance(d.Address)
	wantOK(t, c.mustExec(derivable(raw(), f, priv)))
	if c.balance(d.Address) != before+5 || c.seq(daa) != 1 {
		t.Fatalf("balance %d (was %d), sequence number %d", c.balance(d.Address), before, c.seq(daa))
	}

	// A signature by another key; a sender that is not the derived address.
	_, other, _ := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{8}, 64)))
	bad := derivable(raw(), f, other)
	bad.Auth.Sender.Abstraction.AbstractPublicKey = priv.Public().(ed25519.PublicKey)
	wantStatus(t, c.vm.Validate(c, bad, c.nowUs), "ABORTED", 4016)
	wantStatus(t, c.vm.Validate(c, derivable(raw(), f, other), c.nowUs), "ABORTED", 4016)
	// A function genesis did not register.
	pd := txn.FunctionInfo{ModuleAddress: ledgerapi.AddressOne, ModuleName: "permissioned_delegation", FunctionName: "authenticate"}
	r := raw()
	r.Sender = aptosframework.DeriveAccountAddress(pd, priv.Public().(ed25519.PublicKey))
	wantOK(t, c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(r.Sender, 1_000_000_000)))))
	r.SequenceNumber = 0
	wantStatus(t, c.vm.Validate(c, derivable(r, pd, priv), c.nowUs), "ABORTED", 4016)
	// V1 data for the derivable function (registered by a): the function
	// aborts in auth_data.
	wantOK(t, c.do(a, call("account_abstraction", "add_authentication_function", nil, aaNames(f)...)))
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), f, nil), c.nowUs), "ABORTED", 4016)
	// Only the framework registers derivable functions.
	wantVMStatus(t, c.do(a, call("account_abstraction", "register_derivable_authentication_function", nil, aaNames(f)...)), "Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address")
}
