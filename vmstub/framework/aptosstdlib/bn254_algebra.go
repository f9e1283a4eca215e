package aptosstdlib

// 0x1::bn254_algebra: the marker structs naming BN254's structures and
// serialization formats as crypto_algebra's type arguments (the module has
// no public functions), so that code naming them links; crypto_algebra
// aborts on every one of them.

import "github.com/ledgernode/ledgernode/vmstub/native"

// Bn254Algebra declares 0x1::bn254_algebra.
func Bn254Algebra() native.Module {
	return markerModule("bn254_algebra", "Fr", "FormatFrLsb", "FormatFrMsb", "Fq", "FormatFqLsb", "FormatFqMsb",
		"Fq12", "FormatFq12LscLsb", "G1", "FormatG1Uncompr", "FormatG1Compr", "G2", "FormatG2Uncompr", "FormatG2Compr",
		"Gt", "FormatGt")
}
