package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

func TestInstructionConsistency(t *testing.T) {
	t0 := bytecode.TypeParameter(0)
	// calls has a generic function gen<T>(T) and a plain one plain(u64).
	calls := func(body func(b *bytecode.ModuleBuilder, gen, plain bytecode.FunctionHandleIndex) []h1Inst) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			gen := b.Function("gen", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop},
				Params: h1Toks(t0), Code: h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
			plain := b.Function("plain", bytecode.Public, bytecode.Fn{Params: h1Toks(bytecode.U64),
				Code: h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
			b.Function("f", bytecode.Public, bytecode.Fn{Code: body(b, gen, plain)})
		})
	}
	call := func(op bytecode.Opcode, generic bool) func(t *testing.T) *bytecode.Module {
		return calls(func(b *bytecode.ModuleBuilder, gen, plain bytecode.FunctionHandleIndex) []h1Inst {
			target := uint64(plain)
			if generic {
				target = uint64(gen)
			}
			if op == bytecode.OpCallGeneric {
				if generic {
					target = uint64(b.FunctionInst(gen, bytecode.U64))
				} else {
					target = uint64(b.FunctionInst(plain))
				}
			}
			return h1Code(h1I(bytecode.OpLdU64, 1), h1I(op, target), h1I(bytecode.OpRet))
		})
	}
	structs := func(op bytecode.Opcode, generic bool) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			var s bytecode.StructDefIndex
			if generic {
				s = b.GenericStruct("S", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("x", bytecode.U64))
			} else {
				s = b.Struct("S", bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64))
			}
			idx := uint64(s)
			if op == bytecode.OpPackGeneric {
				if generic {
					idx = uint64(b.StructInst(s, bytecode.U64))
				} else {
					idx = uint64(b.StructInst(s))
				}
			}
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpLdU64, 1), h1I(op, idx), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		})
	}
	closure := func(mask uint64) func(t *testing.T) *bytecode.Module {
		return calls(func(b *bytecode.ModuleBuilder, _, plain bytecode.FunctionHandleIndex) []h1Inst {
			if mask == 0 {
				return h1Code(h1I(bytecode.OpPackClosure, uint64(plain), mask), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
			}
			return h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpPackClosure, uint64(plain), mask), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
		})
	}
	vecPack := func(n uint64) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpVecPack, uint64(b.Signature(bytecode.U64)), n),
				h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		})
	}
	runModCases(t, []modCase{
		{"call", call(bytecode.OpCall, false), nil, 0},
		{"call of a generic function", call(bytecode.OpCall, true), nil, 1090},
		{"generic call", call(bytecode.OpCallGeneric, true), nil, 0},
		{"generic call of a plain function", call(bytecode.OpCallGeneric, false), nil, 1090},
		{"pack", structs(bytecode.OpPack, false), nil, 0},
		{"pack of a generic struct", structs(bytecode.OpPack, true), nil, 1090},
		{"generic pack", structs(bytecode.OpPackGeneric, true), nil, 0},
		{"generic pack of a plain struct", structs(bytecode.OpPackGeneric, false), nil, 1090},
		{"closure capturing its parameter", closure(1), nil, 0},
		{"closure capturing nothing", closure(0), nil, 0},
		{"closure mask beyond the parameters", closure(2), nil, 1132},
		{"closure mask bit 63", closure(1 << 63), nil, 1132},
		{"vec pack of 0", vecPack(0), nil, 0},
		{"vec pack of 65536", vecPack(65536), nil, 1075},
	})
}

func TestScriptInstructions(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"vector", h1Script(func(b *bytecode.ScriptBuilder) {
			b.Main(bytecode.Fn{Code: h1Code(h1I(bytecode.OpVecPack, uint64(b.Signature(bytecode.U8)), 0), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 0},
		{"pack in a script", h1Script(func(b *bytecode.ScriptBuilder) {
			b.Main(bytecode.Fn{Code: h1Code(h1I(bytecode.OpRet))})
		}, func(s *bytecode.Script) {
			s.Code.Code = h1Code(h1I(bytecode.OpPack, 0), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
		}), nil, 1094},
		{"generic borrow_global in a script", h1Script(func(b *bytecode.ScriptBuilder) {
			b.Main(bytecode.Fn{Params: h1Toks(bytecode.Address), Code: h1Code(h1I(bytecode.OpRet))})
		}, func(s *bytecode.Script) {
			s.Code.Code = h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpImmBorrowGlobalGeneric, 3), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
		}), nil, 1094},
	})
}

func TestInstantiationLoops(t *testing.T) {
	t0 := bytecode.TypeParameter(0)
	drop := []bytecode.AbilitySet{bytecode.AbilityDrop}
	// f<T>() calls target<arg(T)>.
	loop := func(arg func(b *bytecode.ModuleBuilder) h1Tok, viaOther bool) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			f := b.DeclareFunction("f", bytecode.Fn{TypeParams: drop})
			g := b.DeclareFunction("g", bytecode.Fn{TypeParams: drop})
			target := f
			if viaOther {
				target = g
			}
			b.Function("f", bytecode.Public, bytecode.Fn{TypeParams: drop, Code: h1Code(
				h1I(bytecode.OpCallGeneric, uint64(b.FunctionInst(target, arg(b)))), h1I(bytecode.OpRet))})
			b.Function("g", bytecode.Public, bytecode.Fn{TypeParams: drop, Code: h1Code(
				h1I(bytecode.OpCallGeneric, uint64(b.FunctionInst(f, t0))), h1I(bytecode.OpRet))})
		})
	}
	same := func(*bytecode.ModuleBuilder) h1Tok { return t0 }
	vec := func(*bytecode.ModuleBuilder) h1Tok { return bytecode.Vector(t0) }
	concrete := func(*bytecode.ModuleBuilder) h1Tok { return bytecode.Vector(bytecode.U64) }
	runModCases(t, []modCase{
		{"f<T> calls f<T>", loop(same, false), nil, 0},
		{"f<T> calls f<vector<T>>", loop(vec, false), nil, 1077},
		{"f<T> calls g<vector<T>>, g<T> calls f<T>", loop(vec, true), nil, 1077},
		{"f<T> calls g<T>, g<T> calls f<T>", loop(same, true), nil, 0},
		{"f<T> calls f<vector<u64>>", loop(concrete, false), nil, 0},
		{"growth into another module", h1Mod(func(b *bytecode.ModuleBuilder) {
			other := b.ImportFunction(b.ModuleRef(h1Cafe, "other"), "h", bytecode.Fn{TypeParams: drop})
			b.Function("f", bytecode.Public, bytecode.Fn{TypeParams: drop, Code: h1Code(
				h1I(bytecode.OpCallGeneric, uint64(b.FunctionInst(other, bytecode.Vector(t0)))), h1I(bytecode.OpRet))})
		}), nil, 0},
		{"growth through a closure", h1Mod(func(b *bytecode.ModuleBuilder) {
			f := b.DeclareFunction("f", bytecode.Fn{TypeParams: drop})
			b.Function("f", bytecode.Public, bytecode.Fn{TypeParams: drop, Code: h1Code(
				h1I(bytecode.OpPackClosureGeneric, uint64(b.FunctionInst(f, bytecode.Vector(t0))), 0), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 1077},
	})
}
