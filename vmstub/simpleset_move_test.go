package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::simple_set from Move code, after Aptos's tests: insert of a
// key twice answers false, remove of a missing key false, and
// destroy_empty of a non-empty set fails.

func simpleSetCases(ledgerapi.Address) []viewCase {
	g := bytecode.StructOf(2, tp0)
	st := bytecode.StructOf(2, u64T)
	call := func(k *kit, name string, params, rets []tok) bytecode.Instruction {
		tps := anyTP
		if name == "create" {
			tps = []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityCopy}
		}
		return k.callG(k.fn("simple_set", name, tps, params, rets), u64T)
	}
	insert := func(k *kit, x uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, x), call(k, "insert", []tok{bytecode.MutRef(g), tp0}, []tok{bytecode.Bool})}
	}
	byRef := func(k *kit, fn string, mut bool, x uint64) []bytecode.Instruction {
		borrow, ref := bytecode.OpImmBorrowLoc, bytecode.Ref(g)
		if mut {
			borrow, ref = bytecode.OpMutBorrowLoc, bytecode.MutRef(g)
		}
		return []bytecode.Instruction{in(bytecode.OpLdU64, x), in(bytecode.OpStLoc, 1), in(borrow, 0), in(bytecode.OpImmBorrowLoc, 1),
			call(k, fn, []tok{ref, bytecode.Ref(tp0)}, []tok{bytecode.Bool})}
	}
	length := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), call(k, "length", []tok{bytecode.Ref(g)}, []tok{u64T})}
	}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	b := bytecode.Bool
	return []viewCase{
		{name: "insert, contains, remove", locals: []tok{st, u64T}, rets: []tok{b, b, b, u64T, b, b, b, u64T, b},
			want: cat(bcsBool(true), bcsBool(false), bcsBool(true), le64(2), bcsBool(true), bcsBool(true), bcsBool(false), le64(1), bcsBool(true)),
			code: func(k *kit) []bytecode.Instruction {
				return seq([]bytecode.Instruction{call(k, "create", nil, []tok{g}), in(bytecode.OpStLoc, 0)}, insert(k, 3), insert(k, 3), insert(k, 2), length(k),
					byRef(k, "contains", false, 2), byRef(k, "remove", true, 2), byRef(k, "remove", true, 2), length(k), byRef(k, "remove", true, 3),
					[]bytecode.Instruction{in(bytecode.OpMoveLoc, 0), call(k, "destroy_empty", []tok{g}, nil)})
			}},
		{name: "destroy_empty of a non-empty set", locals: []tok{st, u64T}, rets: []tok{u64T}, failed: true,
			code: func(k *kit) []bytecode.Instruction {
				return seq([]bytecode.Instruction{call(k, "create", nil, []tok{g}), in(bytecode.OpStLoc, 0)}, insert(k, 3), []bytecode.Instruction{in(bytecode.OpPop),
					in(bytecode.OpMoveLoc, 0), call(k, "destroy_empty", []tok{g}, nil), in(bytecode.OpLdU64, 0)})
			}},
	}
}

func TestMoveSimpleSet(t *testing.T) {
	runViews(t, "sset", simpleSetCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "simple_set"), "SimpleSet", stringAbil, bytecode.StructTypeParameter{}) != 2 {
			t.Fatal("unexpected struct handle")
		}
	})
}
