package aptosstdlib

// 0x1::multi_ed25519: the whole module, with the interface of 0x1::ed25519
// (declared by edDeclare in ed25519.go) on k-of-n MultiEd25519 keys
// (k1 ‖ … ‖ kn ‖ threshold) and signatures (sigs ‖ 4-byte bitmap):
// constructors with their size checks, validation of every sub-key (v1,
// which checks neither the threshold nor n ≥ 1, and v2, which does),
// strict verification with ledgerapi/crypto, and the accessors of the
// number of sub-keys and the threshold. The v2 constructors check the
// multi_ed25519_pk_validate_v2 flag of 0x1::features first (on from
// genesis): INVALID_STATE(E_NATIVE_FUN_NOT_AVAILABLE) when it is off.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::multi_ed25519 beyond those of ed25519.
const (
	EInvalidThresholdOrNumberOfSigners = 3 // E_INVALID_THRESHOLD_OR_NUMBER_OF_SIGNERS
	EMultiEdNativeFunNotAvailable      = 4 // E_NATIVE_FUN_NOT_AVAILABLE
)

// multiArith names the module in arithmetic errors.
var multiArith = fixedArith{module: "multi_ed25519"}

const multiPkLen, multiSigLen = crypto.Ed25519PublicKeyLength, crypto.Ed25519SignatureLength

// MultiEd25519 declares 0x1::multi_ed25519.
func MultiEd25519() native.Module {
	m := edModule{name: "multi_ed25519", scheme: crypto.SchemeMultiEd25519,
		pkSizeOK: func(n int) bool {
			return n/multiPkLen <= crypto.MaxMultiEd25519Keys && n%multiPkLen == 1
		},
		sigSizeOK: func(n int) bool { return n%multiSigLen == crypto.BitmapLength },
		// v1: at most 32 sub-keys, each not of small order.
		validate: func(c *native.Context, pk []byte) (bool, error) {
			n := len(pk) / multiPkLen
			if len(pk)%multiPkLen != 1 || n > crypto.MaxMultiEd25519Keys {
				return false, nil
			}
			if err := c.Charge(uint64(n * ed25519ValidateCost)); err != nil {
				return false, err
			}
			return subKeysValid(pk, n), nil
		},
		verify: func(c *native.Context, sig, pk, msg []byte) (bool, error) {
			keys, sigs := len(pk)/multiPkLen, len(sig)/multiSigLen
			if len(pk)%multiPkLen != 1 || keys > crypto.MaxMultiEd25519Keys || len(sig)%multiSigLen != crypto.BitmapLength || sigs > crypto.MaxMultiEd25519Keys {
				return false, nil
			}
			if err := ChargeVerify(c, keys, sigs, len(msg)); err != nil {
				return false, err
			}
			return crypto.VerifyMultiEd25519(pk, msg, sig) == nil, nil
		},
	}
	// v2: a well-formed key (1 ≤ n ≤ 32, 1 ≤ threshold ≤ n) whose sub-keys
	// are not of small order.
	v2 := m
	v2.validate = func(c *native.Context, pk []byte) (bool, error) {
		if _, ok := multiThreshold(pk); !ok {
			return false, nil
		}
		n := len(pk) / multiPkLen
		if err := c.Charge(uint64(n * ed25519ValidateCost)); err != nil {
			return false, err
		}
		return subKeysValid(pk, n), nil
	}
	const unv, val, b = "0x1::multi_ed25519::UnvalidatedPublicKey", "0x1::multi_ed25519::ValidatedPublicKey", "vector<u8>"
	optVal := "0x1::option::Option<" + val + ">"
	mod := edDeclare(m)
	v2Gated := movestdlib.Gated(movestdlib.FeatureMultiEd25519PKValidateV2, native.Code(native.InvalidState, EMultiEdNativeFunNotAvailable), v2.validated)
	mod.Functions = insertAfter(mod.Functions, "new_validated_public_key_from_bytes",
		native.Function{Name: "new_validated_public_key_from_bytes_v2", Params: []string{b}, Return: []string{optVal}, Impl: v2Gated})
	mod.Functions = insertAfter(mod.Functions, "public_key_validate",
		native.Function{Name: "public_key_validate_v2", Params: []string{"&" + unv}, Return: []string{optVal}, Impl: v2Gated})
	mod.Functions = insertAfter(mod.Functions, "unvalidated_public_key_to_authentication_key",
		native.Function{Name: "unvalidated_public_key_num_sub_pks", Params: []string{"&" + unv}, Return: []string{"u8"}, Impl: numSubPks},
		native.Function{Name: "unvalidated_public_key_threshold", Params: []string{"&" + unv}, Return: []string{"0x1::option::Option<u8>"}, Impl: checkAndGetThreshold})
	mod.Functions = insertAfter(mod.Functions, "validated_public_key_to_authentication_key",
		native.Function{Name: "validated_public_key_num_sub_pks", Params: []string{"&" + val}, Return: []string{"u8"}, Impl: numSubPks},
		native.Function{Name: "validated_public_key_threshold", Params: []string{"&" + val}, Return: []string{"u8"}, Impl: validatedThreshold},
		native.Function{Name: "check_and_get_threshold", Params: []string{b}, Return: []string{"0x1::option::Option<u8>"}, Impl: checkAndGetThreshold})
	mod.Functions = insertAfter(mod.Functions, "public_key_validate_internal",
		native.Function{Name: "public_key_validate_v2_internal", Visibility: native.Private, Params: []string{b}, Return: []string{"bool"}, Impl: v2.validateInternal})
	mod.Errors = append(mod.Errors,
		native.AbortReason{Reason: EInvalidThresholdOrNumberOfSigners, Name: "E_INVALID_THRESHOLD_OR_NUMBER_OF_SIGNERS", Description: "The threshold must be in the range `[1, n]`, where n is the total number of signers."},
		native.AbortReason{Reason: EMultiEdNativeFunNotAvailable, Name: "E_NATIVE_FUN_NOT_AVAILABLE", Description: "The native functions have not been rolled out yet."})
	return mod
}

