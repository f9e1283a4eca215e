package vmstub

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
)

// registry holds the native modules. It is written only before the VM is
// sealed and read without locks afterwards.
type registry struct {
	mods  map[ledgerapi.ModuleId]*regModule
	order []*regModule
	// errors names abort reasons of modules that are not registered
	// (std::error users such as 0x1::ed25519).
	errors map[ledgerapi.ModuleId]map[uint64]AbortReason
}

type regModule struct {
	id       ledgerapi.ModuleId
	def      Module
	funcs    map[string]*regFunc
	structs  map[string]*regStruct
	abi      MoveModule
	bytecode []byte
}

type regFunc struct {
	def     *Function
	id      ledgerapi.EntryFunctionId
	signers int                 // leading signer parameters
	params  []ledgerapi.TypeTag // the other parameters, generics as placeholders
	returns []ledgerapi.TypeTag
}

type regStruct struct {
	def    *Struct
	layout *movevalue.StructLayout // generics as movevalue.TypeParam placeholders
}

func newRegistry() *registry {
	r := &registry{mods: map[ledgerapi.ModuleId]*regModule{}, errors: map[ledgerapi.ModuleId]map[uint64]AbortReason{}}
	for name, errs := range frameworkErrors {
		m := map[uint64]AbortReason{}
		for _, e := range errs {
			m[e.Reason] = e
		}
		r.errors[ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: name}] = m
	}
	return r
}

// parseType parses a Move type that may use T0, T1, … for type parameters.
func parseType(s string) (ledgerapi.TypeTag, error) {
	l, err := movevalue.ParseLayout("x: " + s)
	if err != nil {
		return ledgerapi.TypeTag{}, fmt.Errorf("type %q: %w", s, err)
	}
	return l.Fields[0].Type, nil
}

// typeString renders a parsed type with placeholders shown as T0, T1, ….
func typeString(t ledgerapi.TypeTag) string {
	return strings.ReplaceAll(t.String(), movevalue.TypeParam(0).Struct.Address.ShortString()+"::"+movevalue.TypeParam(0).Struct.Module+"::", "")
}

func (r *registry) add(m Module) error {
	id := ledgerapi.ModuleId{Address: m.Address, Name: m.Name}
	if err := ledgerapi.CheckIdentifier("module name", m.Name); err != nil {
		return err
	}
	if _, dup := r.mods[id]; dup {
		return errors.New("module already registered")
	}
	m.Structs = append([]Struct(nil), m.Structs...)
	m.Functions = append([]Function(nil), m.Functions...)
	rm := &regModule{id: id, def: m, funcs: map[string]*regFunc{}, structs: map[string]*regStruct{}}
	for i := range m.Structs {
		s := &m.Structs[i]
		if err := ledgerapi.CheckIdentifier("struct name", s.Name); err != nil {
			return err
		}
		if rm.structs[s.Name] != nil {
			return fmt.Errorf("struct %s declared twice", s.Name)
		}
		l, err := movevalue.ParseLayout(s.Fields...)
		if err != nil {
			return fmt.Errorf("struct %s: %w", s.Name, err)
		}
		rm.structs[s.Name] = &regStruct{def: s, layout: l}
	}
	for i := range m.Functions {
		f, err := newRegFunc(id, &m.Functions[i])
		if err != nil {
			return err
		}
		if rm.funcs[f.def.Name] != nil {
			return fmt.Errorf("function %s declared twice", f.def.Name)
		}
		rm.funcs[f.def.Name] = f
	}
	rm.abi = rm.buildABI()
	abiJSON, err := json.Marshal(rm.abi)
	if err != nil {
		return err
	}
	e := bcs.NewEncoder(64 + len(abiJSON))
	e.Fixed([]byte{0xa1, 0x1c, 0xeb, 0x0b, 7, 0, 0, 0}) // Move magic, version 7
	id.MarshalBCS(e)
	e.WriteBytes(abiJSON)
	rm.bytecode = e.Bytes()
	r.mods[id] = rm
	r.order = append(r.order, rm)
	return nil
}

func isSignerParam(p string) bool {
	p = strings.TrimSpace(p)
	return p == "signer" || p == "&signer" || p == "&mut signer"
}

func newRegFunc(mod ledgerapi.ModuleId, f *Function) (*regFunc, error) {
	if err := ledgerapi.CheckIdentifier("function name", f.Name); err != nil {
		return nil, err
	}
	if (f.IsEntry || f.IsView) && f.Native == nil {
		return nil, fmt.Errorf("function %s has no Native", f.Name)
	}
	if f.Visibility == "" {
		f.Visibility = Public
	}
	rf := &regFunc{def: f, id: ledgerapi.EntryFunctionId{Module: mod, Name: f.Name}}
	for _, p := range f.Params {
		if isSignerParam(p) {
			if len(rf.params) > 0 {
				return nil, fmt.Errorf("function %s: signer parameters must come first", f.Name)
			}
			rf.signers++
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(p), "&") {
			return nil, fmt.Errorf("function %s: reference parameter %q is not supported", f.Name, p)
		}
		t, err := parseType(p)
		if err != nil {
			return nil, fmt.Errorf("function %s: %w", f.Name, err)
		}
		rf.params = append(rf.params, t)
	}
	for _, p := range f.Return {
		t, err := parseType(p)
		if err != nil {
			return nil, fmt.Errorf("function %s return: %w", f.Name, err)
		}
		rf.returns = append(rf.returns, t)
	}
	return rf, nil
}

