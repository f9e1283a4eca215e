package movevm

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// The BenchmarkWorstCase* benchmarks run one instruction (or a short
// sequence) with adversarial inputs in a loop and report the wall time
// per interpreter gas unit (ns/gas). A transaction or view may use at
// most 2,000,000 gas × 50 units = 100,000,000 units, so ≤ 10 ns/gas
// everywhere keeps any one of them within 1 s.

// loopFn defines name(n: u64) running setup once and body n times; locals
// come after the parameter n (local 0).
func loopFn(b *bc.ModuleBuilder, name string, locals []bc.SignatureToken, setup, body []bc.Instruction) {
	s := uint64(len(setup))
	code := append([]bc.Instruction{}, setup...)
	code = append(code, I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 0), I(bc.OpEq), I(bc.OpBrTrue, s+4+uint64(len(body))+5))
	code = append(code, body...)
	code = append(code, I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 1), I(bc.OpSub), I(bc.OpStLoc, 0), I(bc.OpBranch, s), I(bc.OpRet))
	b.Function(name, bc.Public, bc.Fn{TypeParams: nil, Params: []bc.SignatureToken{bc.U64}, Locals: locals, Code: code})
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// meterRuns runs one call per iteration and reports wall and CPU time per
// gas unit (CPU time, garbage collection included, is the figure that
// does not depend on what else the machine runs).
func meterRuns(b *testing.B, run func() uint64) {
	b.Helper()
	var gas uint64
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		gas += run()
	}
	cpu = cpuTime() - cpu
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(gas), "ns/gas")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(gas), "cpu-ns/gas")
	b.ReportMetric(float64(gas)/float64(b.N), "gas/op")
}

// benchLoop runs module::fn(n) b.N times and reports ns per gas unit.
func benchLoop(b *testing.B, e *testEnv, module, fn string, n uint64) {
	b.Helper()
	meterRuns(b, func() uint64 {
		e.sess = nil
		e.gas = &Budget{Limit: 1 << 50}
		if _, err := e.call(module, fn, nil, U64(n)); err != nil {
			b.Fatal(err)
		}
		return e.gas.Used
	})
}

