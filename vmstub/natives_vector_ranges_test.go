package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::vector's range functions from Move code (reverse_slice,
// reverse_append, trim, trim_reverse, remove_value, replace, rotate,
// rotate_slice, range, range_with_step, slice, move_range), on vector<u64>
// in local 0, with Aptos's documented rotate example and each abort code.

// vrCase runs op on local 0 (vs) and returns op's results then the vector.
func vrCase(name string, vs []uint64, rets []tok, op func(k *kit) []bytecode.Instruction) viewCase {
	return viewCase{name: name, rets: append(append([]tok(nil), rets...), vecU64T), locals: []tok{vecU64T, u64T, vecU64T},
		code: func(k *kit) []bytecode.Instruction {
			return append(append([]bytecode.Instruction{k.u64s(vs...), in(bytecode.OpStLoc, 0)}, op(k)...), in(bytecode.OpMoveLoc, 0))
		}}
}

// vrCall calls vector::name<u64>(&mut v, the u64 args) with rets.
func vrCall(name string, args []uint64, rets []tok) func(k *kit) []bytecode.Instruction {
	return func(k *kit) []bytecode.Instruction {
		params := []tok{bytecode.MutRef(vecT)}
		code := []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0)}
		for _, a := range args {
			params = append(params, u64T)
			code = append(code, in(bytecode.OpLdU64, a))
		}
		return append(code, k.callG(k.vecFn(name, params, rets), u64T))
	}
}

