package movevm

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

func closureModule(t testing.TB) *bc.Module {
	return build(t, "cl", func(b *bc.ModuleBuilder) {
		u64 := []bc.SignatureToken{bc.U64}
		two := []bc.SignatureToken{bc.U64, bc.U64}
		fnT := bc.FunctionType(u64, u64, bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore)
		fnSig := uint64(b.Signature(fnT))
		add := b.Function("add", bc.Public, bc.Fn{Params: two, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpAdd), I(bc.OpRet)}})
		sub := b.Function("sub", bc.Public, bc.Fn{Params: two, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpSub), I(bc.OpRet)}})
		id := b.Function("id", bc.Public, bc.Fn{TypeParams: []bc.AbilitySet{0}, Params: []bc.SignatureToken{bc.TypeParameter(0)},
			Returns: []bc.SignatureToken{bc.TypeParameter(0)}, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		priv := b.Function("priv", bc.Private, bc.Fn{Params: u64, Returns: u64, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		apply := b.Function("apply", bc.Public, bc.Fn{Params: []bc.SignatureToken{fnT, bc.U64}, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 1), I(bc.OpMoveLoc, 0), I(bc.OpCallClosure, fnSig), I(bc.OpRet)}})
		b.Function("adder", bc.Public, bc.Fn{Params: u64, Returns: []bc.SignatureToken{fnT}, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpRet)}})
		b.Function("sub_from", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{
			// sub(_, 3) applied to 10: the captured value is the second argument.
			I(bc.OpLdU64, 3), I(bc.OpPackClosure, uint64(sub), 2), I(bc.OpLdU64, 10), I(bc.OpCall, uint64(apply)), I(bc.OpRet)}})
		b.Function("generic", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{
			I(bc.OpLdU64, 4), I(bc.OpPackClosureGeneric, uint64(b.FunctionInst(id, bc.U64)), 0),
			I(bc.OpCallClosure, uint64(b.Signature(bc.FunctionType(u64, u64, bc.AbilityCopy|bc.AbilityDrop)))), I(bc.OpRet)}})
		b.Function("private_no_store", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{
			I(bc.OpPackClosure, uint64(priv), 0), I(bc.OpLdU64, 1), I(bc.OpCall, uint64(apply)), I(bc.OpRet)}})
		b.Function("wrong_call", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{
			I(bc.OpLdU8, 1), I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 1),
			I(bc.OpCallClosure, uint64(b.Signature(bc.FunctionType([]bc.SignatureToken{bc.U8}, u64, 0)))), I(bc.OpRet)}})
		b.Function("wrong_capture", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpLdTrue), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpPop), I(bc.OpRet)}})
		b.Function("bad_mask", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 4), I(bc.OpPop), I(bc.OpRet)}})
		b.Function("equal", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.Bool, bc.Bool}, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpEq),
			I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpLdU64, 2), I(bc.OpPackClosure, uint64(add), 1), I(bc.OpEq), I(bc.OpRet)}})
	})
}

func TestClosures(t *testing.T) {
	e := newEnv(closureModule(t))
	rets, err := e.call("cl", "adder", nil, U64(10))
	if err != nil {
		t.Fatal(err)
	}
	f := rets[0]
	if got := f.Type().String(); got != "|u64|u64" || f.Type().Abilities() != bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore {
		t.Fatalf("closure type %s %v", got, f.Type().Abilities().Names())
	}
	if _, err := Serialize(nil, f); StatusOf(err) != onchain.VALUE_SERIALIZATION_ERROR {
		t.Fatalf("serializing a closure: %v", err)
	}
	rets, err = e.call("cl", "apply", nil, f, U64(5))
	if err != nil || rets[0].AsU64() != 15 {
		t.Fatalf("apply = %v, %v", rets, err)
	}
	for fn, want := range map[string]uint64{"sub_from": 7, "generic": 4} {
		rets, err := e.call("cl", fn, nil)
		if err != nil || rets[0].AsU64() != want {
			t.Fatalf("%s = %v, %v", fn, rets, err)
		}
	}
	rets, err = e.call("cl", "equal", nil)
	if err != nil || !rets[0].AsBool() || rets[1].AsBool() {
		t.Fatalf("equal = %v, %v", rets, err)
	}
	for fn, st := range map[string]onchain.StatusCode{"private_no_store": onchain.CALL_TYPE_MISMATCH_ERROR, "wrong_call": onchain.CALL_TYPE_MISMATCH_ERROR,
		"wrong_capture": onchain.TYPE_MISMATCH, "bad_mask": onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR} {
		_, err := e.call("cl", fn, nil)
		if StatusOf(err) != st {
			t.Fatalf("%s: %v, want %s", fn, err, st)
		}
	}
}
