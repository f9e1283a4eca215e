package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

func TestStackUsage(t *testing.T) {
	fn := func(c []h1Inst) func(t *testing.T) *bytecode.Module { return h1WithFn(bytecode.Fn{Code: c}) }
	lds := func(n int, tail ...h1Inst) []h1Inst {
		var c []h1Inst
		for range n {
			c = append(c, h1I(bytecode.OpLdTrue))
		}
		for range n {
			c = append(c, h1I(bytecode.OpPop))
		}
		return append(c, tail...)
	}
	pairs := func(n int) []h1Inst {
		var c []h1Inst
		for range n {
			c = append(c, h1I(bytecode.OpLdTrue), h1I(bytecode.OpPop))
		}
		return append(c, h1I(bytecode.OpRet))
	}
	// callee takes two u64 and returns three.
	withCallee := func(body func(f bytecode.FunctionHandleIndex) []h1Inst) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			f := b.Function("callee", bytecode.Public, bytecode.Fn{Params: h1Toks(bytecode.U64, bytecode.U64),
				Returns: h1Toks(bytecode.U64, bytecode.U64, bytecode.U64),
				Code:    h1Code(h1I(bytecode.OpCopyLoc, 0), h1I(bytecode.OpCopyLoc, 1), h1I(bytecode.OpCopyLoc, 0), h1I(bytecode.OpRet))})
			b.Function("f", bytecode.Public, bytecode.Fn{Code: body(f)})
		})
	}
	runModCases(t, []modCase{
		{"pop of an empty stack", fn(h1Code(h1I(bytecode.OpPop), h1I(bytecode.OpRet))), nil, 1009},
		{"value left at return", fn(h1Code(h1I(bytecode.OpLdTrue), h1I(bytecode.OpRet))), nil, 1069},
		{"value left at a branch", fn(h1Code(h1I(bytecode.OpLdTrue), h1I(bytecode.OpBranch, 2), h1I(bytecode.OpPop), h1I(bytecode.OpRet))), nil, 1069},
		{"return of too few values", h1WithFn(bytecode.Fn{Returns: h1Toks(bytecode.U64, bytecode.U64),
			Code: h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpRet))}), nil, 1009},
		{"1024 values", fn(lds(1024, h1I(bytecode.OpRet))), nil, 0},
		{"1025 values", fn(lds(1025, h1I(bytecode.OpRet))), nil, 1115},
		{"4 pushes of 4", fn(pairs(4)), h1With(func(c *verifier.Config) { c.MaxPushSize = 4 }), 0},
		{"5 pushes of 4", fn(pairs(5)), h1With(func(c *verifier.Config) { c.MaxPushSize = 4 }), 1117},
		{"pushes count per block", fn(append(append(pairs(4)[:8], h1I(bytecode.OpBranch, 9)), pairs(4)...)),
			h1With(func(c *verifier.Config) { c.MaxPushSize = 4 }), 0},
		{"call", withCallee(func(f bytecode.FunctionHandleIndex) []h1Inst {
			return h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpLdU64, 2), h1I(bytecode.OpCall, uint64(f)),
				h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
		}), nil, 0},
		{"call with one argument short", withCallee(func(f bytecode.FunctionHandleIndex) []h1Inst {
			return h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpCall, uint64(f)), h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
		}), nil, 1009},
		{"call results left", withCallee(func(f bytecode.FunctionHandleIndex) []h1Inst {
			return h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpLdU64, 2), h1I(bytecode.OpCall, uint64(f)), h1I(bytecode.OpPop), h1I(bytecode.OpRet))
		}), nil, 1069},
		{"pack and unpack", h1Mod(func(b *bytecode.ModuleBuilder) {
			s := b.Struct("S", bytecode.AbilityDrop, bytecode.Field("a", bytecode.U64), bytecode.Field("b", bytecode.U8))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpLdU8, 2),
				h1I(bytecode.OpPack, uint64(s)), h1I(bytecode.OpUnpack, uint64(s)), h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 0},
		{"pack of too few fields", h1Mod(func(b *bytecode.ModuleBuilder) {
			s := b.Struct("S", bytecode.AbilityDrop, bytecode.Field("a", bytecode.U64), bytecode.Field("b", bytecode.U8))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpLdU64, 1),
				h1I(bytecode.OpPack, uint64(s)), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 1009},
		{"vec unpack of 3", h1Mod(func(b *bytecode.ModuleBuilder) {
			sig := uint64(b.Signature(bytecode.U64))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpVecPack, sig, 0), h1I(bytecode.OpVecUnpack, sig, 3),
				h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 0},
		{"vec unpack of 2000", h1Mod(func(b *bytecode.ModuleBuilder) {
			sig := uint64(b.Signature(bytecode.U64))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpVecPack, sig, 0), h1I(bytecode.OpVecUnpack, sig, 2000),
				h1I(bytecode.OpRet))})
		}), nil, 1115},
		{"closure call", h1Mod(func(b *bytecode.ModuleBuilder) {
			ft := bytecode.FunctionType(h1Toks(bytecode.U64, bytecode.U8), h1Toks(bytecode.U64), bytecode.AbilityDrop)
			b.Function("f", bytecode.Public, bytecode.Fn{Params: h1Toks(ft), Code: h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpLdU8, 2),
				h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpCallClosure, uint64(b.Signature(ft))), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 0},
		{"closure call short of an argument", h1Mod(func(b *bytecode.ModuleBuilder) {
			ft := bytecode.FunctionType(h1Toks(bytecode.U64, bytecode.U8), h1Toks(bytecode.U64), bytecode.AbilityDrop)
			b.Function("f", bytecode.Public, bytecode.Fn{Params: h1Toks(ft), Code: h1Code(h1I(bytecode.OpLdU64, 1),
				h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpCallClosure, uint64(b.Signature(ft))), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 1009},
		{"closure capturing two of three", h1Mod(func(b *bytecode.ModuleBuilder) {
			g := b.Function("g", bytecode.Public, bytecode.Fn{Params: h1Toks(bytecode.U64, bytecode.U64, bytecode.U64), Code: h1RetOnly})
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpLdU64, 2),
				h1I(bytecode.OpPackClosure, uint64(g), 0b101), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 0},
	})
}
