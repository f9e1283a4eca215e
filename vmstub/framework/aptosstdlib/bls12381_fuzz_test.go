package aptosstdlib

import (
	"testing"
)

// FuzzBLS12381Bytes gives bls12381's byte-level checks any bytes, as Move
// code can: keys, signatures (compressed or not, off the curve, outside the
// subgroup, the identity), aggregation and verification. None may panic;
// nothing verifies under a key or signature that does not decode.
func FuzzBLS12381Bytes(f *testing.F) {
	f.Add([]byte{0xc0}, []byte{}, []byte("msg"))
	f.Add(make([]byte, 48), make([]byte, 96), []byte{})
	f.Add(append([]byte{0xa0}, make([]byte, 95)...), make([]byte, 192), []byte("x"))
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
	})
}
