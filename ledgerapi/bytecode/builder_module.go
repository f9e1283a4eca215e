package bytecode

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// ModuleBuilder assembles a module by hand:
//
//	b := bytecode.NewModuleBuilder(addr, "counter")
//	counter := b.Struct("Counter", bytecode.AbilityKey, bytecode.Field("value", bytecode.U64))
//	b.Function("bump", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: ..., Code: ...})
//	code, err := b.Bytes()
//
// Identifiers, addresses, handles, signatures, constants and
// instantiations are interned: asking twice gives the same index. Errors
// (an unknown field name, a struct defined twice, a module the reader would
// reject) surface from Module or Bytes.
type ModuleBuilder struct {
	pools
	m          Module
	fieldHs    map[FieldHandle]FieldHandleIndex
	fieldInsts map[FieldInstantiation]FieldInstIndex
	structIns  map[StructDefInstantiation]StructDefInstIndex
	variantHs  map[StructVariantHandle]StructVariantHandleIndex
	variantIns map[StructVariantInstantiation]StructVariantInstIndex
	vfieldHs   map[string]VariantFieldHandleIndex
	vfieldIns  map[VariantFieldInstantiation]VariantFieldInstIndex
}

// FieldSpec is a field given to the builder.
type FieldSpec struct {
	Name string
	Type SignatureToken
}

// Field is a field named name of type t.
func Field(name string, t SignatureToken) FieldSpec { return FieldSpec{name, t} }

// VariantSpec is an enum variant given to the builder.
type VariantSpec struct {
	Name   string
	Fields []FieldSpec
}

// Variant is a variant named name with the given fields.
func Variant(name string, fields ...FieldSpec) VariantSpec { return VariantSpec{name, fields} }

// NewModuleBuilder starts module addr::name, of version VersionDefault.
func NewModuleBuilder(addr ledgerapi.Address, name string) *ModuleBuilder {
	b := &ModuleBuilder{m: Module{Version: VersionDefault},
		fieldHs: map[FieldHandle]FieldHandleIndex{}, fieldInsts: map[FieldInstantiation]FieldInstIndex{},
		structIns: map[StructDefInstantiation]StructDefInstIndex{}, variantHs: map[StructVariantHandle]StructVariantHandleIndex{},
		variantIns: map[StructVariantInstantiation]StructVariantInstIndex{}, vfieldHs: map[string]VariantFieldHandleIndex{},
		vfieldIns: map[VariantFieldInstantiation]VariantFieldInstIndex{}}
	b.pools = newPools(&b.m.Pools)
	b.m.SelfHandle = b.ModuleRef(addr, name)
	return b
}

// Version sets the file format version.
func (b *ModuleBuilder) Version(v uint32) *ModuleBuilder { b.m.Version = v; return b }

// Self is the handle of the module being built.
func (b *ModuleBuilder) Self() ModuleHandleIndex { return b.m.SelfHandle }

// Friend declares module addr::name a friend.
func (b *ModuleBuilder) Friend(addr ledgerapi.Address, name string) {
	b.m.FriendDecls = append(b.m.FriendDecls, ModuleHandle{Address: b.AddressIdentifier(addr), Name: b.Identifier(name)})
}

func (b *ModuleBuilder) fields(fs []FieldSpec) []FieldDef {
	if len(fs) == 0 {
		return nil // as the reader gives it
	}
	out := make([]FieldDef, len(fs))
	for i, f := range fs {
		out[i] = FieldDef{Name: b.Identifier(f.Name), Type: f.Type}
	}
	return out
}

func (b *ModuleBuilder) define(name string, abilities AbilitySet, tps []StructTypeParameter, d StructDef) StructDefIndex {
	n := len(b.p.StructHandles)
	d.Handle = b.ImportStruct(b.m.SelfHandle, name, abilities, tps...)
	if int(d.Handle) < n {
		b.failf("struct %s defined twice", name)
	}
	b.m.StructDefs = append(b.m.StructDefs, d)
	return StructDefIndex(len(b.m.StructDefs) - 1)
}

// Struct defines a struct without type parameters.
func (b *ModuleBuilder) Struct(name string, abilities AbilitySet, fields ...FieldSpec) StructDefIndex {
	return b.GenericStruct(name, abilities, nil, fields...)
}

// GenericStruct defines a struct with type parameters.
func (b *ModuleBuilder) GenericStruct(name string, abilities AbilitySet, tps []StructTypeParameter, fields ...FieldSpec) StructDefIndex {
	b.Identifier(name) // the struct's name before its fields'
	return b.define(name, abilities, tps, StructDef{Layout: StructFields, Fields: b.fields(fields)})
}

