package movevm

import (
	"bytes"
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// meterModule has functions that differ only in the size of what one
// instruction touches.
func meterModule(t testing.TB) *bc.Module {
	return build(t, "m", func(b *bc.ModuleBuilder) {
		small := uint64(b.ConstantBytes(bytes.Repeat([]byte{7}, 10)))
		big := uint64(b.ConstantBytes(bytes.Repeat([]byte{7}, 10_010)))
		mid := uint64(b.ConstantBytes(bytes.Repeat([]byte{7}, 200)))
		vu8 := []bc.SignatureToken{bc.Vector(bc.U8)}
		sig := uint64(b.Signature(bc.U8))
		fn := func(name string, locals []bc.SignatureToken, code ...bc.Instruction) {
			b.Function(name, bc.Public, bc.Fn{Locals: locals, Code: append(code, I(bc.OpRet))})
		}
		for _, c := range []struct {
			suffix string
			k      uint64
		}{{"_small", small}, {"_big", big}} {
			fn("ld"+c.suffix, nil, I(bc.OpLdConst, c.k), I(bc.OpPop))
			fn("copy"+c.suffix, vu8, I(bc.OpLdConst, c.k), I(bc.OpStLoc, 0), I(bc.OpCopyLoc, 0), I(bc.OpPop))
			fn("keep"+c.suffix, vu8, I(bc.OpLdConst, c.k), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpPop))
			fn("read"+c.suffix, vu8, I(bc.OpLdConst, c.k), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpReadRef), I(bc.OpPop))
			fn("eq"+c.suffix, vu8, I(bc.OpLdConst, c.k), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpImmBorrowLoc, 0),
				I(bc.OpEq), I(bc.OpPop))
		}
		fn("unpack_pack", nil, I(bc.OpLdConst, mid), I(bc.OpVecUnpack, sig, 200), I(bc.OpVecPack, sig, 200), I(bc.OpPop))
		fn("unpack_pack_none", nil, I(bc.OpLdConst, mid), I(bc.OpPop))
		wide := make([]bc.FieldSpec, 100)
		for i := range wide {
			wide[i] = bc.Field("f"+string(rune('a'+i/26))+string(rune('a'+i%26)), bc.U8)
		}
		s := b.Struct("Wide", bc.AbilityDrop, wide...)
		var pack []bc.Instruction
		for range wide {
			pack = append(pack, I(bc.OpLdU8, 1))
		}
		var pops []bc.Instruction
		for range wide {
			pops = append(pops, I(bc.OpPop))
		}
		fn("pack_unpack", nil, append(append(append([]bc.Instruction{}, pack...), I(bc.OpPack, uint64(s)), I(bc.OpUnpack, uint64(s))), pops...)...)
		fn("pack_none", nil, append(append([]bc.Instruction{}, pack...), pops...)...)
		many := make([]bc.SignatureToken, 200)
		for i := range many {
			many[i] = bc.U64
		}
		callee := b.Function("callee", bc.Public, bc.Fn{Locals: many, Code: []bc.Instruction{I(bc.OpRet)}})
		empty := b.Function("empty", bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpRet)}})
		fn("call_many", nil, I(bc.OpCall, uint64(callee)))
		fn("call_empty", nil, I(bc.OpCall, uint64(empty)))
	})
}

func TestMeteringBySize(t *testing.T) {
	m := meterModule(t)
	gasOf := func(fn string) uint64 {
		t.Helper()
		e := newEnv(m)
		e.gas = &Budget{Limit: 1 << 40}
		if _, err := e.call("m", fn, nil); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		return e.gas.Used
	}
	const extra = 10_000 // bytes (nodes) more in the big constant
	for _, c := range []struct {
		fn   string
		want uint64 // at least this much more gas for the big constant
	}{
		{"ld", extra / constBytesPerUnit},
		{"copy", extra/constBytesPerUnit + extra*nodeCost},
		{"read", extra/constBytesPerUnit + extra*nodeCost},
		{"eq", extra/constBytesPerUnit + extra*nodeCost + 2*extra*compareCost},
	} {
		if d := gasOf(c.fn+"_big") - gasOf(c.fn+"_small"); d < c.want {
			t.Errorf("%s: 10,000 more bytes cost %d more gas, want at least %d", c.fn, d, c.want)
		}
	}
	// Copying and comparing cost more than keeping a reference.
	if d := gasOf("copy_big") - gasOf("keep_big"); d < extra*nodeCost {
		t.Errorf("CopyLoc of 10,010 bytes costs %d", d)
	}
	if d := gasOf("unpack_pack") - gasOf("unpack_pack_none"); d < 400*elemCost {
		t.Errorf("VecUnpack + VecPack of 200 elements cost %d", d)
	}
	if d := gasOf("pack_unpack") - gasOf("pack_none"); d < 200*elemCost {
		t.Errorf("Pack + Unpack of 100 fields cost %d", d)
	}
	if d := gasOf("call_many") - gasOf("call_empty"); d < 200*callArgCost {
		t.Errorf("a call with 200 locals costs %d more than one with none", d)
	}
}
