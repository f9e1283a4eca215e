package aptosstdlib

// 0x1::bls12381's group operations on bytes, with cloudflare/circl's
// BLS12-381: the minimal-pubkey-size variant of BLS signatures as on Aptos
// (public keys in G1, 48 bytes compressed; signatures and proofs of
// possession in G2, 96 bytes compressed), hash-to-curve of RFC 9380
// (BLS12381G2_XMD:SHA-256_SSWU_RO_) under the proof-of-possession
// ciphersuite's two tags, blsSigDST and blsPopDST.
//
// Encodings are the Zcash ones: compressed or uncompressed points, told
// apart by the top bit, as Aptos's deserializer accepts them. circl
// decodes a point only if it is in the prime-order subgroup; every
// operation of the module that can be reached from Move checks the
// subgroup anyway (public keys through public_key_from_bytes or a proof
// of possession, signatures when verified) except aggregate_signatures,
// which on Aptos adds points of the curve outside the subgroup too. That
// one case is told apart here (blsG2OnCurve) so that the native aborts
// instead of answering differently (EBLS_UNSUPPORTED, bls12381.go).

import (
	bls "github.com/cloudflare/circl/ecc/bls12381"
	"github.com/cloudflare/circl/ecc/bls12381/ff"
)

// The domain separation tags of the proof-of-possession ciphersuite, as
// on Aptos: one for signatures (normal, shares, multi- and aggregate
// signatures), one for proofs of possession (a signature on the public
// key's 48 compressed bytes).
var (
	blsSigDST = []byte("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_")
	blsPopDST = []byte("BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_")
)

// blsPK decodes a public key in the prime-order subgroup of G1, the
// identity included.
func blsPK(b []byte) (*bls.G1, bool) {
	var p bls.G1
	return &p, p.SetBytes(b) == nil
}

// blsSig decodes a signature in the prime-order subgroup of G2, the
// identity included.
func blsSig(b []byte) (*bls.G2, bool) {
	var p bls.G2
	return &p, p.SetBytes(b) == nil
}

// blsValidatePK is validate_pubkey_internal: a point of the prime-order
// subgroup that is not the identity.
func blsValidatePK(b []byte) bool {
	p, ok := blsPK(b)
	return ok && !p.IsIdentity()
}

// blsSigSubgroupCheck is signature_subgroup_check_internal: a point of
// the prime-order subgroup of G2 that is not the identity.
func blsSigSubgroupCheck(b []byte) bool {
	p, ok := blsSig(b)
	return ok && !p.IsIdentity()
}

// blsAggregatePKs is aggregate_pubkeys_internal: the sum of the keys,
// compressed; false when there are none or one does not decode.
func blsAggregatePKs(keys [][]byte) ([]byte, bool) {
	if len(keys) == 0 {
		return nil, false
	}
	var sum bls.G1
	sum.SetIdentity()
	for _, k := range keys {
		p, ok := blsPK(k)
		if !ok {
			return nil, false
		}
		sum.Add(&sum, p)
	}
	return sum.BytesCompressed(), true
}

// blsAggOutcome is the outcome of aggregate_signatures_internal.
type blsAggOutcome int

const (
	blsAggOK          blsAggOutcome = iota
	blsAggNone                      // no signatures, or one is not a point of the curve
	blsAggUnsupported               // a point of the curve outside the subgroup
)

// blsAggregateSigs is aggregate_signatures_internal: the sum of the
// signatures, compressed.
func blsAggregateSigs(sigs [][]byte) ([]byte, blsAggOutcome) {
	if len(sigs) == 0 {
		return nil, blsAggNone
	}
	var sum bls.G2
	sum.SetIdentity()
	for _, s := range sigs {
		p, ok := blsSig(s)
		if !ok {
			if blsG2OnCurve(s) {
				return nil, blsAggUnsupported
			}
			return nil, blsAggNone
		}
		sum.Add(&sum, p)
	}
	return sum.BytesCompressed(), blsAggOK
}

// blsG2OnCurve reports whether b encodes a point of the curve
// y² = x³ + 4(1+u) over Fp2 that is not the identity: compressed, when
// x³ + b is a square; uncompressed, when (x, y) satisfies the equation.
// Only the well-formed encodings that circl refused for the subgroup pass.
func blsG2OnCurve(b []byte) bool {
	if len(b) == 0 || b[0]&0x40 != 0 || b[0]&0xE0 == 0x20 {
		return false
	}
	compressed := b[0]&0x80 != 0
	if (compressed && len(b) != bls.G2SizeCompressed) || (!compressed && len(b) != bls.G2Size) {
		return false
	}
	xb := append([]byte(nil), b[:ff.Fp2Size]...)
	xb[0] &= 0x1F
	var x, rhs, t, b4 ff.Fp2
	if x.UnmarshalBinary(xb) != nil {
		return false
	}
	b4[0].SetUint64(4)
	b4[1].SetUint64(4)
	t.Sqr(&x)
	rhs.Mul(&t, &x)
	rhs.Add(&rhs, &b4)
	if compressed {
		var y ff.Fp2
		return y.Sqrt(&rhs) == 1
	}
	var y, y2 ff.Fp2
	if y.UnmarshalBinary(b[ff.Fp2Size:]) != nil {
		return false
	}
	y2.Sqr(&y)
	return y2.IsEqual(&rhs) == 1
}

// blsPairingCheck reports whether e(g1, sig) = Π e(pks[i], H(msgs[i])),
// every key and sig a non-identity point of the subgroup (Aptos documents
// an identity aggregate signature as refused); false when there are no
// keys.
func blsPairingCheck(sig []byte, pks [][]byte, msgs [][]byte, dst []byte) bool {
	if len(pks) == 0 || len(pks) != len(msgs) {
		return false
	}
	s, ok := blsSig(sig)
	if !ok || s.IsIdentity() {
		return false
	}
	P := make([]*bls.G1, 0, len(pks)+1)
	Q := make([]*bls.G2, 0, len(pks)+1)
	signs := make([]int, 0, len(pks)+1)
	for i, k := range pks {
		p, ok := blsPK(k)
		if !ok || p.IsIdentity() {
			return false
		}
		var h bls.G2
		h.Hash(msgs[i], dst)
		P, Q, signs = append(P, p), append(Q, &h), append(signs, 1)
	}
	P, Q, signs = append(P, bls.G1Generator()), append(Q, s), append(signs, -1)
	return bls.ProdPairFrac(P, Q, signs).IsIdentity()
}

// blsVerify verifies a signature on msg under one key (normal signatures,
// shares, multisignatures under an aggregate key).
func blsVerify(sig, pk, msg []byte) bool {
	return blsPairingCheck(sig, [][]byte{pk}, [][]byte{msg}, blsSigDST)
}

// blsVerifyPoP is verify_proof_of_possession_internal: the key validates
// and pop is its signature on its own compressed bytes under blsPopDST.
func blsVerifyPoP(pk, pop []byte) bool {
	p, ok := blsPK(pk)
	if !ok || p.IsIdentity() {
		return false
	}
	return blsPairingCheck(pop, [][]byte{pk}, [][]byte{p.BytesCompressed()}, blsPopDST)
}
