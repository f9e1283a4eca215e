package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// nestedLoops is code with d loops nested in one another: heads at
// offsets 0..d-1 (Nop), then the back edges from the innermost out
// (LdTrue; BrTrue head), then Ret.
func nestedLoops(d int) []h1Inst {
	var c []h1Inst
	for range d {
		c = append(c, h1I(bytecode.OpNop))
	}
	for k := range d {
		c = append(c, h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, uint64(d-1-k)))
	}
	return append(c, h1I(bytecode.OpRet))
}

// sequentialLoops is code with n loops one after the other.
func sequentialLoops(n int) []h1Inst {
	var c []h1Inst
	for range n {
		head := len(c)
		c = append(c, h1I(bytecode.OpNop), h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, uint64(head)))
	}
	return append(c, h1I(bytecode.OpRet))
}

// irreducibleAt is a loop B <-> C entered both at B and at C from A, for
// code starting at offset at.
func irreducibleAt(at uint64) []h1Inst {
	return h1Code(
		h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, at+4), // A: to C or B
		h1I(bytecode.OpNop), h1I(bytecode.OpBranch, at+4), // B: to C
		h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, at+2), // C: back to B or on
		h1I(bytecode.OpRet))
}

var irreducible = irreducibleAt(0)

// siblingLoops is an outer loop holding two loops one after the other.
var siblingLoops = h1Code(
	h1I(bytecode.OpNop),                               // 0: outer head
	h1I(bytecode.OpNop),                               // 1: first inner head
	h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 1), // back to 1
	h1I(bytecode.OpNop),                               // 4: second inner head
	h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 4), // back to 4
	h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 0), // back to 0
	h1I(bytecode.OpRet))

// h1Blocks returns code of n basic blocks.
func h1Blocks(n int) []h1Inst {
	var c []h1Inst
	for i := 1; i < n; i++ {
		c = append(c, h1I(bytecode.OpBranch, uint64(i)))
	}
	return append(c, h1I(bytecode.OpRet))
}

func TestControlFlow(t *testing.T) {
	fn := func(c []h1Inst) func(t *testing.T) *bytecode.Module { return h1WithFn(bytecode.Fn{Code: c}) }
	runModCases(t, []modCase{
		{"empty code", fn(nil), nil, 1084},
		{"falls through", fn(h1Code(h1I(bytecode.OpLdTrue), h1I(bytecode.OpPop))), nil, 1007},
		{"ends with a conditional branch", fn(h1Code(h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 0))), nil, 1007},
		{"ends with abort", fn(h1Code(h1I(bytecode.OpLdU64, 1), h1I(bytecode.OpAbort))), nil, 0},
		{"ends with a branch back", fn(h1Code(h1I(bytecode.OpNop), h1I(bytecode.OpBranch, 0))), nil, 0},
		{"irreducible loop", fn(irreducible), nil, 1085},
		{"loop entered at its head", fn(h1Code(
			h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 2), // A: to B either way
			h1I(bytecode.OpNop), h1I(bytecode.OpBranch, 4), // B: to C
			h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 2), // C: back to B or on
			h1I(bytecode.OpRet))), nil, 0},
		{"jump into an inner loop", fn(h1Code(
			h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 4), // H (outer head): to J or I
			h1I(bytecode.OpNop), h1I(bytecode.OpBranch, 4), // I (inner head): to J
			h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 2), // J: back to I or on
			h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 0), // K: back to H or on
			h1I(bytecode.OpRet))), nil, 1085},
		{"5 nested loops", fn(nestedLoops(5)), nil, 0},
		{"6 nested loops", fn(nestedLoops(6)), nil, 1111},
		{"two loops side by side in a loop, depth 2 of 2", fn(siblingLoops), h1With(func(c *verifier.Config) { c.MaxLoopDepth = 2 }), 0},
		{"two loops side by side in a loop, depth 2 of 1", fn(siblingLoops), h1With(func(c *verifier.Config) { c.MaxLoopDepth = 1 }), 1111},
		{"two back edges to one head, depth 1 of 1", fn(h1Code(h1I(bytecode.OpNop),
			h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 0), h1I(bytecode.OpLdTrue), h1I(bytecode.OpBrTrue, 0), h1I(bytecode.OpRet))),
			h1With(func(c *verifier.Config) { c.MaxLoopDepth = 1 }), 0},
		{"6 sequential loops", fn(sequentialLoops(6)), nil, 0},
		{"1024 blocks", fn(h1Blocks(1024)), nil, 0},
		{"1025 blocks", fn(h1Blocks(1025)), nil, 1114},
		{"2 back edges of 2", fn(sequentialLoops(2)), h1With(func(c *verifier.Config) { c.MaxBackEdgesPerFunction = 2 }), 0},
		{"3 back edges of 2", fn(sequentialLoops(3)), h1With(func(c *verifier.Config) { c.MaxBackEdgesPerFunction = 2 }), 1122},
		{"3 back edges in the module, of 3", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.Function("f", bytecode.Public, bytecode.Fn{Code: sequentialLoops(2)})
			b.Function("g", bytecode.Public, bytecode.Fn{Code: sequentialLoops(1)})
		}), h1With(func(c *verifier.Config) { c.MaxBackEdgesPerModule = 3 }), 0},
		{"4 back edges in the module, of 3", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.Function("f", bytecode.Public, bytecode.Fn{Code: sequentialLoops(2)})
			b.Function("g", bytecode.Public, bytecode.Fn{Code: sequentialLoops(2)})
		}), h1With(func(c *verifier.Config) { c.MaxBackEdgesPerModule = 3 }), 1122},
		{"unreachable irreducible part", fn(append(h1Code(h1I(bytecode.OpRet)), irreducibleAt(1)...)), nil, 0},
	})
	main := func(c []h1Inst) func(t *testing.T) *bytecode.Script {
		return h1Script(func(b *bytecode.ScriptBuilder) { b.Main(bytecode.Fn{Code: c}) })
	}
	runScriptCases(t, []scriptCase{
		{"script of 2000 blocks", main(h1Blocks(2000)), nil, 0},
		{"script of 11 blocks of 10", main(h1Blocks(11)), h1With(func(c *verifier.Config) { c.MaxBasicBlocksInScript = 10 }), 1114},
		{"irreducible script", main(irreducible), nil, 1085},
		{"empty script", main(nil), nil, 1084},
	})
}

// TestLoopAnalysisScales runs the loop analysis over the biggest code a
// function may have: 21000 loops nested in one another (63001
// instructions; with no depth limit, then with Production's) and 21000
// loops one after the other: the analysis is linear, not quadratic.
func TestLoopAnalysisScales(t *testing.T) {
	noLimits := &verifier.Config{}
	runScriptCases(t, []scriptCase{
		{"deep nest", h1Script(func(b *bytecode.ScriptBuilder) { b.Main(bytecode.Fn{Code: nestedLoops(21000)}) }), noLimits, 0},
		{"deep nest over the depth limit", h1Script(func(b *bytecode.ScriptBuilder) { b.Main(bytecode.Fn{Code: nestedLoops(21000)}) }), nil, 1111},
		{"many loops", h1Script(func(b *bytecode.ScriptBuilder) { b.Main(bytecode.Fn{Code: sequentialLoops(21000)}) }), noLimits, 0},
	})
}
