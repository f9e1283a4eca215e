package vmstub_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Natives charge by what they touch: for each, a view fills a vector of
// chargeN elements in a loop, then calls the native on it; a twin view
// fills the same vector and does without the call. The difference in gas
// is the native's charge, which must grow with the elements or bytes it
// moves, compares, reads or writes (a flat fee would leave it near zero).

const chargeN = 20_000

// fillVec is the code, at the start of a function, that leaves in local 0
// a vector of chargeN copies of the value load pushes (of type elem); local
// 1 is the loop's u64 counter.
func (k *kit) fillVec(elem tok, load bytecode.Instruction) []bytecode.Instruction {
	sig := uint64(k.b.Signature(elem))
	return []bytecode.Instruction{
		in(bytecode.OpVecPack, sig, 0), in(bytecode.OpStLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpStLoc, 1),
		// 4: loop head
		in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, chargeN), in(bytecode.OpLt), in(bytecode.OpBrFalse, 16),
		in(bytecode.OpMutBorrowLoc, 0), load, in(bytecode.OpVecPushBack, sig),
		in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, 1), in(bytecode.OpAdd), in(bytecode.OpStLoc, 1), in(bytecode.OpBranch, 4),
		// 16: the vector is filled
	}
}

// chargeCase is a native call on the filled vector and the least number
// of interpreter units it must charge.
type chargeCase struct {
	name     string
	elem     tok // u64 (each element 7) or u8 (each 'a')
	op, base func(k *kit) []bytecode.Instruction
	minUnits uint64
}

func TestNativesChargeByWhatTheyTouch(t *testing.T) {
	u8T, bytesT := bytecode.U8, bytecode.Vector(bytecode.U8)
	mv := bytecode.MutRef(vecT)
	drop := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpPop)}
	}
	copyDrop := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), in(bytecode.OpPop), in(bytecode.OpMoveLoc, 0), in(bytecode.OpPop)}
	}
	then := func(code ...bytecode.Instruction) []bytecode.Instruction {
		return append(code, in(bytecode.OpMoveLoc, 0), in(bytecode.OpPop))
	}
	cases := []chargeCase{
		{"vector::reverse", u64T, func(k *kit) []bytecode.Instruction {
			return then(in(bytecode.OpMutBorrowLoc, 0), k.vecCall("reverse", []tok{mv}, nil))
		}, drop, chargeN},
		{"vector::contains, missing", u64T, func(k *kit) []bytecode.Instruction {
			return then(in(bytecode.OpLdU64, 9), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 2),
				k.vecCall("contains", []tok{bytecode.Ref(vecT), bytecode.Ref(elemT)}, []tok{bytecode.Bool}), in(bytecode.OpPop))
		}, drop, 8 * chargeN},
		{"vector::append of a copy", u64T, func(k *kit) []bytecode.Instruction {
			// let c = copy v; vector::append(&mut v, c)
			return then(in(bytecode.OpCopyLoc, 0), in(bytecode.OpStLoc, 3), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 3),
				k.vecCall("append", []tok{mv, vecT}, nil))
		}, copyDrop, chargeN},
		{"vector::remove(0)", u64T, func(k *kit) []bytecode.Instruction {
			return then(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0), k.vecCall("remove", []tok{mv, u64T}, []tok{elemT}), in(bytecode.OpPop))
		}, drop, chargeN - 1},
		{"vector::insert(0)", u64T, func(k *kit) []bytecode.Instruction {
			return then(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 5),
				k.vecCall("insert", []tok{mv, u64T, elemT}, nil))
		}, drop, chargeN},
		{"bcs::to_bytes", u64T, func(k *kit) []bytecode.Instruction {
			h := k.fn("bcs", "to_bytes", anyTP, []tok{bytecode.Ref(tp0)}, []tok{bytesT})
			return then(in(bytecode.OpImmBorrowLoc, 0), k.callG(h, vecU64T), in(bytecode.OpPop))
		}, drop, 2 * 8 * chargeN},
		{"hash::sha3_256", u8T, func(k *kit) []bytecode.Instruction {
			h := k.fn("hash", "sha3_256", nil, []tok{bytesT}, []tok{bytesT})
			return then(in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop))
		}, copyDrop, chargeN},
		{"string::utf8", u8T, func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "utf8", nil, []tok{bytesT}, []tok{strT})
			return then(in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop))
		}, copyDrop, 2 * chargeN},
		{"string::append_utf8", u8T, func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "append_utf8", nil, []tok{bytecode.MutRef(strT), bytesT}, nil)
			return append(append(k.utf8(""), in(bytecode.OpStLoc, 2)), in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpMoveLoc, 0), callF(h))
		}, drop, chargeN},
		{"string_utils::to_string", u64T, func(k *kit) []bytecode.Instruction {
			h := k.fn("string_utils", "to_string", anyTP, []tok{bytecode.Ref(tp0)}, []tok{strT})
			return then(in(bytecode.OpImmBorrowLoc, 0), k.callG(h, vecU64T), in(bytecode.OpPop))
		}, drop, 3 * chargeN}, // "7, " per element
	}
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "charges")
	for i, tc := range cases {
		load, extra := in(bytecode.OpLdU64, 7), u64T
		vt := vecU64T
		if tc.elem.Kind == bytecode.TypeU8 {
			load, extra, vt = in(bytecode.OpLdU8, 'a'), strT, bytesT
		}
		locals := []tok{vt, u64T, extra, vt}
		// A view returns something: 0.
		end := []bytecode.Instruction{in(bytecode.OpLdU64, 0), in(bytecode.OpRet)}
		k.view(fmt.Sprintf("op_%d", i), []tok{u64T}, locals, append(append(k.fillVec(tc.elem, load), tc.op(k)...), end...))
		k.view(fmt.Sprintf("base_%d", i), []tok{u64T}, locals, append(append(k.fillVec(tc.elem, load), tc.base(k)...), end...))
	}
	k.publish(c, a)
	gas := func(t *testing.T, name string) uint64 {
		t.Helper()
		fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "charges"}, Name: name}
		_, _, g, err := c.vm.View(c, fn, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return g
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op, base := gas(t, fmt.Sprintf("op_%d", i)), gas(t, fmt.Sprintf("base_%d", i))
			// Gas is interpreter units / 50, rounded up.
			if op < base || (op-base+1)*50 < tc.minUnits {
				t.Fatalf("the call costs %d gas (%d with it, %d without), want at least %d units (%d gas)",
					int64(op)-int64(base), op, base, tc.minUnits, tc.minUnits/50)
			}
		})
	}
}

