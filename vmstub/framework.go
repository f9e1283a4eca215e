package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
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
	abAll3      = []string{AbilityCopy, AbilityDrop, AbilityStore}
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
	for _, ms := range [][]native.Module{movestdlib.Modules(), aptosframework.Modules()} {
		for _, m := range ms {
			tree = append(tree, withDirectCalls(fromContract(m)))
		}
	}
	return append(tree, []Module{
		typeInfoModuleDef(),
		tableModuleDef(),
		withFunctions(stringModuleDef(), stringRefFunctions()...),
		withFunctions(optionModuleDef(), optionRefFunctions()...),
		simpleMapModuleDef(),
		tableWithLengthModuleDef(),
		smartTableModuleDef(),
		stringUtilsModuleDef(),
		fromBCSModuleDef(),
		signerModuleDef(),
		errorModuleDef(),
		bcsModuleDef(),
		hashModuleDef(),
		math64ModuleDef(),
		math128ModuleDef(),
		mod1("aggregator_v2", []Struct{sGeneric(sPlain("Aggregator", abDropStore, "value: T0", "max_value: T0"), anyParam)}, nil),
		mod1("aggregator", []Struct{sPlain("Aggregator", abStore, "handle: address", "key: address", "limit: u128")}, nil),
		mod1("optional_aggregator", []Struct{
			sPlain("OptionalAggregator", abStore, "aggregator: 0x1::option::Option<0x1::aggregator::Aggregator>",
				"integer: 0x1::option::Option<0x1::optional_aggregator::Integer>"),
			sPlain("Integer", abStore, "value: u128", "limit: u128"),
		}, nil),
		mod1("block", []Struct{
			sKey("BlockResource", "height: u64", "epoch_interval: u64",
				"new_block_events: "+tEventHandle+"0x1::block::NewBlockEvent>",
				"update_epoch_interval_events: "+tEventHandle+"0x1::block::UpdateEpochIntervalEvent>"),
			sPlain("NewBlockEvent", abAll3, "hash: address", "epoch: u64", "round: u64", "height: u64",
				"previous_block_votes_bitvec: vector<u8>", "proposer: address", "failed_proposer_indices: vector<u64>",
				"time_microseconds: u64"),
			sPlain("UpdateEpochIntervalEvent", abDropStore, "old_epoch_interval: u64", "new_epoch_interval: u64"),
		}, []Function{
			view("get_current_block_height", nil, []string{"u64"}, viewBlockHeight),
			view("get_epoch_interval_secs", nil, []string{"u64"}, viewEpochInterval),
		}),
		mod1("transaction_fee", []Struct{sEvent("FeeStatement", "total_charge_gas_units: u64", "execution_gas_units: u64",
			"io_gas_units: u64", "storage_fee_octas: u64", "storage_fee_refund_octas: u64")}, nil),
		mod1("nonce_validation", []Struct{
			sKey("NonceHistory", "nonce_table: 0x1::table::Table<0x1::nonce_validation::NonceKey, u64>"),
			sPlain("NonceKey", abAll3, "sender_address: address", "nonce: u64"),
		}, nil),
		chainStatusModuleDef(),
		mod1("copyable_any", []Struct{sPlain("Any", abAll3, "type_name: "+tString, "data: vector<u8>")}, nil),
		codeModuleDef(),
		objectCodeModuleDef(),
	}...)
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

// withFunctions returns m with fs added.
func withFunctions(m Module, fs ...Function) Module {
	m.Functions = append(append([]Function(nil), m.Functions...), fs...)
	return m
}
