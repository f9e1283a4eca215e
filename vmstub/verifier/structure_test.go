package verifier_test

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// TestV2TwoStructDefsOnOneHandle is the attack V2 of the issue: two struct
// definitions sharing one struct handle, S{c: Coin<AptosCoin>} and
// S{v: u64}, so that a value stored through one is read through the
// other. It must be refused with DUPLICATE_ELEMENT.
func TestV2TwoStructDefsOnOneHandle(t *testing.T) {
	coinLike := func(b *bytecode.ModuleBuilder) h1Tok {
		coin := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "coin"), "Coin", bytecode.AbilityStore,
			bytecode.StructTypeParameter{IsPhantom: true})
		apt := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "aptos_coin"), "AptosCoin", bytecode.AbilityKey)
		return bytecode.StructOf(coin, bytecode.StructOf(apt))
	}
	runModCases(t, []modCase{
		{"one definition", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.Struct("S", bytecode.AbilityKey, bytecode.Field("c", coinLike(b)))
			return h1Built(t, b)
		}, nil, 0},
		{"second definition on the same handle", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			s := b.Struct("S", bytecode.AbilityKey, bytecode.Field("c", coinLike(b)))
			v := b.Identifier("v")
			m := h1Built(t, b)
			m.StructDefs = append(m.StructDefs, bytecode.StructDef{Handle: m.StructDefs[s].Handle, Layout: bytecode.StructFields,
				Fields: []bytecode.FieldDef{{Name: v, Type: bytecode.U64}}})
			return m
		}, nil, 1012},
		{"second definition on a copy of the handle", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			s := b.Struct("S", bytecode.AbilityKey, bytecode.Field("c", coinLike(b)))
			v := b.Identifier("v")
			m := h1Built(t, b)
			m.StructHandles = append(m.StructHandles, m.StructHandles[m.StructDefs[s].Handle])
			m.StructDefs = append(m.StructDefs, bytecode.StructDef{Handle: bytecode.StructHandleIndex(len(m.StructHandles) - 1),
				Layout: bytecode.StructFields, Fields: []bytecode.FieldDef{{Name: v, Type: bytecode.U64}}})
			return m
		}, nil, 1012},
	})
}

