// Package aptosframework implements, in Go, the modules of Aptos's
// AptosFramework package at 0x1, one file per module named after it:
//
//	chain_id.go             0x1::chain_id             ChainId; get
//	event.go                0x1::event                EventHandle; emit, emit_event
//	multisig_account.go     0x1::multisig_account     MultisigAccount and its
//	                                                  transactions, events, views;
//	                                                  the validation and cleanup
//	                                                  of multisig transactions
//	timestamp.go            0x1::timestamp            CurrentTimeMicroseconds;
//	                                                  now_microseconds, now_seconds
//	transaction_context.go  0x1::transaction_context  AUID; get_transaction_hash,
//	                                                  generate_auid(_address),
//	                                                  auid_address, get_script_hash,
//	                                                  sender, max_gas_amount,
//	                                                  gas_unit_price, chain_id
//
// Modules still implemented in vmstub and moving here: account,
// aptos_account, coin, aptos_coin, fungible_asset, primary_fungible_store,
// object, object_code_deployment, code, guid, block, transaction_fee,
// nonce_validation, chain_status, aggregator, aggregator_v2,
// optional_aggregator. Each module is declared through the native contract
// (vmstub/native) by a function named after it (ChainID for 0x1::chain_id);
// Modules lists them for the executor.
package aptosframework

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// addr is the package's address.
var addr = ledgerapi.AddressOne

// Modules returns the declarations of the package's modules, for the
// executor to register.
func Modules() []native.Module {
	return []native.Module{ChainID(), Event(), Timestamp(), TransactionContext(), MultisigAccount()}
}

// tag1 is the tag of struct name of module at 0x1.
func tag1(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: module, Name: name}
}
