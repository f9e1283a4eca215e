// Package framework is the root of the Move framework implemented in Go:
// one folder per Move package, at its address, and in each folder one file
// per Move module, named after it (0x1::object is aptosframework/object.go,
// a second file of it object_<topic>.go):
//
//	movestdlib/         MoveStdlib at 0x1 (std::vector, string, option, …)
//	aptosstdlib/        AptosStdlib at 0x1 (table, simple_map, smart_table,
//	                    type_info, from_bcs, string_utils, math64, …)
//	aptosframework/     AptosFramework at 0x1 (account, aptos_account, coin,
//	                    fungible_asset, primary_fungible_store, object, code,
//	                    event, timestamp, chain_id, transaction_context, …)
//	aptostokenobjects/  AptosTokenObjects at 0x4 (collection, token, …)
//	aptostoken/         AptosToken (legacy tokens) at 0x3
//	aptosexperimental/  AptosExperimental at 0x7 (the derivable account
//	                    abstraction Aptos's localnet registers)
//
// Every module is declared and implemented through the native contract
// (vmstub/native). The packages import only the contract, the interpreter's
// values (vmstub/movevm), ledgerapi and storage, never the executor
// (vmstub), which registers them; imports_test.go enforces it. Each
// package's doc lists its modules and its Modules function returns their
// declarations.
package framework