func vectorRangeCases(ledgerapi.Address) []viewCase {
	vec := func(k *kit, name string) bytecode.FunctionHandleIndex {
		return k.vecFn(name, []tok{bytecode.MutRef(vecT), vecT}, nil)
	}
	withVec := func(name string, other []uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), k.u64s(other...), k.callG(vec(k, name), u64T)}
		}
	}
	withRef := func(name string, x uint64, rets []tok) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdU64, x), in(bytecode.OpStLoc, 1), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1),
				k.callG(k.vecFn(name, []tok{bytecode.MutRef(vecT), bytecode.Ref(elemT)}, rets), u64T)}
		}
	}
	replace := func(i, x uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, i), in(bytecode.OpLdU64, x),
				k.callG(k.vecFn("replace", []tok{bytecode.MutRef(vecT), u64T, elemT}, []tok{elemT}), u64T)}
		}
	}
	rng := func(name string, args ...uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			var code []bytecode.Instruction
			params := make([]tok, len(args))
			for i, a := range args {
				params[i] = u64T
				code = append(code, in(bytecode.OpLdU64, a))
			}
			return append(code, callF(k.fn("vector", name, nil, params, []tok{vecU64T})))
		}
	}
	slice := func(s, e uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, s), in(bytecode.OpLdU64, e),
				k.callG(k.fn("vector", "slice", []bytecode.AbilitySet{bytecode.AbilityCopy}, []tok{bytecode.Ref(vecT), u64T, u64T}, []tok{vecT}), u64T)}
		}
	}
	moveRange := func(rp, n uint64, to []uint64, ip uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{k.u64s(to...), in(bytecode.OpStLoc, 2), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, rp), in(bytecode.OpLdU64, n),
				in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpLdU64, ip),
				k.callG(k.vecFn("move_range", []tok{bytecode.MutRef(vecT), u64T, u64T, bytecode.MutRef(vecT), u64T}, nil), u64T), in(bytecode.OpMoveLoc, 2)}
		}
	}
	one5 := []uint64{1, 2, 3, 4, 5}
	one6 := []uint64{1, 2, 3, 4, 5, 6}
	vs := []tok{vecU64T}
	ok := func(c viewCase, want ...[]byte) viewCase { c.want = cat(want...); return c }
	ab := func(c viewCase, code uint64) viewCase { c.abort = aborts(vecMod, code); return c }
	fail := func(c viewCase) viewCase { c.failed = true; return c }
	return []viewCase{
		ok(vrCase("reverse_slice", one6, nil, vrCall("reverse_slice", []uint64{1, 4}, nil)), u64Vec(1, 4, 3, 2, 5, 6)),
		ok(vrCase("reverse_slice of one element past the end", []uint64{1, 2, 3}, nil, vrCall("reverse_slice", []uint64{3, 4}, nil)), u64Vec(1, 2, 3)),
		ab(vrCase("reverse_slice left > right", one6, nil, vrCall("reverse_slice", []uint64{3, 2}, nil)), 0x20001),
		fail(vrCase("reverse_slice past the end", []uint64{1, 2, 3}, nil, vrCall("reverse_slice", []uint64{1, 5}, nil))),
		ok(vrCase("reverse_append", []uint64{1, 2}, nil, withVec("reverse_append", []uint64{3, 4, 5})), u64Vec(1, 2, 5, 4, 3)),
		ok(vrCase("trim", one5, vs, vrCall("trim", []uint64{2}, []tok{vecT})), u64Vec(3, 4, 5), u64Vec(1, 2)),
		ok(vrCase("trim_reverse", one5, vs, vrCall("trim_reverse", []uint64{2}, []tok{vecT})), u64Vec(5, 4, 3), u64Vec(1, 2)),
		ok(vrCase("trim to the length", one5, vs, vrCall("trim", []uint64{5}, []tok{vecT})), u64Vec(), u64Vec(one5...)),
		ab(vrCase("trim past the end", one5, vs, vrCall("trim", []uint64{6}, []tok{vecT})), 0x20000),
		ab(vrCase("trim_reverse past the end", one5, vs, vrCall("trim_reverse", []uint64{6}, []tok{vecT})), 0x20000),
		ok(vrCase("remove_value", []uint64{1, 2, 3, 2}, vs, withRef("remove_value", 2, []tok{vecT})), u64Vec(2), u64Vec(1, 3, 2)),
		ok(vrCase("remove_value missing", []uint64{1, 2}, vs, withRef("remove_value", 7, []tok{vecT})), u64Vec(), u64Vec(1, 2)),
		ok(vrCase("replace", []uint64{1, 2, 3}, []tok{u64T}, replace(1, 9)), le64(2), u64Vec(1, 9, 3)),
		ab(vrCase("replace past the end", []uint64{1, 2, 3}, []tok{u64T}, replace(3, 9)), 0x20000),
		ok(vrCase("rotate (Aptos's example)", one5, []tok{u64T}, vrCall("rotate", []uint64{2}, []tok{u64T})), le64(3), u64Vec(3, 4, 5, 1, 2)),
		ok(vrCase("rotate_slice", one6, []tok{u64T}, vrCall("rotate_slice", []uint64{1, 3, 5}, []tok{u64T})), le64(3), u64Vec(1, 4, 5, 2, 3, 6)),
		ab(vrCase("rotate_slice left > rot", one6, []tok{u64T}, vrCall("rotate_slice", []uint64{2, 1, 5}, []tok{u64T})), 0x20001),
		ab(vrCase("rotate past the length", one5, []tok{u64T}, vrCall("rotate", []uint64{6}, []tok{u64T})), 0x20001),
		ok(vrCase("range", nil, vs, rng("range", 3, 7)), u64Vec(3, 4, 5, 6), u64Vec()),
		ok(vrCase("range empty", nil, vs, rng("range", 7, 3)), u64Vec(), u64Vec()),
		ok(vrCase("range_with_step", nil, vs, rng("range_with_step", 0, 10, 3)), u64Vec(0, 3, 6, 9), u64Vec()),
		ab(vrCase("range_with_step 0", nil, vs, rng("range_with_step", 0, 10, 0)), 0x20003),
		fail(vrCase("range_with_step overflowing", nil, vs, rng("range_with_step", maxU64-1, maxU64, 5))),
		ok(vrCase("slice", one5, vs, slice(1, 3)), u64Vec(2, 3), u64Vec(one5...)),
		ab(vrCase("slice start > end", one5, vs, slice(3, 2)), 0x20004),
		ab(vrCase("slice past the end", one5, vs, slice(0, 6)), 0x20004),
		ok(vrCase("move_range", one6, vs, moveRange(1, 3, []uint64{10, 20}, 1)), u64Vec(10, 2, 3, 4, 20), u64Vec(1, 5, 6)),
		ok(vrCase("move_range to the end", one6, vs, moveRange(4, 2, []uint64{10}, 1)), u64Vec(10, 5, 6), u64Vec(1, 2, 3, 4)),
		ab(vrCase("move_range past the end of from", one6, vs, moveRange(4, 3, []uint64{10}, 0)), 0x20000),
		ab(vrCase("move_range past the end of to", one6, vs, moveRange(0, 1, []uint64{10}, 2)), 0x20000),
	}
}

func TestMoveVectorRanges(t *testing.T) { runViews(t, "vranges", vectorRangeCases, nil) }
