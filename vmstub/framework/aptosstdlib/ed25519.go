package aptosstdlib

// 0x1::ed25519: the whole module — SignedMessage, UnvalidatedPublicKey,
// ValidatedPublicKey, Signature, their constructors and accessors, strict
// verification of bytes and of BCS values (signature_verify_strict_t),
// authentication keys, and the natives public_key_validate_internal and
// signature_verify_strict_internal on ledgerapi/crypto's strict Ed25519.
// The declaration is shared with 0x1::multi_ed25519 (multi_ed25519.go),
// which has the same interface.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::ed25519 and 0x1::multi_ed25519.
const (
	EWrongPubkeySize    = 1 // E_WRONG_PUBKEY_SIZE
	EWrongSignatureSize = 2 // E_WRONG_SIGNATURE_SIZE
)

// Gas of the signature natives, in interpreter units of about 7 ns of
// CPU (native/charge.go): a point decompression with its small-order check
// (about 7 µs), a strict Ed25519 verification (about 110 µs) and a
// secp256k1 public key recovery (about 500 µs), as measured on the
// reference machine with the primitives used here. Aptos's schedule
// weighs them in the same order (validation < verification < recovery).
// The bytes hashed are charged on top as bytes read.
const (
	ed25519ValidateCost  = 1000
	ed25519VerifyCost    = 16000
	secp256k1RecoverCost = 70000
)

// edModule is what differs between ed25519 and multi_ed25519.
type edModule struct {
	name   string
	scheme crypto.Scheme
	// pkSizeOK and sigSizeOK are the size checks of the constructors
	// (E_WRONG_PUBKEY_SIZE, E_WRONG_SIGNATURE_SIZE).
	pkSizeOK, sigSizeOK func(n int) bool
	// validate is new_validated_public_key_from_bytes's test, charged.
	validate func(c *native.Context, pk []byte) (bool, error)
	// verify is signature_verify_strict_internal, charged.
	verify func(c *native.Context, sig, pk, msg []byte) (bool, error)
	// signedMessage declares new_signed_message (ed25519 only).
	signedMessage bool
}

// Ed25519 declares 0x1::ed25519.
func Ed25519() native.Module {
	return edDeclare(edModule{name: "ed25519", scheme: crypto.SchemeEd25519,
		pkSizeOK:  func(n int) bool { return n == crypto.Ed25519PublicKeyLength },
		sigSizeOK: func(n int) bool { return n == crypto.Ed25519SignatureLength },
		validate: func(c *native.Context, pk []byte) (bool, error) {
			if len(pk) != crypto.Ed25519PublicKeyLength {
				return false, nil
			}
			return crypto.ValidateEd25519PublicKey(pk) == nil, c.Charge(ed25519ValidateCost)
		},
		verify: func(c *native.Context, sig, pk, msg []byte) (bool, error) {
			if len(sig) != crypto.Ed25519SignatureLength || len(pk) != crypto.Ed25519PublicKeyLength {
				return false, nil
			}
			if err := ChargeVerify(c, 1, 1, len(msg)); err != nil {
				return false, err
			}
			return crypto.VerifyEd25519(pk, msg, sig) == nil, nil
		},
		signedMessage: true,
	})
}

// ChargeVerify charges the verification of sigs signatures under keys
// public keys over a message of n bytes.
func ChargeVerify(c *native.Context, keys, sigs, n int) error {
	if err := c.Charge(uint64(keys*ed25519ValidateCost + sigs*ed25519VerifyCost)); err != nil {
		return err
	}
	return native.ChargeRead(c.NativeContext, sigs*n)
}