// advModule holds the adversarial loops.
func advModule(b testing.TB) *bc.Module {
	return build(b, "adv", func(mb *bc.ModuleBuilder) {
		vu8 := bc.Vector(bc.U8)
		vv := bc.Vector(vu8)
		u8s := uint64(mb.Signature(bc.U8))
		vsig := uint64(mb.Signature(vu8))
		u64s := uint64(mb.Signature(bc.U64))
		big := uint64(mb.ConstantBytes(bytes.Repeat([]byte{7}, 65_000)))
		// vector<vector<u8>> of 20,000 empty vectors: a node per byte.
		nested := bcs.AppendSeqLen(nil, 20_000)
		nested = append(nested, make([]byte, 20_000)...)
		nest := uint64(mb.Constant(vv, nested))
		// Baseline: arithmetic.
		loopFn(mb, "arith", []bc.SignatureToken{bc.U64}, []bc.Instruction{I(bc.OpLdU64, 0), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpMoveLoc, 1), I(bc.OpLdU64, 3), I(bc.OpAdd), I(bc.OpStLoc, 1)})
		loopFn(mb, "ldconst", nil, nil, []bc.Instruction{I(bc.OpLdConst, big), I(bc.OpPop)})
		loopFn(mb, "ldconst_nested", nil, nil, []bc.Instruction{I(bc.OpLdConst, nest), I(bc.OpPop)})
		loopFn(mb, "copyloc", []bc.SignatureToken{vu8}, []bc.Instruction{I(bc.OpLdConst, big), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpCopyLoc, 1), I(bc.OpPop)})
		loopFn(mb, "copyloc_nested", []bc.SignatureToken{vv}, []bc.Instruction{I(bc.OpLdConst, nest), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpCopyLoc, 1), I(bc.OpPop)})
		loopFn(mb, "readref", []bc.SignatureToken{vu8}, []bc.Instruction{I(bc.OpLdConst, big), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpImmBorrowLoc, 1), I(bc.OpReadRef), I(bc.OpPop)})
		loopFn(mb, "eq", []bc.SignatureToken{vu8}, []bc.Instruction{I(bc.OpLdConst, big), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpImmBorrowLoc, 1), I(bc.OpImmBorrowLoc, 1), I(bc.OpEq), I(bc.OpPop)})
		loopFn(mb, "eq_nested", []bc.SignatureToken{vv}, []bc.Instruction{I(bc.OpLdConst, nest), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpImmBorrowLoc, 1), I(bc.OpImmBorrowLoc, 1), I(bc.OpEq), I(bc.OpPop)})
		// Vector instructions on a 65,000-element vector.
		loopFn(mb, "vec_push_pop", []bc.SignatureToken{vu8}, []bc.Instruction{I(bc.OpLdConst, big), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpMutBorrowLoc, 1), I(bc.OpLdU8, 1), I(bc.OpVecPushBack, u8s),
				I(bc.OpMutBorrowLoc, 1), I(bc.OpVecPopBack, u8s), I(bc.OpPop)})
		loopFn(mb, "vec_swap_len_borrow", []bc.SignatureToken{vu8}, []bc.Instruction{I(bc.OpLdConst, big), I(bc.OpStLoc, 1)},
			[]bc.Instruction{I(bc.OpMutBorrowLoc, 1), I(bc.OpLdU64, 0), I(bc.OpLdU64, 64_999), I(bc.OpVecSwap, u8s),
				I(bc.OpImmBorrowLoc, 1), I(bc.OpVecLen, u8s), I(bc.OpPop),
				I(bc.OpImmBorrowLoc, 1), I(bc.OpLdU64, 5), I(bc.OpVecImmBorrow, u8s), I(bc.OpReadRef), I(bc.OpPop)})
		var ld1000 []bc.Instruction
		for i := 0; i < 1000; i++ {
			ld1000 = append(ld1000, I(bc.OpLdU64, uint64(i)))
		}
		loopFn(mb, "vec_pack_unpack", nil, nil, append(append([]bc.Instruction{}, ld1000...),
			I(bc.OpVecPack, u64s, 1000), I(bc.OpVecUnpack, u64s, 1000), I(bc.OpVecPack, u64s, 1000), I(bc.OpPop)))
		// vector<vector<u8>> grown by pushing copies of a vector.
		loopFn(mb, "vec_push_copies", []bc.SignatureToken{vu8, vv},
			[]bc.Instruction{I(bc.OpLdConst, big), I(bc.OpStLoc, 1), I(bc.OpVecPack, vsig, 0), I(bc.OpStLoc, 2)},
			[]bc.Instruction{I(bc.OpMutBorrowLoc, 2), I(bc.OpCopyLoc, 1), I(bc.OpVecPushBack, vsig),
				I(bc.OpMutBorrowLoc, 2), I(bc.OpVecPopBack, vsig), I(bc.OpPop)})
		// Structs with 200 fields.
		fields := make([]bc.FieldSpec, 200)
		var lds, pops []bc.Instruction
		for i := range fields {
			fields[i] = bc.Field("f"+string(rune('a'+i/26))+string(rune('a'+i%26)), bc.U8)
			lds = append(lds, I(bc.OpLdU8, 1))
			pops = append(pops, I(bc.OpPop))
		}
		wide := uint64(mb.Struct("Wide", bc.AbilityDrop|bc.AbilityCopy, fields...))
		loopFn(mb, "pack_unpack", nil, nil, append(append(append([]bc.Instruction{}, lds...), I(bc.OpPack, wide), I(bc.OpUnpack, wide)), pops...))
		// Calls with 250 locals.
		many := make([]bc.SignatureToken, 250)
		for i := range many {
			many[i] = bc.U64
		}
		callee := mb.Function("callee", bc.Public, bc.Fn{Locals: many, Code: []bc.Instruction{I(bc.OpRet)}})
		loopFn(mb, "call_locals", nil, nil, []bc.Instruction{I(bc.OpCall, uint64(callee))})
		// Closures: pack, call, copy and compare a closure 100 deep.
		u64 := []bc.SignatureToken{bc.U64}
		fnT := bc.FunctionType(u64, u64, bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore)
		fnSig := uint64(mb.Signature(fnT))
		add := mb.Function("add", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.U64, bc.U64}, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpAdd), I(bc.OpRet)}})
		wrap := mb.Function("wrap", bc.Public, bc.Fn{Params: []bc.SignatureToken{fnT, bc.U64}, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 1), I(bc.OpMoveLoc, 0), I(bc.OpCallClosure, fnSig), I(bc.OpRet)}})
		var deep []bc.Instruction
		deep = append(deep, I(bc.OpLdU64, 1), I(bc.OpPackClosure, uint64(add), 1))
		for i := 0; i < 100; i++ {
			deep = append(deep, I(bc.OpPackClosure, uint64(wrap), 1))
		}
		deep = append(deep, I(bc.OpStLoc, 1))
		loopFn(mb, "closure_pack", []bc.SignatureToken{fnT}, nil, append([]bc.Instruction{}, deep...))
		loopFn(mb, "closure_copy_eq", []bc.SignatureToken{fnT}, deep,
			[]bc.Instruction{I(bc.OpCopyLoc, 1), I(bc.OpPop), I(bc.OpImmBorrowLoc, 1), I(bc.OpImmBorrowLoc, 1), I(bc.OpEq), I(bc.OpPop)})
		loopFn(mb, "closure_call", []bc.SignatureToken{fnT}, deep,
			[]bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpCopyLoc, 1), I(bc.OpCallClosure, fnSig), I(bc.OpPop)})
	})
}

