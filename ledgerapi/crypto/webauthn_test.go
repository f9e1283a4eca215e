package crypto

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
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

// The Secure Payment Confirmation assertion of the same aptos-core tests
// (verify_real_partial_authenticator_assertion_response_from_spc): type
// payment.get and client data extended with more keys. The public key is
// the COSE key of its SPC_ATTESTATION_OBJECT; the raw transaction is the
// same RAW_TXN_BCS_BYTES.
const (
	aptosSPCPub      = "041d724e67806fddd7bf619a60efd25777032aa25e457e6362aaa08a3cbff5dd1bbabe8d0d3e47844bb454f973a5ebd9b7694e1a1d2a88d5df172b6ca822cf67c1"
	aptosSPCAuthData = "49960de5880e8c687434170f6476605b8fe4aeb9a28632c7995cf3ba831d97630500000000"
	aptosSPCClient   = `{"type":"payment.get","challenge":"eUf1aXwdtHKnIYUXkTgHxmWtYQ_U0c3O8Ldmx3PTA_g","origin":"http://localhost:5173","crossOrigin":false,"payment":{"rpId":"localhost","topOrigin":"http://localhost:5173","payeeOrigin":"https://localhost:4000","total":{"value":"1.01","currency":"APT"},"instrument":{"icon":"https://aptoslabs.com/assets/favicon-2c9e23abc3a3f4c45038e8c784b0a4ecb9051baa.ico","displayName":"Petra test"}},"other_keys_can_be_added_here":"do not compare clientDataJSON against a template. See https://goo.gl/yabPex"}`
	aptosSPCSig      = "fe2847b5d8bb6176c46afbaa6a2fb84daebb12870eb8959225500a2589bb44542b1df6782017fe45e42b947af4d8b7508b380c3ec33161b8b9aab88a7b276aed"
)

func TestVerifyWebAuthnAptosPaymentVector(t *testing.T) {
	msg := SigningMessage(SaltRawTransaction, unhex(t, aptosWebAuthnRawTxn))
	err := VerifyWebAuthn(unhex(t, aptosSPCPub), msg, unhex(t, aptosSPCSig), unhex(t, aptosSPCAuthData), []byte(aptosSPCClient))
	if err != nil {
		t.Fatalf("payment.get assertion: %v", err)
	}
}

