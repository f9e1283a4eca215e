package bytecode

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// Entry may be or-ed into the visibility given to a builder's Function to
// make the function an entry function: Public|Entry, Private|Entry.
const Entry Visibility = 0x80

// Fn describes a function for the builders. Code and Locals are ignored for
// imported functions and natives.
type Fn struct {
	TypeParams []AbilitySet
	Params     []SignatureToken
	Returns    []SignatureToken
	Locals     []SignatureToken // locals after the parameters
	Code       []Instruction
	Native     bool
	Acquires   []StructDefIndex
	// Access specifiers (version 7) and attributes (version 8) of the handle.
	Access     *[]AccessSpecifier
	Attributes []FunctionAttribute
}

// pools interns the entries of the shared tables, so that asking twice for
// the same identifier, handle, signature or instantiation gives the same
// index. It keeps the first error, which Module, Script and Bytes return.
type pools struct {
	p         *Pools
	idents    map[string]IdentifierIndex
	addrs     map[ledgerapi.Address]AddressIndex
	modules   map[ModuleHandle]ModuleHandleIndex
	sigs      map[string]SignatureIndex
	consts    map[string]ConstantIndex
	structs   map[[2]uint16]StructHandleIndex // module, name
	funcs     map[[2]uint16]FunctionHandleIndex
	funcInsts map[FunctionInstantiation]FunctionInstIndex
	err       error
}

func newPools(p *Pools) pools {
	return pools{p: p, idents: map[string]IdentifierIndex{}, addrs: map[ledgerapi.Address]AddressIndex{},
		modules: map[ModuleHandle]ModuleHandleIndex{}, sigs: map[string]SignatureIndex{}, consts: map[string]ConstantIndex{},
		structs: map[[2]uint16]StructHandleIndex{}, funcs: map[[2]uint16]FunctionHandleIndex{},
		funcInsts: map[FunctionInstantiation]FunctionInstIndex{}}
}

func (b *pools) failf(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("bytecode: build: "+format, args...)
	}
}

// Identifier interns an identifier.
func (b *pools) Identifier(s string) IdentifierIndex {
	if i, ok := b.idents[s]; ok {
		return i
	}
	if !validIdentifier(s) {
		b.failf("invalid identifier %q", s)
	}
	i := IdentifierIndex(len(b.p.Identifiers))
	b.p.Identifiers = append(b.p.Identifiers, s)
	b.idents[s] = i
	return i
}

// AddressIdentifier interns an address.
func (b *pools) AddressIdentifier(a ledgerapi.Address) AddressIndex {
	if i, ok := b.addrs[a]; ok {
		return i
	}
	i := AddressIndex(len(b.p.AddressIdentifiers))
	b.p.AddressIdentifiers = append(b.p.AddressIdentifiers, a)
	b.addrs[a] = i
	return i
}

// ModuleRef interns a handle for module addr::name.
func (b *pools) ModuleRef(addr ledgerapi.Address, name string) ModuleHandleIndex {
	h := ModuleHandle{Address: b.AddressIdentifier(addr), Name: b.Identifier(name)}
	if i, ok := b.modules[h]; ok {
		return i
	}
	i := ModuleHandleIndex(len(b.p.ModuleHandles))
	b.p.ModuleHandles = append(b.p.ModuleHandles, h)
	b.modules[h] = i
	return i
}

// Signature interns a list of types.
func (b *pools) Signature(types ...SignatureToken) SignatureIndex {
	w := &writer{version: VersionMax}
	w.signature(types)
	if i, ok := b.sigs[string(w.buf)]; ok {
		return i
	}
	i := SignatureIndex(len(b.p.Signatures))
	b.p.Signatures = append(b.p.Signatures, append(Signature{}, types...))
	b.sigs[string(w.buf)] = i
	return i
}

// Constant interns a constant: its type and BCS bytes.
func (b *pools) Constant(t SignatureToken, data []byte) ConstantIndex {
	w := &writer{version: VersionMax}
	w.token(&t)
	w.blob(data)
	if i, ok := b.consts[string(w.buf)]; ok {
		return i
	}
	i := ConstantIndex(len(b.p.ConstantPool))
	b.p.ConstantPool = append(b.p.ConstantPool, Constant{Type: t, Data: append([]byte{}, data...)})
	b.consts[string(w.buf)] = i
	return i
}

// ConstantBytes interns a vector<u8> constant.
func (b *pools) ConstantBytes(v []byte) ConstantIndex {
	return b.Constant(Vector(U8), bcs.AppendBytes(nil, v))
}