// SetFields replaces the fields of struct def (one defined with Struct or
// GenericStruct): define every struct first, then give the fields, when
// fields refer to structs defined after their own.
func (b *ModuleBuilder) SetFields(def StructDefIndex, fields ...FieldSpec) {
	if int(def) >= len(b.m.StructDefs) || b.m.StructDefs[def].Layout != StructFields {
		b.failf("no struct definition %d with fields", def)
		return
	}
	b.m.StructDefs[def].Fields = b.fields(fields)
}

// NativeStruct defines a native struct.
func (b *ModuleBuilder) NativeStruct(name string, abilities AbilitySet, tps ...StructTypeParameter) StructDefIndex {
	return b.define(name, abilities, tps, StructDef{Layout: StructNative})
}

// Enum defines an enum (version 7).
func (b *ModuleBuilder) Enum(name string, abilities AbilitySet, tps []StructTypeParameter, variants ...VariantSpec) StructDefIndex {
	b.Identifier(name)
	vs := make([]VariantDef, len(variants))
	for i, v := range variants {
		vs[i] = VariantDef{Name: b.Identifier(v.Name), Fields: b.fields(v.Fields)}
	}
	return b.define(name, abilities, tps, StructDef{Layout: StructVariants, Variants: vs})
}

// SetVariants replaces the variants of enum def (one defined with Enum):
// define every struct first, then give the variants, when their fields
// refer to structs defined after the enum.
func (b *ModuleBuilder) SetVariants(def StructDefIndex, variants ...VariantSpec) {
	if int(def) >= len(b.m.StructDefs) || b.m.StructDefs[def].Layout != StructVariants {
		b.failf("no enum definition %d", def)
		return
	}
	vs := make([]VariantDef, len(variants))
	for i, v := range variants {
		vs[i] = VariantDef{Name: b.Identifier(v.Name), Fields: b.fields(v.Fields)}
	}
	b.m.StructDefs[def].Variants = vs
}

// StructHandle is the handle of a struct defined here.
func (b *ModuleBuilder) StructHandle(def StructDefIndex) StructHandleIndex {
	if int(def) >= len(b.m.StructDefs) {
		b.failf("no struct definition %d", def)
		return 0
	}
	return b.m.StructDefs[def].Handle
}

// StructType is the type of a struct defined here, instantiated with args.
func (b *ModuleBuilder) StructType(def StructDefIndex, args ...SignatureToken) SignatureToken {
	return StructOf(b.StructHandle(def), args...)
}

// StructInst interns an instantiation of a generic struct defined here.
func (b *ModuleBuilder) StructInst(def StructDefIndex, args ...SignatureToken) StructDefInstIndex {
	x := StructDefInstantiation{Def: def, TypeParameters: b.Signature(args...)}
	return intern(b.structIns, &b.m.StructDefInstantiations, x)
}

// intern returns the index of x in table, appending it the first time.
func intern[T comparable, I ~uint16](seen map[T]I, table *[]T, x T) I {
	if i, ok := seen[x]; ok {
		return i
	}
	i := I(len(*table))
	*table = append(*table, x)
	seen[x] = i
	return i
}

// fieldIndex finds a field by name in def (in variant v when v >= 0).
func (b *ModuleBuilder) fieldIndex(def StructDefIndex, v int, name string) uint16 {
	if int(def) >= len(b.m.StructDefs) {
		b.failf("no struct definition %d", def)
		return 0
	}
	fs := b.m.StructDefs[def].Fields
	if v >= 0 {
		fs = b.m.StructDefs[def].Variants[v].Fields
	}
	i := slices.IndexFunc(fs, func(f FieldDef) bool { return b.p.Identifiers[f.Name] == name })
	if i < 0 {
		b.failf("struct definition %d has no field %s", def, name)
		return 0
	}
	return uint16(i)
}

func (b *ModuleBuilder) variantIndex(def StructDefIndex, name string) int {
	if int(def) >= len(b.m.StructDefs) {
		b.failf("no struct definition %d", def)
		return 0
	}
	i := slices.IndexFunc(b.m.StructDefs[def].Variants, func(v VariantDef) bool { return b.p.Identifiers[v.Name] == name })
	if i < 0 {
		b.failf("struct definition %d has no variant %s", def, name)
		return 0
	}
	return i
}

