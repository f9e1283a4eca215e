// Package aptosexperimental declares the framework modules at 0x7,
// Aptos's AptosExperimental package, that this node provides (one file
// per module, named after it):
//
//	test_derivable_account_abstraction_ed25519_hex.go
//	    0x7::test_derivable_account_abstraction_ed25519_hex: authenticate,
//	    the derivable account abstraction Aptos's localnet registers at
//	    genesis (registered here too)
package aptosexperimental

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is 0x7, AptosExperimental's address.
var addr = ledgerapi.Address{31: 7}

// pkg is the package genesis lists the modules in.
const pkg = "AptosExperimental"

// Modules returns the modules of 0x7.
func Modules() []native.Module {
	return []native.Module{TestDerivableEd25519Hex()}
}

// abortAt is an abort with code located in module a::module.
func abortAt(a ledgerapi.Address, module string, code uint64) error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: a, Name: module}, Code: code}
}
