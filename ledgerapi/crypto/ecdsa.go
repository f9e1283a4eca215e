package crypto

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"math/big"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	k1ecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

// ECDSA key and signature sizes in bytes.
const (
	// Secp256k1PublicKeyLength is an uncompressed SEC1 key, 0x04 ‖ x ‖ y.
	Secp256k1PublicKeyLength = 65
	// Secp256k1CompressedPublicKeyLength is a compressed SEC1 key, 0x02/0x03 ‖ x.
	Secp256k1CompressedPublicKeyLength = 33
	// Secp256k1SignatureLength is r ‖ s, 32 bytes each, big-endian.
	Secp256k1SignatureLength = 64
	// Secp256r1PublicKeyLength is an uncompressed SEC1 key, 0x04 ‖ x ‖ y.
	Secp256r1PublicKeyLength = 65
	// Secp256r1CompressedPublicKeyLength is a compressed SEC1 key, 0x02/0x03 ‖ x.
	Secp256r1CompressedPublicKeyLength = 33
	// Secp256r1SignatureLength is r ‖ s, 32 bytes each, big-endian.
	Secp256r1SignatureLength = 64
)

// checkSEC1 checks the length and prefix byte of a SEC1 public key.
func checkSEC1(curve string, pub []byte) error {
	switch {
	case len(pub) == 65 && pub[0] == 0x04:
	case len(pub) == 33 && (pub[0] == 0x02 || pub[0] == 0x03):
	case len(pub) == 65 || len(pub) == 33:
		return invalid("%s: public key has prefix byte 0x%02x, want 0x04 (65 bytes) or 0x02/0x03 (33 bytes)", curve, pub[0])
	default:
		return invalid("%s: public key is %d bytes, want 65 (uncompressed) or 33 (compressed)", curve, len(pub))
	}
	return nil
}

// ---- secp256k1 ----

func parseSecp256k1PublicKey(pub []byte) (*secp256k1.PublicKey, error) {
	if err := checkSEC1("secp256k1", pub); err != nil {
		return nil, err
	}
	k, err := secp256k1.ParsePubKey(pub)
	if err != nil {
		return nil, invalid("secp256k1: public key is not a valid curve point")
	}
	return k, nil
}

// ValidateSecp256k1PublicKey checks that pub is a 65-byte uncompressed or
// 33-byte compressed SEC1 encoding of a point on secp256k1.
func ValidateSecp256k1PublicKey(pub []byte) error {
	_, err := parseSecp256k1PublicKey(pub)
	return err
}

// VerifySecp256k1 verifies a secp256k1 ECDSA signature the way Aptos does:
// the signed digest is sha3_256(msg) (used as is, not hashed again), sig is
// r ‖ s with 0 < r, s < n, and s must be low (s ≤ ⌊n/2⌋); the high-S twin
// (r, n−s) of a valid signature is rejected. pub is 65 bytes uncompressed
// (0x04 ‖ x ‖ y, the form Aptos stores) or 33 bytes compressed.
func VerifySecp256k1(pub, msg, sig []byte) error {
	key, err := parseSecp256k1PublicKey(pub)
	if err != nil {
		return err
	}
	if len(sig) != Secp256k1SignatureLength {
		return invalid("secp256k1: signature is %d bytes, want %d", len(sig), Secp256k1SignatureLength)
	}
	var r, s secp256k1.ModNScalar
	if r.SetByteSlice(sig[:32]) || r.IsZero() {
		return invalid("secp256k1: signature r is zero or not below the group order")
	}
	if s.SetByteSlice(sig[32:]) || s.IsZero() {
		return invalid("secp256k1: signature s is zero or not below the group order")
	}
	if s.IsOverHalfOrder() {
		return invalid("secp256k1: signature s is high (s > n/2); only low-S signatures are accepted")
	}
	digest := SHA3_256(msg)
	if !k1ecdsa.NewSignature(&r, &s).Verify(digest[:], key) {
		return invalid("secp256k1: signature does not verify")
	}
	return nil
}

// ---- secp256r1 (NIST P-256) ----

var (
	p256Order = elliptic.P256().Params().N
	// p256HalfOrder is (n-1)/2, aptos-crypto's secp256r1 ORDER_HALF.
	p256HalfOrder = new(big.Int).Rsh(p256Order, 1)
)

