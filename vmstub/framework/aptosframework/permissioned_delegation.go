package aptosframework

// 0x1::permissioned_delegation: an account delegates, per ed25519 key,
// a permissioned signer that account abstraction's authenticate hands out
// to transactions signed by that key.
//
// Permissioned signers are disabled on Aptos (permissioned_signer aborts
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED) when a handle is
// created), so no delegation can ever be registered, and every lookup of
// a delegation finds none. Declared: authenticate, which parses and
// verifies the signature bundle as on Aptos (bcs_stream's and ed25519's
// aborts, EMALFORMED_DATA for trailing bytes, EINVALID_SIGNATURE for a bad
// signature) and then aborts EINVALID_SIGNATURE as no delegation exists.
// Not declared: DelegationKey (an enum with a positional field, which the
// native contract cannot name), AccountDelegation and
// RegisteredDelegations (AccountDelegation holds a
// permissioned_signer::StorablePermissionedHandle; 0x1::permissioned_signer
// is not declared, as its StoredPermission enum has a positional variant
// too; 0x1::rate_limiter is declared, rate_limiter.go), and so
// gen_ed25519_key, add_permissioned_handle, remove_permissioned_handle,
// permissioned_signer_by_key and handle_address_by_key.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::permissioned_delegation.
const (
	ePDInvalidSignature = 4
	ePDMalformedData    = 7
)

// PermissionedDelegation declares 0x1::permissioned_delegation.
func PermissionedDelegation() native.Module {
	errs := []string{"ENOT_MASTER_SIGNER", "EINVALID_PUBLIC_KEY", "EPUBLIC_KEY_NOT_FOUND", "EINVALID_SIGNATURE",
		"EDELEGATION_EXISTENCE", "ERATE_LIMITED", "EMALFORMED_DATA"}
	reasons := make([]native.AbortReason, len(errs))
	for i, n := range errs {
		reasons[i] = native.AbortReason{Reason: uint64(i + 1), Name: n}
	}
	return native.Module{Address: addr, Name: "permissioned_delegation",
		Functions: []native.Function{
			{Name: "authenticate", Params: []string{"signer", "0x1::auth_data::AbstractionAuthData"}, Return: []string{"signer"}, Impl: delegationAuthenticate},
		},
		Errors: reasons,
	}
}

// noDelegation is the lookup of a delegation, of which none exists:
// PERMISSION_DENIED(EINVALID_SIGNATURE).
func noDelegation(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Abort(native.Code(native.PermissionDenied, ePDInvalidSignature))
}

// delegationAuthenticate is authenticate(account, abstraction_auth_data):
// the V1 data's authenticator is BCS (public_key: vector<u8>, signature:
// vector<u8>), read as bcs_stream does, with nothing after it; the
// signature must verify over the digest; then the delegation of that key
// is looked up, and none exists.
func delegationAuthenticate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	data := derefValue(args[1])
	if data.Variant() != authDataV1 {
		return nil, abortIn("auth_data", native.InvalidArgument, eNotRegularAuthData)
	}
	digest, auth := data.Elem(0).Bytes(), data.Elem(1).Bytes()
	if err := native.ChargeRead(c.NativeContext, len(auth)); err != nil {
		return nil, err
	}
	d := bcs.NewDecoder(auth)
	pk, err := streamBytes(d, auth)
	if err != nil {
		return nil, err
	}
	if len(pk) != crypto.Ed25519PublicKeyLength {
		return nil, abortIn("ed25519", native.InvalidArgument, aptosstdlib.EWrongPubkeySize)
	}
	sig, err := streamBytes(d, auth)
	if err != nil {
		return nil, err
	}
	if len(sig) != crypto.Ed25519SignatureLength {
		return nil, abortIn("ed25519", native.InvalidArgument, aptosstdlib.EWrongSignatureSize)
	}
	if d.Remaining() != 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, ePDMalformedData))
	}
	if err := aptosstdlib.ChargeVerify(c, 1, 1, len(digest)); err != nil {
		return nil, err
	}
	// Verified or not, the key has no delegation: both abort so.
	_ = crypto.VerifyEd25519(pk, digest, sig)
	return noDelegation(c, nil, nil)
}

// streamBytes is bcs_stream::deserialize_vector<u8> from d over b: a
// ULEB128 length (EMALFORMED_DATA when overlong, EOUT_OF_BYTES when cut)
// and that many bytes (EOUT_OF_BYTES when short).
func streamBytes(d *bcs.Decoder, b []byte) ([]byte, error) {
	start := d.Offset()
	n := d.ULEB128("length")
	if d.Failed() {
		for _, x := range b[start:] {
			if x&0x80 == 0 {
				return nil, errMalformedData
			}
		}
		return nil, errOutOfBytes
	}
	if int(n) > d.Remaining() {
		return nil, errOutOfBytes
	}
	out := make([]byte, n)
	d.Fixed(out, "bytes")
	return out, nil
}
