// Package aptostokenobjects is the room for Aptos's AptosTokenObjects
// package at 0x4 (digital assets: collection, token, royalty,
// property_map, aptos_token), one file per module named after it.
//
// No module is implemented yet.
package aptostokenobjects

import "github.com/ledgernode/ledgernode/vmstub/native"

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module { return nil }