func TestLimits(t *testing.T) {
	generic := func(n int) []bytecode.AbilitySet { return make([]bytecode.AbilitySet, n) }
	structs := func(n int) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			for i := range n {
				b.Struct(fmt.Sprintf("S%d", i), 0, bytecode.Field("a", bytecode.U8))
			}
			return h1Built(t, b)
		}
	}
	fields := func(n int) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			var fs []bytecode.FieldSpec
			for i := range n {
				fs = append(fs, bytecode.Field(fmt.Sprintf("f%d", i), bytecode.U8))
			}
			b.Struct("S", 0, fs...)
			return h1Built(t, b)
		}
	}
	variants := func(n int) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod().Version(bytecode.Version7)
			var vs []bytecode.VariantSpec
			for i := range n {
				vs = append(vs, bytecode.Variant(fmt.Sprintf("V%d", i)))
			}
			b.Enum("E", 0, nil, vs...)
			return h1Built(t, b)
		}
	}
	funcs := func(n int) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			for i := range n {
				b.Function(fmt.Sprintf("f%d", i), bytecode.Private, bytecode.Fn{Code: h1RetOnly})
			}
			return h1Built(t, b)
		}
	}
	// wide is G<u64 or S, ...> with 32 type arguments: 4 + 32 = 36 nodes
	// with u64, 4 + 32*4 = 132 with a struct.
	wide := func(arg func(b *bytecode.ModuleBuilder) h1Tok) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			tps := make([]bytecode.StructTypeParameter, 32)
			for i := range tps {
				tps[i].IsPhantom = true
			}
			g := b.GenericStruct("G", bytecode.AbilityDrop, tps, bytecode.Field("a", bytecode.U8))
			b.Function("f", bytecode.Public, bytecode.Fn{Params: h1Toks(b.StructType(g, h1Repeat(32, arg(b))...)), Code: h1Code(h1I(bytecode.OpRet))})
			return h1Built(t, b)
		}
	}
	// constantOf is a vector<u8> constant of n bytes (and its length byte).
	constantOf := func(n int) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.Constant(bytecode.Vector(bytecode.U8), append([]byte{byte(n)}, make([]byte, n)...))
			return h1Built(t, b)
		}
	}
	u64 := func(*bytecode.ModuleBuilder) h1Tok { return bytecode.U64 }
	aStruct := func(b *bytecode.ModuleBuilder) h1Tok {
		return b.StructType(b.Struct("S", bytecode.AbilityDrop, bytecode.Field("a", bytecode.U8)))
	}
	runModCases(t, []modCase{
		{"128 parameters", h1WithFn(bytecode.Fn{Params: h1Repeat(128, bytecode.U8), Code: h1RetOnly}), nil, 0},
		{"129 parameters", h1WithFn(bytecode.Fn{Params: h1Repeat(129, bytecode.U8), Code: h1RetOnly}), nil, 1113},
		{"129 return values", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.DeclareFunction("g", bytecode.Fn{Returns: h1Repeat(129, bytecode.U8)})
			b.Function("g", bytecode.Public, bytecode.Fn{Returns: h1Repeat(129, bytecode.U8), Native: true})
			return h1Built(t, b)
		}, nil, 1113},
		{"32 type parameters", h1WithFn(bytecode.Fn{TypeParams: generic(32), Code: h1RetOnly}), nil, 0},
		{"33 type parameters", h1WithFn(bytecode.Fn{TypeParams: generic(33), Code: h1RetOnly}), nil, 1112},
		{"33 struct type parameters", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.GenericStruct("G", 0, make([]bytecode.StructTypeParameter, 33), bytecode.Field("a", bytecode.U8))
			return h1Built(t, b)
		}, nil, 1112},
		{"type of 36 nodes", wide(u64), nil, 0},
		{"type of 132 nodes", wide(aStruct), nil, 1116},
		{"type of depth 20", h1WithFn(bytecode.Fn{Params: h1Toks(nestVector(19, bytecode.U8)), Code: h1RetOnly}), nil, 0},
		{"type of depth 21", h1WithFn(bytecode.Fn{Params: h1Toks(nestVector(20, bytecode.U8)), Code: h1RetOnly}), nil, 1116},
		{"field of depth 21", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.Struct("S", 0, bytecode.Field("a", nestVector(20, bytecode.U8)))
			return h1Built(t, b)
		}, nil, 1116},
		{"constant of depth 21", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.Constant(nestVector(20, bytecode.U8), []byte{0})
			return h1Built(t, b)
		}, nil, 1116},
		{"2 struct definitions of 2", structs(2), h1With(func(c *verifier.Config) { c.MaxStructDefinitions = 2 }), 0},
		{"3 struct definitions of 2", structs(3), h1With(func(c *verifier.Config) { c.MaxStructDefinitions = 2 }), 1120},
		{"31 fields, no limit in production", fields(31), nil, 0},
		{"30 fields of 30", fields(30), h1With(func(c *verifier.Config) { c.MaxFieldsInStruct = 30 }), 0},
		{"31 fields of 30", fields(31), h1With(func(c *verifier.Config) { c.MaxFieldsInStruct = 30 }), 1121},
		{"91 variants, no limit in production", variants(91), nil, 0},
		{"90 variants of 90", variants(90), h1With(func(c *verifier.Config) { c.MaxStructVariants = 90 }), 0},
		{"91 variants of 90", variants(91), h1With(func(c *verifier.Config) { c.MaxStructVariants = 90 }), 1128},
		{"3 function definitions of 3", funcs(3), h1With(func(c *verifier.Config) { c.MaxFunctionDefinitions = 3 }), 0},
		{"4 function definitions of 3", funcs(4), h1With(func(c *verifier.Config) { c.MaxFunctionDefinitions = 3 }), 1119},
		{"identifier of 10 bytes of 10", funcs(1), h1With(func(c *verifier.Config) { c.MaxIdentifierLength = 10 }), 0},
		{"identifier of 11 bytes of 10", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.Function("abcdefghijk", bytecode.Private, bytecode.Fn{Code: h1RetOnly})
			return h1Built(t, b)
		}, h1With(func(c *verifier.Config) { c.MaxIdentifierLength = 10 }), 1126},
		{"constant of 4 bytes of 4", constantOf(3), h1With(func(c *verifier.Config) { c.MaxConstantSize = 4 }), 0},
		{"constant of 5 bytes of 4", constantOf(4), h1With(func(c *verifier.Config) { c.MaxConstantSize = 4 }), 1083},
		{"function type of 128 parameters", h1WithFn(bytecode.Fn{
			Params: h1Toks(bytecode.FunctionType(h1Repeat(128, bytecode.U8), nil, bytecode.AbilityDrop)), Code: h1RetOnly}),
			h1With(func(c *verifier.Config) { c.MaxTypeNodes = 0 }), 0},
		{"function type of 129 parameters", h1WithFn(bytecode.Fn{
			Params: h1Toks(bytecode.FunctionType(h1Repeat(129, bytecode.U8), nil, bytecode.AbilityDrop)), Code: h1RetOnly}),
			h1With(func(c *verifier.Config) { c.MaxTypeNodes = 0 }), 1113},
		{"zero limits are none", funcs(4), &verifier.Config{}, 0},
	})
}

