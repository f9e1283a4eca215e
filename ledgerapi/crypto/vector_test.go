package crypto

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

const (
	v3Signature = "b8978a0205790c49434b5783a22847de775b609123b561e63980a2477863cc06c69b9e7c41f7c850fbd8e3b6c761fe8300efe0395721e73a1c8179a7c44e4306"
	v3TxnHash   = "0x465531c46718b69885cf4a5295ceda4c9162524e613e77f17f5f4426a244c944"
)

// v3RawTxn builds the facts doc §8 V3 RawTransaction field by field:
// aptos_account::transfer(0x…0b0b, 1000) from V1, seq 0, max_gas 200000,
// price 100, expiry 1700000000, chain 4.
func v3RawTxn(t testing.TB) []byte {
	e := bcs.NewEncoder(256)
	ledgerapi.MustParseAddress(v1Addr).MarshalBCS(e) // sender
	e.U64(0)                                         // sequence_number
	e.Variant(2)                                     // TransactionPayload::EntryFunction
	ledgerapi.AddressOne.MarshalBCS(e)               // module address
	e.String("aptos_account")                        // module name
	e.String("transfer")                             // function name
	e.SeqLen(0)                                      // no type arguments
	e.SeqLen(2)                                      // two arguments
	to := ledgerapi.MustParseAddress("0xb0b")
	e.WriteBytes(to[:])
	e.WriteBytes(unhex(t, "e803000000000000")) // u64 1000
	e.U64(200000)                              // max_gas_amount
	e.U64(100)                                 // gas_unit_price
	e.U64(1700000000)                          // expiration_timestamp_secs
	e.U8(4)                                    // chain_id
	return e.Bytes()
}

func TestV3RawTransactionBytes(t *testing.T) {
	want := "978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa" + "0000000000000000" + "02" +
		"0000000000000000000000000000000000000000000000000000000000000001" + "0d" + hex.EncodeToString([]byte("aptos_account")) +
		"08" + hex.EncodeToString([]byte("transfer")) + "00" +
		"02" + "20" + "0000000000000000000000000000000000000000000000000000000000000b0b" + "08" + "e803000000000000" +
		"400d030000000000" + "6400000000000000" + "00f1536500000000" + "04"
	if got := hex.EncodeToString(v3RawTxn(t)); got != want {
		t.Fatalf("raw txn =\n%s\nwant\n%s", got, want)
	}
}

func TestV3Ed25519Transaction(t *testing.T) {
	raw := v3RawTxn(t)
	pub := unhex(t, v1Pub)
	sig := unhex(t, v3Signature)
	msg := SigningMessage(SaltRawTransaction, raw)

	// The deterministic signature is reproduced from the V1 private key.
	if got := ed25519.Sign(ed25519.NewKeyFromSeed(unhex(t, v1PrivSeed)), msg); hex.EncodeToString(got) != v3Signature {
		t.Fatalf("signing V3 with V1's key gave %x", got)
	}
	if err := VerifyEd25519(pub, msg, sig); err != nil {
		t.Fatalf("V3 signature: %v", err)
	}
	// Signed over the wrong domain, or the raw bytes alone, it must fail.
	for name, m := range map[string][]byte{
		"with-data salt": SigningMessage(SaltRawTransactionWithData, raw),
		"no salt":        raw,
	} {
		if err := VerifyEd25519(pub, m, sig); !errors.Is(err, ErrInvalidSignature) {
			t.Errorf("%s: err = %v, want ErrInvalidSignature", name, err)
		}
	}

	// SignedTransaction = raw ‖ 00 (Ed25519 authenticator) ‖ 20 pub ‖ 40 sig;
	// hash = sha3(salt(Transaction) ‖ 00 (UserTransaction) ‖ signed).
	signed := append(append([]byte{}, raw...), 0x00, 0x20)
	signed = append(append(append(signed, pub...), 0x40), sig...)
	h := SHA3_256(SaltTransaction[:], []byte{0}, signed)
	if got := ledgerapi.HashValue(h).String(); got != v3TxnHash {
		t.Errorf("user transaction hash = %s, want %s", got, v3TxnHash)
	}
}
