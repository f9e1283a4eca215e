package aptosstdlib

// 0x1::crypto_algebra: Element<S> and the generic algebra's public
// functions with Aptos's signatures, so that packages linking against
// them publish; calling one aborts by design, as on an Aptos chain without
// the structure: this node enables neither the cryptography_algebra_natives
// flag (12) of 0x1::features nor any structure. Each function checks the
// flag first, as Aptos does, and aborts with NOT_IMPLEMENTED(0) (0xC0000)
// while it is off; with it on (only 0x1's signer can set it) the call
// aborts with NOT_IMPLEMENTED(E_NOT_IMPLEMENTED) (0xC0001), Aptos's code
// for an unsupported structure. multi_scalar_mul, which Aptos does not
// gate, always aborts with 0xC0001. bls12381_algebra.go and
// bn254_algebra.go declare the structures' marker structs.

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::crypto_algebra.
const (
	eAlgebraNotImplemented    = 1 // E_NOT_IMPLEMENTED
	eAlgebraNonEqualLengths   = 2 // E_NON_EQUAL_LENGTHS
	eAlgebraTooMuchMemoryUsed = 3 // E_TOO_MUCH_MEMORY_USED
	// featureCryptographyAlgebra is CRYPTOGRAPHY_ALGEBRA_NATIVES.
	featureCryptographyAlgebra = 12
)

// CryptoAlgebra declares 0x1::crypto_algebra.
func CryptoAlgebra() native.Module {
	el := func(t string) string { return "0x1::crypto_algebra::Element<" + t + ">" }
	opt := func(t string) string { return "0x1::option::Option<" + el(t) + ">" }
	tps := func(n int) []native.TypeParam { return make([]native.TypeParam, n) }
	bytes := "vector<u8>"
	unsupported := func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		return nil, c.Abort(native.Code(native.NotImplemented, eAlgebraNotImplemented))
	}
	gated := movestdlib.Gated(featureCryptographyAlgebra, native.Code(native.NotImplemented, 0), unsupported)
	fn := func(name string, n int, params []string, ret string) native.Function {
		return native.Function{Name: name, TypeParams: tps(n), Params: params, Return: []string{ret}, Impl: gated}
	}
	x, xy := []string{"&" + el("T0")}, []string{"&" + el("T0"), "&" + el("T0")}
	msm := fn("multi_scalar_mul", 2, []string{"&vector<" + el("T0") + ">", "&vector<" + el("T1") + ">"}, el("T0"))
	msm.Impl = unsupported
	return native.Module{Address: addr, Name: "crypto_algebra",
		Structs: []native.Struct{{Name: "Element", Abilities: []string{native.AbilityCopy, native.AbilityDrop},
			TypeParams: []native.TypeParam{{Phantom: true}}, Fields: []string{"handle: u64"}}},
		Functions: []native.Function{
			fn("eq", 1, xy, "bool"),
			fn("from_u64", 1, []string{"u64"}, el("T0")),
			fn("zero", 1, nil, el("T0")),
			fn("one", 1, nil, el("T0")),
			fn("neg", 1, x, el("T0")),
			fn("add", 1, xy, el("T0")),
			fn("sub", 1, xy, el("T0")),
			fn("mul", 1, xy, el("T0")),
			fn("div", 1, xy, opt("T0")),
			fn("sqr", 1, x, el("T0")),
			fn("inv", 1, x, opt("T0")),
			fn("double", 1, x, el("T0")),
			msm,
			fn("scalar_mul", 2, []string{"&" + el("T0"), "&" + el("T1")}, el("T0")),
			fn("multi_pairing", 3, []string{"&vector<" + el("T0") + ">", "&vector<" + el("T1") + ">"}, el("T2")),
			fn("pairing", 3, []string{"&" + el("T0"), "&" + el("T1")}, el("T2")),
			fn("deserialize", 2, []string{"&" + bytes}, opt("T0")),
			fn("serialize", 2, x, bytes),
			fn("order", 1, nil, bytes),
			fn("upcast", 2, x, el("T1")),
			fn("downcast", 2, x, opt("T1")),
			fn("hash_to", 2, []string{"&" + bytes, "&" + bytes}, el("T0")),
		},
		Errors: []native.AbortReason{
			{Reason: eAlgebraNotImplemented, Name: "E_NOT_IMPLEMENTED", Description: "The structure or the operation is not implemented (no algebraic structure is supported by this node)."},
			{Reason: eAlgebraNonEqualLengths, Name: "E_NON_EQUAL_LENGTHS", Description: "The vectors of elements do not have the same length."},
			{Reason: eAlgebraTooMuchMemoryUsed, Name: "E_TOO_MUCH_MEMORY_USED", Description: "Too much memory is used by the elements of the transaction."},
		},
	}
}

// markerModule declares a module of marker structs (Move's `struct S {}`:
// no abilities, the compiler's dummy_field), as the *_algebra modules
// naming crypto_algebra's structures are.
func markerModule(name string, structs ...string) native.Module {
	m := native.Module{Address: addr, Name: name}
	for _, s := range structs {
		m.Structs = append(m.Structs, native.Struct{Name: s, Fields: []string{"dummy_field: bool"}})
	}
	return m
}
