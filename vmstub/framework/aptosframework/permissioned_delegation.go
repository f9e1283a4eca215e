package aptosframework

// 0x1::permissioned_delegation, whole: an account delegates, per key, a
// permissioned signer that account abstraction's authenticate hands out
// to transactions signed by that key. Its structs keep Aptos's layouts
// (DelegationKey::Ed25519PublicKey's positional field is named _0, as
// the compiler writes it).
//
// Permissioned signers were never enabled on Aptos (permissioned_signer.go),
// so no delegation can ever be registered: add_permissioned_handle aborts
// where Aptos's does, in permissioned_signer with
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED), when it asks for a
// storable handle (the RegisteredDelegations it made first goes with the
// aborted transaction). No RegisteredDelegations resource exists, so
// remove_permissioned_handle fails with MISSING_DATA as its borrow does,
// and the lookups (permissioned_signer_by_key, handle_address_by_key, and
// authenticate after it has checked the signature bundle as on Aptos:
// bcs_stream's and ed25519's aborts, EMALFORMED_DATA for trailing bytes,
// EINVALID_SIGNATURE for a bad signature) abort
// PERMISSION_DENIED(EINVALID_SIGNATURE). gen_ed25519_key makes a key.

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
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
	const key = "0x1::permissioned_delegation::DelegationKey"
	errs := []string{"ENOT_MASTER_SIGNER", "EINVALID_PUBLIC_KEY", "EPUBLIC_KEY_NOT_FOUND", "EINVALID_SIGNATURE",
		"EDELEGATION_EXISTENCE", "ERATE_LIMITED", "EMALFORMED_DATA"}
	reasons := make([]native.AbortReason, len(errs))
	for i, n := range errs {
		reasons[i] = native.AbortReason{Reason: uint64(i + 1), Name: n}
	}
	return native.Module{Address: addr, Name: "permissioned_delegation",
		Structs: []native.Struct{
			{Name: "AccountDelegation", Abilities: []string{native.AbilityStore},
				Variants: []native.Variant{{Name: "V1", Fields: []string{
					"handle: 0x1::permissioned_signer::StorablePermissionedHandle",
					"rate_limiter: 0x1::option::Option<" + tRateLimiter + ">"}}}},
			{Name: "DelegationKey", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				Variants: []native.Variant{{Name: "Ed25519PublicKey", Fields: []string{"_0: 0x1::ed25519::UnvalidatedPublicKey"}}}},
			{Name: "RegisteredDelegations", Abilities: []string{native.AbilityKey}, Fields: []string{
				"delegations: 0x1::big_ordered_map::BigOrderedMap<" + key + ", 0x1::permissioned_delegation::AccountDelegation>"}},
		},
		Functions: []native.Function{
			{Name: "gen_ed25519_key", Params: []string{"0x1::ed25519::UnvalidatedPublicKey"}, Return: []string{key}, Impl: genEd25519Key},
			{Name: "add_permissioned_handle", Params: []string{"&signer", key, "0x1::option::Option<" + tRateLimiter + ">", "u64"},
				Return: []string{"signer"}, Impl: addPermissionedHandle},
			{Name: "remove_permissioned_handle", Params: []string{"&signer", key}, Impl: removePermissionedHandle},
			{Name: "permissioned_signer_by_key", Params: []string{"&signer", key}, Return: []string{"signer"}, Impl: delegationLookup},
			{Name: "handle_address_by_key", Params: []string{"address", key}, Return: []string{"address"}, Impl: delegationLookup},
			{Name: "authenticate", Params: []string{"signer", "0x1::auth_data::AbstractionAuthData"}, Return: []string{"signer"}, Impl: delegationAuthenticate},
		},
		Errors: reasons,
	}
}

// registeredDelegationsTag is the resource of an account's delegations.
var registeredDelegationsTag = tag1("permissioned_delegation", "RegisteredDelegations")

// genEd25519Key is gen_ed25519_key(key): DelegationKey::Ed25519PublicKey(key).
func genEd25519Key(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := typeOf(c, tag1("permissioned_delegation", "DelegationKey"))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVariant(t, 0, []movevm.Value{args[0]})}, nil
}

// hasDelegations is exists<RegisteredDelegations>(a). Nothing can create
// the resource here (add_permissioned_handle always aborts), so finding
// one is a failure of the state, not a delegation.
func hasDelegations(c *native.Context, a ledgerapi.Address) error {
	_, ok, err := hostOf(c).Resource(a, registeredDelegationsTag)
	if err == nil && ok {
		err = fmt.Errorf("aptosframework: %s at %s, which no transaction can create", registeredDelegationsTag, a)
	}
	return err
}

// addPermissionedHandle is add_permissioned_handle(master, key,
// rate_limiter, expiration_time): the master is no permissioned signer
// and has no delegation yet, and asking permissioned_signer for a
// storable handle aborts PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED).
func addPermissionedHandle(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := hasDelegations(c, signerAddress(args[0])); err != nil {
		return nil, err
	}
	return signerDisabled(c, nil, nil)
}

// removePermissionedHandle is remove_permissioned_handle(master, key): the
// borrow of the master's RegisteredDelegations fails with MISSING_DATA.
func removePermissionedHandle(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := signerAddress(args[0])
	if err := hasDelegations(c, a); err != nil {
		return nil, err
	}
	return nil, missingData(registeredDelegationsTag, a)
}

// delegationLookup is permissioned_signer_by_key(master, key) and
// handle_address_by_key(master, key): the master has no
// RegisteredDelegations, so the key has no delegation:
// PERMISSION_DENIED(EINVALID_SIGNATURE).
func delegationLookup(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	master := args[0] // &signer or address
	if k := master.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		master, _ = master.Deref()
	}
	if err := hasDelegations(c, master.AsAddress()); err != nil {
		return nil, err
	}
	return noDelegation(c)
}

// noDelegation is the lookup of a delegation, of which none exists:
// PERMISSION_DENIED(EINVALID_SIGNATURE).
func noDelegation(c *native.Context) ([]movevm.Value, error) {
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
	if crypto.VerifyEd25519(pk, digest, sig) != nil {
		return noDelegation(c)
	}
	// A verified key is looked up, and has no delegation either.
	if err := hasDelegations(c, args[0].AsAddress()); err != nil {
		return nil, err
	}
	return noDelegation(c)
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
