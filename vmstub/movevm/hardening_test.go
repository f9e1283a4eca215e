package movevm

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// chainModule has chain(n): wrap a closure in a closure n times, copy the
// result and compare it with itself through references.
func chainModule(t testing.TB) *bc.Module {
	return build(t, "chain", func(b *bc.ModuleBuilder) {
		u64 := []bc.SignatureToken{bc.U64}
		fnT := bc.FunctionType(u64, u64, bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore)
		fnSig := uint64(b.Signature(fnT))
		add := b.Function("add", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.U64, bc.U64}, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpAdd), I(bc.OpRet)}})
		wrap := b.Function("wrap", bc.Public, bc.Fn{Params: []bc.SignatureToken{fnT, bc.U64}, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 1), I(bc.OpMoveLoc, 0), I(bc.OpCallClosure, fnSig), I(bc.OpRet)}})
		b.Function("chain", bc.Public, bc.Fn{Params: u64, Locals: []bc.SignatureToken{fnT}, Returns: []bc.SignatureToken{bc.Bool},
			Code: []bc.Instruction{
				I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpStLoc, 1),
				I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 0), I(bc.OpEq), I(bc.OpBrTrue, 15), // 3: while n != 0
				I(bc.OpMoveLoc, 1), I(bc.OpPackClosure, uint64(wrap), 1), I(bc.OpStLoc, 1), // f = wrap(f, _)
				I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 1), I(bc.OpSub), I(bc.OpStLoc, 0), I(bc.OpBranch, 3),
				I(bc.OpCopyLoc, 1), I(bc.OpPop), // 15
				I(bc.OpImmBorrowLoc, 1), I(bc.OpImmBorrowLoc, 1), I(bc.OpEq), I(bc.OpRet)}})
	})
}

// TestClosureChainDepth: a closure capturing a closure is one level
// deeper; the deepest allowed chain can be copied and compared, one level
// more fails with VM_MAX_VALUE_DEPTH_REACHED, and so does an attempt at a
// 6-million-deep chain, long before its gas runs out.
func TestClosureChainDepth(t *testing.T) {
	m := chainModule(t)
	run := func(n uint64) ([]Value, error) {
		e := newEnv(m)
		e.gas = &Budget{Limit: 100_000_000}
		return e.call("chain", "chain", nil, U64(n))
	}
	// The first closure (capturing a u64) is 2 deep, each wrap one more.
	rets, err := run(126)
	if err != nil || !rets[0].AsBool() {
		t.Fatalf("chain(126) = %v, %v", rets, err)
	}
	_, err = run(127)
	wantStatus(t, err, onchain.VM_MAX_VALUE_DEPTH_REACHED)
	_, err = run(6_000_000)
	wantStatus(t, err, onchain.VM_MAX_VALUE_DEPTH_REACHED)
}

// deepClosure builds, bypassing the interpreter's checks, a closure chain
// n deep of type ft.
func deepClosure(ft *Type, n int) Value {
	v := Value{t: ft, p: &closure{}}
	for i := 0; i < n; i++ {
		v = Value{t: ft, p: &closure{captured: []Value{v}}}
	}
	return v
}

// TestWalkersAreBounded: every walk over values fails with
// VM_MAX_VALUE_DEPTH_REACHED on a value far deeper than any limit instead
// of exhausting the Go stack.
func TestWalkersAreBounded(t *testing.T) {
	s := newEnv().session()
	ft, err := s.types.functionOf(nil, nil, bc.AbilityCopy|bc.AbilityDrop)
	if err != nil {
		t.Fatal(err)
	}
	const deep = 200_000
	f := deepClosure(ft, deep)
	if _, err := copyValue(f, 128); StatusOf(err) != onchain.VM_MAX_VALUE_DEPTH_REACHED {
		t.Fatalf("copyValue: %v", err)
	}
	if _, err := equalValues(f, f, 128); StatusOf(err) != onchain.VM_MAX_VALUE_DEPTH_REACHED {
		t.Fatalf("equalValues: %v", err)
	}
	if _, err := measure(f, 128); StatusOf(err) != onchain.VM_MAX_VALUE_DEPTH_REACHED {
		t.Fatalf("measure: %v", err)
	}
	vt, err := s.types.vectorOf(TypeU8)
	if err != nil {
		t.Fatal(err)
	}
	v := NewVector(vt, nil)
	for i := 0; i < deep; i++ { // a vector nested in itself's type is impossible; only the value walk matters
		v = Value{t: vt, p: &container{vals: []Value{v}}}
	}
	if _, err := Serialize(nil, v); StatusOf(err) != onchain.VM_MAX_VALUE_DEPTH_REACHED {
		t.Fatalf("Serialize: %v", err)
	}
	if _, err := copyValue(deepClosure(ft, 126), 128); err != nil {
		t.Fatalf("copyValue within its limit: %v", err)
	}
}