func (r *registry) module(id ledgerapi.ModuleId) *regModule { return r.mods[id] }

func (r *registry) function(id ledgerapi.EntryFunctionId) *regFunc {
	if m := r.mods[id.Module]; m != nil {
		return m.funcs[id.Name]
	}
	return nil
}

func (r *registry) structDef(tag ledgerapi.StructTag) *regStruct {
	if m := r.mods[ledgerapi.ModuleId{Address: tag.Address, Name: tag.Module}]; m != nil {
		return m.structs[tag.Name]
	}
	return nil
}

func (r *registry) inObjectGroup(tag ledgerapi.StructTag) bool {
	s := r.structDef(tag)
	return s != nil && s.def.ObjectGroup
}

func (r *registry) abortReason(mod ledgerapi.ModuleId, reason uint64) (AbortReason, bool) {
	if m := r.mods[mod]; m != nil {
		for _, e := range m.def.Errors {
			if e.Reason == reason {
				return e, true
			}
		}
	}
	e, ok := r.errors[mod][reason]
	return e, ok
}

// StructLayout implements movevalue.Resolver for every registered struct.
func (vm *VM) StructLayout(tag ledgerapi.StructTag) (*movevalue.StructLayout, error) {
	s := vm.reg.structDef(tag)
	if s == nil {
		return nil, fmt.Errorf("%w %s", movevalue.ErrUnknownStruct, tag)
	}
	if len(tag.TypeArgs) != len(s.def.TypeParams) {
		return nil, fmt.Errorf("%w %s: %d type arguments, want %d", movevalue.ErrUnknownStruct, tag, len(tag.TypeArgs), len(s.def.TypeParams))
	}
	if len(tag.TypeArgs) == 0 {
		return s.layout, nil
	}
	out := &movevalue.StructLayout{Fields: make([]movevalue.Field, len(s.layout.Fields))}
	for i, f := range s.layout.Fields {
		t, err := movevalue.Substitute(f.Type, tag.TypeArgs)
		if err != nil {
			return nil, fmt.Errorf("%s field %s: %w", tag, f.Name, err)
		}
		out.Fields[i] = movevalue.Field{Name: f.Name, Type: t}
	}
	return out, nil
}

// codec returns the Move value codec resolving structs through the registry.
func (vm *VM) codec() movevalue.Codec { return movevalue.Codec{Resolver: vm} }

// instantiate returns fn's argument types for tyArgs.
func (f *regFunc) instantiate(ts []ledgerapi.TypeTag, tyArgs []ledgerapi.TypeTag) ([]ledgerapi.TypeTag, error) {
	if len(tyArgs) != len(f.def.TypeParams) {
		return nil, fmt.Errorf("%s takes %d type arguments, got %d", f.id, len(f.def.TypeParams), len(tyArgs))
	}
	if len(tyArgs) == 0 {
		return ts, nil
	}
	out := make([]ledgerapi.TypeTag, len(ts))
	for i, t := range ts {
		var err error
		if out[i], err = movevalue.Substitute(t, tyArgs); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ErrUnknownFunction is wrapped by errors about functions no module defines.
var ErrUnknownFunction = errors.New("function not found")

func (vm *VM) argTypes(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag) ([]ledgerapi.TypeTag, error) {
	f := vm.reg.function(fn)
	if f == nil {
		return nil, unknownFunction(fn)
	}
	if !(f.def.IsEntry || f.def.IsView) {
		return nil, fmt.Errorf("%w: %s is neither an entry nor a view function", ErrUnknownFunction, fn)
	}
	return f.instantiate(f.params, tyArgs)
}

// EncodeArgs implements txn.ArgCodec: it converts the JSON arguments of an
// entry or view function to BCS using the function's ABI (signer
// parameters excluded).
func (vm *VM) EncodeArgs(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args []json.RawMessage) ([][]byte, error) {
	params, err := vm.argTypes(fn, tyArgs)
	if err != nil {
		return nil, err
	}
	return vm.codec().EncodeArgs(params, args)
}

// DecodeArgs implements txn.ArgCodec: it renders BCS arguments as JSON.
func (vm *VM) DecodeArgs(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([]json.RawMessage, error) {
	params, err := vm.argTypes(fn, tyArgs)
	if err != nil {
		return nil, err
	}
	return vm.codec().DecodeArgs(params, args)
}
