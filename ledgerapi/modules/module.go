package modules

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
)

// Module is a module decoded from its stored bytes, with what readers ask
// of it worked out once: the ABI, the struct layouts and the function
// signatures. A Module is shared by every reader of the same bytes and
// must not be modified.
type Module struct {
	// ID is the module's self id.
	ID ledgerapi.ModuleId
	// Code is the stored bytes.
	Code []byte
	// Compiled is the deserialized module.
	Compiled *bytecode.Module
	// ABI is the module's ABI in the REST API's MoveModule shape.
	ABI *bytecode.ModuleABI

	structs map[string]*Struct
	funcs   map[string]*Function
}

// Struct is a struct definition of a module.
type Struct struct {
	Name       string
	Abilities  bytecode.AbilitySet
	TypeParams []bytecode.StructTypeParameter
	// Layout lists the fields with movevalue.TypeParam placeholders for the
	// type parameters; nil when the struct has no layout values can be
	// rendered with (Err says why).
	Layout *movevalue.StructLayout
	Err    error
}

// Function is a function definition of a module. Params excludes the
// leading signer parameters (Signers counts them); types use
// movevalue.TypeParam placeholders for the function's type parameters.
type Function struct {
	ID         ledgerapi.EntryFunctionId
	Visibility bytecode.Visibility
	IsEntry    bool
	IsView     bool
	// IsRandomness marks a function annotated #[randomness] (an entry
	// function whose transactions may call 0x1::randomness).
	IsRandomness bool
	IsNative     bool
	TypeParams   []bytecode.AbilitySet
	Signers      int
	Params       []ledgerapi.TypeTag
	Returns      []ledgerapi.TypeTag
	// Err is set when a parameter or return type cannot be an argument or a
	// result of a call from outside (a reference, a signer after the
	// leading ones, a function type or a signed integer).
	Err error
}

// errUnsupportedType marks types this package cannot express as a type tag.
var errUnsupportedType = errors.New("unsupported type")

// readConfig reads stored modules as the node does: bytes after the end of
// the module are ignored.
var readConfig = bytecode.Config{AllowTrailingBytes: true}

// Decode reads a module from its stored bytes and derives its ABI, struct
// layouts and function signatures. It fails only when the bytes do not
// deserialize; code is kept, not copied.
func Decode(code []byte) (*Module, error) {
	cm, err := readConfig.DeserializeModule(code)
	if err != nil {
		return nil, err
	}
	abi, err := cm.ABI()
	if err != nil {
		return nil, err
	}
	self := cm.ModuleHandles[cm.SelfHandle]
	m := &Module{ID: ledgerapi.ModuleId{Address: cm.AddressIdentifiers[self.Address], Name: cm.Identifiers[self.Name]},
		Code: code, Compiled: cm, ABI: abi,
		structs: make(map[string]*Struct, len(cm.StructDefs)), funcs: make(map[string]*Function, len(cm.FunctionDefs))}
	for _, d := range cm.StructDefs {
		h := cm.StructHandles[d.Handle]
		s := &Struct{Name: cm.Identifiers[h.Name], Abilities: h.Abilities, TypeParams: h.TypeParameters}
		s.Layout, s.Err = m.layout(&d)
		m.structs[s.Name] = s
	}
	md := cm.RuntimeMetadata()
	for _, d := range cm.FunctionDefs {
		f := m.function(&d, md)
		m.funcs[f.ID.Name] = f
	}
	return m, nil
}

func (m *Module) layout(d *bytecode.StructDef) (*movevalue.StructLayout, error) {
	switch d.Layout {
	case bytecode.StructNative:
		return nil, errors.New("a native struct has no fields")
	case bytecode.StructVariants:
		l := &movevalue.StructLayout{}
		for _, v := range d.Variants {
			fs, err := m.fieldLayouts(v.Fields)
			if err != nil {
				return nil, fmt.Errorf("variant %s: %w", m.Compiled.Identifiers[v.Name], err)
			}
			l.Variants = append(l.Variants, movevalue.Variant{Name: m.Compiled.Identifiers[v.Name], Fields: fs})
		}
		return l, nil
	}
	fs, err := m.fieldLayouts(d.Fields)
	if err != nil {
		return nil, err
	}
	return &movevalue.StructLayout{Fields: fs}, nil
}

// fieldLayouts are the movevalue fields of a struct's or a variant's
// field definitions.
func (m *Module) fieldLayouts(defs []bytecode.FieldDef) ([]movevalue.Field, error) {
	out := make([]movevalue.Field, len(defs))
	for i, f := range defs {
		t, err := m.Tag(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", m.Compiled.Identifiers[f.Name], err)
		}
		out[i] = movevalue.Field{Name: m.Compiled.Identifiers[f.Name], Type: t}
	}
	return out, nil
}

func (m *Module) function(d *bytecode.FunctionDef, md *bytecode.MetadataV1) *Function {
	cm := m.Compiled
	h := cm.FunctionHandles[d.Function]
	name := cm.Identifiers[h.Name]
	f := &Function{ID: ledgerapi.EntryFunctionId{Module: m.ID, Name: name}, Visibility: d.Visibility, IsEntry: d.IsEntry,
		IsView: md.IsView(name), IsRandomness: md.IsRandomness(name), IsNative: d.Code == nil, TypeParams: h.TypeParameters}
	for _, p := range cm.Signatures[h.Parameters] {
		if len(f.Params) == 0 && isSigner(p) {
			f.Signers++
			continue
		}
		t, err := m.Tag(p)
		if err == nil && t.Kind == ledgerapi.KindSigner {
			err = errors.New("a signer parameter after other parameters")
		}
		if err != nil && f.Err == nil {
			f.Err = fmt.Errorf("parameter %d: %w", f.Signers+len(f.Params), err)
		}
		f.Params = append(f.Params, t)
	}
	for i, r := range cm.Signatures[h.Return] {
		t, err := m.Tag(r)
		if err != nil && f.Err == nil {
			f.Err = fmt.Errorf("return value %d: %w", i, err)
		}
		f.Returns = append(f.Returns, t)
	}
	return f
}

