package vmstub

import (
	"fmt"
	"github.com/ledgernode/ledgernode/vmstub/native"
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
)

// The bytecode of registered modules. Each registered Module is served as
// a genuine Move module generated from its declaration: file format
// version 7 (what the Aptos framework is served as), its structs with
// their fields, abilities and type parameters, every function declared
// native with its signature, its friends, and an aptos::metadata_v1 entry
// holding the error map (Module.Errors), the #[view] attribute of view
// functions, the #[event] attribute of event structs and the resource
// group attributes of the object group. Genesis stores these bytes under
// the modules' state keys; ABIs, struct layouts and function signatures
// are then derived from the stored bytes (ledgerapi/modules), never from
// the declaration.

// frameworkVersion is the file format version of generated modules.
const frameworkVersion = bytecode.Version7

// objectGroup is the resource group of object resources (Struct.ObjectGroup).
var objectGroup = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectGroup"}

// generator builds one module's bytecode from its declaration, resolving
// the structs of other modules through the registry.
type generator struct {
	r    *registry
	m    *regModule
	b    *bytecode.ModuleBuilder
	defs map[string]bytecode.StructDefIndex
}

// generate returns the bytecode of m. Every struct a type names must be
// declared by m or by a module registered before.
func (r *registry) generate(m *regModule) ([]byte, error) {
	g := &generator{r: r, m: m, b: bytecode.NewModuleBuilder(m.id.Address, m.id.Name).Version(frameworkVersion),
		defs: map[string]bytecode.StructDefIndex{}}
	for _, f := range m.def.Friends {
		id, err := ledgerapi.ParseModuleId(f)
		if err != nil {
			return nil, fmt.Errorf("friend %q: %w", f, err)
		}
		g.b.Friend(id.Address, id.Name)
	}
	md := &bytecode.MetadataV1{ErrorMap: map[uint64]bytecode.ErrorDescription{},
		StructAttributes: map[string][]bytecode.KnownAttribute{}, FunAttributes: map[string][]bytecode.KnownAttribute{}}
	for i := range m.def.Structs {
		s := &m.def.Structs[i]
		abilities, err := abilitySet(s.Abilities)
		if err != nil {
			return nil, fmt.Errorf("struct %s: %w", s.Name, err)
		}
		tps := make([]bytecode.StructTypeParameter, len(s.TypeParams))
		for j, p := range s.TypeParams {
			c, err := abilitySet(p.Constraints)
			if err != nil {
				return nil, fmt.Errorf("struct %s: %w", s.Name, err)
			}
			tps[j] = bytecode.StructTypeParameter{Constraints: c, IsPhantom: p.Phantom}
		}
		if len(s.Variants) > 0 {
			g.defs[s.Name] = g.b.Enum(s.Name, abilities, tps)
		} else {
			g.defs[s.Name] = g.b.GenericStruct(s.Name, abilities, tps)
		}
		md.StructAttributes[s.Name] = structAttributes(m.id, s)
	}
	for i := range m.def.Structs {
		s := &m.def.Structs[i]
		rs := m.structs[s.Name]
		if len(s.Variants) == 0 {
			fields, err := g.fieldSpecs(s.Name, rs.layout)
			if err != nil {
				return nil, err
			}
			g.b.SetFields(g.defs[s.Name], fields...)
			continue
		}
		vs := make([]bytecode.VariantSpec, len(s.Variants))
		for j, v := range s.Variants {
			fields, err := g.fieldSpecs(s.Name+"::"+v.Name, rs.variants[j])
			if err != nil {
				return nil, err
			}
			vs[j] = bytecode.Variant(v.Name, fields...)
		}
		g.b.SetVariants(g.defs[s.Name], vs...)
	}
	for i := range m.def.Functions {
		if err := g.function(&m.def.Functions[i], md); err != nil {
			return nil, err
		}
	}
	for _, e := range m.def.Errors {
		md.ErrorMap[e.Reason] = bytecode.ErrorDescription{CodeName: e.Name, CodeDescription: e.Description}
	}
	for name, attrs := range md.StructAttributes {
		if len(attrs) == 0 {
			delete(md.StructAttributes, name)
		}
	}
	if len(md.ErrorMap)+len(md.StructAttributes)+len(md.FunAttributes) > 0 {
		g.b.MetadataV1(md)
	}
	return g.b.Bytes()
}

