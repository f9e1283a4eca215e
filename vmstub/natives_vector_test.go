package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::vector from Move code: EINDEX_OUT_OF_BOUNDS is 0x20000 in
// 0x1::vector; swap_remove of an index past the end of a non-empty vector
// fails in vector::swap (an execution failure, not an abort).

const vecMod = "0x1::vector"

var vecU64T = bytecode.Vector(u64T)

// vecFn declares 0x1::vector::name<T0>.
func (k *kit) vecFn(name string, params, rets []tok) bytecode.FunctionHandleIndex {
	return k.fn("vector", name, anyTP, params, rets)
}

var (
	vecT  = bytecode.Vector(bytecode.TypeParameter(0))
	elemT = bytecode.TypeParameter(0)
)

// onVec stores vs in local 0 and calls name with &v (or &mut v when mut)
// and the u64 arguments; it returns the call's results then, when
// keep, the vector.
func onVec(name string, vs []uint64, mut bool, args []uint64, rets []tok, keep bool) viewCase {
	out := append([]tok(nil), rets...)
	if keep {
		out = append(out, vecU64T)
	}
	return viewCase{rets: out, locals: []tok{vecU64T, u64T}, code: func(k *kit) []bytecode.Instruction {
		ref, borrow := bytecode.Ref(vecT), bytecode.OpImmBorrowLoc
		if mut {
			ref, borrow = bytecode.MutRef(vecT), bytecode.OpMutBorrowLoc
		}
		params := []tok{ref}
		for range args {
			params = append(params, u64T)
		}
		var grets []tok
		for _, r := range rets {
			if r.Kind == bytecode.TypeU64 && name != "is_empty" && name != "index_of" {
				r = elemT
			}
			grets = append(grets, r)
		}
		h := k.vecFn(name, params, grets)
		code := []bytecode.Instruction{k.u64s(vs...), in(bytecode.OpStLoc, 0), in(borrow, 0)}
		for _, a := range args {
			code = append(code, in(bytecode.OpLdU64, a))
		}
		code = append(code, k.callG(h, u64T))
		if keep {
			code = append(code, in(bytecode.OpMoveLoc, 0))
		}
		return code
	}}
}

// search calls contains or index_of(&vs, &x).
func search(name string, vs []uint64, x uint64) viewCase {
	rets := bools1
	if name == "index_of" {
		rets = []tok{bytecode.Bool, u64T}
	}
	return viewCase{rets: rets, locals: []tok{vecU64T, u64T}, code: func(k *kit) []bytecode.Instruction {
		h := k.vecFn(name, []tok{bytecode.Ref(vecT), bytecode.Ref(elemT)}, rets)
		return []bytecode.Instruction{k.u64s(vs...), in(bytecode.OpStLoc, 0), in(bytecode.OpLdU64, x), in(bytecode.OpStLoc, 1),
			in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.callG(h, u64T)}
	}}
}

func vectorCases(ledgerapi.Address) []viewCase {
	oob := aborts(vecMod, 0x20000)
	insert := func(vs []uint64, i, x uint64) viewCase {
		return viewCase{rets: []tok{vecU64T}, locals: []tok{vecU64T}, code: func(k *kit) []bytecode.Instruction {
			h := k.vecFn("insert", []tok{bytecode.MutRef(vecT), u64T, elemT}, nil)
			return []bytecode.Instruction{k.u64s(vs...), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0),
				in(bytecode.OpLdU64, i), in(bytecode.OpLdU64, x), k.callG(h, u64T), in(bytecode.OpMoveLoc, 0)}
		}}
	}
	cases := []viewCase{
		named("is_empty of empty", onVec("is_empty", nil, false, nil, bools1, false)),
		named("is_empty", onVec("is_empty", []uint64{1}, false, nil, bools1, false)),
		named("contains", search("contains", []uint64{1, 2, 3}, 2)),
		named("contains missing", search("contains", []uint64{1, 2, 3}, 5)),
		named("index_of", search("index_of", []uint64{4, 5, 6, 6}, 6)),
		named("index_of missing", search("index_of", []uint64{4, 5, 6}, 9)),
		named("reverse", onVec("reverse", []uint64{1, 2, 3}, true, nil, nil, true)),
		named("reverse empty", onVec("reverse", nil, true, nil, nil, true)),
		named("remove", onVec("remove", []uint64{1, 2, 3}, true, []uint64{0}, u64s1, true)),
		named("remove last", onVec("remove", []uint64{1, 2, 3}, true, []uint64{2}, u64s1, true)),
		named("remove out of bounds", onVec("remove", []uint64{1, 2, 3}, true, []uint64{3}, u64s1, true)),
		named("swap_remove", onVec("swap_remove", []uint64{1, 2, 3}, true, []uint64{0}, u64s1, true)),
		named("swap_remove of empty", onVec("swap_remove", nil, true, []uint64{0}, u64s1, true)),
		named("swap_remove out of bounds", onVec("swap_remove", []uint64{1, 2}, true, []uint64{5}, u64s1, true)),
		named("insert", insert([]uint64{1, 3}, 1, 2)),
		named("insert at the end", insert([]uint64{1}, 1, 2)),
		named("insert out of bounds", insert([]uint64{1}, 2, 9)),
		{name: "append", rets: []tok{vecU64T}, locals: []tok{vecU64T}, code: func(k *kit) []bytecode.Instruction {
			h := k.vecFn("append", []tok{bytecode.MutRef(vecT), vecT}, nil)
			return []bytecode.Instruction{k.u64s(1, 2), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), k.u64s(3, 4),
				k.callG(h, u64T), in(bytecode.OpMoveLoc, 0)}
		}},
		{name: "singleton", rets: []tok{vecU64T}, code: func(k *kit) []bytecode.Instruction {
			h := k.vecFn("singleton", []tok{elemT}, []tok{vecT})
			return []bytecode.Instruction{in(bytecode.OpLdU64, 7), k.callG(h, u64T)}
		}},
		{name: "singleton of a String", rets: []tok{bytecode.Vector(strT)}, code: func(k *kit) []bytecode.Instruction {
			h := k.vecFn("singleton", []tok{elemT}, []tok{vecT})
			return append(k.utf8("x"), k.callG(h, strT))
		}},
	}
	wants := [][]byte{
		bcsBool(true), bcsBool(false), bcsBool(true), bcsBool(false),
		cat(bcsBool(true), le64(2)), cat(bcsBool(false), le64(0)),
		u64Vec(3, 2, 1), u64Vec(),
		cat(le64(1), u64Vec(2, 3)), cat(le64(3), u64Vec(1, 2)), nil,
		cat(le64(1), u64Vec(3, 2)), nil, nil,
		u64Vec(1, 2, 3), u64Vec(1, 2), nil,
		u64Vec(1, 2, 3, 4), u64Vec(7), cat(uleb(1), bcsBytes([]byte("x"))),
	}
	for i := range cases {
		cases[i].want = wants[i]
	}
	cases[10].abort, cases[12].abort, cases[16].abort = oob, oob, oob
	cases[13].failed = true
	return cases
}

func TestMoveVectorNatives(t *testing.T) { runViews(t, "vectors", vectorCases, nil) }