// base is a small valid module: a struct with a field handle, a generic
// function with an instantiation, a friend and a function acquiring the
// struct.
func h1Base(t *testing.T) (*bytecode.ModuleBuilder, *bytecode.Module) {
	b := h1NewMod()
	s := b.Struct("R", bytecode.AbilityKey, bytecode.Field("a", bytecode.U64))
	g := b.GenericStruct("G", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("x", bytecode.TypeParameter(0)))
	b.StructInst(g, bytecode.U64)
	b.FieldInst(g, "x", bytecode.U64)
	b.FieldHandle(s, "a")
	id := b.Function("id", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{0}, Params: h1Toks(bytecode.TypeParameter(0)),
		Returns: h1Toks(bytecode.TypeParameter(0)), Code: h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpRet))})
	fi := b.FunctionInst(id, bytecode.U64)
	b.Function("g", bytecode.Public, bytecode.Fn{Params: h1Toks(bytecode.Address), Acquires: []bytecode.StructDefIndex{s},
		Code: h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpCallGeneric, uint64(fi)), h1I(bytecode.OpPop),
			h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpMoveFrom, uint64(s)), h1I(bytecode.OpUnpack, uint64(s)), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
	b.Friend(h1Cafe, "other")
	b.Constant(bytecode.U64, []byte{1, 0, 0, 0, 0, 0, 0, 0})
	return b, h1Built(t, b)
}

// h1Edit is a case built from base and changed by f.
func h1Edit(f func(m *bytecode.Module)) func(t *testing.T) *bytecode.Module {
	return func(t *testing.T) *bytecode.Module {
		_, m := h1Base(t)
		f(m)
		return m
	}
}