// TestWebAuthnClientDataRules re-signs every client data variant, so each
// case passes or fails on the client data rule alone: the node parses it
// with serde_json into passkey-types' CollectedClientData and decodes the
// challenge with passkey-types' base64 parser.
func TestWebAuthnClientDataRules(t *testing.T) {
	key := testR1Key(t, 9)
	pub := r1PubBytes(t, key)
	authData := bytes.Repeat([]byte{0x49}, 37)
	// A message whose challenge's standard base64 has a '+' or '/', so the
	// base64url decoder cannot read it and the standard one is used.
	var msg []byte
	var challenge [32]byte
	for i := 0; ; i++ {
		msg = SigningMessage(SaltRawTransaction, fmt.Appendf(nil, "raw txn %d", i))
		challenge = SHA3_256(msg)
		if strings.ContainsAny(base64.RawStdEncoding.EncodeToString(challenge[:]), "+/") {
			break
		}
	}
	url := base64.RawURLEncoding.EncodeToString(challenge[:])
	std := base64.RawStdEncoding.EncodeToString(challenge[:])
	// 32 bytes make 43 characters whose last carries 4 unused low bits.
	bump := func(s string, alphabet string) string {
		last := strings.IndexByte(alphabet, s[len(s)-1])
		return s[:len(s)-1] + string(alphabet[last|1])
	}
	const urlAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	const stdAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	cd := func(rest string) string {
		return `{"type":"webauthn.get","challenge":"` + url + `","origin":"https://wallet.example"` + rest + `}`
	}
	tests := []struct {
		name, client, wantErr string // wantErr "" means accepted
	}{
		{"webauthn.get", cd(`,"crossOrigin":false`), ""},
		{"webauthn.create (the node accepts it)", strings.Replace(cd(""), "webauthn.get", "webauthn.create", 1), ""},
		{"payment.get", strings.Replace(cd(""), "webauthn.get", "payment.get", 1), ""},
		{"crossOrigin null", cd(`,"crossOrigin":null`), ""},
		{"extra keys of any kind", cd(`,"x":[1,{"y":null}],"Type":7`), ""},
		{"escaped surrogate pair", cd(`,"x":"\ud83e\udd80"`), ""},
		{"surrounding whitespace", " \n" + cd("") + "\t\r\n", ""},
		{"padded base64url challenge", strings.Replace(cd(""), url, url+"==", 1), ""},
		{"base64url challenge with unused bits set", strings.Replace(cd(""), url, bump(url, urlAlphabet), 1), ""},
		{"standard base64 challenge", strings.Replace(cd(""), url, std, 1), ""},
		{"standard base64 challenge with unused bits set", strings.Replace(cd(""), url, bump(std, stdAlphabet), 1), "challenge is not base64url"},
		{"challenge with a line break", strings.Replace(cd(""), url, url[:20]+`\u000a`+url[20:], 1), "challenge is not base64url"},
		{"type webauthn.sign", strings.Replace(cd(""), "webauthn.get", "webauthn.sign", 1), `type "webauthn.sign"`},
		{"type in another case", strings.Replace(cd(""), `"type"`, `"Type"`, 1), "lacks one of type, challenge, origin (no type)"},
		{"type twice", cd(`,"type":"webauthn.get"`), `field "type" twice`},
		{"type not a string", strings.Replace(cd(""), `"webauthn.get"`, `null`, 1), "field type is not a string"},
		{"origin not a string", strings.Replace(cd(""), `"https://wallet.example"`, `1`, 1), "field origin is not a string"},
		{"crossOrigin as a string", cd(`,"crossOrigin":"false"`), "crossOrigin is not a boolean"},
		{"no origin", `{"type":"webauthn.get","challenge":"` + url + `"}`, "(no origin)"},
		{"an array", `[` + cd("") + `]`, "not a JSON object"},
		{"two objects", cd("") + cd(""), "bytes after its JSON object"},
		{"invalid UTF-8", strings.Replace(cd(""), "wallet", "wal\xfflet", 1), "not valid UTF-8"},
		{"lone high surrogate", cd(`,"x":"\ud83e"`), "lone UTF-16 surrogate"},
		{"lone low surrogate", cd(`,"x":"\udd80 "`), "lone UTF-16 surrogate"},
		{"unescaped control character", strings.Replace(cd(""), "wallet", "wal\x01let", 1), "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client := []byte(tt.client)
			h := sha256.Sum256(client)
			err := VerifyWebAuthn(pub, msg, signR1(t, key, cat(authData, h[:])), authData, client)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("rejected: %v\n%s", err, client)
				}
				return
			}
			expectInvalid(t, err, tt.wantErr)
		})
	}
}

// FuzzWebAuthnClientData feeds arbitrary client data to the parser: it must
// not panic, and whatever it accepts is one JSON value of a WebAuthn type.
func FuzzWebAuthnClientData(f *testing.F) {
	f.Add([]byte(aptosWebAuthnClient))
	f.Add([]byte(aptosSPCClient))
	f.Add([]byte(`{"type":"webauthn.get","challenge":"\ud83e\udd80","origin":"","crossOrigin":null}`))
	f.Add([]byte(`{"type":"webauthn.get","type":"x"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		challenge, err := parseClientData(raw)
		if err != nil {
			return
		}
		var cd map[string]any // exact keys, unlike a struct
		if !json.Valid(raw) || json.Unmarshal(raw, &cd) != nil {
			t.Fatalf("accepted %q", raw)
		}
		if typ, _ := cd["type"].(string); !webAuthnTypes[typ] || cd["challenge"] != challenge {
			t.Fatalf("accepted %q (type %v, challenge %q)", raw, cd["type"], challenge)
		}
		if _, ok := decodeChallenge(challenge); ok && strings.ContainsAny(challenge, "\r\n") {
			t.Fatalf("challenge with a line break decoded: %q", challenge)
		}
	})
}
