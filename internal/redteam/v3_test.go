package redteam

import (
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// V3: one view kills the node. A closure capturing a closure keeps its
// function type, so no limit on a type's depth applies to the chain; a
// chain millions deep costs a fraction of a view's gas, and comparing or
// copying it recursed in Go until the process died of a stack overflow.

// deepChainDepth is the chain the views build. The node's Go stack limit is
// lowered for the test (see TestV3DeepClosureView) so that a chain of this
// depth overflows it where one of millions would overflow the default.
const deepChainDepth = 1_000_000

// deepModule is <attacker>::deep:
//
//	public fun id(x: u64): u64 { x }
//	public fun wrap(f: |u64|u64 has copy+drop+store, x: u64): u64 { f(x) }
//	#[view] public fun eq(n: u64): bool   // f = id; n times f = wrap(f, _); &f == &f
//	#[view] public fun copy(n: u64): u64  // the same chain, copied, then called
func deepModule(t *testing.T, n *node) []byte {
	b := bytecode.NewModuleBuilder(n.attacker.Address, "deep")
	u64s := []tok{u64T}
	fnT := bytecode.FunctionType(u64s, u64s, copyDropStore)
	id := b.Function("id", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Code: []bytecode.Instruction{
		in(bytecode.OpMoveLoc, 0), in(bytecode.OpRet)}})
	wrap := b.Function("wrap", bytecode.Public, bytecode.Fn{Params: []tok{fnT, u64T}, Returns: u64s, Code: []bytecode.Instruction{
		in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 0), in(bytecode.OpCallClosure, uint64(b.Signature(fnT))), in(bytecode.OpRet)}})
	chain := []bytecode.Instruction{
		in(bytecode.OpPackClosure, uint64(id), 0), in(bytecode.OpStLoc, 1), // 0-1
		in(bytecode.OpCopyLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpEq), in(bytecode.OpBrTrue, 14), // 2-5
		in(bytecode.OpMoveLoc, 1), in(bytecode.OpPackClosure, uint64(wrap), 1), in(bytecode.OpStLoc, 1), // 6-8
		in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdU64, 1), in(bytecode.OpSub), in(bytecode.OpStLoc, 0), in(bytecode.OpBranch, 2), // 9-13
	}
	b.Function("eq", bytecode.Public, bytecode.Fn{Params: u64s, Returns: []tok{bytecode.Bool}, Locals: []tok{fnT},
		Code: append(chain, in(bytecode.OpImmBorrowLoc, 1), in(bytecode.OpImmBorrowLoc, 1), in(bytecode.OpEq), in(bytecode.OpRet))})
	b.Function("copy", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Locals: []tok{fnT, fnT},
		Code: append(chain, in(bytecode.OpCopyLoc, 1), in(bytecode.OpStLoc, 2), in(bytecode.OpLdU64, 7), in(bytecode.OpMoveLoc, 2),
			in(bytecode.OpCallClosure, uint64(b.Signature(fnT))), in(bytecode.OpRet))})
	withViews(b, "eq", "copy")
	return moduleBytes(t, b)
}

// TestV3DeepClosureView publishes the module (or sees it refused) and runs
// the views without signing anything: each answers 200 or a 4xx, and the
// process is still there to answer GET /v1.
func TestV3DeepClosureView(t *testing.T) {
	// The chain is shorter than an attacker's; lower the Go stack limit
	// in proportion, so that unbounded recursion still dies here.
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	n := startNode(t)
	published := n.publish(n.attacker, "Deep", []string{"deep"}, deepModule(t, n))
	for _, fn := range []string{"eq", "copy"} {
		status, body := n.view(n.attacker.Address.String()+"::deep::"+fn, nil, strconv.Itoa(deepChainDepth))
		t.Logf("view deep::%s (published %v): %d %s", fn, published, status, clip(body))
		n.alive()
	}
}
