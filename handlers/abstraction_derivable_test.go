package handlers_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosexperimental"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// TestDerivableAbstractionREST: through the REST API, the framework's
// registry of derivable functions renders with its BigOrderedMap layout,
// the 0x7 package is listed, and a transaction from the account derived
// from 0x7::test_derivable_account_abstraction_ed25519_hex::authenticate
// and an Ed25519 key, signed over the hex digest, commits; a signature by
// another key is refused (ABORTED).
func TestDerivableAbstractionREST(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	a := s.vm.DevAccounts()[0]
	f := aptosexperimental.Ed25519HexAuthenticate

	status, v := getAny(t, s.base+"/accounts/0x1/resource/0x1::account_abstraction::DerivableDispatchableAuthenticator")
	js, _ := json.Marshal(v)
	for _, want := range []string{`"__variant__":"BPlusTreeMap"`, `"is_leaf":true`,
		`"key":{"function_name":"authenticate","module_address":"0x7","module_name":"test_derivable_account_abstraction_ed25519_hex"}`,
		`"value":{"__variant__":"Leaf","value":{"__variant__":"Empty"}}`, `"min_leaf_index":"1"`} {
		if status != 200 || !strings.Contains(string(js), want) {
			t.Fatalf("DerivableDispatchableAuthenticator: %d %s lacks %s", status, js, want)
		}
	}
	status, v = getAny(t, s.base+"/accounts/0x7/resource/0x1::code::PackageRegistry")
	if js, _ := json.Marshal(v); status != 200 || !strings.Contains(string(js), `"name":"AptosExperimental"`) {
		t.Fatalf("0x7's registry: %d %s", status, js)
	}

	_, priv, _ := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{3}, 64)))
	pub := priv.Public().(ed25519.PublicKey)
	daa := aptosframework.DeriveAccountAddress(f, pub)
	st := a.Sign(rawFor(a.Address, 0, vmstub.TransferPayload(daa, 100_000_000)))
	s.submitAndWait(t, st.Bytes(), st.Hash())

	sign := func(raw txn.RawTransaction, key ed25519.PrivateKey) *txn.SignedTransaction {
		d := txn.AASigningDigest(raw.SigningMessage(), f)
		return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
			Sender: txn.AccountAuthenticator{Variant: txn.AccountAbstraction, Abstraction: &txn.AbstractionAuthenticator{
				FunctionInfo: f, Derivable: true, Digest: d[:], AbstractPublicKey: pub,
				AbstractSignature: ed25519.Sign(key, []byte("0x"+hex.EncodeToString(d[:])))}}}}
	}
	st = sign(rawFor(daa, 0, vmstub.TransferPayload(a.Address, 5)), priv)
	got := s.submitAndWait(t, st.Bytes(), st.Hash())
	if got["success"] != true || got["sender"] != daa.String() {
		t.Fatalf("derived account's transaction: %v", got)
	}
	_, other, _ := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{4}, 64)))
	st = sign(rawFor(daa, 1, vmstub.TransferPayload(a.Address, 5)), other)
	status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
	if status != 400 || body["vm_error_code"] != float64(onchain.ABORTED) {
		t.Fatalf("signature by another key: %d %v", status, body)
	}
}
