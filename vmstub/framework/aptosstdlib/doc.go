// Package aptosstdlib implements, in Go, the modules of Aptos's AptosStdlib
// package at 0x1 (the aptos_std:: modules), one file per module named after
// it:
//
//	copyable_any.go  0x1::copyable_any  Any
//
// Modules still implemented in vmstub and moving here: table,
// table_with_length, simple_map, smart_table, type_info, from_bcs,
// string_utils, math64, math128.
package aptosstdlib

import "github.com/ledgernode/ledgernode/vmstub/native"

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	return []native.Module{
		CopyableAny(),
	}
}
