package aptosframework

// 0x1::permissioned_signer, whole: its structs and enums, kept with their
// layouts (StoredPermission::Capacity's positional field is named _0, as
// the compiler writes it), and its public and entry functions, as on
// Aptos, where permissioned signers were never enabled and the module is
// deprecated: no signer is permissioned (is_permissioned_signer is
// false), and every other function aborts with
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED) — creating, destroying
// and using handles, granting the revoke permission, the two revoking
// entry functions, and the unused address_of and borrow_address. The
// package functions other modules call (the permission checks, which
// pass for every signer; the grants, which abort or do nothing) are
// written in those modules' natives (object_permission.go, code.go).

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::permissioned_signer.
const (
	ePermissionSignerDisabled = 9 // EPERMISSION_SIGNER_DISABLED
)

// PermissionedSigner declares 0x1::permissioned_signer.
func PermissionedSigner() native.Module {
	const handle = "0x1::permissioned_signer::PermissionedHandle"
	copyDropStore := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	handleFields := []string{"master_account_addr: address", "permissions_storage_addr: address"}
	return native.Module{Address: addr, Name: "permissioned_signer",
		Structs: []native.Struct{
			{Name: "RevokePermissionHandlePermission", Abilities: copyDropStore, Fields: []string{"dummy_field: bool"}},
			{Name: "GrantedPermissionHandles", Abilities: []string{native.AbilityKey},
				Fields: []string{"active_handles: vector<address>"}},
			{Name: "PermissionedHandle", Variants: []native.Variant{{Name: "V1", Fields: handleFields}}},
			{Name: "StorablePermissionedHandle", Abilities: []string{native.AbilityStore},
				Variants: []native.Variant{{Name: "V1", Fields: append(handleFields[:2:2], "expiration_time: u64")}}},
			{Name: "PermissionStorage", Abilities: []string{native.AbilityKey},
				Variants: []native.Variant{{Name: "V1", Fields: []string{
					"perms: 0x1::big_ordered_map::BigOrderedMap<0x1::copyable_any::Any, 0x1::permissioned_signer::StoredPermission>"}}}},
			{Name: "StoredPermission", Abilities: copyDropStore,
				Variants: []native.Variant{{Name: "Unlimited"}, {Name: "Capacity", Fields: []string{"_0: u256"}}}},
		},
		Functions: []native.Function{
			{Name: "create_permissioned_handle", Params: []string{"&signer"}, Return: []string{handle}, Impl: signerDisabled},
			{Name: "destroy_permissioned_handle", Params: []string{handle}, Impl: signerDisabled},
			{Name: "signer_from_permissioned_handle", Params: []string{"&" + handle}, Return: []string{"signer"}, Impl: signerDisabled},
			{Name: "is_permissioned_signer", Params: []string{"&signer"}, Return: []string{"bool"}, Impl: isPermissionedSigner},
			{Name: "grant_revoke_permission", Params: []string{"&signer", "&signer"}, Impl: signerDisabled},
			{Name: "revoke_permission_storage_address", IsEntry: true, Params: []string{"&signer", "address"}, Impl: signerDisabled},
			{Name: "revoke_all_handles", IsEntry: true, Params: []string{"&signer"}, Impl: signerDisabled},
			{Name: "address_of", Params: []string{"&signer"}, Return: []string{"address"}, Impl: signerDisabled},
			{Name: "borrow_address", Params: []string{"&signer"}, Return: []string{"&address"}, Impl: signerDisabled},
		},
		// The descriptions are Aptos's, as vm_status shows them.
		Errors: []native.AbortReason{
			{Reason: 1, Name: "ENOT_MASTER_SIGNER", Description: "Trying to grant permission using non-master signer."},
			{Reason: 2, Name: "ECANNOT_AUTHORIZE", Description: "Cannot authorize a permission."},
			{Reason: 3, Name: "ENOT_PERMISSIONED_SIGNER", Description: "Access permission information from a master signer."},
			{Reason: 4, Name: "ECANNOT_EXTRACT_PERMISSION", Description: "signer doesn't have enough capacity to extract permission."},
			{Reason: 5, Name: "E_PERMISSION_EXPIRED", Description: "permission handle has expired."},
			{Reason: 6, Name: "E_PERMISSION_MISMATCH", Description: "storing extracted permission into a different signer."},
			{Reason: 7, Name: "E_PERMISSION_REVOKED", Description: "permission handle has been revoked by the original signer."},
			{Reason: 8, Name: "E_NOT_ACTIVE", Description: "destroying permission handle that has already been revoked or not owned by the given master signer."},
			{Reason: ePermissionSignerDisabled, Name: "EPERMISSION_SIGNER_DISABLED", Description: "Permissioned signer feature is not activated."},
		},
	}
}

// signerDisabled is each function of permissioned_signer that needs
// permissioned signers: it aborts with
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED) in permissioned_signer.
// The grants of other modules abort so too, as the package functions they
// call (authorize_unlimited, authorize_increase) do on Aptos:
// object::grant_permission, code::grant_permission,
// account::grant_key_rotation_permission and grant_key_offering_permission,
// fungible_asset's and primary_fungible_store's grant_permission and
// grant_apt_permission.
func signerDisabled(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, abortIn("permissioned_signer", native.PermissionDenied, ePermissionSignerDisabled)
}

// isPermissionedSigner is is_permissioned_signer(s): false, as no signer
// is permissioned.
func isPermissionedSigner(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(false)}, nil
}
