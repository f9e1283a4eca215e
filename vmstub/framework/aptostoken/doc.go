// Package aptostoken is the room for Aptos's AptosToken package at 0x3
// (legacy tokens: token, token_transfers, property_map), one file per
// module named after it.
//
// No module is implemented yet.
package aptostoken

import "github.com/ledgernode/ledgernode/vmstub/native"

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module { return nil }