// edDeclare declares ed25519 or multi_ed25519.
func edDeclare(m edModule) native.Module {
	q := "0x1::" + m.name + "::"
	unv, val, sig := q+"UnvalidatedPublicKey", q+"ValidatedPublicKey", q+"Signature"
	b := "vector<u8>"
	drop := []native.TypeParam{{Constraints: []string{native.AbilityDrop}}}
	bytesStruct := func(name string) native.Struct {
		return native.Struct{Name: name, Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, Fields: []string{"bytes: vector<u8>"}}
	}
	fns := []native.Function{
		{Name: "new_unvalidated_public_key_from_bytes", Params: []string{b}, Return: []string{unv},
			Impl: keyFromBytes(m.name, "UnvalidatedPublicKey", m.pkSizeOK, EWrongPubkeySize)},
		{Name: "new_validated_public_key_from_bytes", Params: []string{b}, Return: []string{"0x1::option::Option<" + val + ">"},
			Impl: m.validated},
		{Name: "new_signature_from_bytes", Params: []string{b}, Return: []string{sig},
			Impl: keyFromBytes(m.name, "Signature", m.sigSizeOK, EWrongSignatureSize)},
		{Name: "public_key_to_unvalidated", Params: []string{"&" + val}, Return: []string{unv}, Impl: rewrap(m.name, "UnvalidatedPublicKey")},
		{Name: "public_key_into_unvalidated", Params: []string{val}, Return: []string{unv}, Impl: rewrap(m.name, "UnvalidatedPublicKey")},
		{Name: "unvalidated_public_key_to_bytes", Params: []string{"&" + unv}, Return: []string{b}, Impl: keyToBytes},
		{Name: "validated_public_key_to_bytes", Params: []string{"&" + val}, Return: []string{b}, Impl: keyToBytes},
		{Name: "signature_to_bytes", Params: []string{"&" + sig}, Return: []string{b}, Impl: keyToBytes},
		{Name: "public_key_validate", Params: []string{"&" + unv}, Return: []string{"0x1::option::Option<" + val + ">"}, Impl: m.validated},
		{Name: "signature_verify_strict", Params: []string{"&" + sig, "&" + unv, b}, Return: []string{"bool"}, Impl: m.verifyBytes},
		{Name: "signature_verify_strict_t", TypeParams: drop, Params: []string{"&" + sig, "&" + unv, "T0"}, Return: []string{"bool"}, Impl: m.verifyValue},
	}
	if m.signedMessage {
		fns = append(fns, native.Function{Name: "new_signed_message", TypeParams: drop, Params: []string{"T0"},
			Return: []string{q + "SignedMessage<T0>"}, Impl: newSignedMessage})
	}
	fns = append(fns,
		native.Function{Name: "unvalidated_public_key_to_authentication_key", Params: []string{"&" + unv}, Return: []string{b}, Impl: m.authKey},
		native.Function{Name: "validated_public_key_to_authentication_key", Params: []string{"&" + val}, Return: []string{b}, Impl: m.authKey},
		native.Function{Name: "public_key_bytes_to_authentication_key", Visibility: native.Private, Params: []string{b}, Return: []string{b}, Impl: m.authKey},
		native.Function{Name: "public_key_validate_internal", Visibility: native.Private, Params: []string{b}, Return: []string{"bool"}, Impl: m.validateInternal},
		native.Function{Name: "signature_verify_strict_internal", Visibility: native.Private, Params: []string{b, b, b}, Return: []string{"bool"}, Impl: m.verifyBytes},
	)
	var structs []native.Struct
	if m.signedMessage {
		structs = append(structs, native.Struct{Name: "SignedMessage", Abilities: []string{native.AbilityDrop},
			TypeParams: []native.TypeParam{{}}, Fields: []string{"type_info: 0x1::type_info::TypeInfo", "inner: T0"}})
	}
	structs = append(structs, bytesStruct("UnvalidatedPublicKey"), bytesStruct("ValidatedPublicKey"), bytesStruct("Signature"))
	return native.Module{Address: addr, Name: m.name, Structs: structs, Functions: fns,
		Errors: []native.AbortReason{
			{Reason: EWrongPubkeySize, Name: "E_WRONG_PUBKEY_SIZE", Description: "Wrong number of bytes were given as input when deserializing an Ed25519 public key."},
			{Reason: EWrongSignatureSize, Name: "E_WRONG_SIGNATURE_SIZE", Description: "Wrong number of bytes were given as input when deserializing an Ed25519 signature."},
		}}
}

// keyBytesOf returns the bytes of a key or signature struct, given as a
// value or a reference, or of a vector<u8>.
func keyBytesOf(v movevm.Value) []byte {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	if v.Type().Kind == movevm.KindStruct {
		v = v.Elem(0)
	}
	return v.Bytes()
}

