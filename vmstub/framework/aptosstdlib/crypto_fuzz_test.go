package aptosstdlib

import (
	"testing"
)

// FuzzCryptoBytes gives the byte-level checks of the crypto natives any
// bytes, as Move code can: BLS12-381 keys, signatures (compressed or not,
// off the curve, outside the subgroup, the identity), aggregation and
// verification, and multi-Ed25519 keys. None may panic; what does not
// decode is refused (false), never accepted.
func FuzzCryptoBytes(f *testing.F) {
	f.Add([]byte{0xc0}, []byte{}, []byte("msg"))
	f.Add(make([]byte, 48), make([]byte, 96), []byte{})
	f.Add(append([]byte{0xa0}, make([]byte, 95)...), make([]byte, 192), []byte("x"))
	f.Add(make([]byte, 33*2+1), make([]byte, 64), []byte("m"))
	f.Fuzz(func(t *testing.T, pk, sig, msg []byte) {
		blsPK(pk)
		blsValidatePK(pk)
		blsSigSubgroupCheck(sig)
		blsG2OnCurve(sig)
		if blsVerify(sig, pk, msg) && (!blsValidatePK(pk) || !blsSigSubgroupCheck(sig)) {
			t.Fatalf("a signature %x verified under key %x that does not decode", sig, pk)
		}
		blsVerifyPoP(pk, sig)
		blsAggregatePKs([][]byte{pk, pk})
		blsAggregateSigs([][]byte{sig, sig})
		blsPairingCheck(sig, [][]byte{pk}, [][]byte{msg}, []byte("dst"))
		if n := len(pk) / 32; n > 0 {
			subKeysValid(pk, n)
		}
		multiThreshold(pk)
	})
}
