package txn

import (
	"bytes"
	gocrypto "crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// webAuthnVector returns the SDK-built WebAuthn transaction of
// sdk_vectors.json, decoded, with the SDK's hash.
func webAuthnVector(t *testing.T) (*SignedTransaction, []byte, ledgerapi.HashValue) {
	t.Helper()
	for _, c := range loadSDKVectors(t).Transactions {
		if c.Name != "single_sender_webauthn_transfer" {
			continue
		}
		st, err := DecodeSignedTransaction(c.SignedTxnBCS)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		return st, c.SignedTxnBCS, c.Hash
	}
	t.Fatal("no single_sender_webauthn_transfer vector")
	return nil, nil, ledgerapi.HashValue{}
}

// vectorR1Key is the generator's fixed P-256 key (0xa7 repeated), so the
// tests can re-sign changed assertions and fail them for one reason only.
func vectorR1Key(t *testing.T) *ecdsa.PrivateKey {
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), bytes.Repeat([]byte{0xa7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// signAssertion signs authenticatorData ‖ SHA-256(clientDataJSON) as a
// passkey does (ECDSA P-256, SHA-256), low S, r ‖ s.
func signAssertion(t *testing.T, k *ecdsa.PrivateKey, a *WebAuthnAssertion) []byte {
	t.Helper()
	cd := sha256.Sum256(a.ClientDataJSON)
	digest := sha256.Sum256(append(bytes.Clone(a.AuthenticatorData), cd[:]...))
	der, err := k.Sign(nil, digest[:], gocrypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(der, &rs); err != nil {
		t.Fatal(err)
	}
	n := elliptic.P256().Params().N
	if rs.S.Cmp(new(big.Int).Rsh(n, 1)) > 0 {
		rs.S.Sub(n, rs.S)
	}
	out := make([]byte, 64)
	rs.R.FillBytes(out[:32])
	rs.S.FillBytes(out[32:])
	return out
}

// TestWebAuthnSDKVector: a single_key transaction signed with a WebAuthn
// assertion over a secp256r1 key, assembled by the TypeScript SDK, decodes,
// re-encodes to the same bytes, hashes as the SDK computed and verifies.
func TestWebAuthnSDKVector(t *testing.T) {
	st, raw, sdkHash := webAuthnVector(t)
	if !bytes.Equal(st.Bytes(), raw) || st.Hash() != sdkHash {
		t.Fatalf("re-encoding or hash differs from the SDK (%s vs %s)", st.Hash(), sdkHash)
	}
	sk := st.Auth.Sender.SingleKey
	if st.Auth.Variant != AuthSingleSender || sk == nil || sk.PublicKey.Scheme != KeySecp256r1 || sk.Signature.Scheme != SigWebAuthn {
		t.Fatalf("not a single_key secp256r1 / web_authn transaction: %+v", st.Auth)
	}
	a, err := ParseWebAuthnAssertion(sk.Signature.Sig)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Signature) != 64 || len(a.AuthenticatorData) != 37 || !bytes.Equal(a.Bytes(), sk.Signature.Sig) {
		t.Fatalf("assertion fields: %d-byte signature, %d-byte authenticator data; re-encodes equal: %v",
			len(a.Signature), len(a.AuthenticatorData), bytes.Equal(a.Bytes(), sk.Signature.Sig))
	}
	if !bytes.Equal(sk.PublicKey.Key, mustPub(t, vectorR1Key(t))) {
		t.Fatal("the vector's key is not the generator's fixed key")
	}
	if key, _ := st.Auth.Sender.AuthKey(); key != st.Raw.Sender {
		t.Fatalf("auth key %s is not the sender %s", key, st.Raw.Sender)
	}
	if err := st.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}
}

func mustPub(t *testing.T, k *ecdsa.PrivateKey) []byte {
	b, err := k.PublicKey.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWebAuthnMutations changes the SDK vector one property at a time
// (re-signing where the signature would otherwise be what fails) and
// expects the node's verdict: INVALID_SIGNATURE, except for the client data
// type webauthn.create, which the node accepts.
func TestWebAuthnMutations(t *testing.T) {
	key := vectorR1Key(t)
	other := challengeFor(t, []byte("another signing message"))
	setClientData := func(field, value string) func(*WebAuthnAssertion) {
		return func(a *WebAuthnAssertion) {
			var cd map[string]any
			if err := json.Unmarshal(a.ClientDataJSON, &cd); err != nil {
				t.Fatal(err)
			}
			cd[field] = value
			a.ClientDataJSON, _ = json.Marshal(cd)
			a.Signature = signAssertion(t, key, a)
		}
	}
	n := elliptic.P256().Params().N
	cases := []struct {
		name   string
		change func(*WebAuthnAssertion)
		key    func(*AnyPublicKey)
		want   string // "" = accepted
	}{
		{"re-signed unchanged", func(a *WebAuthnAssertion) { a.Signature = signAssertion(t, key, a) }, nil, ""},
		{"type webauthn.create (accepted by the node)", setClientData("type", "webauthn.create"), nil, ""},
		{"type webauthn.sign", setClientData("type", "webauthn.sign"), nil, `client data type "webauthn.sign"`},
		{"challenge of another message", setClientData("challenge", other), nil, "challenge is not sha3_256 of the signing message"},
		{"high S", func(a *WebAuthnAssertion) {
			s := new(big.Int).SetBytes(a.Signature[32:])
			new(big.Int).Sub(n, s).FillBytes(a.Signature[32:])
		}, nil, "signature s is high"},
		{"flipped authenticator data byte", func(a *WebAuthnAssertion) { a.AuthenticatorData[32] ^= 0x01 }, nil, "signature does not verify"},
		{"client data changed after signing", func(a *WebAuthnAssertion) {
			a.ClientDataJSON = bytes.Replace(a.ClientDataJSON, []byte("localhost"), []byte("evil.test"), 1)
		}, nil, "signature does not verify"},
		{"another secp256r1 key", nil, func(k *AnyPublicKey) { k.Key = mustPub(t, testR1Key(t)) }, "signature does not verify"},
		{"an ed25519 key", nil, func(k *AnyPublicKey) { *k = AnyPublicKey{Scheme: KeyEd25519, Key: testKey(1)[32:]} }, "needs a secp256r1_ecdsa key"},
		{"oversized assertion", func(a *WebAuthnAssertion) {
			a.AuthenticatorData = append(a.AuthenticatorData, make([]byte, 1024)...)
		}, nil, "at most 1024 allowed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, _, _ := webAuthnVector(t)
			sk := st.Auth.Sender.SingleKey
			a, err := ParseWebAuthnAssertion(sk.Signature.Sig)
			if err != nil {
				t.Fatal(err)
			}
			if c.change != nil {
				c.change(a)
			}
			sk.Signature.Sig = a.Bytes()
			if c.key != nil {
				c.key(&sk.PublicKey)
			}
			// Through the wire format, as a client would send it.
			got, err := DecodeSignedTransaction(st.Bytes())
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			err = got.Verify()
			if c.want == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			if !errors.Is(err, crypto.ErrInvalidSignature) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Verify = %v, want ErrInvalidSignature mentioning %q", err, c.want)
			}
		})
	}
}

func testR1Key(t *testing.T) *ecdsa.PrivateKey {
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), bytes.Repeat([]byte{0x5b}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// challengeFor is the challenge a passkey would be given for msg.
func challengeFor(t *testing.T, msg []byte) string {
	h := crypto.SHA3_256(msg)
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// TestWebAuthnJSON: the transaction renders as the node renders a WebAuthn
// single-key signature (single_sender with a secp256r1_ecdsa public key and
// a web_authn signature whose value is the assertion's BCS), and that JSON
// submits back to the same transaction. An assertion over 1024 bytes is
// refused at JSON input, as the node's input check does.
func TestWebAuthnJSON(t *testing.T) {
	st, _, _ := webAuthnVector(t)
	b, err := json.Marshal(SignatureJSON(&st.Auth))
	if err != nil {
		t.Fatal(err)
	}
	var sig struct {
		Type      string `json:"type"`
		PublicKey struct {
			Type  string             `json:"type"`
			Value ledgerapi.HexBytes `json:"value"`
		} `json:"public_key"`
		Signature struct {
			Type  string             `json:"type"`
			Value ledgerapi.HexBytes `json:"value"`
		} `json:"signature"`
	}
	if err := DecodeJSON(b, &sig); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	sk := st.Auth.Sender.SingleKey
	if sig.Type != "single_sender" || sig.PublicKey.Type != "secp256r1_ecdsa" || sig.Signature.Type != "web_authn" ||
		!bytes.Equal(sig.PublicKey.Value, sk.PublicKey.Key) || !bytes.Equal(sig.Signature.Value, sk.Signature.Sig) ||
		!bytes.HasPrefix(sig.Signature.Value, []byte{0x00, 0x40}) {
		t.Fatalf("rendered %s", b)
	}

	body := requestJSON(t, st)
	var req SubmitTransactionRequest
	if err := DecodeJSON(body, &req); err != nil {
		t.Fatal(err)
	}
	got, err := req.SignedTransaction(4, transferCodec{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash() != st.Hash() || got.Verify() != nil {
		t.Fatalf("JSON submission changed the transaction or its signature: %s", body)
	}

	a, _ := ParseWebAuthnAssertion(sk.Signature.Sig)
	a.ClientDataJSON = append(a.ClientDataJSON, make([]byte, 1024)...)
	oversized := ledgerapi.HexBytes(a.Bytes())
	bigJSON, _ := json.Marshal(oversized)
	body = bytes.Replace(body, []byte(`"`+ledgerapi.HexBytes(sk.Signature.Sig).String()+`"`), bigJSON, 1)
	if err := DecodeJSON(body, &req); err != nil {
		t.Fatal(err)
	}
	if _, err := req.SignedTransaction(4, transferCodec{}); err == nil || !strings.Contains(err.Error(), "WebAuthn signature is") {
		t.Fatalf("an oversized assertion must be refused at JSON input: %v", err)
	}
}