// FieldHandle interns a handle for field name of struct def.
func (b *ModuleBuilder) FieldHandle(def StructDefIndex, name string) FieldHandleIndex {
	return intern(b.fieldHs, &b.m.FieldHandles, FieldHandle{Owner: def, Field: b.fieldIndex(def, -1, name)})
}

// FieldInst interns field name of generic struct def instantiated with args.
func (b *ModuleBuilder) FieldInst(def StructDefIndex, name string, args ...SignatureToken) FieldInstIndex {
	x := FieldInstantiation{Handle: b.FieldHandle(def, name), TypeParameters: b.Signature(args...)}
	return intern(b.fieldInsts, &b.m.FieldInstantiations, x)
}

// VariantHandle interns a handle for variant name of enum def.
func (b *ModuleBuilder) VariantHandle(def StructDefIndex, name string) StructVariantHandleIndex {
	x := StructVariantHandle{Struct: def, Variant: uint16(b.variantIndex(def, name))}
	return intern(b.variantHs, &b.m.StructVariantHandles, x)
}

// VariantInst interns variant name of generic enum def instantiated with args.
func (b *ModuleBuilder) VariantInst(def StructDefIndex, name string, args ...SignatureToken) StructVariantInstIndex {
	x := StructVariantInstantiation{Handle: b.VariantHandle(def, name), TypeParameters: b.Signature(args...)}
	return intern(b.variantIns, &b.m.StructVariantInstantiations, x)
}

// VariantFieldHandle interns a handle for field name shared by the given
// variants of enum def (the field must sit at the same offset in each).
func (b *ModuleBuilder) VariantFieldHandle(def StructDefIndex, name string, variants ...string) VariantFieldHandleIndex {
	h := VariantFieldHandle{Struct: def}
	for i, v := range variants {
		vi := b.variantIndex(def, v)
		h.Variants = append(h.Variants, uint16(vi))
		if f := b.fieldIndex(def, vi, name); i == 0 {
			h.Field = f
		} else if f != h.Field {
			b.failf("field %s sits at different offsets in the variants", name)
		}
	}
	w := &writer{}
	w.count(int(h.Struct))
	w.count(int(h.Field))
	for _, v := range h.Variants {
		w.count(int(v))
	}
	if i, ok := b.vfieldHs[string(w.buf)]; ok {
		return i
	}
	i := VariantFieldHandleIndex(len(b.m.VariantFieldHandles))
	b.m.VariantFieldHandles = append(b.m.VariantFieldHandles, h)
	b.vfieldHs[string(w.buf)] = i
	return i
}

// VariantFieldInst interns a variant field of a generic enum instantiated with args.
func (b *ModuleBuilder) VariantFieldInst(def StructDefIndex, name string, variants []string, args ...SignatureToken) VariantFieldInstIndex {
	x := VariantFieldInstantiation{Handle: b.VariantFieldHandle(def, name, variants...), TypeParameters: b.Signature(args...)}
	return intern(b.vfieldIns, &b.m.VariantFieldInstantiations, x)
}

// DeclareFunction interns the handle of a function of this module before
// it is defined, for calls that come first.
func (b *ModuleBuilder) DeclareFunction(name string, f Fn) FunctionHandleIndex {
	return b.ImportFunction(b.m.SelfHandle, name, f)
}

// Function defines a function; vis may carry Entry. It returns the
// function's handle, for Call.
func (b *ModuleBuilder) Function(name string, vis Visibility, f Fn) FunctionHandleIndex {
	h := b.DeclareFunction(name, f)
	for _, d := range b.m.FunctionDefs {
		if d.Function == h {
			b.failf("function %s defined twice", name)
		}
	}
	d := FunctionDef{Function: h, Visibility: vis &^ Entry, IsEntry: vis&Entry != 0, Acquires: f.Acquires}
	if !f.Native {
		d.Code = &CodeUnit{Locals: b.Signature(f.Locals...), Code: f.Code}
	}
	b.m.FunctionDefs = append(b.m.FunctionDefs, d)
	return h
}

// Module returns the module built so far, or the first error.
func (b *ModuleBuilder) Module() (*Module, error) {
	if b.err != nil {
		return nil, b.err
	}
	m := b.m
	return &m, nil
}

// Bytes serializes the module.
func (b *ModuleBuilder) Bytes() ([]byte, error) {
	m, err := b.Module()
	if err != nil {
		return nil, err
	}
	return m.Serialize()
}
