package crypto

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"errors"
	"strings"
	"testing"
	"time"

	"filippo.io/edwards25519"
)

// Encodings used by the negative tests.
const (
	// groupOrderL is L = 2^252 + 27742317777372353535851937790883648493, little-endian.
	groupOrderL = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"
	identityEnc = "0100000000000000000000000000000000000000000000000000000000000000"
	// order8Enc is a point of order 8.
	order8Enc = "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"
	// minusOneEnc is (0, -1), of order 2.
	minusOneEnc = "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
	// yZeroEnc has y = 0, a point of order 4.
	yZeroEnc = "0000000000000000000000000000000000000000000000000000000000000000"
	// notOnCurveEnc has y = 2, for which no x exists.
	notOnCurveEnc = "0200000000000000000000000000000000000000000000000000000000000000"
	// nonCanonicalEnc is y = p + 3 (large order; canonically y = 3).
	nonCanonicalEnc = "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
	// negZeroEnc is the identity with the sign bit of x = 0 set.
	negZeroEnc = "0100000000000000000000000000000000000000000000000000000000000080"
)

// testEdKey returns a deterministic Ed25519 key for index i.
func testEdKey(i byte) ed25519.PrivateKey {
	seed := SHA3_256([]byte("ledgernode ed25519 test key"), []byte{i})
	return ed25519.NewKeyFromSeed(seed[:])
}