// keyBytesStruct builds module::name { bytes: b }.
func keyBytesStruct(c *native.Context, module, name string, b []byte) (movevm.Value, error) {
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: module, Name: name}))
	if err != nil {
		return movevm.Value{}, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return movevm.Value{}, err
	}
	v, err := c.Bytes(b)
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Struct(t, v)
}

// keyFromBytes is a constructor that checks the size of its bytes.
func keyFromBytes(module, name string, sizeOK func(int) bool, reason uint64) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		b := keyBytesOf(args[0])
		if !sizeOK(len(b)) {
			return nil, c.Abort(native.Code(native.InvalidArgument, reason))
		}
		v, err := keyBytesStruct(c, module, name, b)
		return []movevm.Value{v}, err
	}
}

// rewrap returns the bytes of its argument as module::name.
func rewrap(module, name string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, err := keyBytesStruct(c, module, name, keyBytesOf(args[0]))
		return []movevm.Value{v}, err
	}
}

// keyToBytes returns a copy of the bytes of a key or signature.
func keyToBytes(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return movestdlib.BytesResult(c, keyBytesOf(args[0]))
}

// validated is new_validated_public_key_from_bytes and
// public_key_validate: Some(ValidatedPublicKey) when the key validates.
func (m edModule) validated(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	pk := keyBytesOf(args[0])
	ok, err := m.validate(c, pk)
	if err != nil {
		return nil, err
	}
	if !ok {
		t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: m.name, Name: "ValidatedPublicKey"}))
		if err != nil {
			return nil, err
		}
		v, err := movestdlib.None(c, t)
		return []movevm.Value{v}, err
	}
	k, err := keyBytesStruct(c, m.name, "ValidatedPublicKey", pk)
	if err != nil {
		return nil, err
	}
	v, err := movestdlib.Some(c, k)
	return []movevm.Value{v}, err
}

// validateInternal is public_key_validate_internal(vector<u8>): bool.
func (m edModule) validateInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := m.validate(c, args[0].Bytes())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// verifyBytes is signature_verify_strict(&Signature, &UnvalidatedPublicKey,
// vector<u8>) and signature_verify_strict_internal on bytes.
func (m edModule) verifyBytes(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := m.verify(c, keyBytesOf(args[0]), keyBytesOf(args[1]), args[2].Bytes())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// verifyValue is signature_verify_strict_t<T>: the signed message is the
// BCS of ed25519::SignedMessage<T> { type_of<T>(), data }.
func (m edModule) verifyValue(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	msg, err := SignedMessageBCS(c, targs[0], args[2])
	if err != nil {
		return nil, err
	}
	ok, err := m.verify(c, keyBytesOf(args[0]), keyBytesOf(args[1]), msg)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// SignedMessageBCS is the BCS of SignedMessage<T> { type_info, inner: v }.
func SignedMessageBCS(c *native.Context, t *movevm.Type, v movevm.Value) ([]byte, error) {
	ti, err := typeOf(c, []*movevm.Type{t}, nil)
	if err != nil {
		return nil, err
	}
	head, err := native.SerializeCharged(c.NativeContext, ti[0])
	if err != nil {
		return nil, err
	}
	body, err := native.SerializeCharged(c.NativeContext, v)
	return append(head, body...), err
}

// newSignedMessage is new_signed_message<T>(T): SignedMessage<T>.
func newSignedMessage(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ti, err := typeOf(c, targs, nil)
	if err != nil {
		return nil, err
	}
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "ed25519", Name: "SignedMessage", TypeArgs: []ledgerapi.TypeTag{tag}}))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, ti[0], args[0])
	return []movevm.Value{v}, err
}

// authKey is the authentication key of a public key's bytes:
// sha3_256(bytes ‖ scheme).
func (m edModule) authKey(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	pk := keyBytesOf(args[0])
	if err := chargeHashed(c, len(pk)+1); err != nil {
		return nil, err
	}
	k := crypto.AuthKey(m.scheme, pk)
	return movestdlib.BytesResult(c, k[:])
}
