package crypto

import (
	"bytes"
	gocrypto "crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	k1ecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

var helloWorld = []byte("hello world")

// expectInvalid fails unless err wraps ErrInvalidSignature and mentions text.
func expectInvalid(t *testing.T, err error, text string) {
	t.Helper()
	if !errors.Is(err, ErrInvalidSignature) {
		t.Fatalf("err = %v, want ErrInvalidSignature", err)
	}
	if !strings.Contains(err.Error(), text) {
		t.Errorf("err = %q, want it to mention %q", err, text)
	}
}

// ---- secp256k1 ----

// testK1Key returns a deterministic secp256k1 key.
func testK1Key(i byte) *secp256k1.PrivateKey {
	seed := SHA3_256([]byte("ledgernode secp256k1 test key"), []byte{i})
	return secp256k1.PrivKeyFromBytes(seed[:])
}

// signK1 signs sha3_256(msg) (RFC 6979, low S) and returns r ‖ s.
func signK1(key *secp256k1.PrivateKey, msg []byte) []byte {
	d := SHA3_256(msg)
	sig := k1ecdsa.Sign(key, d[:])
	r, s := sig.R(), sig.S()
	var rb, sb [32]byte
	r.PutBytes(&rb)
	s.PutBytes(&sb)
	return cat(rb[:], sb[:])
}

func TestVerifySecp256k1SDKVector(t *testing.T) {
	// ts-sdk helper.ts secp256k1TestObject: sign(sha3_256("hello world")).
	priv := secp256k1.PrivKeyFromBytes(unhex(t, "d107155adf816a0a94c6db3c9489c13ad8a1eda7ada2e558ba3bfa47c020347e"))
	if got := hex.EncodeToString(priv.PubKey().SerializeUncompressed()); got != k1Pub {
		t.Fatalf("public key of the SDK private key = %s", got)
	}
	sig := unhex(t, "d0d634e843b61339473b028105930ace022980708b2855954b977da09df84a770c0b68c29c8ca1b5409a5085b0ec263be80e433c83fcf6debb82f3447e71edca")
	if got := signK1(priv, helloWorld); !bytes.Equal(got, sig) {
		t.Errorf("RFC 6979 signature = %x, want the SDK's", got)
	}
	for name, pub := range map[string][]byte{
		"uncompressed": unhex(t, k1Pub),
		"compressed":   priv.PubKey().SerializeCompressed(),
	} {
		if err := VerifySecp256k1(pub, helloWorld, sig); err != nil {
			t.Errorf("%s key: %v", name, err)
		}
	}
}

func TestVerifySecp256k1Rejects(t *testing.T) {
	key := testK1Key(1)
	pub := key.PubKey().SerializeUncompressed()
	msg := SigningMessage(SaltRawTransaction, []byte("raw txn"))
	sig := signK1(key, msg)
	if err := VerifySecp256k1(pub, msg, sig); err != nil {
		t.Fatalf("valid signature rejected: %v", err)
	}

	// High S: s' = n - s also satisfies the ECDSA equation (dcrd's Verify
	// accepts it), but Aptos accepts only the low-S form.
	var r, s secp256k1.ModNScalar
	r.SetByteSlice(sig[:32])
	s.SetByteSlice(sig[32:])
	s.Negate()
	var hs [32]byte
	s.PutBytes(&hs)
	highS := cat(sig[:32], hs[:])
	d := SHA3_256(msg)
	if !k1ecdsa.NewSignature(&r, &s).Verify(d[:], key.PubKey()) {
		t.Fatal("expected the high-S twin to satisfy the plain ECDSA equation")
	}

	n := unhex(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	halfFloor := unhex(t, "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0")
	hybrid := append([]byte{0x06}, pub[1:]...)
	tests := []struct {
		name          string
		pub, msg, sig []byte
		wantText      string
	}{
		{"high S", pub, msg, highS, "s is high"},
		{"s equals floor(n/2) passes the low-S rule", pub, msg, cat(sig[:32], halfFloor), "does not verify"},
		{"s = n", pub, msg, cat(sig[:32], n), "s is zero or not below the group order"},
		{"s = 0", pub, msg, cat(sig[:32], make([]byte, 32)), "s is zero"},
		{"r = 0", pub, msg, cat(make([]byte, 32), sig[32:]), "r is zero"},
		{"r = n", pub, msg, cat(n, sig[32:]), "r is zero or not below the group order"},
		{"short signature", pub, msg, sig[:63], "signature is 63 bytes"},
		{"long signature", pub, msg, append(bytes.Clone(sig), 0), "signature is 65 bytes"},
		{"64-byte public key", pub[1:], msg, sig, "public key is 64 bytes"},
		{"empty public key", nil, msg, sig, "public key is 0 bytes"},
		{"hybrid public key", hybrid, msg, sig, "prefix byte 0x06"},
		{"compressed prefix on 65 bytes", append([]byte{0x02}, pub[1:]...), msg, sig, "prefix byte 0x02"},
		{"point not on curve", append([]byte{0x04}, make([]byte, 64)...), msg, sig, "not a valid curve point"},
		{"wrong message", pub, []byte("other"), sig, "does not verify"},
		{"wrong key", testK1Key(2).PubKey().SerializeUncompressed(), msg, sig, "does not verify"},
		{"signed the raw message instead of its sha3", pub, msg, sha256Signed(key, msg), "does not verify"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expectInvalid(t, VerifySecp256k1(tt.pub, tt.msg, tt.sig), tt.wantText)
		})
	}
	if err := ValidateSecp256k1PublicKey(pub); err != nil {
		t.Errorf("ValidateSecp256k1PublicKey(valid) = %v", err)
	}
	expectInvalid(t, ValidateSecp256k1PublicKey(hybrid), "prefix byte")
}

// sha256Signed signs SHA-256(msg) instead of sha3_256(msg).
func sha256Signed(key *secp256k1.PrivateKey, msg []byte) []byte {
	d := sha256.Sum256(msg)
	sig := k1ecdsa.Sign(key, d[:])
	r, s := sig.R(), sig.S()
	var rb, sb [32]byte
	r.PutBytes(&rb)
	s.PutBytes(&sb)
	return cat(rb[:], sb[:])
}

// ---- secp256r1 ----

// testR1Key returns a deterministic P-256 key.
func testR1Key(t testing.TB, i byte) *ecdsa.PrivateKey {
	seed := SHA3_256([]byte("ledgernode secp256r1 test key"), []byte{i})
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), seed[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func r1PubBytes(t testing.TB, k *ecdsa.PrivateKey) []byte {
	b, err := k.PublicKey.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signR1Digest signs digest deterministically (RFC 6979) and returns r ‖ s
// with s made low as Aptos requires.
func signR1Digest(t testing.TB, k *ecdsa.PrivateKey, digest []byte, h gocrypto.Hash) []byte {
	der, err := k.Sign(nil, digest, h)
	if err != nil {
		t.Fatal(err)
	}
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(der, &rs); err != nil {
		t.Fatal(err)
	}
	if rs.S.Cmp(p256HalfOrder) >= 0 {
		rs.S.Sub(p256Order, rs.S)
	}
	out := make([]byte, 64)
	rs.R.FillBytes(out[:32])
	rs.S.FillBytes(out[32:])
	return out
}

func signR1(t testing.TB, k *ecdsa.PrivateKey, msg []byte) []byte {
	d := sha256.Sum256(msg)
	return signR1Digest(t, k, d[:], gocrypto.SHA256)
}

func TestSecp256r1SDKVector(t *testing.T) {
	// singleSignerSecp256r1 fixture (SDK ports of ts-sdk helper.ts): the SDK
	// signs sha3_256(message); the node's digest is SHA-256(message).
	priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), unhex(t, "a814fde3edc91aedf78c0e75bacbcf5e479cd4b27746961cfa1dc8e9b0e4481c"))
	if err != nil {
		t.Fatal(err)
	}
	pub := unhex(t, r1Pub)
	if !bytes.Equal(r1PubBytes(t, priv), pub) {
		t.Fatal("fixture private key does not give the fixture public key")
	}
	sig := unhex(t, "4fc4bc5f8ed851aec68c64499fa56360b11ea0c8b73fe3f93279e97b700582e55cb9e2ada7ae38951c2bc33d7755529fffc6201504180405c7960715ae0d4ff5")
	d := SHA3_256(helloWorld)
	if err := VerifySecp256r1Digest(pub, d[:], sig); err != nil {
		t.Errorf("SDK signature over sha3_256(msg): %v", err)
	}
	expectInvalid(t, VerifySecp256r1(pub, helloWorld, sig), "does not verify")
}

func TestVerifySecp256r1(t *testing.T) {
	key := testR1Key(t, 1)
	pub := r1PubBytes(t, key)
	compressed := elliptic.MarshalCompressed(elliptic.P256(), new(big.Int).SetBytes(pub[1:33]), new(big.Int).SetBytes(pub[33:]))
	msg := []byte("authenticator data ‖ sha256(client data)")
	sig := signR1(t, key, msg)
	for name, p := range map[string][]byte{"uncompressed": pub, "compressed": compressed} {
		if err := VerifySecp256r1(p, msg, sig); err != nil {
			t.Errorf("%s key: %v", name, err)
		}
		if err := ValidateSecp256r1PublicKey(p); err != nil {
			t.Errorf("ValidateSecp256r1PublicKey(%s) = %v", name, err)
		}
	}

	r := new(big.Int).SetBytes(sig[:32])
	s := new(big.Int).SetBytes(sig[32:])
	highS := cat(sig[:32], new(big.Int).Sub(p256Order, s).FillBytes(make([]byte, 32)))
	d := sha256.Sum256(msg)
	if !ecdsa.Verify(&key.PublicKey, d[:], r, new(big.Int).Sub(p256Order, s)) {
		t.Fatal("expected the high-S twin to satisfy the plain ECDSA equation")
	}
	n := p256Order.FillBytes(make([]byte, 32))
	half := p256HalfOrder.FillBytes(make([]byte, 32))
	tests := []struct {
		name          string
		pub, msg, sig []byte
		wantText      string
	}{
		{"high S", pub, msg, highS, "s is high"},
		{"s equals (n-1)/2 is already high for aptos", pub, msg, cat(sig[:32], half), "s is high"},
		{"s = n", pub, msg, cat(sig[:32], n), "s is zero or not below the group order"},
		{"r = 0", pub, msg, cat(make([]byte, 32), sig[32:]), "r is zero"},
		{"short signature", pub, msg, sig[:10], "signature is 10 bytes"},
		{"32-byte key", pub[:32], msg, sig, "public key is 32 bytes"},
		{"bad prefix", append([]byte{0x05}, pub[1:]...), msg, sig, "prefix byte 0x05"},
		{"uncompressed key not on curve", append([]byte{0x04}, make([]byte, 64)...), msg, sig, "not a valid curve point"},
		{"compressed key not on curve", append([]byte{0x02}, bytes.Repeat([]byte{0xff}, 32)...), msg, sig, "not a valid curve point"},
		{"wrong message", pub, []byte("other"), sig, "does not verify"},
		{"wrong key", r1PubBytes(t, testR1Key(t, 2)), msg, sig, "does not verify"},
		{"signed sha3 instead of sha256", pub, msg, signR1Digest(t, key, sha3Slice(msg), gocrypto.SHA3_256), "does not verify"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expectInvalid(t, VerifySecp256r1(tt.pub, tt.msg, tt.sig), tt.wantText)
		})
	}
	expectInvalid(t, VerifySecp256r1Digest(pub, d[:31], sig), "digest is 31 bytes")
}

func sha3Slice(msg []byte) []byte {
	d := SHA3_256(msg)
	return d[:]
}
