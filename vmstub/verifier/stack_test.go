package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

func TestStackUsage(t *testing.T) {
	fn := func(c []inst) func(t *testing.T) *bytecode.Module { return withFn(bytecode.Fn{Code: c}) }
	lds := func(n int, tail ...inst) []inst {
		var c []inst
		for range n {
			c = append(c, I(bytecode.OpLdTrue))
		}
		for range n {
			c = append(c, I(bytecode.OpPop))
		}
		return append(c, tail...)
	}
	pairs := func(n int) []inst {
		var c []inst
		for range n {
			c = append(c, I(bytecode.OpLdTrue), I(bytecode.OpPop))
		}
		return append(c, I(bytecode.OpRet))
	}
	// callee takes two u64 and returns three.
	withCallee := func(body func(f bytecode.FunctionHandleIndex) []inst) func(t *testing.T) *bytecode.Module {
		return mod(func(b *bytecode.ModuleBuilder) {
			f := b.Function("callee", bytecode.Public, bytecode.Fn{Params: toks(bytecode.U64, bytecode.U64),
				Returns: toks(bytecode.U64, bytecode.U64, bytecode.U64),
				Code:    code(I(bytecode.OpCopyLoc, 0), I(bytecode.OpCopyLoc, 1), I(bytecode.OpCopyLoc, 0), I(bytecode.OpRet))})
			b.Function("f", bytecode.Public, bytecode.Fn{Code: body(f)})
		})
	}
	runModCases(t, []modCase{
		{"pop of an empty stack", fn(code(I(bytecode.OpPop), I(bytecode.OpRet))), nil, 1009},
		{"value left at return", fn(code(I(bytecode.OpLdTrue), I(bytecode.OpRet))), nil, 1069},
		{"value left at a branch", fn(code(I(bytecode.OpLdTrue), I(bytecode.OpBranch, 2), I(bytecode.OpPop), I(bytecode.OpRet))), nil, 1069},
		{"return of too few values", withFn(bytecode.Fn{Returns: toks(bytecode.U64, bytecode.U64),
			Code: code(I(bytecode.OpLdU64, 1), I(bytecode.OpRet))}), nil, 1009},
		{"1024 values", fn(lds(1024, I(bytecode.OpRet))), nil, 0},
		{"1025 values", fn(lds(1025, I(bytecode.OpRet))), nil, 1115},
		{"4 pushes of 4", fn(pairs(4)), with(func(c *verifier.Config) { c.MaxPushSize = 4 }), 0},
		{"5 pushes of 4", fn(pairs(5)), with(func(c *verifier.Config) { c.MaxPushSize = 4 }), 1117},
		{"pushes count per block", fn(append(append(pairs(4)[:8], I(bytecode.OpBranch, 9)), pairs(4)...)),
			with(func(c *verifier.Config) { c.MaxPushSize = 4 }), 0},
		{"call", withCallee(func(f bytecode.FunctionHandleIndex) []inst {
			return code(I(bytecode.OpLdU64, 1), I(bytecode.OpLdU64, 2), I(bytecode.OpCall, uint64(f)),
				I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpRet))
		}), nil, 0},
		{"call with one argument short", withCallee(func(f bytecode.FunctionHandleIndex) []inst {
			return code(I(bytecode.OpLdU64, 1), I(bytecode.OpCall, uint64(f)), I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpRet))
		}), nil, 1009},
		{"call results left", withCallee(func(f bytecode.FunctionHandleIndex) []inst {
			return code(I(bytecode.OpLdU64, 1), I(bytecode.OpLdU64, 2), I(bytecode.OpCall, uint64(f)), I(bytecode.OpPop), I(bytecode.OpRet))
		}), nil, 1069},
		{"pack and unpack", mod(func(b *bytecode.ModuleBuilder) {
			s := b.Struct("S", bytecode.AbilityDrop, bytecode.Field("a", bytecode.U64), bytecode.Field("b", bytecode.U8))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpLdU64, 1), I(bytecode.OpLdU8, 2),
				I(bytecode.OpPack, uint64(s)), I(bytecode.OpUnpack, uint64(s)), I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 0},
		{"pack of too few fields", mod(func(b *bytecode.ModuleBuilder) {
			s := b.Struct("S", bytecode.AbilityDrop, bytecode.Field("a", bytecode.U64), bytecode.Field("b", bytecode.U8))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpLdU64, 1),
				I(bytecode.OpPack, uint64(s)), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 1009},
		{"vec unpack of 3", mod(func(b *bytecode.ModuleBuilder) {
			sig := uint64(b.Signature(bytecode.U64))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpVecPack, sig, 0), I(bytecode.OpVecUnpack, sig, 3),
				I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 0},
		{"vec unpack of 2000", mod(func(b *bytecode.ModuleBuilder) {
			sig := uint64(b.Signature(bytecode.U64))
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpVecPack, sig, 0), I(bytecode.OpVecUnpack, sig, 2000),
				I(bytecode.OpRet))})
		}), nil, 1115},
		{"closure call", mod(func(b *bytecode.ModuleBuilder) {
			ft := bytecode.FunctionType(toks(bytecode.U64, bytecode.U8), toks(bytecode.U64), bytecode.AbilityDrop)
			b.Function("f", bytecode.Public, bytecode.Fn{Params: toks(ft), Code: code(I(bytecode.OpLdU64, 1), I(bytecode.OpLdU8, 2),
				I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallClosure, uint64(b.Signature(ft))), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 0},
		{"closure call short of an argument", mod(func(b *bytecode.ModuleBuilder) {
			ft := bytecode.FunctionType(toks(bytecode.U64, bytecode.U8), toks(bytecode.U64), bytecode.AbilityDrop)
			b.Function("f", bytecode.Public, bytecode.Fn{Params: toks(ft), Code: code(I(bytecode.OpLdU64, 1),
				I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallClosure, uint64(b.Signature(ft))), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 1009},
		{"closure capturing two of three", mod(func(b *bytecode.ModuleBuilder) {
			g := b.Function("g", bytecode.Public, bytecode.Fn{Params: toks(bytecode.U64, bytecode.U64, bytecode.U64), Code: retOnly})
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpLdU64, 1), I(bytecode.OpLdU64, 2),
				I(bytecode.OpPackClosure, uint64(g), 0b101), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 0},
	})
}