func TestDuplication(t *testing.T) {
	runModCases(t, []modCase{
		{"base", h1Edit(func(*bytecode.Module) {}), nil, 0},
		{"identifier", h1Edit(func(m *bytecode.Module) { m.Identifiers = append(m.Identifiers, m.Identifiers[1]) }), nil, 1012},
		{"address", h1Edit(func(m *bytecode.Module) { m.AddressIdentifiers = append(m.AddressIdentifiers, m.AddressIdentifiers[0]) }), nil, 1012},
		{"constant", h1Edit(func(m *bytecode.Module) { m.ConstantPool = append(m.ConstantPool, m.ConstantPool[0]) }), nil, 1012},
		{"signature", h1Edit(func(m *bytecode.Module) { m.Signatures = append(m.Signatures, m.Signatures[0]) }), nil, 1012},
		{"module handle", h1Edit(func(m *bytecode.Module) { m.ModuleHandles = append(m.ModuleHandles, m.ModuleHandles[0]) }), nil, 1012},
		{"struct handle", h1Edit(func(m *bytecode.Module) {
			h := m.StructHandles[0]
			h.Abilities = 0 // same module and name, other abilities
			m.StructHandles = append(m.StructHandles, h)
		}), nil, 1012},
		{"function handle", h1Edit(func(m *bytecode.Module) { m.FunctionHandles = append(m.FunctionHandles, m.FunctionHandles[0]) }), nil, 1012},
		{"function instantiation", h1Edit(func(m *bytecode.Module) {
			m.FunctionInstantiations = append(m.FunctionInstantiations, m.FunctionInstantiations[0])
		}), nil, 1012},
		{"field handle", h1Edit(func(m *bytecode.Module) { m.FieldHandles = append(m.FieldHandles, m.FieldHandles[0]) }), nil, 1012},
		{"field instantiation", h1Edit(func(m *bytecode.Module) {
			m.FieldInstantiations = append(m.FieldInstantiations, m.FieldInstantiations[0])
		}), nil, 1012},
		{"struct instantiation", h1Edit(func(m *bytecode.Module) {
			m.StructDefInstantiations = append(m.StructDefInstantiations, m.StructDefInstantiations[0])
		}), nil, 1012},
		{"friend", h1Edit(func(m *bytecode.Module) { m.FriendDecls = append(m.FriendDecls, m.FriendDecls[0]) }), nil, 1012},
		{"two function definitions on one handle", h1Edit(func(m *bytecode.Module) {
			m.FunctionDefs = append(m.FunctionDefs, m.FunctionDefs[0])
		}), nil, 1012},
		{"field name", h1Edit(func(m *bytecode.Module) {
			m.StructDefs[0].Fields = append(m.StructDefs[0].Fields, m.StructDefs[0].Fields[0])
		}), nil, 1012},
		{"acquires", h1Edit(func(m *bytecode.Module) {
			d := &m.FunctionDefs[1]
			d.Acquires = append(d.Acquires, d.Acquires[0])
		}), nil, 1072},
		{"empty struct", func(t *testing.T) *bytecode.Module {
			b, _ := h1Base(t)
			b.Struct("Empty", bytecode.AbilityDrop)
			return h1Built(t, b)
		}, nil, 1080},
		{"struct of another module", h1Edit(func(m *bytecode.Module) {
			m.ModuleHandles = append(m.ModuleHandles, bytecode.ModuleHandle{Address: 0, Name: m.FriendDecls[0].Name})
			m.StructHandles[0].Module = bytecode.ModuleHandleIndex(len(m.ModuleHandles) - 1)
		}), nil, 1013},
		{"function of another module", h1Edit(func(m *bytecode.Module) {
			m.ModuleHandles = append(m.ModuleHandles, bytecode.ModuleHandle{Address: 0, Name: m.FriendDecls[0].Name})
			m.FunctionHandles[1].Module = bytecode.ModuleHandleIndex(len(m.ModuleHandles) - 1)
		}), nil, 1013},
		{"struct handle without definition", func(t *testing.T) *bytecode.Module {
			b, _ := h1Base(t)
			b.ImportStruct(b.Self(), "Ghost", 0)
			return h1Built(t, b)
		}, nil, 1014},
		{"function handle without definition", func(t *testing.T) *bytecode.Module {
			b, _ := h1Base(t)
			b.DeclareFunction("ghost", bytecode.Fn{})
			return h1Built(t, b)
		}, nil, 1014},
	})
	runModCases(t, []modCase{
		{"enum with an empty variant", func(t *testing.T) *bytecode.Module {
			b := h1NewMod().Version(bytecode.Version7)
			b.Enum("E", 0, nil, bytecode.Variant("A"), bytecode.Variant("B", bytecode.Field("x", bytecode.U8)))
			return h1Built(t, b)
		}, nil, 0},
		{"variant name", func(t *testing.T) *bytecode.Module {
			b := h1NewMod().Version(bytecode.Version7)
			e := b.Enum("E", 0, nil, bytecode.Variant("A"), bytecode.Variant("B"))
			m := h1Built(t, b)
			m.StructDefs[e].Variants[1].Name = m.StructDefs[e].Variants[0].Name
			return m
		}, nil, 1012},
		{"variant field name", func(t *testing.T) *bytecode.Module {
			b := h1NewMod().Version(bytecode.Version7)
			b.Enum("E", 0, nil, bytecode.Variant("A", bytecode.Field("x", bytecode.U8), bytecode.Field("x", bytecode.U64)))
			return h1Built(t, b)
		}, nil, 1012},
	})
}

func TestScriptDuplication(t *testing.T) {
	main := func(b *bytecode.ScriptBuilder) {
		b.ModuleRef(ledgerapi.AddressOne, "coin")
		b.Main(bytecode.Fn{Code: h1RetOnly})
	}
	runScriptCases(t, []scriptCase{
		{"plain", h1Script(main), nil, 0},
		{"identifier", h1Script(main, func(s *bytecode.Script) { s.Identifiers = append(s.Identifiers, s.Identifiers[0]) }), nil, 1012},
		{"module handle", h1Script(main, func(s *bytecode.Script) { s.ModuleHandles = append(s.ModuleHandles, s.ModuleHandles[0]) }), nil, 1012},
		{"signature", h1Script(main, func(s *bytecode.Script) { s.Signatures = append(s.Signatures, s.Signatures[0]) }), nil, 1012},
	})
}
