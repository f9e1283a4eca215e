package indexer_test

import (
	"crypto/ed25519"
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestRotationMakesAccountDerivable rotates an account to a new key with
// proofs and checks the rows deriveAccountFromPrivateKey reads: the new
// auth key's account, used, and the new key verified for it.
func TestRotationMakesAccountDerivable(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm})
	a := c.devs[0]
	seed := crypto.SHA3_256([]byte("indexer rotation test key"))
	priv := ed25519.NewKeyFromSeed(seed[:])
	to := vmstub.DevAccount{Index: 99, PrivateKey: priv, PublicKey: priv.Public().(ed25519.PublicKey)}
	to.Address = crypto.Ed25519AuthKey(to.PublicKey)

	msg := vmstub.RotationProofChallengeMessage(c.seqs[a.Address], a.Address, a.Address, to.PublicKey)
	tx := c.run(a, vmstub.EntryPayload(ledgerapi.AddressOne, "account", "rotate_authentication_key", nil,
		vmstub.U8Value(0), vmstub.BytesValue(a.PublicKey), vmstub.U8Value(0), vmstub.BytesValue(to.PublicKey),
		vmstub.BytesValue(ed25519.Sign(a.PrivateKey, msg)), vmstub.BytesValue(ed25519.Sign(to.PrivateKey, msg))))
	if !tx.Info.Success() {
		t.Fatalf("rotation: %v", tx.Info.Status)
	}
	// The OriginatingAddress table maps the new auth key to the account.
	handle := long(vmstub.TableHandle(ledgerapi.AddressOne, "account::OriginatingAddress"))
	items := where(rows(t, ix, "table_items"), "transaction_version", n(tx.Version), "table_handle", handle)
	if len(items) == 0 || items[len(items)-1].Get("key") != "0x"+hexOf(to.Address[:]) {
		t.Errorf("table_items of the rotation: %v", items)
	}
	cur := where(rows(t, ix, "current_table_items"), "table_handle", handle, "key", "0x"+hexOf(to.Address[:]))
	if len(cur) != 1 || cur[0].Get("is_deleted") != false || cur[0].Get("last_transaction_version") != n(tx.Version) {
		t.Errorf("current_table_items: %v", cur)
	}
	// The table's types are known from the OriginatingAddress resource
	// genesis wrote, and its items decode with them.
	if meta := where(rows(t, ix, "table_metadatas"), "handle", handle); len(meta) != 1 ||
		meta[0].Get("key_type") != "address" || meta[0].Get("value_type") != "address" {
		t.Errorf("table_metadatas: %v", meta)
	}
	for _, r := range cur {
		if k, v := fmt.Sprintf("%s", r.Get("decoded_key")), fmt.Sprintf("%s", r.Get("decoded_value")); k != `"`+to.Address.ShortString()+`"` || v != `"`+a.Address.ShortString()+`"` {
			t.Errorf("decoded key %s value %s, want the new auth key and the account", k, v)
		}
	}
	newAuth := long(to.Address)
	got := where(rows(t, ix, "auth_key_account_addresses"), "auth_key", newAuth, "is_auth_key_used", true)
	if len(got) != 1 || got[0].Get("account_address") != long(a.Address) {
		t.Fatalf("accounts of the new auth key: %v", got)
	}
	pk := where(rows(t, ix, "public_key_auth_keys"), "public_key", "0x"+hexOf(to.PublicKey), "public_key_type", "ed25519")
	if len(pk) != 1 || pk[0].Get("auth_key") != newAuth || pk[0].Get("is_public_key_used") != true {
		t.Errorf("the new key's row: %v", pk)
	}

	// The account now signs with the new key.
	signer := to
	signer.Address = a.Address
	tx = c.run(signer, vmstub.TransferPayload(fresh(7), 3))
	if !tx.Info.Success() {
		t.Fatalf("transfer with the rotated key: %v", tx.Info.Status)
	}
	got = where(rows(t, ix, "auth_key_account_addresses"), "account_address", long(a.Address))
	if len(got) != 1 || got[0].Get("auth_key") != newAuth || got[0].Get("is_auth_key_used") != true ||
		got[0].Get("last_transaction_version") != n(tx.Version) {
		t.Errorf("after signing with the new key: %v", got)
	}

	// rotate_authentication_key_call sets a key without proof: not used.
	other := c.devs[1].Address
	tx = c.run(signer, vmstub.EntryPayload(ledgerapi.AddressOne, "account", "rotate_authentication_key_call", nil,
		vmstub.BytesValue(other[:])))
	if !tx.Info.Success() {
		t.Fatalf("rotate_authentication_key_call: %v", tx.Info.Status)
	}
	got = where(rows(t, ix, "auth_key_account_addresses"), "account_address", long(a.Address))
	if len(got) != 1 || got[0].Get("auth_key") != long(other) || got[0].Get("is_auth_key_used") != false {
		t.Errorf("after rotate_authentication_key_call: %v", got)
	}
}
