package aptosframework

// 0x1::object, transfer permissions of permissioned signers: as on Aptos,
// where permissioned signers were never enabled, every signer is a master
// signer holding every permission, granting a permission to a permissioned
// signer aborts (grant_permission) and granting one through a TransferRef
// does nothing (grant_permission_with_transfer_ref).

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ePermissionSignerDisabled is permissioned_signer's
// EPERMISSION_SIGNER_DISABLED, the reason grant_permission aborts with.
const ePermissionSignerDisabled = 9

// grantPermission is object::grant_permission<T>(master,
// permissioned_signer, object) and code::grant_permission(master,
// permissioned_signer): it always aborts with
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED) located in
// 0x1::permissioned_signer, as Aptos's authorize_unlimited does (this node
// does not declare that module, so the status carries no explanation).
func grantPermission(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, abortIn("permissioned_signer", native.PermissionDenied, ePermissionSignerDisabled)
}

// grantPermissionWithTransferRef is
// grant_permission_with_transfer_ref(permissioned_signer, ref): no signer
// is permissioned, so there is nothing to grant.
func grantPermissionWithTransferRef(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, nil
}