// vector::append keeps to the vector length limit (1 << 20 elements) as
// VecPushBack does: doubling a vector<u8> by appending a copy of itself
// fails at the 21st doubling.
func TestVectorAppendLengthLimit(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "appendlimit")
	bytesT := bytecode.Vector(bytecode.U8)
	double := func(times int) []bytecode.Instruction {
		h := k.vecFn("append", []tok{bytecode.MutRef(vecT), vecT}, nil)
		code := []bytecode.Instruction{k.bytes([]byte{1}), in(bytecode.OpStLoc, 0)}
		for range times {
			// let c = copy v; vector::append(&mut v, c)
			code = append(code, in(bytecode.OpCopyLoc, 0), in(bytecode.OpStLoc, 1), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 1),
				k.callG(h, bytecode.U8))
		}
		return append(code, in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpVecLen, uint64(k.b.Signature(bytecode.U8))), in(bytecode.OpRet))
	}
	k.view("at_limit", []tok{u64T}, []tok{bytesT, bytesT}, double(20))
	k.view("past_limit", []tok{u64T}, []tok{bytesT, bytesT}, double(21))
	k.publish(c, a)
	view := func(name string) ([][]byte, error) {
		vals, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "appendlimit"}, Name: name}, nil, nil)
		return vals, err
	}
	if vals, err := view("at_limit"); err != nil || string(vals[0]) != string(le64(1<<20)) {
		t.Fatalf("20 doublings: %x, %v", vals, err)
	}
	vals, err := view("past_limit")
	var ve *vmstub.ViewError
	if !errors.As(err, &ve) || ve.Status == nil || ve.Status.Code != 4018 {
		t.Fatalf("21 doublings: %x, %v; want VECTOR_OPERATION_ERROR", vals, err)
	}
}
