package aptosframework

// 0x1::auth_data: AbstractionAuthData, what an account abstraction's
// authentication function receives — the digest of the transaction's
// signing message and the authenticator bytes (V1), or for derivable
// abstractions the abstract signature and public key (DerivableV1) — and
// its accessors, each returning a reference into the value.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::auth_data (no doc comments on Aptos).
const (
	eNotRegularAuthData   = 1
	eNotDerivableAuthData = 2
)

// AbstractionAuthDataTag is the type of 0x1::auth_data::AbstractionAuthData.
var AbstractionAuthDataTag = tag1("auth_data", "AbstractionAuthData")

// The variants of AbstractionAuthData.
const (
	authDataV1          = 0
	authDataDerivableV1 = 1
)

// AuthData declares 0x1::auth_data.
func AuthData() native.Module {
	const t = "&0x1::auth_data::AbstractionAuthData"
	ref := func(name string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: []string{t}, Return: []string{"&vector<u8>"}, Impl: impl}
	}
	return native.Module{Address: addr, Name: "auth_data",
		Structs: []native.Struct{{Name: "AbstractionAuthData", Abilities: []string{native.AbilityCopy, native.AbilityDrop},
			Variants: []native.Variant{
				{Name: "V1", Fields: []string{"digest: vector<u8>", "authenticator: vector<u8>"}},
				{Name: "DerivableV1", Fields: []string{"digest: vector<u8>", "abstract_signature: vector<u8>", "abstract_public_key: vector<u8>"}},
			}}},
		Functions: []native.Function{
			ref("digest", authDataField(-1, 0, 0)),
			ref("authenticator", authDataField(authDataV1, 1, eNotRegularAuthData)),
			{Name: "is_derivable", Params: []string{t}, Return: []string{"bool"}, Impl: isDerivable},
			ref("derivable_abstract_signature", authDataField(authDataDerivableV1, 1, eNotRegularAuthData)),
			ref("derivable_abstract_public_key", authDataField(authDataDerivableV1, 2, eNotDerivableAuthData)),
		},
		Errors: []native.AbortReason{
			{Reason: eNotRegularAuthData, Name: "ENOT_REGULAR_AUTH_DATA"},
			{Reason: eNotDerivableAuthData, Name: "ENOT_DERIVABLE_AUTH_DATA"},
		},
	}
}

// authDataField is an accessor returning a reference to field of the
// data, which must be of variant (any when negative; invalid_argument of
// reason otherwise, as on Aptos — derivable_abstract_signature aborts
// with ENOT_REGULAR_AUTH_DATA).
func authDataField(variant, field int, reason uint64) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, _ := args[0].Deref()
		if variant >= 0 && int(v.Variant()) != variant {
			return nil, c.Abort(native.Code(native.InvalidArgument, reason))
		}
		r, err := c.InnerRef(args[0], false, field)
		return []movevm.Value{r}, err
	}
}

// isDerivable is is_derivable(self): whether the data is DerivableV1.
func isDerivable(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{movevm.Bool(v.Variant() == authDataDerivableV1)}, nil
}
