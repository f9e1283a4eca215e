package vmstub

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosexperimental"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptostoken"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptostokenobjects"
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
	for _, ms := range [][]native.Module{movestdlib.Modules(), aptosstdlib.Modules(), aptosframework.Modules(), aptostokenobjects.Modules(), aptostoken.Modules(), aptosexperimental.Modules()} {
		tree = append(tree, ms...)
	}
	return tree
}

// frameworkErrors names abort reasons of framework modules that are not
// registered.
var frameworkErrors = map[string][]native.AbortReason{
	"transaction_validation": {
		{Reason: 1005, Name: "PROLOGUE_ECANT_PAY_GAS_DEPOSIT", Description: "Transaction fee cannot be paid: the gas payer's balance is below the fee."},
	},
}
