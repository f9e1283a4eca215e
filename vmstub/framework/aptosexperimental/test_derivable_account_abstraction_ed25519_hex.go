package aptosexperimental

// 0x7::test_derivable_account_abstraction_ed25519_hex: a derivable
// account abstraction (AIP-113) whose abstract public key is a raw Ed25519
// public key and whose abstract signature signs the digest written as a
// string — "0x" and lowercase hex, as string_utils::to_string writes a
// vector<u8>. Genesis registers its authenticate as a derivable
// authentication function, as Aptos's localnet does.

import (
	"encoding/hex"

	"github.com/ledgernode/ledgernode/ledgerapi"

	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const ed25519HexModule = "test_derivable_account_abstraction_ed25519_hex"

// eInvalidSignature is EINVALID_SIGNATURE (permission_denied).
const eInvalidSignature = 1

// Ed25519HexAuthenticate is the module's authenticate function.
var Ed25519HexAuthenticate = txn.FunctionInfo{ModuleAddress: addr, ModuleName: ed25519HexModule, FunctionName: "authenticate"}

// TestDerivableEd25519Hex declares
// 0x7::test_derivable_account_abstraction_ed25519_hex.
func TestDerivableEd25519Hex() native.Module {
	return native.Module{Address: addr, Name: ed25519HexModule, Package: pkg,
		Functions: []native.Function{
			{Name: "authenticate", Params: []string{"signer", "0x1::auth_data::AbstractionAuthData"}, Return: []string{"signer"}, Impl: ed25519HexAuthenticate},
		},
		Errors: []native.AbortReason{{Reason: eInvalidSignature, Name: "EINVALID_SIGNATURE"}},
		Genesis: func(h native.Host) error {
			return aptosframework.RegisterDerivable(h, Ed25519HexAuthenticate)
		},
	}
}

// ed25519HexAuthenticate is authenticate(account, aa_auth_data): the data
// must be DerivableV1 (auth_data's ENOT_DERIVABLE_AUTH_DATA otherwise), its
// public key and signature of Ed25519's sizes (ed25519's aborts), and the
// signature must verify over the hex string of the digest
// (EINVALID_SIGNATURE); it returns the account's signer.
func ed25519HexAuthenticate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	data := args[1]
	if data.Variant() != 1 {
		return nil, abortAt(ledgerapi.AddressOne, "auth_data", native.Code(native.InvalidArgument, 2))
	}
	digest, sig, pk := data.Elem(0).Bytes(), data.Elem(1).Bytes(), data.Elem(2).Bytes()
	if len(pk) != crypto.Ed25519PublicKeyLength {
		return nil, abortAt(ledgerapi.AddressOne, "ed25519", native.Code(native.InvalidArgument, aptosstdlib.EWrongPubkeySize))
	}
	if len(sig) != crypto.Ed25519SignatureLength {
		return nil, abortAt(ledgerapi.AddressOne, "ed25519", native.Code(native.InvalidArgument, aptosstdlib.EWrongSignatureSize))
	}
	msg := "0x" + hex.EncodeToString(digest)
	if err := aptosstdlib.ChargeVerify(c, 1, 1, len(msg)); err != nil {
		return nil, err
	}
	if crypto.VerifyEd25519(pk, []byte(msg), sig) != nil {
		return nil, c.Abort(native.Code(native.PermissionDenied, eInvalidSignature))
	}
	return []movevm.Value{args[0]}, nil
}
