package vmstub_test

import (
	"bytes"
	"errors"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The BenchmarkWorstCaseNative* benchmarks call a framework native in an
// endless loop from a published #[view] function, with adversarial inputs
// (the largest vectors and strings a view builds cheaply, values of a node
// per byte, type names as long as a type tag may be, maps of many keys,
// big table keys and event data), so that the view's gas budget (2,000,000
// gas, vmstub.GasSchedule.MaxViewGas) is what stops it: each run is one
// view using all of it, ending OUT_OF_GAS. They report wall and CPU time
// per gas unit (ns/gas, cpu-ns/gas); a gas unit is 50 interpreter units,
// and the instructions cost at most about 7 CPU ns per unit (350 per gas
// unit), so ≤ ~500 ns/gas keeps a maximal view or transaction within 1 s.
//
//	go test ./vmstub/ -run '^$' -bench WorstCaseNative -benchtime 3x

// nativeCase is one view: its locals, the code run once, and the body
// looped until the gas runs out.
type nativeCase struct {
	locals      []tok
	setup, body func(k *kit, nb *nbKit) []bytecode.Instruction
}

// caseLocals gives, for the cases whose locals are types of the module,
// their locals.
var caseLocals = map[string]func(nb *nbKit) []tok{}

// nbKit holds the handles the native cases share.
type nbKit struct {
	appendU8 bytecode.Instruction // vector::append<u8>
	long     tok                  // a type whose tag costs nearly the limit
	inner    tok                  // long's type argument
	longDef  bytecode.StructDefIndex
	mapH     bytecode.StructHandleIndex // simple_map::SimpleMap
	tableH   bytecode.StructHandleIndex // table::Table
	smartH   bytecode.StructHandleIndex // smart_table::SmartTable
}

var (
	bytesT  = bytecode.Vector(bytecode.U8)
	nestedT = bytecode.Vector(bytesT)
)

// grow leaves in local dst the bytes load pushes doubled times times
// (local tmp is a vector<u8> scratch).
func (nb *nbKit) grow(load bytecode.Instruction, dst, tmp uint64, times int) []bytecode.Instruction {
	code := []bytecode.Instruction{load, in(bytecode.OpStLoc, dst)}
	for range times {
		code = append(code, in(bytecode.OpCopyLoc, dst), in(bytecode.OpStLoc, tmp), in(bytecode.OpMutBorrowLoc, dst),
			in(bytecode.OpMoveLoc, tmp), nb.appendU8)
	}
	return code
}

// growNested leaves in local dst a vector<vector<u8>> of 8,000 << times
// empty vectors (local tmp is scratch of the same type).
func (nb *nbKit) growNested(k *kit, dst, tmp uint64, times int) []bytecode.Instruction {
	enc := append(uleb(8000), make([]byte, 8000)...)
	app := k.callG(k.vecFn("append", []tok{bytecode.MutRef(vecT), vecT}, nil), bytesT)
	code := []bytecode.Instruction{in(bytecode.OpLdConst, uint64(k.b.Constant(nestedT, enc))), in(bytecode.OpStLoc, dst)}
	for range times {
		code = append(code, in(bytecode.OpCopyLoc, dst), in(bytecode.OpStLoc, tmp), in(bytecode.OpMutBorrowLoc, dst),
			in(bytecode.OpMoveLoc, tmp), app)
	}
	return code
}

// repeat runs body count times from pc at, counting in local c.
func repeat(at, c, count uint64, body []bytecode.Instruction) []bytecode.Instruction {
	head := at + 2
	code := []bytecode.Instruction{in(bytecode.OpLdU64, 0), in(bytecode.OpStLoc, c),
		in(bytecode.OpCopyLoc, c), in(bytecode.OpLdU64, count), in(bytecode.OpLt), in(bytecode.OpBrFalse, head+4+uint64(len(body))+5)}
	code = append(code, body...)
	return append(code, in(bytecode.OpMoveLoc, c), in(bytecode.OpLdU64, 1), in(bytecode.OpAdd), in(bytecode.OpStLoc, c), in(bytecode.OpBranch, head))
}

// nativeModule is the module of every case, one view per case named as
// the case.
func nativeModule(t testing.TB, addr ledgerapi.Address) *kit {
	k := newKit(t, addr, "nb")
	b := k.b
	nb := &nbKit{appendU8: k.callG(k.vecFn("append", []tok{bytecode.MutRef(vecT), vecT}, nil), bytecode.U8)}
	nb.mapH = b.ImportStruct(b.ModuleRef(one, "simple_map"), "SimpleMap", stringAbil, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{})
	nb.tableH = b.ImportStruct(b.ModuleRef(one, "table"), "Table", bytecode.AbilityStore,
		bytecode.StructTypeParameter{Constraints: copyDropT, IsPhantom: true}, bytecode.StructTypeParameter{IsPhantom: true})
	nb.smartH = b.ImportStruct(b.ModuleRef(one, "smart_table"), "SmartTable", bytecode.AbilityStore, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{})
	// L<L<…<u8>…>> 12 deep with a 200-byte name: a type tag costing
	// nearly the limit of 5,000 (100 per node, one per byte of names).
	nb.longDef = b.GenericStruct(strings.Repeat("L", 200), copyDropT|bytecode.AbilityStore,
		[]bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("x", bytecode.Bool))
	nb.long = bytecode.U8
	for range 12 {
		nb.inner = nb.long
		nb.long = b.StructType(nb.longDef, nb.long)
	}
	for _, name := range nativeCaseNames {
		c := nativeCases[name]
		setup := c.setup(k, nb)
		body := append(c.body(k, nb), in(bytecode.OpBranch, uint64(len(setup))))
		locals := c.locals
		if f := caseLocals[name]; f != nil {
			locals = f(nb)
		}
		k.view(name, []tok{u64T}, locals, append(setup, body...))
	}
	return k
}

// Locals of the byte cases: 0 the big bytes, 1 scratch, 2 and 3 per case.
func bytesLocals(more ...tok) []tok { return append([]tok{bytesT, bytesT}, more...) }

// big256K leaves 256 KiB of fill in local 0.
func big256K(k *kit, nb *nbKit, fill byte) []bytecode.Instruction {
	return nb.grow(k.bytes(bytes.Repeat([]byte{fill}, 1024)), 0, 1, 8)
}

func noSetup(*kit, *nbKit) []bytecode.Instruction { return nil }

var nativeCases = map[string]nativeCase{
	"vector_contains_u8": {bytesLocals(bytecode.U8), func(k *kit, nb *nbKit) []bytecode.Instruction {
		return append(big256K(k, nb, 0), in(bytecode.OpLdU8, 1), in(bytecode.OpStLoc, 2))
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.vecFn("contains", []tok{bytecode.Ref(vecT), bytecode.Ref(elemT)}, []tok{bytecode.Bool})
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 2), k.callG(h, bytecode.U8), in(bytecode.OpPop)}
	}},
	"vector_contains_nested": {[]tok{nestedT, nestedT, bytesT}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		return append(nb.growNested(k, 0, 1, 3), k.bytes([]byte{1}), in(bytecode.OpStLoc, 2))
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.vecFn("index_of", []tok{bytecode.Ref(vecT), bytecode.Ref(elemT)}, []tok{bytecode.Bool, u64T})
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 2), k.callG(h, bytesT), in(bytecode.OpPop), in(bytecode.OpPop)}
	}},
	"vector_reverse_u8": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.vecFn("reverse", []tok{bytecode.MutRef(vecT)}, nil)
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), k.callG(h, bytecode.U8)}
		}},
	"vector_remove_insert_u8": {bytesLocals(bytecode.U8), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			rm := k.vecFn("remove", []tok{bytecode.MutRef(vecT), u64T}, []tok{elemT})
			ins := k.vecFn("insert", []tok{bytecode.MutRef(vecT), u64T, elemT}, nil)
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0), k.callG(rm, bytecode.U8), in(bytecode.OpStLoc, 2),
				in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpMoveLoc, 2), k.callG(ins, bytecode.U8)}
		}},
	"vector_append_nested": {[]tok{nestedT, nestedT}, func(k *kit, nb *nbKit) []bytecode.Instruction { return nb.growNested(k, 0, 1, 3) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			app := k.callG(k.vecFn("append", []tok{bytecode.MutRef(vecT), vecT}, nil), bytesT)
			return []bytecode.Instruction{in(bytecode.OpVecPack, uint64(k.b.Signature(bytesT)), 0), in(bytecode.OpStLoc, 1),
				in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpCopyLoc, 0), app}
		}},
	"vector_append_u8": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpVecPack, uint64(k.b.Signature(bytecode.U8)), 0), in(bytecode.OpStLoc, 1),
				in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpCopyLoc, 0), nb.appendU8}
		}},
	"bcs_to_bytes_u8": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(tp0)}, []tok{bytesT})
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), k.callG(h, bytesT), in(bytecode.OpPop)}
		}},
	"bcs_to_bytes_nested": {[]tok{nestedT, nestedT}, func(k *kit, nb *nbKit) []bytecode.Instruction { return nb.growNested(k, 0, 1, 3) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(tp0)}, []tok{bytesT})
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), k.callG(h, nestedT), in(bytecode.OpPop)}
		}},
	"bcs_to_bytes_long_type": {nil, noSetup, func(k *kit, nb *nbKit) []bytecode.Instruction {
		// bcs::to_bytes(&option::none<L<…>>()): one byte of a type whose tag costs nearly the limit.
		none := k.fn("option", "none", anyTP, nil, []tok{optOf(tp0)})
		h := k.fn("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(tp0)}, []tok{bytesT})
		return []bytecode.Instruction{k.callG(none, nb.long), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, optOf(nb.long)), in(bytecode.OpPop)}
	}},
	"type_info_type_name": {nil, noSetup, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("type_info", "type_name", anyTP, nil, []tok{strT})
		return []bytecode.Instruction{k.callG(h, nb.long), in(bytecode.OpPop)}
	}},
	"type_info_type_of": {nil, noSetup, func(k *kit, nb *nbKit) []bytecode.Instruction {
		ti := k.b.ImportStruct(k.b.ModuleRef(one, "type_info"), "TypeInfo", stringAbil)
		h := k.fn("type_info", "type_of", anyTP, nil, []tok{bytecode.StructOf(ti)})
		return []bytecode.Instruction{k.callG(h, nb.long), in(bytecode.OpPop)}
	}},
	"hash_sha3_256": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("hash", "sha3_256", nil, []tok{bytesT}, []tok{bytesT})
			return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop)}
		}},
	"hash_sha2_256": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("hash", "sha2_256", nil, []tok{bytesT}, []tok{bytesT})
			return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop)}
		}},
	"string_utf8": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 'a') },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("string", "utf8", nil, []tok{bytesT}, []tok{strT})
			return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop)}
		}},
	"string_index_of": {bytesLocals(strT, strT), func(k *kit, nb *nbKit) []bytecode.Instruction {
		utf8 := k.fn("string", "utf8", nil, []tok{bytesT}, []tok{strT})
		pat := append(bytes.Repeat([]byte{'a'}, 1000), 'b')
		return append(big256K(k, nb, 'a'), in(bytecode.OpMoveLoc, 0), callF(utf8), in(bytecode.OpStLoc, 2),
			k.bytes(pat), callF(utf8), in(bytecode.OpStLoc, 3))
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("string", "index_of", nil, []tok{bytecode.Ref(strT), bytecode.Ref(strT)}, []tok{u64T})
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpImmBorrowLoc, 3), callF(h), in(bytecode.OpPop)}
	}},
	"string_sub_string": {bytesLocals(strT), func(k *kit, nb *nbKit) []bytecode.Instruction {
		utf8 := k.fn("string", "utf8", nil, []tok{bytesT}, []tok{strT})
		return append(big256K(k, nb, 'a'), in(bytecode.OpMoveLoc, 0), callF(utf8), in(bytecode.OpStLoc, 2))
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("string", "sub_string", nil, []tok{bytecode.Ref(strT), u64T, u64T}, []tok{strT})
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 256<<10), callF(h), in(bytecode.OpPop)}
	}},
	"string_append_utf8": {bytesLocals(strT), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 'a') },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("string", "append_utf8", nil, []tok{bytecode.MutRef(strT), bytesT}, nil)
			return append(append(k.utf8(""), in(bytecode.OpStLoc, 2)), in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpCopyLoc, 0), callF(h))
		}},
	"string_utils_to_string_nested": {[]tok{nestedT, nestedT}, func(k *kit, nb *nbKit) []bytecode.Instruction { return nb.growNested(k, 0, 1, 3) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("string_utils", "to_string", anyTP, []tok{bytecode.Ref(tp0)}, []tok{strT})
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), k.callG(h, nestedT), in(bytecode.OpPop)}
		}},
	"string_utils_to_string_u256": {[]tok{bytecode.Vector(bytecode.U256)}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		enc := append(uleb(1000), bytes.Repeat([]byte{0xff}, 32*1000)...)
		return []bytecode.Instruction{in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Vector(bytecode.U256), enc))), in(bytecode.OpStLoc, 0)}
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("string_utils", "to_string", anyTP, []tok{bytecode.Ref(tp0)}, []tok{strT})
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), k.callG(h, bytecode.Vector(bytecode.U256)), in(bytecode.OpPop)}
	}},
	"string_utils_debug_long_type": {[]tok{bytecode.Vector(bytecode.U8)}, noSetup, func(k *kit, nb *nbKit) []bytecode.Instruction {
		// debug_string(&vector[L<…>{x: true}]) names the long type.
		h := k.fn("string_utils", "debug_string", anyTP, []tok{bytecode.Ref(tp0)}, []tok{strT})
		inst := uint64(k.b.StructInst(nb.longDef, nb.inner))
		vt := bytecode.Vector(nb.long)
		return []bytecode.Instruction{in(bytecode.OpLdTrue), in(bytecode.OpPackGeneric, inst), in(bytecode.OpVecPack, uint64(k.b.Signature(nb.long)), 1),
			in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, vt), in(bytecode.OpPop)}
	}},
	"from_bcs_to_bytes": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction {
		// 256 KiB of zeros preceded by their length: the BCS of a vector<u8>.
		return append(big256K(k, nb, 0), k.bytes(uleb(256<<10)), in(bytecode.OpStLoc, 1), in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpMoveLoc, 0), nb.appendU8)
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("from_bcs", "to_bytes", nil, []tok{bytesT}, []tok{bytesT})
		return []bytecode.Instruction{in(bytecode.OpCopyLoc, 1), callF(h), in(bytecode.OpPop)}
	}},
	"event_emit_big": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
		func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("event", "emit", []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityDrop}, []tok{tp0}, nil)
			return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), k.callG(h, bytesT)}
		}},
	"math128_sqrt": {nil, noSetup, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("math128", "sqrt", nil, []tok{bytecode.U128}, []tok{bytecode.U128})
		max := in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.U128, bytes.Repeat([]byte{0xff}, 16))))
		return []bytecode.Instruction{max, callF(h), in(bytecode.OpPop)}
	}},
	"error_canonical": {nil, noSetup, func(k *kit, nb *nbKit) []bytecode.Instruction {
		// The least a BCS native costs: two u64 in, one out.
		h := k.fn("error", "canonical", nil, []tok{u64T, u64T}, []tok{u64T})
		return []bytecode.Instruction{in(bytecode.OpLdU64, 1), in(bytecode.OpLdU64, 2), callF(h), in(bytecode.OpPop)}
	}},
	"option_contains_big": {bytesLocals(optOf(bytesT)), func(k *kit, nb *nbKit) []bytecode.Instruction {
		some := k.fn("option", "some", anyTP, []tok{tp0}, []tok{optOf(tp0)})
		return append(big256K(k, nb, 0), in(bytecode.OpCopyLoc, 0), k.callG(some, bytesT), in(bytecode.OpStLoc, 2))
	}, func(k *kit, nb *nbKit) []bytecode.Instruction {
		h := k.fn("option", "contains", anyTP, []tok{bytecode.Ref(optOf(tp0)), bytecode.Ref(tp0)}, []tok{bytecode.Bool})
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, bytesT), in(bytecode.OpPop)}
	}},
}

