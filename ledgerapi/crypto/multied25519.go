package crypto

import (
	"fmt"
	"math/bits"

	"filippo.io/edwards25519"
)

// MultiEd25519 limits and sizes.
const (
	// MaxMultiEd25519Keys is the most keys a MultiEd25519 public key holds.
	MaxMultiEd25519Keys = 32
	// BitmapLength is the size of a MultiEd25519 or MultiKey signer bitmap.
	BitmapLength = 4
)

// MultiEd25519PublicKey is a k-of-n Ed25519 key. Its byte form (and the input
// of its authentication key, scheme 1) is k1 ‖ … ‖ kn ‖ threshold.
type MultiEd25519PublicKey struct {
	// Keys are the n 32-byte Ed25519 public keys, in signer-index order.
	Keys [][]byte
	// Threshold is the number of signatures required, 1 ≤ Threshold ≤ n.
	Threshold uint8
}

// ParseMultiEd25519PublicKey parses k1 ‖ … ‖ kn ‖ threshold. It requires
// 1 ≤ n ≤ 32 (the chain accepts a single key, although the SDKs make at least
// two), 1 ≤ threshold ≤ n, and every key to decode as a curve point, as the
// node's deserializer does. Small-order keys are accepted here and rejected
// when a signature by them is checked. The returned keys alias body.
func ParseMultiEd25519PublicKey(body []byte) (MultiEd25519PublicKey, error) {
	if len(body) == 0 || (len(body)-1)%Ed25519PublicKeyLength != 0 {
		return MultiEd25519PublicKey{}, invalid("multi_ed25519: public key is %d bytes, want 32·n+1", len(body))
	}
	n := (len(body) - 1) / Ed25519PublicKeyLength
	if n < 1 || n > MaxMultiEd25519Keys {
		return MultiEd25519PublicKey{}, invalid("multi_ed25519: public key has %d keys, want 1 to %d", n, MaxMultiEd25519Keys)
	}
	k := MultiEd25519PublicKey{Keys: make([][]byte, n), Threshold: body[len(body)-1]}
	if k.Threshold == 0 || int(k.Threshold) > n {
		return MultiEd25519PublicKey{}, invalid("multi_ed25519: threshold %d is not between 1 and the %d keys", k.Threshold, n)
	}
	for i := range n {
		key := body[i*Ed25519PublicKeyLength : (i+1)*Ed25519PublicKeyLength : (i+1)*Ed25519PublicKeyLength]
		if _, err := new(edwards25519.Point).SetBytes(key); err != nil {
			return MultiEd25519PublicKey{}, invalid("multi_ed25519: key %d is not a valid curve point", i)
		}
		k.Keys[i] = key
	}
	return k, nil
}

// Bytes returns k1 ‖ … ‖ kn ‖ threshold.
func (k MultiEd25519PublicKey) Bytes() []byte {
	out := make([]byte, 0, len(k.Keys)*Ed25519PublicKeyLength+1)
	for _, key := range k.Keys {
		out = append(out, key...)
	}
	return append(out, k.Threshold)
}

// VerifyMultiEd25519 verifies a MultiEd25519 signature over msg. pubBody is
// k1 ‖ … ‖ kn ‖ threshold; sigBody is the 64-byte signatures in ascending key
// index followed by a 4-byte bitmap whose set bits (MSB-first) name the
// signing keys. The bitmap must mark exactly as many keys as there are
// signatures, at least threshold of them, and only keys that exist; each
// signature is then checked with VerifyEd25519 against its key.
func VerifyMultiEd25519(pubBody, msg, sigBody []byte) error {
	key, err := ParseMultiEd25519PublicKey(pubBody)
	if err != nil {
		return err
	}
	if len(sigBody) < BitmapLength || (len(sigBody)-BitmapLength)%Ed25519SignatureLength != 0 {
		return invalid("multi_ed25519: signature is %d bytes, want 64·m+4", len(sigBody))
	}
	m := (len(sigBody) - BitmapLength) / Ed25519SignatureLength
	if m > MaxMultiEd25519Keys {
		return invalid("multi_ed25519: %d signatures, at most %d allowed", m, MaxMultiEd25519Keys)
	}
	var bitmap [BitmapLength]byte
	copy(bitmap[:], sigBody[len(sigBody)-BitmapLength:])
	idx := BitmapIndices(bitmap)
	if len(idx) != m {
		return invalid("multi_ed25519: bitmap marks %d keys but %d signatures are given", len(idx), m)
	}
	if m < int(key.Threshold) {
		return invalid("multi_ed25519: %d signatures, threshold is %d", m, key.Threshold)
	}
	if m > 0 && idx[m-1] >= len(key.Keys) {
		return invalid("multi_ed25519: bitmap marks key %d but there are only %d keys", idx[m-1], len(key.Keys))
	}
	for i, k := range idx {
		sig := sigBody[i*Ed25519SignatureLength : (i+1)*Ed25519SignatureLength]
		if err := VerifyEd25519(key.Keys[k], msg, sig); err != nil {
			return fmt.Errorf("multi_ed25519 signature %d (key %d): %w", i, k, err)
		}
	}
	return nil
}

// BitmapIndices returns, in ascending order, the indices whose bits are set
// in bitmap, where bit i is counted from the most significant bit of byte 0
// (so a0 00 00 01 gives 0, 2 and 31).
func BitmapIndices(bitmap [4]byte) []int {
	w := uint32(bitmap[0])<<24 | uint32(bitmap[1])<<16 | uint32(bitmap[2])<<8 | uint32(bitmap[3])
	out := make([]int, 0, bits.OnesCount32(w))
	for w != 0 {
		i := bits.LeadingZeros32(w)
		out = append(out, i)
		w &^= 1 << (31 - i)
	}
	return out
}

// BitmapFrom returns the bitmap with the bits for indices set (MSB-first, as
// in BitmapIndices). Indices outside 0..31 are ignored; callers validate them.
func BitmapFrom(indices []int) [4]byte {
	var b [4]byte
	for _, i := range indices {
		if i >= 0 && i < 32 {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return b
}