// fieldSpecs are the builder's fields of a struct's (or a variant's)
// layout.
func (g *generator) fieldSpecs(what string, l *movevalue.StructLayout) ([]bytecode.FieldSpec, error) {
	fields := make([]bytecode.FieldSpec, len(l.Fields))
	for j, f := range l.Fields {
		t, err := g.token(f.Type)
		if err != nil {
			return nil, fmt.Errorf("struct %s field %s: %w", what, f.Name, err)
		}
		fields[j] = bytecode.Field(f.Name, t)
	}
	return fields, nil
}

// structAttributes are the metadata attributes Aptos records for s.
func structAttributes(mod ledgerapi.ModuleId, s *native.Struct) []bytecode.KnownAttribute {
	var out []bytecode.KnownAttribute
	if s.IsEvent {
		out = append(out, bytecode.KnownAttribute{Kind: bytecode.AttributeEvent})
	}
	if s.ObjectGroup {
		out = append(out, bytecode.KnownAttribute{Kind: bytecode.AttributeResourceGroupMember, Args: []string{objectGroup.String()}})
	}
	if mod == objectGroup.ModuleID() && s.Name == objectGroup.Name {
		out = append(out, bytecode.KnownAttribute{Kind: bytecode.AttributeResourceGroup, Args: []string{"global"}})
	}
	return out
}

func (g *generator) function(f *native.Function, md *bytecode.MetadataV1) error {
	rf := g.m.funcs[f.Name]
	fn := bytecode.Fn{Native: true}
	for _, p := range f.TypeParams {
		c, err := abilitySet(p.Constraints)
		if err != nil {
			return fmt.Errorf("function %s: %w", f.Name, err)
		}
		fn.TypeParams = append(fn.TypeParams, c)
	}
	j := 0
	for _, p := range f.Params {
		switch strings.TrimSpace(p) {
		case "signer":
			fn.Params = append(fn.Params, bytecode.Signer)
		case "&signer":
			fn.Params = append(fn.Params, bytecode.Ref(bytecode.Signer))
		default:
			t, err := g.token(rf.params[j])
			if err != nil {
				return fmt.Errorf("function %s parameter %q: %w", f.Name, p, err)
			}
			fn.Params = append(fn.Params, withRef(rf.paramRefs[j], t))
			j++
		}
	}
	for i, r := range rf.returns {
		t, err := g.token(r)
		if err != nil {
			return fmt.Errorf("function %s return %q: %w", f.Name, f.Return[i], err)
		}
		fn.Returns = append(fn.Returns, withRef(rf.returnRefs[i], t))
	}
	vis := map[native.Visibility]bytecode.Visibility{native.Public: bytecode.Public, native.Private: bytecode.Private, native.Friend: bytecode.Friend}[f.Visibility]
	if f.IsEntry {
		vis |= bytecode.Entry
	}
	g.b.Function(f.Name, vis, fn)
	if f.IsView {
		md.FunAttributes[f.Name] = []bytecode.KnownAttribute{{Kind: bytecode.AttributeView}}
	}
	return nil
}

// withRef makes t a reference when ref says so.
func withRef(ref refKind, t bytecode.SignatureToken) bytecode.SignatureToken {
	switch ref {
	case refImm:
		return bytecode.Ref(t)
	case refMut:
		return bytecode.MutRef(t)
	}
	return t
}

