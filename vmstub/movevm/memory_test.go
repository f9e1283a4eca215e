package movevm

import (
	"bytes"
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
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
	wantStatus(t, err, onchain.MEMORY_LIMIT_EXCEEDED)
	if _, err := used("e", 1001, Limits{MaxMemory: 1000}); err != nil {
		t.Fatalf("ChargeElems took memory: %v", err)
	}
	e := newEnv(m)
	e.vm = New(n, Limits{})
	e.gas = &Budget{Limit: 1000}
	_, err = e.call("n", "b", nil, U64(1_000_000))
	wantStatus(t, err, onchain.OUT_OF_GAS)
}

// memModule loops n times over a 1,000-byte vector: "churn" copies it and
// drops the copy, "hoard" copies it into a growing vector<vector<u8>>,
// "consts" pushes a 1,000-byte constant, "swap" writes copies over each
// other through a reference.
func memModule(t testing.TB) *bc.Module {
	return build(t, "mem", func(b *bc.ModuleBuilder) {
		k := uint64(b.ConstantBytes(bytes.Repeat([]byte{1}, 1000)))
		vu8 := bc.Vector(bc.U8)
		outer := uint64(b.Signature(vu8))
		locals := []bc.SignatureToken{vu8, bc.Vector(vu8)}
		loop := func(name string, body ...bc.Instruction) {
			// 0: v = const; 2: acc = []; 4: while n != 0 { body; n -= 1 }
			code := []bc.Instruction{I(bc.OpLdConst, k), I(bc.OpStLoc, 1), I(bc.OpVecPack, outer, 0), I(bc.OpStLoc, 2),
				I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 0), I(bc.OpEq), I(bc.OpBrTrue, uint64(13+len(body)))}
			code = append(code, body...)
			code = append(code, I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 1), I(bc.OpSub), I(bc.OpStLoc, 0), I(bc.OpBranch, 4), I(bc.OpRet))
			b.Function(name, bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.U64}, Locals: locals, Code: code})
		}
		loop("churn", I(bc.OpCopyLoc, 1), I(bc.OpPop))
		loop("hoard", I(bc.OpMutBorrowLoc, 2), I(bc.OpCopyLoc, 1), I(bc.OpVecPushBack, outer))
		loop("consts", I(bc.OpMutBorrowLoc, 2), I(bc.OpLdConst, k), I(bc.OpVecPushBack, outer))
		loop("swap", I(bc.OpCopyLoc, 1), I(bc.OpMutBorrowLoc, 1), I(bc.OpWriteRef),
			I(bc.OpCopyLoc, 1), I(bc.OpCopyLoc, 1), I(bc.OpEq), I(bc.OpPop))
	})
}

// TestMemoryQuota: values that go away give their memory back, so a long
// loop of copies stays within the quota; values kept hit
// MEMORY_LIMIT_EXCEEDED (here a quota of 1,000,000 bytes of elements: 1,000 copies of
// 1,000 bytes) long before the gas runs out. The default quota is 64 MiB of value memory.
func TestMemoryQuota(t *testing.T) {
	if got := New(nil, Limits{}).limits.MaxMemory; got != 64<<20 {
		t.Fatalf("default quota %d", got)
	}
	m := memModule(t)
	run := func(fn string, n uint64) error {
		e := newEnv(m)
		e.vm = New(nil, Limits{MaxMemory: 1_000_000 * elemSize})
		e.gas = &Budget{Limit: 1 << 40}
		_, err := e.call("mem", fn, nil, U64(n))
		return err
	}
	for _, fn := range []string{"churn", "swap"} {
		if err := run(fn, 3_000); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
	}
	for _, fn := range []string{"hoard", "consts"} {
		if err := run(fn, 900); err != nil {
			t.Fatalf("%s within the quota: %v", fn, err)
		}
		wantStatus(t, run(fn, 1_100), onchain.MEMORY_LIMIT_EXCEEDED)
	}
}

// TestNativeMemory: bytes a native charges with ChargeBytes and returns
// count once; values it consumes are given back unless it keeps them
// (KeepMemory), and what it keeps and releases (ReleaseMemory) is all
// given back.
func TestNativeMemory(t *testing.T) {
	m := build(t, "nm", func(b *bc.ModuleBuilder) {
		vu8 := []bc.SignatureToken{bc.Vector(bc.U8)}
		u64 := []bc.SignatureToken{bc.U64}
		mk := b.Function("make", bc.Public, bc.Fn{Native: true, Params: u64, Returns: vu8})
		eat := b.Function("eat", bc.Public, bc.Fn{Native: true, Params: vu8})
		keep := b.Function("keep", bc.Public, bc.Fn{Native: true, Params: vu8})
		cycle := b.Function("cycle", bc.Public, bc.Fn{Native: true, Params: vu8})
		b.Function("once", bc.Public, bc.Fn{Params: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpCall, uint64(mk)), I(bc.OpPop), I(bc.OpRet)}})
		for name, f := range map[string]bc.FunctionHandleIndex{"eat_loop": eat, "keep_loop": keep, "cycle_loop": cycle} {
			loopFn(b, name, nil, nil, []bc.Instruction{I(bc.OpLdU64, 400), I(bc.OpCall, uint64(mk)), I(bc.OpCall, uint64(f))})
		}
	})
	n := NewNatives()
	n.Register(cafe, "nm", "make", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		k := int(args[0].AsU64())
		if err := ctx.ChargeBytes(k); err != nil {
			return nil, err
		}
		v, err := ctx.Bytes(make([]byte, k))
		return []Value{v}, err
	})
	n.Register(cafe, "nm", "eat", func(*NativeContext, []*Type, []Value) ([]Value, error) { return nil, nil })
	n.Register(cafe, "nm", "keep", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		return nil, ctx.KeepMemory(args[0])
	})
	n.Register(cafe, "nm", "cycle", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		if err := ctx.KeepMemory(args[0]); err != nil {
			return nil, err
		}
		return nil, ctx.ReleaseMemory(args[0])
	})
	run := func(fn string, x uint64) error {
		e := newEnv(m)
		e.vm = New(n, Limits{MaxMemory: 1000 * elemSize})
		_, err := e.call("nm", fn, nil, U64(x))
		return err
	}
	if err := run("once", 900); err != nil {
		t.Fatalf("900 bytes returned under a quota of 1000: %v", err)
	}
	wantStatus(t, run("once", 1001), onchain.MEMORY_LIMIT_EXCEEDED)
	if err := run("eat_loop", 100); err != nil {
		t.Fatalf("consumed values: %v", err)
	}
	wantStatus(t, run("keep_loop", 100), onchain.MEMORY_LIMIT_EXCEEDED)
	if err := run("cycle_loop", 100); err != nil {
		t.Fatalf("values kept and released: %v", err)
	}
}
