package vmstub_test

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

var originatingTable = vmstub.TableHandle(ledgerapi.AddressOne, "account::OriginatingAddress")

// rotation builds rotate_authentication_key from key `from` (the current
// key of addr, whose auth key is current) to key `to`, both proofs signed
// over the challenge with sequence number seq.
func rotation(addr, current ledgerapi.Address, seq uint64, from, to vmstub.DevAccount) txn.TransactionPayload {
	msg := vmstub.RotationProofChallengeMessage(seq, addr, current, to.PublicKey)
	return call("account", "rotate_authentication_key", nil,
		vmstub.U8Value(0), vmstub.BytesValue(from.PublicKey), vmstub.U8Value(0), vmstub.BytesValue(to.PublicKey),
		vmstub.BytesValue(ed25519.Sign(from.PrivateKey, msg)), vmstub.BytesValue(ed25519.Sign(to.PrivateKey, msg)))
}

// as returns key k acting for address addr (after a rotation).
func as(k vmstub.DevAccount, addr ledgerapi.Address) vmstub.DevAccount {
	k.Address = addr
	return k
}

func originating(t *testing.T, c *chain, key ledgerapi.Address) []byte {
	t.Helper()
	vals, _, _, err := c.vm.View(c, fnID("0x1::account::originating_address"), nil, [][]byte{vmstub.AddressValue(key)})
	if err != nil {
		t.Fatal(err)
	}
	return vals[0]
}

func TestKeyRotation(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	keys := unfunded(2)
	k1, k2 := keys[0], keys[1]

	out := c.mustExec(a.Sign(c.raw(a, rotation(a.Address, a.Address, 0, a, k1))))
	if !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	renderOutput(t, c.vm, out)
	if got := eventTypes(out); !equalStrings(got, []string{"0x1::account::KeyRotation", evRotPK, evFee}) {
		t.Fatalf("events %v", got)
	}
	var e bcs.Encoder
	e.Fixed(a.Address[:])
	e.WriteBytes(a.Address[:])
	e.WriteBytes(k1.Address[:])
	if !bytes.Equal(out.Events[0].Data, e.Bytes()) {
		t.Fatalf("KeyRotation %x", out.Events[0].Data)
	}
	d := bcs.NewDecoder(out.Events[1].Data)
	var acct ledgerapi.Address
	d.Fixed(acct[:], "account")
	if bitmap, scheme, pk := d.ReadBytes("bitmap"), d.U8("scheme"), d.ReadBytes("pk"); acct != a.Address ||
		!bytes.Equal(bitmap, []byte{0x80, 0, 0, 0}) || scheme != 0 || !bytes.Equal(pk, k1.PublicKey) {
		t.Fatalf("KeyRotationToPublicKey %x", out.Events[1].Data)
	}
	// The OriginatingAddress table maps the new key to the address.
	item := findChange(out, storage.TableItemKey(originatingTable, k1.Address[:]))
	if item == nil || item.Deleted || !bytes.Equal(item.Value, a.Address[:]) {
		t.Fatalf("table item %+v", item)
	}
	if got := originating(t, c, k1.Address); !bytes.Equal(got, vmstub.OptionValue(a.Address[:])) {
		t.Fatalf("originating_address = %x", got)
	}
	wantAuthKey(t, c, a.Address, k1.Address)

	// The old key no longer signs for the account; the new key does.
	old := a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 1)))
	wantStatus(t, c.vm.Validate(c, old, c.nowUs), "INVALID_AUTH_KEY", 2)
	signer := as(k1, a.Address)
	if out := c.mustExec(signer.Sign(c.raw(signer, vmstub.TransferPayload(b.Address, 1)))); !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}

	// Rotating again moves the table entry from k1 to k2.
	out = c.mustExec(signer.Sign(c.raw(signer, rotation(a.Address, k1.Address, c.seq(a.Address), k1, k2))))
	if !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	if item := findChange(out, storage.TableItemKey(originatingTable, k1.Address[:])); item == nil || !item.Deleted {
		t.Fatalf("old table item not deleted: %+v", item)
	}
	if got := originating(t, c, k2.Address); !bytes.Equal(got, vmstub.OptionValue(a.Address[:])) {
		t.Fatalf("originating_address(k2) = %x", got)
	}
	if got := originating(t, c, k1.Address); !bytes.Equal(got, vmstub.OptionValue(nil)) {
		t.Fatalf("originating_address(k1) = %x", got)
	}
}