// ImportStruct interns a handle for struct name of module mod.
func (b *pools) ImportStruct(mod ModuleHandleIndex, name string, abilities AbilitySet, typeParams ...StructTypeParameter) StructHandleIndex {
	key := [2]uint16{uint16(mod), uint16(b.Identifier(name))}
	if i, ok := b.structs[key]; ok {
		h := b.p.StructHandles[i]
		if h.Abilities != abilities || len(h.TypeParameters) != len(typeParams) {
			b.failf("struct %s declared twice differently", name)
		}
		return i
	}
	i := StructHandleIndex(len(b.p.StructHandles))
	b.p.StructHandles = append(b.p.StructHandles, StructHandle{Module: mod, Name: IdentifierIndex(key[1]),
		Abilities: abilities, TypeParameters: typeParams})
	b.structs[key] = i
	return i
}

// ImportFunction interns a handle for function name of module mod; f gives
// its type parameters, parameters, returns, access specifiers and attributes.
func (b *pools) ImportFunction(mod ModuleHandleIndex, name string, f Fn) FunctionHandleIndex {
	h := FunctionHandle{Module: mod, Name: b.Identifier(name), Parameters: b.Signature(f.Params...),
		Return: b.Signature(f.Returns...), TypeParameters: f.TypeParams, AccessSpecifiers: f.Access, Attributes: f.Attributes}
	key := [2]uint16{uint16(mod), uint16(h.Name)}
	if i, ok := b.funcs[key]; ok {
		old := b.p.FunctionHandles[i]
		if old.Parameters != h.Parameters || old.Return != h.Return || len(old.TypeParameters) != len(h.TypeParameters) {
			b.failf("function %s declared twice with different signatures", name)
		}
		return i
	}
	i := FunctionHandleIndex(len(b.p.FunctionHandles))
	b.p.FunctionHandles = append(b.p.FunctionHandles, h)
	b.funcs[key] = i
	return i
}

// FunctionInst interns an instantiation of a generic function.
func (b *pools) FunctionInst(h FunctionHandleIndex, typeArgs ...SignatureToken) FunctionInstIndex {
	fi := FunctionInstantiation{Handle: h, TypeParameters: b.Signature(typeArgs...)}
	if i, ok := b.funcInsts[fi]; ok {
		return i
	}
	i := FunctionInstIndex(len(b.p.FunctionInstantiations))
	b.p.FunctionInstantiations = append(b.p.FunctionInstantiations, fi)
	b.funcInsts[fi] = i
	return i
}

// Metadata adds a metadata entry.
func (b *pools) Metadata(key, value []byte) {
	b.p.Metadata = append(b.p.Metadata, Metadata{Key: append([]byte{}, key...), Value: append([]byte{}, value...)})
}

// ScriptBuilder assembles a script.
type ScriptBuilder struct {
	pools
	s Script
}

// NewScriptBuilder starts a script of version VersionDefault.
func NewScriptBuilder() *ScriptBuilder {
	b := &ScriptBuilder{s: Script{Version: VersionDefault}}
	b.pools = newPools(&b.s.Pools)
	return b
}

// Version sets the file format version.
func (b *ScriptBuilder) Version(v uint32) *ScriptBuilder { b.s.Version = v; return b }

// Main sets the script's main function (Returns, Native, Acquires and
// Attributes do not apply to scripts).
func (b *ScriptBuilder) Main(f Fn) {
	b.s.TypeParameters = f.TypeParams
	b.s.Parameters = b.Signature(f.Params...)
	b.s.AccessSpecifiers = f.Access
	b.s.Code = CodeUnit{Locals: b.Signature(f.Locals...), Code: f.Code}
}

// Script returns the script built so far, or the first error.
func (b *ScriptBuilder) Script() (*Script, error) {
	if b.err != nil {
		return nil, b.err
	}
	s := b.s
	return &s, nil
}

// Bytes serializes the script.
func (b *ScriptBuilder) Bytes() ([]byte, error) {
	s, err := b.Script()
	if err != nil {
		return nil, err
	}
	return s.Serialize()
}

// MetadataV1 sets the aptos::metadata_v1 entry (replacing an earlier one).
func (b *pools) MetadataV1(md *MetadataV1) {
	for i, e := range b.p.Metadata {
		if string(e.Key) == MetadataKeyV1 {
			b.p.Metadata[i].Value = md.Encode()
			return
		}
	}
	b.Metadata([]byte(MetadataKeyV1), md.Encode())
}
