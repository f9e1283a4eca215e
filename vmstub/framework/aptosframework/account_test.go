package aptosframework

import (
	"encoding/hex"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// A stateless account gets its Account resource when the epilogue bumps
// its sequence number or an event handle takes its next GUID; GUIDs stop
// short of objects' with EEXCEEDED_MAX_GUID_CREATION_NUM.
func TestAccountState(t *testing.T) {
	h := newMapHost()
	a := ledgerapi.MustParseAddress("0xa11ce")
	if _, ok, err := AccountResource(h, a); ok || err != nil {
		t.Fatalf("stateless account: %v %v", ok, err)
	}
	if err := IncrementSequenceNumber(h, a); err != nil {
		t.Fatal(err)
	}
	eh, err := NewEventHandle(h, a)
	if err != nil || eh.CreationNum != 2 || eh.Addr != a || eh.Counter != 0 {
		t.Fatalf("event handle %+v %v", eh, err)
	}
	acc, ok, err := AccountResource(h, a)
	if err != nil || !ok || acc.SequenceNumber != 1 || acc.GUIDCreationNum != 3 || string(acc.AuthKey) != string(a[:]) {
		t.Fatalf("account %+v %v %v", acc, ok, err)
	}
	acc.GUIDCreationNum = objectInitGUID - 1
	if err := putResource(h, a, AccountTag, acc); err != nil {
		t.Fatal(err)
	}
	if code := abortCode(t, func() error { _, err := NewEventHandle(h, a); return err }(), "account"); code != native.Code(native.OutOfRange, eExceededMaxGUIDCreationNo) {
		t.Fatalf("GUIDs exhausted: 0x%x", code)
	}
}

// The rotation proof's message is the TypeInfo of RotationProofChallenge
// and the challenge's fields, in BCS.
func TestRotationProofChallengeMessage(t *testing.T) {
	a := ledgerapi.MustParseAddress("0xa11ce")
	msg := RotationProofChallengeMessage(7, a, a, []byte{1, 2})
	var ti onchain.TypeInfo
	ti.Tag = tag1("account", "RotationProofChallenge")
	prefix := encode(ti)
	if len(msg) != len(prefix)+8+32+32+3 || string(msg[:len(prefix)]) != string(prefix) || msg[len(prefix)] != 7 || string(msg[len(msg)-3:]) != "\x02\x01\x02" {
		t.Fatalf("message %x", msg)
	}
}

// A resource account can be created over an account that has not sent a
// transaction and offers its signer capability to no one; otherwise
// EACCOUNT_ALREADY_USED or ERESOURCE_ACCCOUNT_EXISTS.
func TestNewResourceAccountOverExisting(t *testing.T) {
	h := newMapHost()
	src := ledgerapi.MustParseAddress("0xa11ce")
	for _, seed := range []string{"used", "claimed", "fresh"} {
		a := crypto.ResourceAccountAddress(src, []byte(seed))
		acc := onchain.NewAccount(a)
		switch seed {
		case "used":
			acc.SequenceNumber = 1
		case "claimed":
			acc.SignerOffer = &src
		}
		if err := putResource(h, a, AccountTag, acc); err != nil {
			t.Fatal(err)
		}
	}
	_, err := newResourceAccount(h, src, []byte("used"))
	if code := abortCode(t, err, "account"); code != native.Code(native.InvalidState, eAccountAlreadyUsed) {
		t.Fatalf("used: 0x%x", code)
	}
	_, err = newResourceAccount(h, src, []byte("claimed"))
	if code := abortCode(t, err, "account"); code != native.Code(native.AlreadyExists, eResourceAccountExists) {
		t.Fatalf("claimed: 0x%x", code)
	}
	a, err := newResourceAccount(h, src, []byte("fresh"))
	if err != nil {
		t.Fatal(err)
	}
	acc, _, _ := AccountResource(h, a)
	if acc.SignerOffer == nil || *acc.SignerOffer != a || string(acc.AuthKey) != string(make([]byte, 32)) || acc.GUIDCreationNum != 2 {
		t.Fatalf("resource account %+v", acc)
	}
}

// A keyless public key parses as a single key and its authentication key
// is Aptos's (single_key's test vector); a backup key makes a 1-of-2
// MultiKey.
func TestKeylessSingleKey(t *testing.T) {
	pk, _ := hex.DecodeString("031b68747470733a2f2f6163636f756e74732e676f6f676c652e636f6d2086bc0a0a825eb6337ca1e8a3157e490eac8df23d5cef25d9641ad5e7edc1d514")
	k, err := singleKeyFromBytes(pk)
	if err != nil || k.Scheme != txn.KeyKeyless {
		t.Fatalf("keyless key %+v %v", k, err)
	}
	if got := crypto.AuthKey(crypto.SchemeSingleKey, pk); got != ledgerapi.MustParseAddress("0x69d542afebf0387b5e4fcb447b79e3fa9b9aaadba4697b51b90b8d7b9649d159") {
		t.Fatalf("auth key %s", got)
	}
}