func benchAdv(b *testing.B, fn string, n uint64) {
	benchLoop(b, newEnv(advModule(b)), "adv", fn, n)
}

func BenchmarkWorstCaseArith(b *testing.B)            { benchAdv(b, "arith", 1_000_000) }
func BenchmarkWorstCaseLdConst(b *testing.B)          { benchAdv(b, "ldconst", 200) }
func BenchmarkWorstCaseLdConstNested(b *testing.B)    { benchAdv(b, "ldconst_nested", 200) }
func BenchmarkWorstCaseCopyLoc(b *testing.B)          { benchAdv(b, "copyloc", 200) }
func BenchmarkWorstCaseCopyLocNested(b *testing.B)    { benchAdv(b, "copyloc_nested", 200) }
func BenchmarkWorstCaseReadRef(b *testing.B)          { benchAdv(b, "readref", 200) }
func BenchmarkWorstCaseEq(b *testing.B)               { benchAdv(b, "eq", 200) }
func BenchmarkWorstCaseEqNested(b *testing.B)         { benchAdv(b, "eq_nested", 200) }
func BenchmarkWorstCaseVecPushPop(b *testing.B)       { benchAdv(b, "vec_push_pop", 200_000) }
func BenchmarkWorstCaseVecSwapLenBorrow(b *testing.B) { benchAdv(b, "vec_swap_len_borrow", 200_000) }
func BenchmarkWorstCaseVecPackUnpack(b *testing.B)    { benchAdv(b, "vec_pack_unpack", 1_000) }
func BenchmarkWorstCaseVecPushCopies(b *testing.B)    { benchAdv(b, "vec_push_copies", 200) }
func BenchmarkWorstCasePackUnpack(b *testing.B)       { benchAdv(b, "pack_unpack", 10_000) }
func BenchmarkWorstCaseCallLocals(b *testing.B)       { benchAdv(b, "call_locals", 50_000) }
func BenchmarkWorstCaseClosurePack(b *testing.B)      { benchAdv(b, "closure_pack", 5_000) }
func BenchmarkWorstCaseClosureCopyEq(b *testing.B)    { benchAdv(b, "closure_copy_eq", 5_000) }
func BenchmarkWorstCaseClosureCall(b *testing.B)      { benchAdv(b, "closure_call", 1_000) }

// BenchmarkWorstCaseTypeInstantiation makes new types in every call: a
// fresh session runs many(), which calls grow<X>(2) (making
// Pair<Pair<X, X>, Pair<X, X>> and the function instantiations on the
// way) for 136 base types X.
func BenchmarkWorstCaseTypeInstantiation(b *testing.B) {
	m := pairModule(b)
	n := NewNatives()
	n.Register(cafe, "pairs", "tag", func(*NativeContext, []*Type, []Value) ([]Value, error) { return nil, nil })
	e := newEnv(m)
	e.vm = New(n, Limits{})
	meterRuns(b, func() uint64 {
		e.sess = nil
		e.gas = &Budget{Limit: 1 << 50}
		if _, err := e.call("pairs", "many", nil); err != nil {
			b.Fatal(err)
		}
		return e.gas.Used
	})
}

// BenchmarkWorstCaseResourceLoad borrows 50 resources of 100,000 bytes,
// each a vector<vector<u8>> of empty vectors (a value node per byte).
func BenchmarkWorstCaseResourceLoad(b *testing.B) { benchResources(b, false) }

// BenchmarkWorstCaseResourceWrite borrows the same resources mutably, so
// that each is serialized again when the call ends.
func BenchmarkWorstCaseResourceWrite(b *testing.B) { benchResources(b, true) }

func benchResources(b *testing.B, mut bool) {
	op := bc.OpImmBorrowGlobal
	if mut {
		op = bc.OpMutBorrowGlobal
	}
	m := build(b, "res", func(mb *bc.ModuleBuilder) {
		blob := uint64(mb.Struct("Blob", bc.AbilityKey, bc.Field("data", bc.Vector(bc.Vector(bc.U8)))))
		mb.Function("read", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.Address}, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(op, blob), I(bc.OpPop), I(bc.OpRet)}})
	})
	e := newEnv(m)
	data := bcs.AppendSeqLen(nil, 100_000)
	data = append(data, make([]byte, 100_000)...)
	tag := ledgerapi.StructTag{Address: cafe, Module: "res", Name: "Blob"}
	var addrs []ledgerapi.Address
	for i := 0; i < 50; i++ {
		a := ledgerapi.Address{31: byte(i + 1)}
		addrs = append(addrs, a)
		e.store[storeKey(a, tag)] = data
	}
	meterRuns(b, func() uint64 {
		e.sess = nil
		e.gas = &Budget{Limit: 1 << 50}
		for _, a := range addrs {
			if _, err := e.call("res", "read", nil, Address(a)); err != nil {
				b.Fatal(err)
			}
		}
		return e.gas.Used
	})
}