var nativeCaseNames []string

func init() {
	caseLocals["bcs_to_bytes_long_type"] = func(nb *nbKit) []tok { return []tok{optOf(nb.long)} }
	caseLocals["string_utils_debug_long_type"] = func(nb *nbKit) []tok { return []tok{bytecode.Vector(nb.long)} }
	for name, c := range mapCases() {
		nativeCases[name] = c
	}
	for name := range nativeCases {
		nativeCaseNames = append(nativeCaseNames, name)
	}
	sort.Strings(nativeCaseNames)
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var nativeBench struct {
	once sync.Once
	c    *chain
	addr ledgerapi.Address
}

// benchNative runs view name until it runs out of gas, b.N times, and
// reports wall and CPU ns per gas unit.
func benchNative(b *testing.B, name string) {
	nativeBench.once.Do(func() {
		c := newChain(b, vmstub.Options{})
		a := c.vm.DevAccounts()[0]
		nativeModule(b, a.Address).publish(c, a)
		nativeBench.c, nativeBench.addr = c, a.Address
	})
	c := nativeBench.c
	if c == nil {
		b.Fatal("the native benchmark module was not published")
	}
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: nativeBench.addr, Name: "nb"}, Name: name}
	gas := vmstub.DefaultGasSchedule.MaxViewGas
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		_, _, _, err := c.vm.View(c, fn, nil, nil)
		var ve *vmstub.ViewError
		if !errors.As(err, &ve) || ve.Status == nil || ve.Status.Code != 4002 {
			b.Fatalf("%s: %v, want OUT_OF_GAS", name, err)
		}
	}
	elapsed := cpuTime() - cpu
	b.StopTimer()
	total := float64(gas) * float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/gas")
	b.ReportMetric(float64(elapsed.Nanoseconds())/total, "cpu-ns/gas")
}

