package bytecode

import (
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// ModuleABI is a module's ABI in the JSON shape of the REST API's MoveModule.
type ModuleABI struct {
	Address          ledgerapi.Address `json:"address"`
	Name             string            `json:"name"`
	Friends          []string          `json:"friends"`
	ExposedFunctions []FunctionABI     `json:"exposed_functions"`
	Structs          []StructABI       `json:"structs"`
}

// FunctionABI is a function of an ABI (MoveFunction).
type FunctionABI struct {
	Name              string             `json:"name"`
	Visibility        string             `json:"visibility"`
	IsEntry           bool               `json:"is_entry"`
	IsView            bool               `json:"is_view"`
	GenericTypeParams []GenericTypeParam `json:"generic_type_params"`
	Params            []string           `json:"params"`
	Return            []string           `json:"return"`
}

// GenericTypeParam is a type parameter of an ABI function or struct.
type GenericTypeParam struct {
	Constraints []string `json:"constraints"`
	// IsPhantom is known for struct parameters; the REST API does not render it.
	IsPhantom bool `json:"-"`
}

// StructABI is a struct of an ABI (MoveStruct). Enums have no fields but
// variants.
type StructABI struct {
	Name              string             `json:"name"`
	IsNative          bool               `json:"is_native"`
	IsEvent           bool               `json:"is_event"`
	IsEnum            bool               `json:"is_enum"`
	Abilities         []string           `json:"abilities"`
	GenericTypeParams []GenericTypeParam `json:"generic_type_params"`
	Fields            []FieldABI         `json:"fields"`
	Variants          []VariantABI       `json:"variants"`
}

// FieldABI is a field: its name and Move type.
type FieldABI struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// VariantABI is an enum variant and its fields.
type VariantABI struct {
	Name   string     `json:"name"`
	Fields []FieldABI `json:"fields"`
}

// ABI renders the module's ABI as the REST API does: the functions that are
// entry, public, friend or view (in definition order), every struct, and
// types as strings ("&signer", "vector<u8>", "0x1::string::String", "T0",
// function types as "|u64,bool|u8"). is_view and is_event come from the
// Aptos metadata. It fails only for a module that does not pass the bounds
// checks (one read from bytes always does).
func (m *Module) ABI() (*ModuleABI, error) {
	if err := (&checker{pools: &m.Pools, m: m}).run(); err != nil {
		return nil, err
	}
	md := m.RuntimeMetadata()
	self := m.ModuleHandles[m.SelfHandle]
	abi := &ModuleABI{Address: m.AddressIdentifiers[self.Address], Name: m.Identifiers[self.Name],
		Friends: []string{}, ExposedFunctions: []FunctionABI{}, Structs: []StructABI{}}
	for _, f := range m.FriendDecls {
		abi.Friends = append(abi.Friends, m.AddressIdentifiers[f.Address].ShortString()+"::"+m.Identifiers[f.Name])
	}
	for _, d := range m.FunctionDefs {
		h := m.FunctionHandles[d.Function]
		name := m.Identifiers[h.Name]
		view := md.IsView(name)
		if !d.IsEntry && !view && d.Visibility == Private {
			continue
		}
		abi.ExposedFunctions = append(abi.ExposedFunctions, FunctionABI{Name: name, Visibility: d.Visibility.String(),
			IsEntry: d.IsEntry, IsView: view, GenericTypeParams: functionParams(h.TypeParameters),
			Params: m.typeStrings(m.Signatures[h.Parameters]), Return: m.typeStrings(m.Signatures[h.Return])})
	}
	for _, d := range m.StructDefs {
		h := m.StructHandles[d.Handle]
		s := StructABI{Name: m.Identifiers[h.Name], IsNative: d.Layout == StructNative, IsEnum: d.Layout == StructVariants,
			Abilities: h.Abilities.Names(), GenericTypeParams: []GenericTypeParam{}, Fields: m.fieldABIs(d.Fields),
			Variants: []VariantABI{}}
		s.IsEvent = md.IsEvent(s.Name)
		for _, p := range h.TypeParameters {
			s.GenericTypeParams = append(s.GenericTypeParams, GenericTypeParam{Constraints: p.Constraints.Names(), IsPhantom: p.IsPhantom})
		}
		for _, v := range d.Variants {
			s.Variants = append(s.Variants, VariantABI{Name: m.Identifiers[v.Name], Fields: m.fieldABIs(v.Fields)})
		}
		abi.Structs = append(abi.Structs, s)
	}
	return abi, nil
}

// ABI renders a script's main function as the REST API does: named
// "main", public and entry, never a view.
func (s *Script) ABI() (*FunctionABI, error) {
	if err := (&checker{pools: &s.Pools, s: s}).run(); err != nil {
		return nil, err
	}
	return &FunctionABI{Name: "main", Visibility: Public.String(), IsEntry: true,
		GenericTypeParams: functionParams(s.TypeParameters), Params: s.typeStrings(s.Signatures[s.Parameters]),
		Return: []string{}}, nil
}

func functionParams(tps []AbilitySet) []GenericTypeParam {
	out := []GenericTypeParam{}
	for _, a := range tps {
		out = append(out, GenericTypeParam{Constraints: a.Names()})
	}
	return out
}

func (m *Module) fieldABIs(fs []FieldDef) []FieldABI {
	out := []FieldABI{}
	for _, f := range fs {
		out = append(out, FieldABI{Name: m.Identifiers[f.Name], Type: m.TypeString(f.Type)})
	}
	return out
}

func (p *Pools) typeStrings(sig Signature) []string {
	out := []string{}
	for _, t := range sig {
		out = append(out, p.TypeString(t))
	}
	return out
}

// TypeString renders a type as the REST API does, struct handles resolved
// to address::module::Name with the address written short (0x1, 0xcafe).
// The indexes in t must be in range.
func (p *Pools) TypeString(t SignatureToken) string {
	var b strings.Builder
	writeToken(&b, t, func(b *strings.Builder, h StructHandleIndex) {
		sh := p.StructHandles[h]
		mh := p.ModuleHandles[sh.Module]
		b.WriteString(p.AddressIdentifiers[mh.Address].ShortString())
		b.WriteString("::")
		b.WriteString(p.Identifiers[mh.Name])
		b.WriteString("::")
		b.WriteString(p.Identifiers[sh.Name])
	})
	return b.String()
}