func parseSecp256r1PublicKey(pub []byte) (*ecdsa.PublicKey, error) {
	if err := checkSEC1("secp256r1", pub); err != nil {
		return nil, err
	}
	raw := pub
	if len(pub) == Secp256r1CompressedPublicKeyLength {
		x, y := elliptic.UnmarshalCompressed(elliptic.P256(), pub)
		if x == nil {
			return nil, invalid("secp256r1: public key is not a valid curve point")
		}
		raw = make([]byte, Secp256r1PublicKeyLength)
		raw[0] = 0x04
		x.FillBytes(raw[1:33])
		y.FillBytes(raw[33:])
	}
	k, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return nil, invalid("secp256r1: public key is not a valid curve point")
	}
	return k, nil
}

// ValidateSecp256r1PublicKey checks that pub is a 65-byte uncompressed or
// 33-byte compressed SEC1 encoding of a point on P-256.
func ValidateSecp256r1PublicKey(pub []byte) error {
	_, err := parseSecp256r1PublicKey(pub)
	return err
}

// VerifySecp256r1 verifies a P-256 ECDSA signature over msg the way the Aptos
// node does, with the ECDSA digest SHA2-256(msg).
//
// What the sources say (read for this package):
//   - aptos-core crates/aptos-crypto/src/secp256r1_ecdsa/secp256r1_ecdsa_sigs.rs:
//     verify_arbitrary_msg first runs check_s_malleability (s must be strictly
//     below ORDER_HALF = (n-1)/2, mod.rs) and then calls RustCrypto p256's
//     VerifyingKey::verify(message, sig), which hashes message with SHA-256
//     (secp256r1_ecdsa_keys.rs: "uses ... SHA2-256 as its hashing algorithm").
//   - On chain a P-256 key signs only through AnySignature::WebAuthn
//     (types/src/transaction/webauthn.rs); there is no bare secp256r1
//     AnySignature. The verified message there is authenticator_data ‖
//     SHA-256(client_data_json), and the challenge inside client_data_json
//     must equal sha3_256(signing message). See VerifyWebAuthn.
//   - The TS SDK's Secp256r1PrivateKey.sign / verifySignature
//     (src/core/crypto/secp256r1.ts) instead use sha3_256(message) as the
//     digest (noble p256 with prehash: false) and do not force low S. Such a
//     signature is not what the node checks; VerifySecp256r1Digest with
//     sha3_256(message) verifies it when needed.
//
// pub is 65 bytes uncompressed or 33 bytes compressed; sig is r ‖ s.
func VerifySecp256r1(pub, msg, sig []byte) error {
	digest := sha256.Sum256(msg)
	return VerifySecp256r1Digest(pub, digest[:], sig)
}

// VerifySecp256r1Digest verifies a P-256 ECDSA signature over a 32-byte
// digest the caller computed, with the same key, range and low-S rules as
// VerifySecp256r1 (s < (n-1)/2, as aptos-crypto requires).
func VerifySecp256r1Digest(pub, digest, sig []byte) error {
	key, err := parseSecp256r1PublicKey(pub)
	if err != nil {
		return err
	}
	if len(digest) != 32 {
		return invalid("secp256r1: digest is %d bytes, want 32", len(digest))
	}
	if len(sig) != Secp256r1SignatureLength {
		return invalid("secp256r1: signature is %d bytes, want %d", len(sig), Secp256r1SignatureLength)
	}
	r := new(big.Int).SetBytes(sig[:32])
	s := new(big.Int).SetBytes(sig[32:])
	if r.Sign() == 0 || r.Cmp(p256Order) >= 0 {
		return invalid("secp256r1: signature r is zero or not below the group order")
	}
	if s.Sign() == 0 || s.Cmp(p256Order) >= 0 {
		return invalid("secp256r1: signature s is zero or not below the group order")
	}
	if s.Cmp(p256HalfOrder) >= 0 {
		return invalid("secp256r1: signature s is high (s >= (n-1)/2); only low-S signatures are accepted")
	}
	if !ecdsa.Verify(key, digest, r, s) {
		return invalid("secp256r1: signature does not verify")
	}
	return nil
}
