package aptosstdlib

// 0x1::aptos_hash: sip_hash, sip_hash_from_value, keccak256, sha2_512,
// sha3_512, ripemd160, blake2b_256 and their private *_internal natives.
// sha2_512, sha3_512 and ripemd160 check the sha_512_and_ripemd_160 flag
// and blake2b_256 the blake2b_256 flag of 0x1::features first (both on
// from genesis), aborting with INVALID_STATE(E_NATIVE_FUN_NOT_AVAILABLE)
// when it is off, as on Aptos.

import (
	"crypto/sha512"
	"encoding/binary"
	"math/bits"

	"golang.org/x/crypto/blake2b"
	//lint:ignore SA1019 aptos_hash::ripemd160 is RIPEMD-160 by definition
	"golang.org/x/crypto/ripemd160"
	"golang.org/x/crypto/sha3"

	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ENativeFunNotAvailable is E_NATIVE_FUN_NOT_AVAILABLE of 0x1::aptos_hash.
const ENativeFunNotAvailable = 1

// hashBaseCost is the fixed units of a hash call on top of its bytes: the
// setup and finalization of the digest.
const hashBaseCost = 60

// AptosHash declares 0x1::aptos_hash.
func AptosHash() native.Module {
	b := []string{"vector<u8>"}
	digest := func(name string, vis native.Visibility, sum func([]byte) []byte) native.Function {
		return native.Function{Name: name, Visibility: vis, Params: b, Return: b, Impl: digestWith(sum)}
	}
	gated := func(feature uint64, f native.Function) native.Function {
		f.Impl = movestdlib.Gated(feature, native.Code(native.InvalidState, ENativeFunNotAvailable), f.Impl)
		return f
	}
	keccak := func(in []byte) []byte { h := sha3.NewLegacyKeccak256(); h.Write(in); return h.Sum(nil) }
	sha2 := func(in []byte) []byte { h := sha512.Sum512(in); return h[:] }
	sha3x := func(in []byte) []byte { h := sha3.Sum512(in); return h[:] }
	ripemd := func(in []byte) []byte { h := ripemd160.New(); h.Write(in); return h.Sum(nil) }
	blake := func(in []byte) []byte { h := blake2b.Sum256(in); return h[:] }
	return native.Module{Address: addr, Name: "aptos_hash",
		Functions: []native.Function{
			{Name: "sip_hash", Params: b, Return: []string{"u64"}, Impl: sipHashBytes},
			{Name: "sip_hash_from_value", TypeParams: []native.TypeParam{{}}, Params: []string{"&T0"}, Return: []string{"u64"}, Impl: sipHashFromValue},
			digest("keccak256", native.Public, keccak),
			gated(movestdlib.FeatureSHA512AndRIPEMD160, digest("sha2_512", native.Public, sha2)),
			gated(movestdlib.FeatureSHA512AndRIPEMD160, digest("sha3_512", native.Public, sha3x)),
			gated(movestdlib.FeatureSHA512AndRIPEMD160, digest("ripemd160", native.Public, ripemd)),
			gated(movestdlib.FeatureBlake2b256, digest("blake2b_256", native.Public, blake)),
			digest("sha2_512_internal", native.Private, sha2),
			digest("sha3_512_internal", native.Private, sha3x),
			digest("ripemd160_internal", native.Private, ripemd),
			digest("blake2b_256_internal", native.Private, blake),
		},
		Errors: []native.AbortReason{{Reason: ENativeFunNotAvailable, Name: "E_NATIVE_FUN_NOT_AVAILABLE",
			Description: "A newly-added native function is not yet enabled."}},
	}
}

// digestWith is a hash of a vector<u8>: a fixed cost and the input's bytes
// read, the digest charged as output.
func digestWith(sum func([]byte) []byte) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := chargeHashed(c, args[0].Len()); err != nil {
			return nil, err
		}
		return movestdlib.BytesResult(c, sum(args[0].Bytes()))
	}
}

// chargeHashed charges a hash of n bytes.
func chargeHashed(c *native.Context, n int) error {
	if err := c.Charge(hashBaseCost); err != nil {
		return err
	}
	return native.ChargeRead(c.NativeContext, n)
}

// sipHashBytes is sip_hash(vector<u8>): u64.
func sipHashBytes(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := chargeHashed(c, args[0].Len()); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(SipHash24(0, 0, args[0].Bytes()))}, nil
}

// sipHashFromValue is sip_hash_from_value<T>(&T): the sip_hash of the
// value's BCS.
func sipHashFromValue(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	data, err := native.SerializeCharged(c.NativeContext, v)
	if err != nil {
		return nil, err
	}
	if err := c.Charge(hashBaseCost); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(SipHash24(0, 0, data))}, nil
}

// SipHash24 is SipHash-2-4 (Aumasson and Bernstein) of msg under the
// 128-bit key k0 ‖ k1 (each read little-endian from the key's bytes).
// aptos_hash::sip_hash is SipHash-2-4 under the all-zero key.
func SipHash24(k0, k1 uint64, msg []byte) uint64 {
	v0 := k0 ^ 0x736f6d6570736575
	v1 := k1 ^ 0x646f72616e646f6d
	v2 := k0 ^ 0x6c7967656e657261
	v3 := k1 ^ 0x7465646279746573
	round := func() {
		v0 += v1
		v1 = bits.RotateLeft64(v1, 13)
		v1 ^= v0
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v3
		v3 = bits.RotateLeft64(v3, 16)
		v3 ^= v2
		v0 += v3
		v3 = bits.RotateLeft64(v3, 21)
		v3 ^= v0
		v2 += v1
		v1 = bits.RotateLeft64(v1, 17)
		v1 ^= v2
		v2 = bits.RotateLeft64(v2, 32)
	}
	compress := func(m uint64) {
		v3 ^= m
		round()
		round()
		v0 ^= m
	}
	n := len(msg)
	for len(msg) >= 8 {
		compress(binary.LittleEndian.Uint64(msg))
		msg = msg[8:]
	}
	var last [8]byte
	copy(last[:], msg)
	last[7] = byte(n)
	compress(binary.LittleEndian.Uint64(last[:]))
	v2 ^= 0xff
	for range 4 {
		round()
	}
	return v0 ^ v1 ^ v2 ^ v3
}