// addLE returns a + b for 32-byte little-endian numbers (no overflow expected).
func addLE(a, b []byte) []byte {
	out := make([]byte, 32)
	carry := 0
	for i := range 32 {
		v := int(a[i]) + int(b[i]) + carry
		out[i], carry = byte(v), v>>8
	}
	return out
}

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestVerifyEd25519Vectors(t *testing.T) {
	tests := []struct{ name, pub, msg, sig string }{
		// ts-sdk helper.ts ed25519 (V1 key) over "hello world" and over 0x7777.
		{"hello world", v1Pub, "68656c6c6f20776f726c64", "9e653d56a09247570bb174a389e85b9226abd5c403ea6c504b386626a145158cd4efd66fc5e071c0e19538a96a05ddbda24d3c51e1e6a9dacc6bb1ce775cce07"},
		{"0x7777", v1Pub, "7777", "c5de9e40ac00b371cd83b1c197fa5b665b7449b33cd3cdd305bb78222e06a671a49625ab9aea8a039d4bb70e275768084d62b094bc1b31964f2357b7c1af7e0d"},
		{"single signer", "e425451a5dc888ac871976c3c724dec6118910e7d11d344b4b07a22cd94e8c2e", "68656c6c6f20776f726c64", "c6f50f4e0cb1961f6f7b28be1a1d80e3ece240dfbb7bd8a8b03cc26bfd144fc176295d7c322c5bf3d9669d2ad49d8bdbfe77254b4a6393d8c49da04b40cee600"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := VerifyEd25519(unhex(t, tt.pub), unhex(t, tt.msg), unhex(t, tt.sig)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestVerifyEd25519Rejects(t *testing.T) {
	key := testEdKey(1)
	pub := []byte(key.Public().(ed25519.PublicKey))
	msg := []byte("transfer 1000 octas")
	sig := ed25519.Sign(key, msg)
	if err := VerifyEd25519(pub, msg, sig); err != nil {
		t.Fatalf("valid signature rejected: %v", err)
	}
	r, s := sig[:32], sig[32:]
	otherPub := []byte(testEdKey(2).Public().(ed25519.PublicKey))

	tests := []struct {
		name     string
		pub, sig []byte
		msg      []byte
		wantText string
	}{
		{"short public key", pub[:31], sig, msg, "public key is 31 bytes"},
		{"long public key", append(append([]byte{}, pub...), 0), sig, msg, "public key is 33 bytes"},
		{"short signature", pub, sig[:63], msg, "signature is 63 bytes"},
		{"empty signature", pub, nil, msg, "signature is 0 bytes"},
		{"S plus L", pub, cat(r, addLE(s, unhex(t, groupOrderL))), msg, "S is not canonical"},
		{"S equals L", pub, cat(r, unhex(t, groupOrderL)), msg, "S is not canonical"},
		{"S all ones", pub, cat(r, unhex(t, strings.Repeat("ff", 32))), msg, "S is not canonical"},
		{"identity public key", unhex(t, identityEnc), sig, msg, "public key has small order"},
		{"order-8 public key", unhex(t, order8Enc), sig, msg, "public key has small order"},
		{"order-2 public key", unhex(t, minusOneEnc), sig, msg, "public key has small order"},
		{"order-4 public key", unhex(t, yZeroEnc), sig, msg, "public key has small order"},
		{"undecodable public key", unhex(t, notOnCurveEnc), sig, msg, "public key is not a valid curve point"},
		{"non-canonical public key", unhex(t, nonCanonicalEnc), sig, msg, "public key is not canonically encoded"},
		{"negative-zero public key", unhex(t, negZeroEnc), sig, msg, "public key is not canonically encoded"},
		{"identity R", pub, cat(unhex(t, identityEnc), s), msg, "signature R has small order"},
		{"order-8 R", pub, cat(unhex(t, order8Enc), s), msg, "signature R has small order"},
		{"undecodable R", pub, cat(unhex(t, notOnCurveEnc), s), msg, "signature R is not a valid curve point"},
		{"non-canonical R", pub, cat(unhex(t, nonCanonicalEnc), s), msg, "signature R is not canonically encoded"},
		{"wrong message", pub, sig, []byte("transfer 1001 octas"), "does not verify"},
		{"wrong key", otherPub, sig, msg, "does not verify"},
		{"flipped signature bit", pub, cat(r[:31], []byte{r[31] ^ 0x01}, s), msg, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := VerifyEd25519(tt.pub, tt.msg, tt.sig)
			if !errors.Is(err, ErrInvalidSignature) {
				t.Fatalf("err = %v, want ErrInvalidSignature", err)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("err = %q, want it to mention %q", err, tt.wantText)
			}
		})
	}
}

// TestVerifyEd25519SmallOrderForgeries builds signatures that Go's
// crypto/ed25519 accepts but Aptos rejects, proving the extra checks matter.
func TestVerifyEd25519SmallOrderForgeries(t *testing.T) {
	msg := []byte("any message at all")

	// A = identity, R = identity, S = 0 satisfies [S]B = R + [k]A for every message.
	idPub := unhex(t, identityEnc)
	idSig := cat(unhex(t, identityEnc), make([]byte, 32))
	if !ed25519.Verify(idPub, msg, idSig) {
		t.Fatal("expected crypto/ed25519 to accept the identity-key forgery")
	}
	if err := VerifyEd25519(idPub, msg, idSig); err == nil || !strings.Contains(err.Error(), "public key has small order") {
		t.Errorf("identity-key forgery: err = %v", err)
	}

	// A real key with R = identity and S = k·a (r = 0), made from the secret scalar.
	key := testEdKey(3)
	pub := []byte(key.Public().(ed25519.PublicKey))
	h := sha512.Sum512(key.Seed())
	a, err := edwards25519.NewScalar().SetBytesWithClamping(h[:32])
	if err != nil {
		t.Fatal(err)
	}
	kh := sha512.Sum512(cat(idPub, pub, msg))
	k, err := edwards25519.NewScalar().SetUniformBytes(kh[:])
	if err != nil {
		t.Fatal(err)
	}
	sig := cat(idPub, edwards25519.NewScalar().Multiply(k, a).Bytes())
	if !ed25519.Verify(pub, msg, sig) {
		t.Fatal("expected crypto/ed25519 to accept the small-order-R signature")
	}
	if err := VerifyEd25519(pub, msg, sig); err == nil || !strings.Contains(err.Error(), "signature R has small order") {
		t.Errorf("small-order R: err = %v", err)
	}
}

func TestValidateEd25519PublicKey(t *testing.T) {
	tests := []struct {
		name, pub string
		ok        bool
	}{
		{"V1", v1Pub, true},
		{"identity", identityEnc, false},
		{"order 8", order8Enc, false},
		{"not on curve", notOnCurveEnc, false},
		{"non-canonical", nonCanonicalEnc, false},
		{"short", v1Pub[:62], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateEd25519PublicKey(unhex(t, tt.pub))
			if tt.ok != (err == nil) {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalidSignature) {
				t.Errorf("err = %v does not wrap ErrInvalidSignature", err)
			}
		})
	}
}

func BenchmarkVerifyEd25519(b *testing.B) {
	key := testEdKey(9)
	pub := []byte(key.Public().(ed25519.PublicKey))
	msg := SigningMessage(SaltRawTransaction, make([]byte, 200))
	sig := ed25519.Sign(key, msg)
	b.ReportAllocs()
	for b.Loop() {
		if err := VerifyEd25519(pub, msg, sig); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStdlibVerifyBound is the physical bound the throughput figures
// are compared with: crypto/ed25519.Verify on every core at once. Its
// verifications/s metric is what all cores can verify; ns/op × GOMAXPROCS
// is the cost of one verification.
func BenchmarkStdlibVerifyBound(b *testing.B) {
	key := testEdKey(9)
	pub := key.Public().(ed25519.PublicKey)
	msg := SigningMessage(SaltRawTransaction, make([]byte, 200))
	sig := ed25519.Sign(key, msg)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if !ed25519.Verify(pub, msg, sig) {
				b.Error("verify failed")
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "verifications/s")
}

// TestIsCanonicalEncoding checks the fast canonical test against re-encoding
// for every decodable y = 0..40 and y = p-20..p+18, with both sign bits.
func TestIsCanonicalEncoding(t *testing.T) {
	var encs [][]byte
	for y := range 41 {
		b := make([]byte, 32)
		b[0] = byte(y)
		encs = append(encs, b)
	}
	for d := -20; d <= 18; d++ { // y = p + d, p = 2^255 - 19 = ed ff … ff 7f
		b := bytes.Repeat([]byte{0xff}, 32)
		b[0], b[31] = byte(0xed+d), 0x7f
		encs = append(encs, b)
	}
	checked := 0
	for _, e := range encs {
		for _, sign := range []byte{0, 0x80} {
			b := bytes.Clone(e)
			b[31] |= sign
			p, err := new(edwards25519.Point).SetBytes(b)
			if err != nil {
				continue
			}
			checked++
			if want := bytes.Equal(p.Bytes(), b); isCanonicalEncoding(b) != want {
				t.Errorf("isCanonicalEncoding(%x) = %v, want %v", b, !want, want)
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d decodable encodings checked", checked)
	}
}

// TestPublicKeyCache checks that cached keys keep verifying exactly as
// uncached ones (a wrong message still fails with a cached key), that keys
// failing the strict checks are never cached, and that the cache stays
// bounded.
func TestPublicKeyCache(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	msg := []byte("cached key")
	sig := ed25519.Sign(priv, msg)
	for i := range 3 {
		if err := VerifyEd25519(pub, msg, sig); err != nil {
			t.Fatalf("verify %d: %v", i, err)
		}
		if err := VerifyEd25519(pub, []byte("other"), sig); err == nil {
			t.Fatalf("verify %d of another message passed with a cached key", i)
		}
	}
	smallOrder := make([]byte, 32)
	smallOrder[0] = 1 // the identity point
	for range 2 {
		if err := VerifyEd25519(smallOrder, msg, sig); err == nil {
			t.Fatal("a small-order key verified")
		}
	}
	publicKeys.RLock()
	_, cached := publicKeys.m[[32]byte(smallOrder)]
	publicKeys.RUnlock()
	if cached {
		t.Fatal("a key that failed the strict checks was cached")
	}
	for range maxCachedPublicKeys + 10 {
		p, _, _ := ed25519.GenerateKey(nil)
		if _, err := negatedPublicKey(p); err != nil {
			t.Fatal(err)
		}
	}
	publicKeys.RLock()
	n := len(publicKeys.m)
	publicKeys.RUnlock()
	if n > maxCachedPublicKeys {
		t.Fatalf("cache holds %d keys, bound %d", n, maxCachedPublicKeys)
	}
}
