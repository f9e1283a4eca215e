package samples

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// AuthenticatorPassword is what Authenticator's authenticate accepts.
const AuthenticatorPassword = "open sesame"

// Authenticator is <addr>::aa, account abstraction authentication
// functions an account registers with
// 0x1::account_abstraction::add_authentication_function:
//
//	public fun authenticate(account: signer, data: AbstractionAuthData): signer {
//	    assert!(*auth_data::authenticator(&data) == b"open sesame", 7);
//	    account
//	}
//	public fun probe(account: signer, data: AbstractionAuthData): signer {
//	    assert!(!auth_data::is_derivable(&data), 1);
//	    account
//	}
//	public fun derivable_pk(account: signer, data: AbstractionAuthData): signer {
//	    auth_data::derivable_abstract_public_key(&data); // aborts on V1 data
//	    account
//	}
//	public fun spin(account: signer, _data: AbstractionAuthData): signer { loop {} }
//	public fun wrong(account: signer): signer { account } // not an authenticator
func Authenticator(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "aa")
	authData := b.ModuleRef(one, "auth_data")
	dataT := bytecode.StructOf(b.ImportStruct(authData, "AbstractionAuthData", bytecode.AbilityCopy|bytecode.AbilityDrop))
	bytesRef := []bytecode.SignatureToken{bytecode.Ref(bytecode.Vector(bytecode.U8))}
	dataRef := []bytecode.SignatureToken{bytecode.Ref(dataT)}
	authenticator := b.ImportFunction(authData, "authenticator", bytecode.Fn{Params: dataRef, Returns: bytesRef})
	isDerivable := b.ImportFunction(authData, "is_derivable", bytecode.Fn{Params: dataRef, Returns: []bytecode.SignatureToken{bytecode.Bool}})
	derivablePK := b.ImportFunction(authData, "derivable_abstract_public_key", bytecode.Fn{Params: dataRef, Returns: bytesRef})
	password := b.ConstantBytes([]byte(AuthenticatorPassword))
	fn := func(name string, code ...bytecode.Instruction) {
		b.Function(name, bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Signer, dataT},
			Returns: []bytecode.SignatureToken{bytecode.Signer}, Code: code})
	}
	fn("authenticate", // 0-4 compare, 5 branch to 8 when equal, 6-7 abort 7, 8-9 return
		i(bytecode.OpImmBorrowLoc, 1), i(bytecode.OpCall, uint64(authenticator)), i(bytecode.OpReadRef), i(bytecode.OpLdConst, uint64(password)),
		i(bytecode.OpEq), i(bytecode.OpBrTrue, 8), i(bytecode.OpLdU64, 7), i(bytecode.OpAbort), i(bytecode.OpMoveLoc, 0), i(bytecode.OpRet))
	fn("probe", // 0-1 is_derivable, 2 branch to 5 when false, 3-4 abort 1, 5-6 return
		i(bytecode.OpImmBorrowLoc, 1), i(bytecode.OpCall, uint64(isDerivable)), i(bytecode.OpBrFalse, 5),
		i(bytecode.OpLdU64, 1), i(bytecode.OpAbort), i(bytecode.OpMoveLoc, 0), i(bytecode.OpRet))
	fn("derivable_pk", i(bytecode.OpImmBorrowLoc, 1), i(bytecode.OpCall, uint64(derivablePK)), i(bytecode.OpPop),
		i(bytecode.OpMoveLoc, 0), i(bytecode.OpRet))
	fn("spin", i(bytecode.OpBranch, 0))
	b.Function("wrong", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Signer}, Returns: []bytecode.SignatureToken{bytecode.Signer},
		Code: []bytecode.Instruction{i(bytecode.OpMoveLoc, 0), i(bytecode.OpRet)}})
	return b.Bytes()
}
