package movevm

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestCallRefusesReentrancy: a native calls Move functions through
// NativeContext.Call: the callee's results come back (d::via(21) = 42
// through t::double), its aborts are the caller's failure located in the
// callee's module, and a function of a module with a frame on the call
// stack is refused with RUNTIME_DISPATCH_ERROR: d::via dispatching to
// d::plain, and t::back, dispatched to, calling d::plain.
func TestCallRefusesReentrancy(t *testing.T) {
	u := []bc.SignatureToken{bc.U64}
	plainOf := func(b *bc.ModuleBuilder) bc.FunctionHandleIndex {
		return b.ImportFunction(b.ModuleRef(cafe, "d"), "plain", bc.Fn{Params: u, Returns: u})
	}
	target := build(t, "t", func(b *bc.ModuleBuilder) {
		b.Function("back", bc.Public, bc.Fn{Params: u, Returns: u, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpCall, uint64(plainOf(b))), I(bc.OpRet)}})
		b.Function("double", bc.Public, bc.Fn{Params: u, Returns: u, Code: []bc.Instruction{
			I(bc.OpCopyLoc, 0), I(bc.OpMoveLoc, 0), I(bc.OpAdd), I(bc.OpRet)}})
		b.Function("boom", bc.Public, bc.Fn{Params: u, Returns: u, Code: []bc.Instruction{I(bc.OpLdU64, 7), I(bc.OpAbort)}})
	})
	d := build(t, "d", func(b *bc.ModuleBuilder) {
		disp := b.Function("disp", bc.Public, bc.Fn{Native: true, Params: u, Returns: u})
		b.Function("plain", bc.Public, bc.Fn{Params: u, Returns: u, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		b.Function("via", bc.Public, bc.Fn{Params: u, Returns: u, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpCall, uint64(disp)), I(bc.OpRet)}})
	})
	fn := func(module, name string) ledgerapi.EntryFunctionId {
		return ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: module}, Name: name}
	}
	callee := fn("t", "double")
	n := NewNatives()
	n.Register(cafe, "d", "disp", func(c *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		return c.Call(callee, nil, args)
	})
	e := newEnv(target, d)
	e.vm = New(n, Limits{})
	rets, err := e.call("d", "via", nil, U64(21))
	if err != nil || len(rets) != 1 || rets[0].AsU64() != 42 {
		t.Fatalf("via(21) = %v, %v", rets, err)
	}
	callee = fn("t", "boom")
	_, err = e.call("d", "via", nil, U64(1))
	wantAbort(t, err, "t", 7)
	callee = fn("d", "plain")
	_, err = e.call("d", "via", nil, U64(1))
	wantStatus(t, err, onchain.RUNTIME_DISPATCH_ERROR)
	// While dispatched to, t may not call back into d, which runs below it;
	// called from a transaction, t::back calls d as any module can.
	callee = fn("t", "back")
	_, err = e.call("d", "via", nil, U64(1))
	wantStatus(t, err, onchain.RUNTIME_DISPATCH_ERROR)
	if rets, err := e.call("t", "back", nil, U64(3)); err != nil || rets[0].AsU64() != 3 {
		t.Fatalf("t::back(3) = %v, %v", rets, err)
	}
	// Called directly, with no frame of d running, the native may call d.
	rets, err = e.call("d", "disp", nil, U64(5))
	if err != nil || len(rets) != 1 || rets[0].AsU64() != 5 {
		t.Fatalf("disp(5) dispatching to d::plain = %v, %v", rets, err)
	}
}