// isSigner reports signer and &signer, the parameter types that receive
// the transaction's signers.
func isSigner(t bytecode.SignatureToken) bool {
	return t.Kind == bytecode.TypeSigner || t.Kind == bytecode.TypeReference && t.Elem != nil && t.Elem.Kind == bytecode.TypeSigner
}

var primitiveTags = map[bytecode.TypeKind]ledgerapi.TypeTag{
	bytecode.TypeBool: ledgerapi.TypeBool, bytecode.TypeU8: ledgerapi.TypeU8, bytecode.TypeU16: ledgerapi.TypeU16,
	bytecode.TypeU32: ledgerapi.TypeU32, bytecode.TypeU64: ledgerapi.TypeU64, bytecode.TypeU128: ledgerapi.TypeU128,
	bytecode.TypeU256: ledgerapi.TypeU256, bytecode.TypeAddress: ledgerapi.TypeAddress, bytecode.TypeSigner: ledgerapi.TypeSigner,
}

// Tag converts a type of the module to a type tag, type parameters as
// movevalue.TypeParam placeholders. References, function types and signed
// integers have no type tag.
func (m *Module) Tag(t bytecode.SignatureToken) (ledgerapi.TypeTag, error) {
	return m.tag(t, 0)
}

func (m *Module) tag(t bytecode.SignatureToken, depth int) (ledgerapi.TypeTag, error) {
	if depth > bytecode.MaxSignatureDepth {
		return ledgerapi.TypeTag{}, errors.New("type nests too deeply")
	}
	if p, ok := primitiveTags[t.Kind]; ok {
		return p, nil
	}
	cm := m.Compiled
	switch t.Kind {
	case bytecode.TypeVector:
		e, err := m.tag(*t.Elem, depth+1)
		return ledgerapi.VectorOf(e), err
	case bytecode.TypeParam:
		return movevalue.TypeParam(int(t.Param)), nil
	case bytecode.TypeStruct, bytecode.TypeStructInst:
		sh := cm.StructHandles[t.Struct]
		mh := cm.ModuleHandles[sh.Module]
		st := ledgerapi.StructTag{Address: cm.AddressIdentifiers[mh.Address], Module: cm.Identifiers[mh.Name], Name: cm.Identifiers[sh.Name]}
		for _, a := range t.Args {
			at, err := m.tag(a, depth+1)
			if err != nil {
				return ledgerapi.TypeTag{}, err
			}
			st.TypeArgs = append(st.TypeArgs, at)
		}
		return ledgerapi.StructType(st), nil
	}
	return ledgerapi.TypeTag{}, fmt.Errorf("%w %s", errUnsupportedType, cm.TypeString(t))
}

// Struct returns the struct definition named name, or nil.
func (m *Module) Struct(name string) *Struct { return m.structs[name] }

// Function returns the function definition named name, or nil.
func (m *Module) Function(name string) *Function { return m.funcs[name] }

// Layout returns the layout of tag, a struct of this module, with tag's
// type arguments substituted. Errors wrap movevalue.ErrUnknownStruct.
func (m *Module) Layout(tag ledgerapi.StructTag) (*movevalue.StructLayout, error) {
	s := m.structs[tag.Name]
	switch {
	case s == nil:
		return nil, fmt.Errorf("%w %s: module %s defines no such struct", movevalue.ErrUnknownStruct, tag, m.ID)
	case s.Layout == nil:
		return nil, fmt.Errorf("%w %s: %v", movevalue.ErrUnknownStruct, tag, s.Err)
	case len(tag.TypeArgs) != len(s.TypeParams):
		return nil, fmt.Errorf("%w %s: %d type arguments, want %d", movevalue.ErrUnknownStruct, tag, len(tag.TypeArgs), len(s.TypeParams))
	case len(tag.TypeArgs) == 0:
		return s.Layout, nil
	}
	out, err := s.Layout.Instantiate(tag.TypeArgs)
	if err != nil {
		return nil, fmt.Errorf("%w %s %v", movevalue.ErrUnknownStruct, tag, err)
	}
	return out, nil
}

// Instantiate substitutes tyArgs for the type parameters in ts (the
// parameter or return types of f).
func (f *Function) Instantiate(ts []ledgerapi.TypeTag, tyArgs []ledgerapi.TypeTag) ([]ledgerapi.TypeTag, error) {
	if len(tyArgs) != len(f.TypeParams) {
		return nil, fmt.Errorf("%s takes %d type arguments, got %d", f.ID, len(f.TypeParams), len(tyArgs))
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

// SameSignature reports whether g has f's signature: visibility, entry and
// view flags, type parameter constraints, signer count, parameter and
// return types.
func (f *Function) SameSignature(g *Function) bool {
	if f.Visibility != g.Visibility || f.IsEntry != g.IsEntry || f.IsView != g.IsView || f.Signers != g.Signers ||
		len(f.TypeParams) != len(g.TypeParams) || !tagsEqual(f.Params, g.Params) || !tagsEqual(f.Returns, g.Returns) {
		return false
	}
	for i, c := range f.TypeParams {
		if g.TypeParams[i] != c {
			return false
		}
	}
	return true
}

func tagsEqual(a, b []ledgerapi.TypeTag) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}
