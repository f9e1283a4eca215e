package vmstub_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Container natives mutate in place: for each one, a view takes a
// reference into the container, calls the native, then reads or writes
// through the reference. Such code keeps a reference alive across a call
// that mutates what it points into, so the verifier refuses it: each view,
// published alone, is refused. Hostile code that got past it must still
// not see a stale copy: the views, installed without a verifier, must see
// the change through the reference (or, when its element left the
// container, have it refused as dangling).

// Struct handles of the in-place suite's module after String (0) and
// Option (1).
const (
	mapHandle   = 2 // 0x1::simple_map::SimpleMap
	smartHandle = 3 // 0x1::smart_table::SmartTable
)

var (
	mutU64T = bytecode.MutRef(u64T)
	tp0     = bytecode.TypeParameter(0)
	tp1     = bytecode.TypeParameter(1)
	any2TP  = []bytecode.AbilitySet{0, 0}
	mapT    = bytecode.StructOf(mapHandle, u64T, u64T)
	smartT  = bytecode.StructOf(smartHandle, u64T, u64T)
)

// inplaceCase is a view and what it must return when run unverified: want
// (the concatenated results from the first, or only some first results
// when prefix), or a refusal of a dangling reference
// (UNKNOWN_INVARIANT_VIOLATION_ERROR, what the interpreter answers for
// one). refused is the verifier's status for it when not
// CALL_BORROWED_MUTABLE_REFERENCE_ERROR.
type inplaceCase struct {
	name     string
	rets     []tok
	locals   []tok
	code     func(k *kit) []bytecode.Instruction
	want     []byte
	prefix   bool
	dangling bool
	refused  string
}

// inplaceKit starts the suite's module: its struct handles are those the
// cases name.
func inplaceKit(t *testing.T, addr ledgerapi.Address) *kit {
	k := newKit(t, addr, "inplace")
	all3 := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	if k.b.ImportStruct(k.b.ModuleRef(one, "simple_map"), "SimpleMap", all3, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != mapHandle ||
		k.b.ImportStruct(k.b.ModuleRef(one, "smart_table"), "SmartTable", bytecode.AbilityStore, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != smartHandle {
		t.Fatal("unexpected struct handles")
	}
	return k
}

func runInplace(t *testing.T, cases []inplaceCase) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	for _, tc := range cases {
		t.Run("published/"+tc.name, func(t *testing.T) {
			k := inplaceKit(t, a.Address)
			k.view("case_0", tc.rets, tc.locals, append(tc.code(k), in(bytecode.OpRet)))
			want := tc.refused
			if want == "" {
				want = "CALL_BORROWED_MUTABLE_REFERENCE_ERROR"
			}
			defer func(parent testing.TB) { c.t = parent }(c.t)
			c.t = t
			c.publishRefused(a, "inplace", k.code(), want)
		})
	}
	vmstub.RunUnverifiedCode(c.vm)
	k := inplaceKit(t, a.Address)
	for i, tc := range cases {
		k.view(fmt.Sprintf("case_%d", i), tc.rets, tc.locals, append(tc.code(k), in(bytecode.OpRet)))
	}
	c.install(a.Address, "inplace", k.code())
	for i, tc := range cases {
		t.Run("unverified/"+tc.name, func(t *testing.T) {
			fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "inplace"}, Name: fmt.Sprintf("case_%d", i)}
			vals, _, _, err := c.vm.View(c, fn, nil, nil)
			if tc.dangling {
				// A view reports only the status of the refusal.
				if err == nil || !strings.Contains(err.Error(), "UNKNOWN_INVARIANT_VIOLATION_ERROR") {
					t.Fatalf("returned %x (%v), want a dangling reference refused", vals, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []byte
			for _, v := range vals {
				got = append(got, v...)
			}
			if tc.prefix && len(got) >= len(tc.want) {
				got = got[:len(tc.want)]
			}
			if string(got) != string(tc.want) {
				t.Fatalf("returned %x, want %x", got, tc.want)
			}
		})
	}
}

// u64Sig is the signature index of u64 for the vector instructions.
func (k *kit) u64Sig() uint64 { return uint64(k.b.Signature(u64T)) }

// elemRef stores &mut v[i] of the vector in local vec into local dst.
func (k *kit) elemRef(vec, i, dst uint64) []bytecode.Instruction {
	return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, vec), in(bytecode.OpLdU64, i), in(bytecode.OpVecMutBorrow, k.u64Sig()), in(bytecode.OpStLoc, dst)}
}