func BenchmarkWorstCaseNativeVectorContainsU8(b *testing.B) { benchNative(b, "vector_contains_u8") }
func BenchmarkWorstCaseNativeVectorIndexOfNested(b *testing.B) {
	benchNative(b, "vector_contains_nested")
}
func BenchmarkWorstCaseNativeVectorReverse(b *testing.B) { benchNative(b, "vector_reverse_u8") }
func BenchmarkWorstCaseNativeVectorRemoveInsert(b *testing.B) {
	benchNative(b, "vector_remove_insert_u8")
}
func BenchmarkWorstCaseNativeVectorAppendNested(b *testing.B) { benchNative(b, "vector_append_nested") }
func BenchmarkWorstCaseNativeVectorAppendU8(b *testing.B)     { benchNative(b, "vector_append_u8") }
func BenchmarkWorstCaseNativeOptionContains(b *testing.B)     { benchNative(b, "option_contains_big") }
func BenchmarkWorstCaseNativeBCSToBytes(b *testing.B)         { benchNative(b, "bcs_to_bytes_u8") }
func BenchmarkWorstCaseNativeBCSToBytesNested(b *testing.B)   { benchNative(b, "bcs_to_bytes_nested") }
func BenchmarkWorstCaseNativeBCSToBytesLongType(b *testing.B) {
	benchNative(b, "bcs_to_bytes_long_type")
}
func BenchmarkWorstCaseNativeFromBCS(b *testing.B)         { benchNative(b, "from_bcs_to_bytes") }
func BenchmarkWorstCaseNativeTypeName(b *testing.B)        { benchNative(b, "type_info_type_name") }
func BenchmarkWorstCaseNativeTypeOf(b *testing.B)          { benchNative(b, "type_info_type_of") }
func BenchmarkWorstCaseNativeSHA3(b *testing.B)            { benchNative(b, "hash_sha3_256") }
func BenchmarkWorstCaseNativeSHA2(b *testing.B)            { benchNative(b, "hash_sha2_256") }
func BenchmarkWorstCaseNativeStringUTF8(b *testing.B)      { benchNative(b, "string_utf8") }
func BenchmarkWorstCaseNativeStringIndexOf(b *testing.B)   { benchNative(b, "string_index_of") }
func BenchmarkWorstCaseNativeStringSubString(b *testing.B) { benchNative(b, "string_sub_string") }
func BenchmarkWorstCaseNativeStringAppend(b *testing.B)    { benchNative(b, "string_append_utf8") }
func BenchmarkWorstCaseNativeToStringNested(b *testing.B) {
	benchNative(b, "string_utils_to_string_nested")
}
func BenchmarkWorstCaseNativeToStringU256(b *testing.B) {
	benchNative(b, "string_utils_to_string_u256")
}
func BenchmarkWorstCaseNativeDebugStringLongType(b *testing.B) {
	benchNative(b, "string_utils_debug_long_type")
}
func BenchmarkWorstCaseNativeSimpleMapContains(b *testing.B) {
	benchNative(b, "simple_map_contains_key")
}
func BenchmarkWorstCaseNativeSmartTableContains(b *testing.B) { benchNative(b, "smart_table_contains") }
func BenchmarkWorstCaseNativeTableBigKey(b *testing.B) {
	benchNative(b, "table_upsert_contains_big_key")
}
func BenchmarkWorstCaseNativeEventEmit(b *testing.B)      { benchNative(b, "event_emit_big") }
func BenchmarkWorstCaseNativeErrorCanonical(b *testing.B) { benchNative(b, "error_canonical") }
func BenchmarkWorstCaseNativeMathSqrt(b *testing.B)       { benchNative(b, "math128_sqrt") }
