package aptosstdlib

// 0x1::secp256k1: the whole module — ECDSARawPublicKey, ECDSASignature,
// their constructors and accessors, ecdsa_recover and its native
// ecdsa_recover_internal, on decred's secp256k1 (the public key recovery
// of SEC 1, 4.1.6, with a 2-bit recovery id).

import (
	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::secp256k1.
const (
	EDeserialize   = 1 // E_DESERIALIZE
	EBadRecoveryID = 2 // E_BAD_RECOVERY_ID
)

// Sizes of secp256k1's raw public keys, signatures and messages.
const (
	secpRawKeyLen  = 64
	secpSigLen     = 64
	secpMessageLen = 32
)

// secpKeyType is 0x1::secp256k1::ECDSARawPublicKey.
var secpKeyType = ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "secp256k1", Name: "ECDSARawPublicKey"})

// Secp256k1 declares 0x1::secp256k1.
func Secp256k1() native.Module {
	const pk, sig, b = "0x1::secp256k1::ECDSARawPublicKey", "0x1::secp256k1::ECDSASignature", "vector<u8>"
	bytesStruct := func(name string) native.Struct {
		return native.Struct{Name: name, Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, Fields: []string{"bytes: vector<u8>"}}
	}
	sized := func(n int) func(int) bool { return func(m int) bool { return m == n } }
	return native.Module{Address: addr, Name: "secp256k1",
		Structs: []native.Struct{bytesStruct("ECDSARawPublicKey"), bytesStruct("ECDSASignature")},
		Functions: []native.Function{
			{Name: "ecdsa_signature_from_bytes", Params: []string{b}, Return: []string{sig},
				Impl: keyFromBytes("secp256k1", "ECDSASignature", sized(secpSigLen), EDeserialize)},
			{Name: "ecdsa_raw_public_key_from_64_bytes", Params: []string{b}, Return: []string{pk},
				Impl: keyFromBytes("secp256k1", "ECDSARawPublicKey", sized(secpRawKeyLen), EDeserialize)},
			{Name: "ecdsa_raw_public_key_to_bytes", Params: []string{"&" + pk}, Return: []string{b}, Impl: keyToBytes},
			{Name: "ecdsa_signature_to_bytes", Params: []string{"&" + sig}, Return: []string{b}, Impl: keyToBytes},
			{Name: "ecdsa_recover", Params: []string{b, "u8", "&" + sig}, Return: []string{"0x1::option::Option<" + pk + ">"}, Impl: ecdsaRecover},
			{Name: "ecdsa_recover_internal", Visibility: native.Private, Params: []string{b, "u8", b}, Return: []string{b, "bool"}, Impl: ecdsaRecoverInternal},
		},
		Errors: []native.AbortReason{
			{Reason: EDeserialize, Name: "E_DESERIALIZE", Description: "An error occurred while deserializing, for example due to wrong input size."},
			{Reason: EBadRecoveryID, Name: "E_BAD_RECOVERY_ID", Description: "Recovery ID needs to be either 0, 1, 2 or 3."},
		}}
}

// recoverKey recovers the raw public key of sig over the 32-byte msg
// under recovery id rid: nil when recovery fails, an abort with
// E_DESERIALIZE when msg, sig or rid do not parse (a message not of 32
// bytes, r or s not below the group order, an id above 3).
func recoverKey(c *native.Context, msg []byte, rid uint8, sig []byte) ([]byte, error) {
	if err := c.Charge(secp256k1RecoverCost); err != nil {
		return nil, err
	}
	if len(msg) != secpMessageLen || len(sig) != secpSigLen || rid > 3 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EDeserialize))
	}
	var r, s secp256k1.ModNScalar
	if r.SetByteSlice(sig[:32]) || s.SetByteSlice(sig[32:]) {
		return nil, c.Abort(native.Code(native.InvalidArgument, EDeserialize))
	}
	compact := append([]byte{27 + rid}, sig...)
	key, _, err := ecdsa.RecoverCompact(compact, msg)
	if err != nil {
		return nil, nil
	}
	return key.SerializeUncompressed()[1:], nil
}

// ecdsaRecover is ecdsa_recover(message, recovery_id, &ECDSASignature):
// Some(the recovered key) or None; E_BAD_RECOVERY_ID for an id above 3.
func ecdsaRecover(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	rid := uint8(args[1].AsU64())
	if rid > 3 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EBadRecoveryID))
	}
	key, err := recoverKey(c, args[0].Bytes(), rid, keyBytesOf(args[2]))
	if err != nil {
		return nil, err
	}
	if key == nil {
		t, err := c.TypeOf(secpKeyType)
		if err != nil {
			return nil, err
		}
		v, err := movestdlib.None(c, t)
		return []movevm.Value{v}, err
	}
	k, err := keyBytesStruct(c, "secp256k1", "ECDSARawPublicKey", key)
	if err != nil {
		return nil, err
	}
	v, err := movestdlib.Some(c, k)
	return []movevm.Value{v}, err
}

// ecdsaRecoverInternal is ecdsa_recover_internal: (key, true) or
// (empty, false).
func ecdsaRecoverInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, err := recoverKey(c, args[0].Bytes(), uint8(args[1].AsU64()), args[2].Bytes())
	if err != nil {
		return nil, err
	}
	out, err := movestdlib.BytesResult(c, key)
	if err != nil {
		return nil, err
	}
	return append(out, movevm.Bool(key != nil)), nil
}