// vecCall calls vector::name<u64>.
func (k *kit) vecCall(name string, params, rets []tok) bytecode.Instruction {
	return k.callG(k.vecFn(name, params, rets), u64T)
}

func vectorInplaceCases() []inplaceCase {
	locals := []tok{vecU64T, mutU64T, vecU64T}
	mv := bytecode.MutRef(vecT)
	start := func(k *kit, i uint64) []bytecode.Instruction {
		return append([]bytecode.Instruction{k.u64s(1, 2, 3), in(bytecode.OpStLoc, 0)}, k.elemRef(0, i, 1)...)
	}
	cat2 := func(a []bytecode.Instruction, b ...bytecode.Instruction) []bytecode.Instruction {
		return append(a, b...)
	}
	write7 := []bytecode.Instruction{in(bytecode.OpLdU64, 7), in(bytecode.OpMoveLoc, 1), in(bytecode.OpWriteRef), in(bytecode.OpMoveLoc, 0)}
	read := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpReadRef)}
	return []inplaceCase{
		{name: "reverse: v[0] reads the new first element", rets: []tok{u64T}, locals: locals, want: le64(3), code: func(k *kit) []bytecode.Instruction {
			return append(cat2(start(k, 0), in(bytecode.OpMutBorrowLoc, 0), k.vecCall("reverse", []tok{mv}, nil)), read...)
		}},
		{name: "append: a write through v[0] lands in the vector", rets: []tok{vecU64T}, locals: locals, want: u64Vec(7, 2, 3, 9),
			code: func(k *kit) []bytecode.Instruction {
				return append(cat2(start(k, 0), in(bytecode.OpMutBorrowLoc, 0), k.u64s(9), k.vecCall("append", []tok{mv, vecT}, nil)), write7...)
			}},
		{name: "append: a reference into the appended vector is dead", rets: []tok{u64T}, locals: locals, dangling: true,
			refused: "MOVELOC_EXISTS_BORROW_ERROR",
			code: func(k *kit) []bytecode.Instruction {
				code := append([]bytecode.Instruction{k.u64s(1), in(bytecode.OpStLoc, 0), k.u64s(9), in(bytecode.OpStLoc, 2)}, k.elemRef(2, 0, 1)...)
				return append(cat2(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 2), k.vecCall("append", []tok{mv, vecT}, nil)), read...)
			}},
		{name: "remove: v[0] still writes the vector", rets: []tok{vecU64T}, locals: locals, want: u64Vec(7, 2),
			code: func(k *kit) []bytecode.Instruction {
				return append(cat2(start(k, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2),
					k.vecCall("remove", []tok{mv, u64T}, []tok{elemT}), in(bytecode.OpPop)), write7...)
			}},
		{name: "remove: a reference past the new end is dead", rets: []tok{u64T}, locals: locals, dangling: true,
			code: func(k *kit) []bytecode.Instruction {
				return append(cat2(start(k, 2), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0),
					k.vecCall("remove", []tok{mv, u64T}, []tok{elemT}), in(bytecode.OpPop)), read...)
			}},
		{name: "swap_remove: v[0] reads the element moved there", rets: []tok{u64T, u64T, vecU64T}, locals: locals,
			want: cat(le64(1), le64(3), u64Vec(3, 2)), code: func(k *kit) []bytecode.Instruction {
				return append(cat2(start(k, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0),
					k.vecCall("swap_remove", []tok{mv, u64T}, []tok{elemT})), append(read, in(bytecode.OpMoveLoc, 0))...)
			}},
		{name: "insert: v[1] reads what is now at index 1", rets: []tok{u64T, vecU64T}, locals: locals,
			want: cat(le64(1), u64Vec(9, 1, 2, 3)), code: func(k *kit) []bytecode.Instruction {
				return append(cat2(start(k, 1), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 9),
					k.vecCall("insert", []tok{mv, u64T, elemT}, nil)), append(read, in(bytecode.OpMoveLoc, 0))...)
			}},
	}
}

// optCall calls option::name<u64>.
func (k *kit) optCall(name string, params, rets []tok) bytecode.Instruction {
	return k.callG(k.fn("option", name, anyTP, params, rets), u64T)
}

