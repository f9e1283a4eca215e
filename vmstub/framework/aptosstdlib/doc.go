// Package aptosstdlib implements, in Go, the modules of Aptos's AptosStdlib
// package at 0x1 (the aptos_std:: modules), one file per module named after
// it.
//
// No module has moved here yet; those still implemented in vmstub and
// moving here: table, table_with_length, simple_map, smart_table,
// type_info, from_bcs, string_utils, math64, math128, copyable_any.
package aptosstdlib

import "github.com/ledgernode/ledgernode/vmstub/native"

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module { return nil }
