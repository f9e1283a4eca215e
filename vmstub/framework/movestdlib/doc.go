// Package movestdlib implements, in Go, the modules of Aptos's MoveStdlib
// package at 0x1 (the std:: modules), one file per module named after it:
//
//	vector.go   0x1::vector   is_empty, contains, index_of, reverse, append,
//	                          singleton, remove, swap_remove, insert
//	signer.go   0x1::signer   address_of
//	error.go    0x1::error    canonical and the category constructors
//	bcs.go      0x1::bcs      to_bytes
//	hash.go     0x1::hash     sha2_256, sha3_256
//
// Modules still implemented in vmstub and moving here: string, option,
// (std) features. Each module is declared through the native contract
// (vmstub/native) by a function named after it (Vector for 0x1::vector);
// Modules lists them for the executor.
package movestdlib

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is the package's address.
var addr = ledgerapi.AddressOne

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	return []native.Module{Vector(), Signer(), Error(), BCS(), Hash()}
}
