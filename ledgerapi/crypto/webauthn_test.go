package crypto

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"testing"
)

// The passkey assertion from aptos-core types/src/transaction/webauthn.rs
// tests: the public key is the COSE key in its ATTESTATION_OBJECT, the raw
// transaction is RAW_TXN_BCS_BYTES, and the signature was made by a real
// authenticator over authenticator_data ‖ SHA-256(client_data_json).
const (
	aptosWebAuthnPub      = "04c5d2864ca7d52815f25f452b34dd0a14c38279fd1c1d93b971cb7f5180fd5b86463f085b6c8ae8071e7ecadf6ccffa588a8ae424d5a6486d4fc58546f5007dc8"
	aptosWebAuthnRawTxn   = "000000000000000000000000000000000000000000000000000000000000000100000000000000000200000000000000000000000000000000000000000000000000000000000000010d6170746f735f6163636f756e740e7472616e736665725f636f696e73010700000000000000000000000000000000000000000000000000000000000000010a6170746f735f636f696e094170746f73436f696e000220000000000000000000000000000000000000000000000000000000000000000108e803000000000000e8030000000000006400000000000000807417bcbe00000059"
	aptosWebAuthnAuthData = "49960de5880e8c687434170f6476605b8fe4aeb9a28632c7995cf3ba831d97631d00000000"
	aptosWebAuthnClient   = `{"type":"webauthn.get","challenge":"eUf1aXwdtHKnIYUXkTgHxmWtYQ_U0c3O8Ldmx3PTA_g","origin":"http://localhost:5173","crossOrigin":false}`
	aptosWebAuthnSig      = "71a8d884e7f00c27b810f6e6a68e46758302039b2c57ecc0c01c6e02218f11c83edd66e393187e600aa8c7b8550b03d418940c763c747b75e49f8beb8206723c"
)

func TestVerifyWebAuthnAptosVector(t *testing.T) {
	msg := SigningMessage(SaltRawTransaction, unhex(t, aptosWebAuthnRawTxn))
	pub, sig, ad := unhex(t, aptosWebAuthnPub), unhex(t, aptosWebAuthnSig), unhex(t, aptosWebAuthnAuthData)
	if err := VerifyWebAuthn(pub, msg, sig, ad, []byte(aptosWebAuthnClient)); err != nil {
		t.Fatal(err)
	}
	// The same assertion checked as a bare secp256r1 signature: the digest is
	// SHA-256(authenticator_data ‖ SHA-256(client_data_json)).
	cd := sha256.Sum256([]byte(aptosWebAuthnClient))
	if err := VerifySecp256r1(pub, cat(ad, cd[:]), sig); err != nil {
		t.Errorf("VerifySecp256r1 over the verification data: %v", err)
	}
}

func TestVerifyWebAuthn(t *testing.T) {
	key := testR1Key(t, 7)
	pub := r1PubBytes(t, key)
	msg := SigningMessage(SaltRawTransaction, []byte("raw txn bytes"))
	authData := bytes.Repeat([]byte{0x49}, 37)
	challenge := SHA3_256(msg)
	client := func(typ string, enc *base64.Encoding, c []byte) []byte {
		return fmt.Appendf(nil, `{"type":%q,"challenge":%q,"origin":"https://wallet.example","crossOrigin":false}`, typ, enc.EncodeToString(c))
	}
	assert := func(cd []byte) []byte {
		h := sha256.Sum256(cd)
		return signR1(t, key, cat(authData, h[:]))
	}

	good := client("webauthn.get", base64.RawURLEncoding, challenge[:])
	if err := VerifyWebAuthn(pub, msg, assert(good), authData, good); err != nil {
		t.Fatalf("valid assertion: %v", err)
	}
	padded := client("webauthn.get", base64.StdEncoding, challenge[:])
	if err := VerifyWebAuthn(pub, msg, assert(padded), authData, padded); err != nil {
		t.Errorf("standard base64 challenge: %v", err)
	}

	otherChallenge := SHA3_256([]byte("another message"))
	wrongChallenge := client("webauthn.get", base64.RawURLEncoding, otherChallenge[:])
	badType := client("webauthn.sign", base64.RawURLEncoding, challenge[:])
	noOrigin := fmt.Appendf(nil, `{"type":"webauthn.get","challenge":%q}`, base64.RawURLEncoding.EncodeToString(challenge[:]))
	notBase64 := []byte(`{"type":"webauthn.get","challenge":"!!","origin":"x"}`)
	tests := []struct {
		name           string
		sig, ad, cd    []byte
		signingMessage []byte
		wantText       string
	}{
		{"challenge of another message", assert(wrongChallenge), authData, wrongChallenge, msg, "challenge is not sha3_256"},
		{"different signing message", assert(good), authData, good, SigningMessage(SaltRawTransactionWithData, []byte("raw txn bytes")), "challenge is not sha3_256"},
		{"bad type", assert(badType), authData, badType, msg, `type "webauthn.sign"`},
		{"no origin", assert(noOrigin), authData, noOrigin, msg, "lacks one of type, challenge, origin"},
		{"challenge not base64", assert(notBase64), authData, notBase64, msg, "not base64url"},
		{"client data not JSON", assert(good), authData, []byte("nope"), msg, "not a JSON object"},
		{"tampered authenticator data", assert(good), append(bytes.Clone(authData[:36]), 1), good, msg, "does not verify"},
		{"too large", assert(good), bytes.Repeat([]byte{1}, 1024), good, msg, "at most 1024"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expectInvalid(t, VerifyWebAuthn(pub, tt.signingMessage, tt.sig, tt.ad, tt.cd), tt.wantText)
		})
	}
}
