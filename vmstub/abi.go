package vmstub

import (
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// MoveModule is a module's ABI in the JSON shape of the REST API
// (MoveModuleBytecode.abi).
type MoveModule struct {
	Address          ledgerapi.Address `json:"address"`
	Name             string            `json:"name"`
	Friends          []string          `json:"friends"`
	ExposedFunctions []MoveFunction    `json:"exposed_functions"`
	Structs          []MoveStruct      `json:"structs"`
}

// MoveFunction is an exposed function of a module ABI.
type MoveFunction struct {
	Name              string             `json:"name"`
	Visibility        Visibility         `json:"visibility"`
	IsEntry           bool               `json:"is_entry"`
	IsView            bool               `json:"is_view"`
	GenericTypeParams []GenericTypeParam `json:"generic_type_params"`
	Params            []string           `json:"params"`
	Return            []string           `json:"return"`
}

// GenericTypeParam lists a generic parameter's ability constraints.
type GenericTypeParam struct {
	Constraints []string `json:"constraints"`
}

// MoveStruct is a struct of a module ABI.
type MoveStruct struct {
	Name              string              `json:"name"`
	IsNative          bool                `json:"is_native"`
	IsEvent           bool                `json:"is_event"`
	IsEnum            bool                `json:"is_enum"`
	Abilities         []string            `json:"abilities"`
	GenericTypeParams []GenericTypeParam  `json:"generic_type_params"`
	Fields            []MoveStructField   `json:"fields"`
	Variants          []MoveStructVariant `json:"variants"`
}

// MoveStructField is a struct field: its name and Move type.
type MoveStructField struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// MoveStructVariant is a variant of an enum struct (never used here).
type MoveStructVariant struct {
	Name   string            `json:"name"`
	Fields []MoveStructField `json:"fields"`
}

func genericParams(ps []TypeParam) []GenericTypeParam {
	out := make([]GenericTypeParam, len(ps))
	for i, p := range ps {
		out[i] = GenericTypeParam{Constraints: append([]string{}, p.Constraints...)}
	}
	return out
}

func (m *regModule) buildABI() MoveModule {
	abi := MoveModule{Address: m.id.Address, Name: m.id.Name, Friends: append([]string{}, m.def.Friends...),
		ExposedFunctions: []MoveFunction{}, Structs: []MoveStruct{}}
	for i := range m.def.Functions {
		f := &m.def.Functions[i]
		if f.Visibility == Private && !f.IsEntry && !f.IsView {
			continue
		}
		rf := m.funcs[f.Name]
		mf := MoveFunction{Name: f.Name, Visibility: f.Visibility, IsEntry: f.IsEntry, IsView: f.IsView,
			GenericTypeParams: genericParams(f.TypeParams), Params: []string{}, Return: []string{}}
		j := 0
		for _, p := range f.Params {
			if isSignerParam(p) {
				mf.Params = append(mf.Params, strings.TrimSpace(p))
				continue
			}
			mf.Params = append(mf.Params, typeString(rf.params[j]))
			j++
		}
		for _, t := range rf.returns {
			mf.Return = append(mf.Return, typeString(t))
		}
		abi.ExposedFunctions = append(abi.ExposedFunctions, mf)
	}
	for i := range m.def.Structs {
		s := &m.def.Structs[i]
		ms := MoveStruct{Name: s.Name, IsEvent: s.IsEvent, Abilities: append([]string{}, s.Abilities...),
			GenericTypeParams: genericParams(s.TypeParams), Fields: []MoveStructField{}, Variants: []MoveStructVariant{}}
		for _, f := range m.structs[s.Name].layout.Fields {
			ms.Fields = append(ms.Fields, MoveStructField{Name: f.Name, Type: typeString(f.Type)})
		}
		abi.Structs = append(abi.Structs, ms)
	}
	return abi
}

// Module returns the ABI of a registered module.
func (vm *VM) Module(id ledgerapi.ModuleId) (MoveModule, bool) {
	m := vm.reg.module(id)
	if m == nil {
		return MoveModule{}, false
	}
	return m.abi, true
}

// ModuleABI is Module for consumers that only render the ABI as JSON (the
// handlers' ABIs interface): the MoveModule as an any.
func (vm *VM) ModuleABI(id ledgerapi.ModuleId) (any, bool) {
	m, ok := vm.Module(id)
	if !ok {
		return nil, false
	}
	return m, true
}

// ModuleBytecode returns the bytes stored for a registered module at
// genesis: a deterministic placeholder (the Move magic and version 7, the
// BCS ModuleId, then the ABI JSON as a byte string), not executable
// bytecode.
func (vm *VM) ModuleBytecode(id ledgerapi.ModuleId) ([]byte, bool) {
	m := vm.reg.module(id)
	if m == nil {
		return nil, false
	}
	return m.bytecode, true
}

// Modules returns the ABIs of all registered modules in registration order.
func (vm *VM) Modules() []MoveModule {
	out := make([]MoveModule, len(vm.reg.order))
	for i, m := range vm.reg.order {
		out[i] = m.abi
	}
	return out
}

// Function returns the ABI of a registered function.
func (vm *VM) Function(fn ledgerapi.EntryFunctionId) (MoveFunction, bool) {
	m := vm.reg.module(fn.Module)
	if m == nil || m.funcs[fn.Name] == nil {
		return MoveFunction{}, false
	}
	for _, f := range m.abi.ExposedFunctions {
		if f.Name == fn.Name {
			return f, true
		}
	}
	return MoveFunction{}, false
}
