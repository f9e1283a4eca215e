package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The framework modules at 0x1: struct layouts as the Aptos framework
// declares them (field order is BCS order), and the natives this executor
// implements.

var (
	abKey       = []string{AbilityKey}
	abStore     = []string{AbilityStore}
	abDropStore = []string{AbilityDrop, AbilityStore}
	abCopyDrop  = []string{AbilityCopy, AbilityDrop}
	abAll3      = []string{AbilityCopy, AbilityDrop, AbilityStore}
	phantom     = []TypeParam{{Phantom: true}}
	keyParam    = []TypeParam{{Constraints: []string{AbilityKey}}}
	anyParam    = []TypeParam{{}}
)

func sKey(name string, fields ...string) Struct {
	return Struct{Name: name, Abilities: abKey, Fields: fields}
}

func sGroup(name string, fields ...string) Struct {
	return Struct{Name: name, Abilities: abKey, Fields: fields, ObjectGroup: true}
}

func sEvent(name string, fields ...string) Struct {
	return Struct{Name: name, Abilities: abDropStore, Fields: fields, IsEvent: true}
}

func sPlain(name string, abilities []string, fields ...string) Struct {
	return Struct{Name: name, Abilities: abilities, Fields: fields}
}

func sGeneric(s Struct, params []TypeParam) Struct {
	s.TypeParams = params
	return s
}

func mod1(name string, structs []Struct, funcs []Function, errs ...AbortReason) Module {
	return Module{Address: ledgerapi.AddressOne, Name: name, Structs: structs, Functions: funcs, Errors: errs}
}

func view(name string, params, ret []string, native func(*Call) ([][]byte, error)) Function {
	return Function{Name: name, IsView: true, Params: params, Return: ret, Native: native}
}

func entry(name string, params []string, native func(*Call) ([][]byte, error)) Function {
	return Function{Name: name, IsEntry: true, Params: params, Native: native}
}

func generic(f Function, params []TypeParam) Function {
	f.TypeParams = params
	return f
}

func private(f Function) Function {
	f.Visibility = Private
	return f
}

// genesisEndMarkerTag is the resource genesis ends by publishing at 0x1
// (0x1::chain_status).
var genesisEndMarkerTag = aptosframework.GenesisEndMarkerTag

const (
	tEventHandle = "0x1::event::EventHandle<"
	tString      = "0x1::string::String"
	tTypeInfo    = "0x1::type_info::TypeInfo"
)

// frameworkModules is the framework the VM registers: the modules of the
// framework tree (vmstub/framework/...), declared through the native
// contract, and those still implemented in this package.
func frameworkModules() []Module {
	var tree []Module
	for _, ms := range [][]native.Module{movestdlib.Modules(), aptosstdlib.Modules(), aptosframework.Modules()} {
		for _, m := range ms {
			tree = append(tree, fromContract(m))
		}
	}
	return append(tree, []Module{
		accountModuleDef(),
		aptosAccountModuleDef(),
		coinModuleDef(),
		mod1("aptos_coin", []Struct{sKey("AptosCoin", "dummy_field: bool")}, nil),
		fungibleAssetModuleDef(),
		primaryStoreModuleDef(),
		mod1("guid", []Struct{
			sPlain("GUID", abDropStore, "id: 0x1::guid::ID"),
			sPlain("ID", abAll3, "creation_num: u64", "addr: address"),
		}, nil),
		tableModuleDef(),
		simpleMapModuleDef(),
		tableWithLengthModuleDef(),
		smartTableModuleDef(),
	}...)
}

// frameworkErrors names abort reasons of framework modules that are not
// registered.
var frameworkErrors = map[string][]AbortReason{
	"transaction_validation": {
		{Reason: 1005, Name: "PROLOGUE_ECANT_PAY_GAS_DEPOSIT", Description: "Transaction fee cannot be paid: the gas payer's balance is below the fee."},
	},
}
