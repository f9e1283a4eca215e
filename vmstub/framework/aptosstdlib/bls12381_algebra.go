package aptosstdlib

// 0x1::bls12381_algebra: the marker structs naming BLS12-381's
// structures, serialization formats and hash suites as crypto_algebra's
// type arguments (the module has no public functions), so that code naming
// them links; crypto_algebra aborts on every one of them.

import "github.com/ledgernode/ledgernode/vmstub/native"

// Bls12381Algebra declares 0x1::bls12381_algebra.
func Bls12381Algebra() native.Module {
	return markerModule("bls12381_algebra", "Fq12", "FormatFq12LscLsb", "G1", "FormatG1Uncompr", "FormatG1Compr",
		"G2", "FormatG2Uncompr", "FormatG2Compr", "Gt", "FormatGt", "Fr", "FormatFrLsb", "FormatFrMsb",
		"HashG1XmdSha256SswuRo", "HashG2XmdSha256SswuRo")
}
