package vmstub

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// genesisEndMarkerTag is the resource genesis ends by publishing at 0x1
// (0x1::chain_status).
var genesisEndMarkerTag = aptosframework.GenesisEndMarkerTag

// frameworkModules is the framework the VM registers: the modules of the
// framework tree (vmstub/framework/...), declared through the native
// contract.
func frameworkModules() []native.Module {
	var tree []native.Module
	for _, ms := range [][]native.Module{movestdlib.Modules(), aptosstdlib.Modules(), aptosframework.Modules()} {
		tree = append(tree, ms...)
	}
	return tree
}

// frameworkErrors names abort reasons of framework modules that are not
// registered.
var frameworkErrors = map[string][]AbortReason{
	"ed25519": {
		{Reason: 1, Name: "E_WRONG_PUBKEY_SIZE", Description: "Wrong number of bytes were given as input when deserializing an Ed25519 public key."},
		{Reason: 2, Name: "E_WRONG_SIGNATURE_SIZE", Description: "Wrong number of bytes were given as input when deserializing an Ed25519 signature."},
	},
	"multi_ed25519": {
		{Reason: 1, Name: "E_WRONG_PUBKEY_SIZE", Description: "Wrong number of bytes were given as input when deserializing an Ed25519 public key."},
		{Reason: 2, Name: "E_WRONG_SIGNATURE_SIZE", Description: "Wrong number of bytes were given as input when deserializing an Ed25519 signature."},
	},
	"transaction_validation": {
		{Reason: 1005, Name: "PROLOGUE_ECANT_PAY_GAS_DEPOSIT", Description: "Transaction fee cannot be paid: the gas payer's balance is below the fee."},
	},
}