func optionInplaceCases() []inplaceCase {
	optU64 := optOf(u64T)
	locals := []tok{optU64, mutU64T}
	mo := bytecode.MutRef(optOf(tp0))
	// start: o = some(1); r = option::borrow_mut(&mut o).
	start := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, 1), k.optCall("some", []tok{tp0}, []tok{optOf(tp0)}), in(bytecode.OpStLoc, 0),
			in(bytecode.OpMutBorrowLoc, 0), k.optCall("borrow_mut", []tok{mo}, []tok{bytecode.MutRef(tp0)}), in(bytecode.OpStLoc, 1)}
	}
	read := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpReadRef)}
	extract := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), k.optCall("extract", []tok{mo}, []tok{tp0}), in(bytecode.OpPop)}
	}
	return []inplaceCase{
		{name: "extract: borrow_mut's reference is dead", rets: []tok{u64T}, locals: locals, dangling: true, code: func(k *kit) []bytecode.Instruction {
			return append(append(start(k), extract(k)...), read...)
		}},
		{name: "extract then fill: the reference reads the new element", rets: []tok{u64T}, locals: locals, want: le64(9),
			code: func(k *kit) []bytecode.Instruction {
				code := append(append(start(k), extract(k)...), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 9),
					k.optCall("fill", []tok{mo, tp0}, nil))
				return append(code, read...)
			}},
		{name: "swap: the reference reads the new element", rets: []tok{u64T, u64T}, locals: locals, want: cat(le64(1), le64(9)),
			code: func(k *kit) []bytecode.Instruction {
				return append(append(start(k), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 9),
					k.optCall("swap", []tok{mo, tp0}, []tok{tp0})), read...)
			}},
		{name: "swap_or_fill: the reference reads the new element", rets: []tok{optU64, u64T}, locals: locals,
			want: cat(uleb(1), le64(1), le64(9)), code: func(k *kit) []bytecode.Instruction {
				return append(append(start(k), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 9),
					k.optCall("swap_or_fill", []tok{mo, tp0}, []tok{optOf(tp0)})), read...)
			}},
	}
}

func stringInplaceCases() []inplaceCase {
	bytesT := bytecode.Vector(bytecode.U8)
	locals := []tok{strT, bytecode.Ref(bytesT)}
	// start: s = utf8("ab"); r = string::bytes(&s).
	start := func(k *kit) []bytecode.Instruction {
		h := k.fn("string", "bytes", nil, []tok{bytecode.Ref(strT)}, []tok{bytecode.Ref(bytesT)})
		return append(k.utf8("ab"), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h), in(bytecode.OpStLoc, 1),
			in(bytecode.OpMutBorrowLoc, 0))
	}
	read := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpReadRef)}
	return []inplaceCase{
		{name: "append: string::bytes reads the longer string", rets: []tok{bytesT}, locals: locals, want: bcsBytes([]byte("abcd")),
			code: func(k *kit) []bytecode.Instruction {
				h := k.fn("string", "append", nil, []tok{bytecode.MutRef(strT), strT}, nil)
				return append(append(append(start(k), k.utf8("cd")...), callF(h)), read...)
			}},
		{name: "append_utf8: string::bytes reads the longer string", rets: []tok{bytesT}, locals: locals, want: bcsBytes([]byte("abcd")),
			code: func(k *kit) []bytecode.Instruction {
				h := k.fn("string", "append_utf8", nil, []tok{bytecode.MutRef(strT), bytesT}, nil)
				return append(append(start(k), k.bytes([]byte("cd")), callF(h)), read...)
			}},
		{name: "insert: string::bytes reads the new string", rets: []tok{bytesT}, locals: locals, want: bcsBytes([]byte("aXb")),
			code: func(k *kit) []bytecode.Instruction {
				h := k.fn("string", "insert", nil, []tok{bytecode.MutRef(strT), u64T, strT}, nil)
				return append(append(append(start(k), in(bytecode.OpLdU64, 1)), k.utf8("X")...), append([]bytecode.Instruction{callF(h)}, read...)...)
			}},
	}
}

func TestNativesMutateInPlace(t *testing.T) {
	var cases []inplaceCase
	for _, cs := range [][]inplaceCase{vectorInplaceCases(), optionInplaceCases(), stringInplaceCases(), mapInplaceCases(), smartInplaceCases()} {
		cases = append(cases, cs...)
	}
	runInplace(t, cases)
}
