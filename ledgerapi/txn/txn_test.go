package txn

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// v3Key is the Ed25519 key of vector V1/V3 in the facts document.
func v3Key(t testing.TB) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(unhex(t, "c5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5"))
}

func u64le(v uint64) []byte {
	e := bcs.NewEncoder(8)
	e.U64(v)
	return e.Bytes()
}

// transferRaw builds aptos_account::transfer(to, amount) as vector V3 does.
func transferRaw(sender ledgerapi.Address, seq uint64, to ledgerapi.Address, amount uint64) RawTransaction {
	return RawTransaction{
		Sender:         sender,
		SequenceNumber: seq,
		Payload: TransactionPayload{Variant: PayloadEntryFunction, EntryFunction: &EntryFunction{
			Module:   ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "aptos_account"},
			Function: "transfer",
			TyArgs:   []ledgerapi.TypeTag{},
			Args:     [][]byte{to[:], u64le(amount)},
		}},
		MaxGasAmount:            200000,
		GasUnitPrice:            100,
		ExpirationTimestampSecs: 1700000000,
		ChainID:                 4,
	}
}

func signEd25519(key ed25519.PrivateKey, raw RawTransaction) *SignedTransaction {
	sig := ed25519.Sign(key, raw.SigningMessage())
	return &SignedTransaction{Raw: raw, Auth: TransactionAuthenticator{
		Variant: AuthEd25519,
		Sender:  AccountAuthenticator{Variant: AccountEd25519, PublicKey: key.Public().(ed25519.PublicKey), Signature: sig},
	}}
}

// TestVectorV3 checks the full Ed25519 transaction of the facts document:
// raw bytes, the signature over the salted message and the user hash.
func TestVectorV3(t *testing.T) {
	key := v3Key(t)
	sender := crypto.Ed25519AuthKey(key.Public().(ed25519.PublicKey))
	if got, want := sender.String(), "0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa"; got != want {
		t.Fatalf("sender = %s, want %s", got, want)
	}
	raw := transferRaw(sender, 0, ledgerapi.MustParseAddress("0xb0b"), 1000)
	wantRaw := unhex(t, "978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa"+
		"0000000000000000"+"02"+
		"0000000000000000000000000000000000000000000000000000000000000001"+"0d"+hex.EncodeToString([]byte("aptos_account"))+
		"08"+hex.EncodeToString([]byte("transfer"))+"00"+
		"02"+"20"+"0000000000000000000000000000000000000000000000000000000000000b0b"+"08"+"e803000000000000"+
		"400d030000000000"+"6400000000000000"+"00f1536500000000"+"04")
	if got := bcs.Marshal(&raw); !bytes.Equal(got, wantRaw) {
		t.Fatalf("raw BCS\n got %x\nwant %x", got, wantRaw)
	}
	msg := raw.SigningMessage()
	if !bytes.Equal(msg[:32], crypto.SaltRawTransaction[:]) || !bytes.Equal(msg[32:], wantRaw) {
		t.Fatal("signing message is not salt ‖ raw")
	}
	st := signEd25519(key, raw)
	if got := hex.EncodeToString(st.Auth.Sender.Signature); got != "b8978a0205790c49434b5783a22847de775b609123b561e63980a2477863cc06c69b9e7c41f7c850fbd8e3b6c761fe8300efe0395721e73a1c8179a7c44e4306" {
		t.Fatalf("signature = %s", got)
	}
	if got := st.Hash().String(); got != "0x465531c46718b69885cf4a5295ceda4c9162524e613e77f17f5f4426a244c944" {
		t.Fatalf("hash = %s", got)
	}
	if err := st.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	dec, err := DecodeSignedTransaction(st.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(dec, st) {
		t.Fatalf("decode(encode(x)) != x:\n%#v\n%#v", dec, st)
	}
	// The same bytes with another chain id must not verify.
	bad := *st
	bad.Raw.ChainID = 2
	if err := bad.Verify(); !errors.Is(err, crypto.ErrInvalidSignature) {
		t.Fatalf("changed chain id: err = %v, want ErrInvalidSignature", err)
	}
}

// TestVectorV3FeePayerMessage checks the fee-payer message layout with 0x0.
func TestVectorV3FeePayerMessage(t *testing.T) {
	raw := transferRaw(ledgerapi.MustParseAddress("0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa"), 0, ledgerapi.MustParseAddress("0xb0b"), 1000)
	rawBCS := bcs.Marshal(&raw)
	want := append(append(append([]byte{}, crypto.SaltRawTransactionWithData[:]...), 1), rawBCS...)
	want = append(want, 0)
	want = append(want, make([]byte, 32)...)
	got := raw.MultiAgentSigningMessage(nil, &ledgerapi.AddressZero)
	if !bytes.Equal(got, want) {
		t.Fatalf("fee payer message\n got %x\nwant %x", got, want)
	}
	ma := raw.MultiAgentSigningMessage([]ledgerapi.Address{ledgerapi.AddressA}, nil)
	if ma[32] != 0 || ma[len(ma)-33] != 1 || ma[len(ma)-1] != 0xa {
		t.Fatalf("multi-agent message layout wrong: %x", ma[len(ma)-40:])
	}
}
