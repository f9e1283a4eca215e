// Package aptosframework implements, in Go, the modules of Aptos's
// AptosFramework package at 0x1, one file per module named after it:
//
//	aggregator.go           0x1::aggregator           Aggregator
//	aggregator_v2.go        0x1::aggregator_v2        Aggregator<T>
//	block.go                0x1::block                BlockResource, NewBlockEvent,
//	                                                  UpdateEpochIntervalEvent;
//	                                                  get_current_block_height,
//	                                                  get_epoch_interval_secs
//	chain_id.go             0x1::chain_id             ChainId; get
//	chain_status.go         0x1::chain_status         GenesisEndMarker; is_genesis,
//	                                                  is_operating
//	code.go                 0x1::code                 PackageRegistry, PackageMetadata,
//	                                                  PublishPackage, …;
//	                                                  publish_package_txn (a request
//	                                                  the executor carries out),
//	                                                  upgrade_policy_*
//	event.go                0x1::event                EventHandle; emit, emit_event
//	nonce_validation.go     0x1::nonce_validation     NonceHistory, NonceKey
//	optional_aggregator.go  0x1::optional_aggregator  OptionalAggregator, Integer
//	timestamp.go            0x1::timestamp            CurrentTimeMicroseconds;
//	                                                  now_microseconds, now_seconds
//	transaction_context.go  0x1::transaction_context  AUID; get_transaction_hash,
//	                                                  generate_auid(_address),
//	                                                  auid_address, get_script_hash,
//	                                                  sender, max_gas_amount,
//	                                                  gas_unit_price, chain_id
//	transaction_fee.go      0x1::transaction_fee      FeeStatement
//
// Modules still implemented in vmstub and moving here: account,
// aptos_account, coin, aptos_coin, fungible_asset, primary_fungible_store,
// object, object_code_deployment, guid. Each module is declared
// through the native contract (vmstub/native) by a function named after it
// (ChainID for 0x1::chain_id); Modules lists them for the executor.
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
	return []native.Module{ChainID(), Event(), Timestamp(), TransactionContext(),
		ChainStatus(), Block(), TransactionFee(), NonceValidation(), Aggregator(), AggregatorV2(), OptionalAggregator(),
		Code()}
}

// tag1 is the tag of struct name of module at 0x1.
func tag1(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: module, Name: name}
}
