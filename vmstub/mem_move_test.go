package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// std::mem from Move code: swap exchanges the values behind two mutable
// references (locals, vector elements, strings), in place: a vector
// swapped into a local is the one pushed to afterwards; replace writes
// the new value and returns the old one.

func memCases(ledgerapi.Address) []viewCase {
	vecU64 := bytecode.Vector(u64T)
	swap := func(k *kit, t tok) bytecode.Instruction {
		return k.callG(k.fn("mem", "swap", anyTP, []tok{bytecode.MutRef(bytecode.TypeParameter(0)), bytecode.MutRef(bytecode.TypeParameter(0))}, nil), t)
	}
	replace := func(k *kit, t tok) bytecode.Instruction {
		tp := bytecode.TypeParameter(0)
		return k.callG(k.fn("mem", "replace", anyTP, []tok{bytecode.MutRef(tp), tp}, []tok{tp}), t)
	}
	swapLocals := func(k *kit, t tok) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMutBorrowLoc, 1), swap(k, t)}
	}
	ret2 := []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1)}
	return []viewCase{
		{name: "swap u64 locals", rets: []tok{u64T, u64T}, locals: []tok{u64T, u64T}, want: cat(le64(7), le64(5)),
			code: func(k *kit) []bytecode.Instruction {
				return append(append([]bytecode.Instruction{in(bytecode.OpLdU64, 5), in(bytecode.OpStLoc, 0), in(bytecode.OpLdU64, 7), in(bytecode.OpStLoc, 1)},
					swapLocals(k, u64T)...), ret2...)
			}},
		{name: "swap strings", rets: []tok{strT, strT}, locals: []tok{strT, strT}, want: cat(bcsBytes([]byte("xyz")), bcsBytes([]byte("ab"))),
			code: func(k *kit) []bytecode.Instruction {
				code := append(k.utf8("ab"), in(bytecode.OpStLoc, 0))
				code = append(append(code, k.utf8("xyz")...), in(bytecode.OpStLoc, 1))
				return append(append(code, swapLocals(k, strT)...), ret2...)
			}},
		{name: "swap elements of two vectors", rets: []tok{vecU64, vecU64}, locals: []tok{vecU64, vecU64},
			want: cat(u64Vec(1, 9, 3), u64Vec(2)),
			code: func(k *kit) []bytecode.Instruction {
				return append([]bytecode.Instruction{k.u64s(1, 2, 3), in(bytecode.OpStLoc, 0), k.u64s(9), in(bytecode.OpStLoc, 1),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1), in(bytecode.OpVecMutBorrow, k.u64Sig()),
					in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpLdU64, 0), in(bytecode.OpVecMutBorrow, k.u64Sig()),
					swap(k, u64T)}, ret2...)
			}},
		{name: "swapped vector is the one pushed to", rets: []tok{vecU64, vecU64}, locals: []tok{vecU64, vecU64},
			want: cat(u64Vec(9, 8, 4), u64Vec(1, 2)),
			code: func(k *kit) []bytecode.Instruction {
				code := []bytecode.Instruction{k.u64s(1, 2), in(bytecode.OpStLoc, 0), k.u64s(9, 8), in(bytecode.OpStLoc, 1)}
				code = append(code, swapLocals(k, vecU64)...)
				return append(append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 4), in(bytecode.OpVecPushBack, k.u64Sig())), ret2...)
			}},
		{name: "replace", rets: []tok{vecU64, vecU64}, locals: []tok{vecU64}, want: cat(u64Vec(1, 2), u64Vec(7)),
			code: func(k *kit) []bytecode.Instruction {
				return []bytecode.Instruction{k.u64s(1, 2), in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), k.u64s(7), replace(k, vecU64), in(bytecode.OpMoveLoc, 0)}
			}},
	}
}

func TestMoveMem(t *testing.T) { runViews(t, "memv", memCases, nil) }

// TestMoveMemSwapAliasRefused: a module passing mem::swap two mutable
// references to the same element (only reference safety keeps them apart:
// a value cannot hold one of its own type) is refused at publication, and
// nothing of it runs.
func TestMoveMemSwapAliasRefused(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "memalias")
	vecU64 := bytecode.Vector(u64T)
	swap := k.callG(k.fn("mem", "swap", anyTP, []tok{bytecode.MutRef(bytecode.TypeParameter(0)), bytecode.MutRef(bytecode.TypeParameter(0))}, nil), u64T)
	elem0 := []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpVecMutBorrow, k.u64Sig())}
	code := append([]bytecode.Instruction{k.u64s(1, 2), in(bytecode.OpStLoc, 0)}, elem0...)
	code = append(append(code, elem0...), swap, in(bytecode.OpMoveLoc, 0), in(bytecode.OpRet))
	k.view("alias", []tok{vecU64}, []tok{vecU64}, code)
	out := c.publish(a, packageMeta("Nativesmemalias", onchain.UpgradeCompatible, []string{"memalias"}, stdDeps...), k.code())
	if out.Info.Status.Success() {
		t.Fatal("a module swapping an element with itself through two mutable borrows was published")
	}
	if s := out.Info.Status.String(); !strings.Contains(s, "BORROW") && !strings.Contains(s, "REFERENCE") {
		t.Errorf("publication refused with %s, want a reference-safety status", s)
	}
}
