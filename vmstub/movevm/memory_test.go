package movevm

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// TestNativeChargeBytesAndElems: a native's ChargeBytes takes gas and
// memory per byte, ChargeElems gas per element; either fails once spent.
func TestNativeChargeBytesAndElems(t *testing.T) {
	m := build(t, "n", func(b *bc.ModuleBuilder) {
		u64 := []bc.SignatureToken{bc.U64}
		bytes := b.Function("bytes", bc.Public, bc.Fn{Native: true, Params: u64})
		elems := b.Function("elems", bc.Public, bc.Fn{Native: true, Params: u64})
		b.Function("b", bc.Public, bc.Fn{Params: u64, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpCall, uint64(bytes)), I(bc.OpRet)}})
		b.Function("e", bc.Public, bc.Fn{Params: u64, Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpCall, uint64(elems)), I(bc.OpRet)}})
	})
	n := NewNatives()
	n.Register(cafe, "n", "bytes", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		return nil, ctx.ChargeBytes(int(args[0].AsU64()))
	})
	n.Register(cafe, "n", "elems", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		return nil, ctx.ChargeElems(int(args[0].AsU64()))
	})
	used := func(fn string, x uint64, limits Limits) (uint64, error) {
		e := newEnv(m)
		e.vm = New(n, limits)
		e.gas = &Budget{Limit: 1 << 40}
		_, err := e.call("n", fn, nil, U64(x))
		return e.gas.Used, err
	}
	for _, fn := range []string{"b", "e"} {
		small, err := used(fn, 10, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		big, err := used(fn, 100_010, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if big-small < 100_000/max(bytesPerGasUnit, elemsPerGasUnit) {
			t.Fatalf("%s: 100,000 more units of work cost %d more gas", fn, big-small)
		}
	}
	_, err := used("b", 1001, Limits{MaxMemory: 1000})
	wantStatus(t, err, statusMemoryLimit)
	if _, err := used("e", 1001, Limits{MaxMemory: 1000}); err != nil {
		t.Fatalf("ChargeElems took memory: %v", err)
	}
	e := newEnv(m)
	e.vm = New(n, Limits{})
	e.gas = &Budget{Limit: 1000}
	_, err = e.call("n", "b", nil, U64(1_000_000))
	wantStatus(t, err, statusOutOfGas)
}