// insertAfter returns fns with more inserted after the function named name.
func insertAfter(fns []native.Function, name string, more ...native.Function) []native.Function {
	for i, f := range fns {
		if f.Name == name {
			out := append([]native.Function{}, fns[:i+1]...)
			out = append(out, more...)
			return append(out, fns[i+1:]...)
		}
	}
	panic("multi_ed25519: no function " + name)
}

// subKeysValid reports whether the first n sub-keys of pk validate.
func subKeysValid(pk []byte, n int) bool {
	for i := range n {
		if crypto.ValidateEd25519PublicKey(pk[i*multiPkLen:(i+1)*multiPkLen]) != nil {
			return false
		}
	}
	return true
}

// multiThreshold is check_and_get_threshold: the threshold of a key that
// encodes 1 ≤ n ≤ 32 sub-keys and a threshold between 1 and n.
func multiThreshold(pk []byte) (uint8, bool) {
	n := len(pk) / multiPkLen
	if len(pk) == 0 || n == 0 || n > crypto.MaxMultiEd25519Keys || len(pk)%multiPkLen != 1 {
		return 0, false
	}
	t := pk[len(pk)-1]
	return t, t != 0 && int(t) <= n
}

// numSubPks is {un,}validated_public_key_num_sub_pks: the number of
// 32-byte chunks, as a u8.
func numSubPks(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n := len(keyBytesOf(args[0])) / multiPkLen
	if n > 0xff {
		return nil, multiArith.overflow("cast to u8")
	}
	return []movevm.Value{movevm.U8(uint8(n))}, nil
}

// validatedThreshold is validated_public_key_threshold: the last byte.
func validatedThreshold(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	pk := keyBytesOf(args[0])
	if len(pk) == 0 {
		return nil, multiArith.overflow("subtraction")
	}
	return []movevm.Value{movevm.U8(pk[len(pk)-1])}, nil
}

// checkAndGetThreshold is check_and_get_threshold and
// unvalidated_public_key_threshold: Some(threshold) or None.
func checkAndGetThreshold(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	pk := keyBytesOf(args[0])
	if err := c.ChargeElems(1); err != nil {
		return nil, err
	}
	t, ok := multiThreshold(pk)
	var v movevm.Value
	var err error
	if ok {
		v, err = movestdlib.Some(c, movevm.U8(t))
	} else {
		v, err = movestdlib.None(c, movevm.TypeU8)
	}
	return []movevm.Value{v}, err
}