// token converts a parsed registry type (type parameters as
// movevalue.TypeParam placeholders) to a signature token.
func (g *generator) token(t ledgerapi.TypeTag) (bytecode.SignatureToken, error) {
	switch t.Kind {
	case ledgerapi.KindBool:
		return bytecode.Bool, nil
	case ledgerapi.KindU8:
		return bytecode.U8, nil
	case ledgerapi.KindU16:
		return bytecode.U16, nil
	case ledgerapi.KindU32:
		return bytecode.U32, nil
	case ledgerapi.KindU64:
		return bytecode.U64, nil
	case ledgerapi.KindU128:
		return bytecode.U128, nil
	case ledgerapi.KindU256:
		return bytecode.U256, nil
	case ledgerapi.KindAddress:
		return bytecode.Address, nil
	case ledgerapi.KindSigner:
		return bytecode.Signer, nil
	case ledgerapi.KindVector:
		e, err := g.token(*t.Elem)
		return bytecode.Vector(e), err
	}
	st := t.Struct
	if i, ok := typeParamIndex(st); ok {
		return bytecode.TypeParameter(i), nil
	}
	args := make([]bytecode.SignatureToken, len(st.TypeArgs))
	for i, a := range st.TypeArgs {
		var err error
		if args[i], err = g.token(a); err != nil {
			return bytecode.SignatureToken{}, err
		}
	}
	if st.Address == g.m.id.Address && st.Module == g.m.id.Name {
		def, ok := g.defs[st.Name]
		if !ok {
			return bytecode.SignatureToken{}, fmt.Errorf("module %s declares no struct %s", g.m.id, st.Name)
		}
		if n := len(g.m.structs[st.Name].def.TypeParams); n != len(args) {
			return bytecode.SignatureToken{}, fmt.Errorf("%s takes %d type arguments, not %d", st, n, len(args))
		}
		return g.b.StructType(def, args...), nil
	}
	s := g.r.structDef(*st)
	if s == nil {
		return bytecode.SignatureToken{}, fmt.Errorf("struct %s is not declared by a registered module (register its module first)", typeString(t))
	}
	if len(s.def.TypeParams) != len(args) {
		return bytecode.SignatureToken{}, fmt.Errorf("%s takes %d type arguments, not %d", typeString(t), len(s.def.TypeParams), len(args))
	}
	abilities, _ := abilitySet(s.def.Abilities) // checked when its module was registered
	tps := make([]bytecode.StructTypeParameter, len(s.def.TypeParams))
	for i, p := range s.def.TypeParams {
		c, _ := abilitySet(p.Constraints)
		tps[i] = bytecode.StructTypeParameter{Constraints: c, IsPhantom: p.Phantom}
	}
	h := g.b.ImportStruct(g.b.ModuleRef(st.Address, st.Module), st.Name, abilities, tps...)
	return bytecode.StructOf(h, args...), nil
}

// typeParamIndex recognizes movevalue's type parameter placeholders.
func typeParamIndex(st *ledgerapi.StructTag) (uint16, bool) {
	p := movevalue.TypeParam(0).Struct
	if st.Address != p.Address || st.Module != p.Module || len(st.TypeArgs) != 0 || !strings.HasPrefix(st.Name, "T") {
		return 0, false
	}
	i, err := strconv.ParseUint(st.Name[1:], 10, 16)
	return uint16(i), err == nil
}

var abilityBits = map[string]bytecode.AbilitySet{
	native.AbilityCopy: bytecode.AbilityCopy, native.AbilityDrop: bytecode.AbilityDrop, native.AbilityStore: bytecode.AbilityStore, native.AbilityKey: bytecode.AbilityKey,
}

// abilitySet converts ability names.
func abilitySet(names []string) (bytecode.AbilitySet, error) {
	var a bytecode.AbilitySet
	for _, n := range names {
		bit, ok := abilityBits[n]
		if !ok {
			return 0, fmt.Errorf("unknown ability %q", n)
		}
		a |= bit
	}
	return a, nil
}
