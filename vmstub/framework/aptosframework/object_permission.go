package aptosframework

// 0x1::object, transfer permissions of permissioned signers: as on Aptos,
// where permissioned signers were never enabled, every signer is a master
// signer holding every permission, granting a permission to a permissioned
// signer aborts (grant_permission, permissioned_signer.go's
// signerDisabled) and granting one through a TransferRef does nothing
// (grant_permission_with_transfer_ref).

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// grantPermissionWithTransferRef is
// grant_permission_with_transfer_ref(permissioned_signer, ref): no signer
// is permissioned, so there is nothing to grant.
func grantPermissionWithTransferRef(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, nil
}