func findChange(tx storage.Transaction, k storage.StateKey) *storage.WriteOp {
	want, _ := k.Encode()
	for i := range tx.Changes {
		if got, _ := tx.Changes[i].Key.Encode(); bytes.Equal(got, want) {
			return &tx.Changes[i]
		}
	}
	return nil
}

// TestKeyRotationAborts covers each abort of rotate_authentication_key.
func TestKeyRotationAborts(t *testing.T) {
	keys := unfunded(2)
	k1, k2 := keys[0], keys[1]
	cases := []struct {
		name   string
		setup  func(c *chain, a, b vmstub.DevAccount)
		build  func(c *chain, a, b vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload)
		status string
	}{
		{name: "wrong current key", build: func(c *chain, a, _ vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			return a, rotation(a.Address, a.Address, 0, k1, k2)
		}, status: "Move abort in 0x1::account: EWRONG_CURRENT_PUBLIC_KEY(0x40007): Specified current public key is not correct"},
		{name: "invalid scheme", build: func(c *chain, a, _ vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			p := rotation(a.Address, a.Address, 0, a, k1)
			p.EntryFunction.Args[0] = vmstub.U8Value(5)
			return a, p
		}, status: "Move abort in 0x1::account: EINVALID_SCHEME(0x1000c): Specified scheme required to proceed with the smart contract operation - can only be ED25519_SCHEME(0) OR MULTI_ED25519_SCHEME(1)"},
		{name: "bad proof", build: func(c *chain, a, _ vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			return a, rotation(a.Address, a.Address, 1, a, k1) // challenge with the wrong sequence number
		}, status: "Move abort in 0x1::account: EINVALID_PROOF_OF_KNOWLEDGE(0x10008): Specified proof of knowledge required to prove ownership of a public key is invalid"},
		{name: "public key size", build: func(c *chain, a, _ vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			p := rotation(a.Address, a.Address, 0, a, k1)
			p.EntryFunction.Args[1] = vmstub.BytesValue(a.PublicKey[:31])
			return a, p
		}, status: "Move abort in 0x1::ed25519: E_WRONG_PUBKEY_SIZE(0x10001): Wrong number of bytes were given as input when deserializing an Ed25519 public key."},
		{name: "same key", build: func(c *chain, a, _ vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			return a, rotation(a.Address, a.Address, 0, a, a)
		}, status: "Move abort in 0x1::account: ENEW_AUTH_KEY_SAME_AS_CURRENT(0x10016): The current authentication key and the new authentication key are the same"},
		{name: "already mapped", setup: func(c *chain, _, b vmstub.DevAccount) {
			c.mustExec(b.Sign(c.raw(b, rotation(b.Address, b.Address, 0, b, k1))))
		}, build: func(c *chain, a, _ vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			return a, rotation(a.Address, a.Address, 0, a, k1)
		}, status: "Move abort in 0x1::account: ENEW_AUTH_KEY_ALREADY_MAPPED(0x10015): The new authentication key already has an entry in the `OriginatingAddress` table"},
		{name: "invalid originating address", setup: func(c *chain, a, b vmstub.DevAccount) {
			c.mustExec(a.Sign(c.raw(a, rotation(a.Address, a.Address, 0, a, k1))))
			c.mustExec(b.Sign(c.raw(b, call("account", "rotate_authentication_key_call", nil, vmstub.BytesValue(k1.Address[:])))))
		}, build: func(c *chain, _, b vmstub.DevAccount) (vmstub.DevAccount, txn.TransactionPayload) {
			return as(k1, b.Address), rotation(b.Address, k1.Address, 1, k1, k2)
		}, status: "Move abort in 0x1::account: EINVALID_ORIGINATING_ADDRESS(0x6000d): Abort the transaction if the expected originating address is different from the originating address on-chain"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newChain(t, vmstub.Options{})
			a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
			if tc.setup != nil {
				tc.setup(c, a, b)
			}
			signer, p := tc.build(c, a, b)
			out := c.mustExec(signer.Sign(c.raw(signer, p)))
			if out.Info.Success() || out.Info.Status.String() != tc.status {
				t.Fatalf("vm_status %q, want %q", out.Info.Status.String(), tc.status)
			}
			if findChange(out, storage.TableItemKey(originatingTable, k2.Address[:])) != nil ||
				findChange(out, storage.TableItemKey(originatingTable, k1.Address[:])) != nil {
				t.Fatal("an aborted rotation touched the table")
			}
		})
	}
}
