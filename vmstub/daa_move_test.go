package vmstub_test

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
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
