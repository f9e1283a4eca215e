package crypto

import (
	"crypto/sha512"
	"errors"
	"fmt"
	"sync"

	"filippo.io/edwards25519"
)

// Errors wrapped by every verification failure.
var (
	// ErrInvalidSignature marks malformed keys or signatures and signatures
	// that do not verify.
	ErrInvalidSignature = errors.New("invalid signature")
	// ErrUnsupported marks well-formed input of a kind this package cannot
	// verify.
	ErrUnsupported = errors.New("unsupported signature scheme")
)

// Key and signature sizes in bytes.
const (
	// Ed25519PublicKeyLength is the size of an Ed25519 public key.
	Ed25519PublicKeyLength = 32
	// Ed25519SignatureLength is the size of an Ed25519 signature (R ‖ S).
	Ed25519SignatureLength = 64
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalidSignature}, args...)...)
}

// decodeStrictPoint decodes a 32-byte Edwards point and rejects encodings that
// do not decode, are not canonical (y ≥ p, or x = 0 with the sign bit set),
// or name a point of small order (one whose order divides the cofactor 8).
// what names the point in error messages.
func decodeStrictPoint(b []byte, what string) (*edwards25519.Point, error) {
	p, err := new(edwards25519.Point).SetBytes(b)
	if err != nil {
		return nil, invalid("ed25519: %s is not a valid curve point", what)
	}
	if !isCanonicalEncoding(b) {
		return nil, invalid("ed25519: %s is not canonically encoded", what)
	}
	if isSmallOrder(p) {
		return nil, invalid("ed25519: %s has small order", what)
	}
	return p, nil
}

// publicKeys caches −A for public keys that passed the strict checks, so a
// key that signs many transactions is decompressed and checked once. The
// cached points are never modified. The cache is bounded: it starts over
// when full.
var publicKeys = struct {
	sync.RWMutex
	m map[[32]byte]*edwards25519.Point
}{m: make(map[[32]byte]*edwards25519.Point)}

const maxCachedPublicKeys = 8192

// negatedPublicKey decodes pub strictly (see decodeStrictPoint) and returns −A.
func negatedPublicKey(pub []byte) (*edwards25519.Point, error) {
	key := [32]byte(pub)
	publicKeys.RLock()
	p, ok := publicKeys.m[key]
	publicKeys.RUnlock()
	if ok {
		return p, nil
	}
	A, err := decodeStrictPoint(pub, "public key")
	if err != nil {
		return nil, err
	}
	p = new(edwards25519.Point).Negate(A)
	publicKeys.Lock()
	if len(publicKeys.m) >= maxCachedPublicKeys {
		clear(publicKeys.m)
	}
	publicKeys.m[key] = p
	publicKeys.Unlock()
	return p, nil
}

// isCanonicalEncoding reports whether the 32-byte encoding b of a valid point
// is the one RFC 8032 produces: y (the low 255 bits) below p = 2^255 - 19,
// and the sign bit clear when x = 0, which happens only for y = 1 and
// y = p - 1. It is the same test as re-encoding the point and comparing, but
// needs no field inversion.
func isCanonicalEncoding(b []byte) bool {
	allMiddle := func(v byte) bool {
		for _, c := range b[1:31] {
			if c != v {
				return false
			}
		}
		return true
	}
	top := b[31] & 0x7f
	if top == 0x7f && b[0] >= 0xed && allMiddle(0xff) {
		return false // y >= p
	}
	if b[31]&0x80 != 0 {
		if top == 0 && b[0] == 0x01 && allMiddle(0) {
			return false // y = 1, x = -0
		}
		if top == 0x7f && b[0] == 0xec && allMiddle(0xff) {
			return false // y = p - 1, x = -0
		}
	}
	return true
}

// isSmallOrder reports whether [8]p is the identity.
func isSmallOrder(p *edwards25519.Point) bool {
	var q edwards25519.Point
	q.MultByCofactor(p)
	return q.Equal(edwards25519.NewIdentityPoint()) == 1
}

// ValidateEd25519PublicKey checks that pub is 32 bytes that canonically encode
// a curve point of large order, the conditions VerifyEd25519 puts on a key.
func ValidateEd25519PublicKey(pub []byte) error {
	if len(pub) != Ed25519PublicKeyLength {
		return invalid("ed25519: public key is %d bytes, want %d", len(pub), Ed25519PublicKeyLength)
	}
	_, err := decodeStrictPoint(pub, "public key")
	return err
}

// VerifyEd25519 verifies an Ed25519 signature over msg (signed as is, not
// hashed first) the way the Aptos node does: ed25519-dalek's verify_strict
// plus a check that S is canonical. It rejects, in this order:
//   - a public key that is not 32 bytes or a signature that is not 64 bytes;
//   - S ≥ L (a malleated signature);
//   - a public key A or an R that does not decode, is not canonically
//     encoded, or has small order;
//   - a signature for which R ≠ [S]B − [k]A, k = SHA-512(R ‖ A ‖ msg)
//     (the cofactorless equation, compared as points, as dalek does).
func VerifyEd25519(pub, msg, sig []byte) error {
	if len(pub) != Ed25519PublicKeyLength {
		return invalid("ed25519: public key is %d bytes, want %d", len(pub), Ed25519PublicKeyLength)
	}
	if len(sig) != Ed25519SignatureLength {
		return invalid("ed25519: signature is %d bytes, want %d", len(sig), Ed25519SignatureLength)
	}
	S, err := edwards25519.NewScalar().SetCanonicalBytes(sig[32:])
	if err != nil {
		return invalid("ed25519: signature S is not canonical (S >= L)")
	}
	minusA, err := negatedPublicKey(pub)
	if err != nil {
		return err
	}
	R, err := decodeStrictPoint(sig[:32], "signature R")
	if err != nil {
		return err
	}
	// The cofactorless equation of dalek's verify_strict: R == [S]B - [k]A.
	h := sha512.New()
	h.Write(sig[:32])
	h.Write(pub)
	h.Write(msg)
	var digest [64]byte
	// SetUniformBytes fails only for input that is not 64 bytes.
	k, _ := edwards25519.NewScalar().SetUniformBytes(h.Sum(digest[:0]))
	check := new(edwards25519.Point).VarTimeDoubleScalarBaseMult(k, minusA, S)
	if check.Equal(R) != 1 {
		return invalid("ed25519: signature does not verify")
	}
	return nil
}
