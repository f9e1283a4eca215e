package vmstub_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::big_vector and smart_vector (of u64) from Move code: a
// sequence of operations run on a vector and on a Go slice, the elements,
// the values taken out and the length compared; and each abort code.

// Struct handles of the suite's module after String (0) and Option (1).
const (
	bigVecHandle   = 2
	smartVecHandle = 3
)

// seqOp is one operation: push x, pop, remove i, swap_remove i, swap i j,
// reverse.
type seqOp struct {
	op   string
	a, b uint64
}

// vecKind is big_vector or smart_vector with how to make one.
type vecKind struct {
	mod    string
	handle bytecode.StructHandleIndex
	// makeV leaves a new vector on the stack.
	makeV func(k *kit) []bytecode.Instruction
}

func (v vecKind) typ() tok { return bytecode.StructOf(v.handle, u64T) }

// gen is the vector of the type parameter, for function handles.
func (v vecKind) gen() tok { return bytecode.StructOf(v.handle, tp0) }

// tps are the declared type parameter abilities of function name.
func (v vecKind) tps(name string) []bytecode.AbilitySet {
	store := bytecode.AbilityStore
	switch {
	case name == "push_back" || name == "empty" || name == "new" || name == "empty_with_config" || name == "singleton":
		return []bytecode.AbilitySet{store}
	case name == "to_vector" && v.mod == "smart_vector":
		return []bytecode.AbilitySet{store | bytecode.AbilityCopy}
	case name == "to_vector":
		return []bytecode.AbilitySet{bytecode.AbilityCopy}
	case (name == "swap" || name == "reverse") && v.mod == "smart_vector":
		return []bytecode.AbilitySet{store}
	case name == "destroy":
		return []bytecode.AbilitySet{bytecode.AbilityDrop}
	}
	return []bytecode.AbilitySet{0}
}

// call calls <mod>::name<u64>.
func (v vecKind) call(k *kit, name string, params, rets []tok) bytecode.Instruction {
	return k.callG(k.fn(v.mod, name, v.tps(name), params, rets), u64T)
}

// seqCase runs ops on a new vector (local 0), the values taken out pushed
// to local 1, and returns to_vector, those values and the length.
func seqCase(v vecKind, name string, ops []seqOp) viewCase {
	var model, out []uint64
	for _, o := range ops {
		switch o.op {
		case "push":
			model = append(model, o.a)
		case "pop":
			out, model = append(out, model[len(model)-1]), model[:len(model)-1]
		case "remove":
			out, model = append(out, model[o.a]), slices.Delete(model, int(o.a), int(o.a)+1)
		case "swap_remove":
			out = append(out, model[o.a])
			model[o.a] = model[len(model)-1]
			model = model[:len(model)-1]
		case "swap":
			model[o.a], model[o.b] = model[o.b], model[o.a]
		case "reverse":
			slices.Reverse(model)
		}
	}
	vt, g := v.typ(), v.gen()
	mv := bytecode.MutRef(g)
	return viewCase{name: v.mod + " " + name, rets: []tok{bytecode.Vector(u64T), bytecode.Vector(u64T), u64T},
		locals: []tok{vt, bytecode.Vector(u64T)}, want: cat(u64Vec(model...), u64Vec(out...), le64(uint64(len(model)))),
		code: func(k *kit) []bytecode.Instruction {
			code := append(v.makeV(k), in(bytecode.OpStLoc, 0), in(bytecode.OpVecPack, k.u64Sig(), 0), in(bytecode.OpStLoc, 1))
			take := func(fn string, params []tok, args ...uint64) {
				code = append(code, in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpMutBorrowLoc, 0))
				for _, a := range args {
					code = append(code, in(bytecode.OpLdU64, a))
				}
				code = append(code, v.call(k, fn, params, []tok{tp0}), in(bytecode.OpVecPushBack, k.u64Sig()))
			}
			for _, o := range ops {
				switch o.op {
				case "push":
					code = append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, o.a), v.call(k, "push_back", []tok{mv, tp0}, nil))
				case "pop":
					take("pop_back", []tok{mv})
				case "remove", "swap_remove":
					take(o.op, []tok{mv, u64T}, o.a)
				case "swap":
					code = append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, o.a), in(bytecode.OpLdU64, o.b),
						v.call(k, "swap", []tok{mv, u64T, u64T}, nil))
				case "reverse":
					code = append(code, in(bytecode.OpMutBorrowLoc, 0), v.call(k, "reverse", []tok{mv}, nil))
				}
			}
			return append(code, in(bytecode.OpImmBorrowLoc, 0), v.call(k, "to_vector", []tok{bytecode.Ref(g)}, []tok{bytecode.Vector(tp0)}),
				in(bytecode.OpMoveLoc, 1), in(bytecode.OpImmBorrowLoc, 0), v.call(k, "length", []tok{bytecode.Ref(g)}, []tok{u64T}),
				in(bytecode.OpMoveLoc, 0), v.call(k, "destroy", []tok{g}, nil))
		}}
}

func pushes(from, to uint64) []seqOp {
	var ops []seqOp
	for x := from; x < to; x++ {
		ops = append(ops, seqOp{op: "push", a: x})
	}
	return ops
}

// seqCases are the same sequences on each kind of vector.
func seqCases(v vecKind) []viewCase {
	mixed := append(pushes(0, 12), seqOp{op: "remove", a: 4}, seqOp{op: "swap", a: 0, b: 8}, seqOp{op: "swap", a: 1, b: 2},
		seqOp{op: "swap_remove", a: 1}, seqOp{op: "reverse"}, seqOp{op: "pop"}, seqOp{op: "swap_remove", a: 8}, seqOp{op: "remove", a: 0})
	var drain []seqOp
	for range 7 {
		drain = append(drain, seqOp{op: "pop"})
	}
	return []viewCase{
		seqCase(v, "push", pushes(0, 10)),
		seqCase(v, "mixed", mixed),
		seqCase(v, "reverse of a partial bucket", append(pushes(0, 8), seqOp{op: "reverse"}, seqOp{op: "push", a: 99}, seqOp{op: "reverse"})),
		seqCase(v, "drained and refilled", append(append(pushes(0, 7), drain...), pushes(20, 25)...)),
		seqCase(v, "swap_remove of the last", append(pushes(0, 7), seqOp{op: "swap_remove", a: 6}, seqOp{op: "swap_remove", a: 0})),
		seqCase(v, "remove everywhere", append(pushes(0, 20), seqOp{op: "remove", a: 19}, seqOp{op: "remove", a: 0}, seqOp{op: "remove", a: 9},
			seqOp{op: "swap", a: 0, b: 16}, seqOp{op: "swap", a: 12, b: 3})),
	}
}

// vecAbortCases are each abort of a kind of vector: the index out of
// bounds, pop of an empty vector, destroy_empty of a non-empty one.
func vecAbortCases(v vecKind) []viewCase {
	vt, g := v.typ(), v.gen()
	mod := "0x1::" + v.mod
	return []viewCase{
		{name: v.mod + " borrow out of bounds", rets: []tok{u64T}, locals: []tok{vt}, abort: aborts(mod, 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return append(v.makeV(k), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1), v.call(k, "push_back", []tok{bytecode.MutRef(g), tp0}, nil),
					in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 1), v.call(k, "borrow", []tok{bytecode.Ref(g), u64T}, []tok{bytecode.Ref(tp0)}), in(bytecode.OpReadRef),
					in(bytecode.OpMoveLoc, 0), v.call(k, "destroy", []tok{g}, nil))
			}},
		{name: v.mod + " pop_back of an empty vector", rets: []tok{u64T}, locals: []tok{vt}, abort: aborts(mod, 0x30003),
			code: func(k *kit) []bytecode.Instruction {
				return append(v.makeV(k), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), v.call(k, "pop_back", []tok{bytecode.MutRef(g)}, []tok{tp0}),
					in(bytecode.OpMoveLoc, 0), v.call(k, "destroy", []tok{g}, nil))
			}},
		{name: v.mod + " destroy_empty of a non-empty vector", rets: []tok{u64T}, locals: []tok{vt}, abort: aborts(mod, 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				return append(v.makeV(k), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1), v.call(k, "push_back", []tok{bytecode.MutRef(g), tp0}, nil),
					in(bytecode.OpMoveLoc, 0), v.call(k, "destroy_empty", []tok{g}, nil), in(bytecode.OpLdU64, 0))
			}},
	}
}

var (
	bigVec3 = vecKind{mod: "big_vector", handle: bigVecHandle, makeV: func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, 3), vecKind{mod: "big_vector"}.call(k, "empty", []tok{u64T}, []tok{bytecode.StructOf(bigVecHandle, tp0)})}
	}}
	smartDefault = vecKind{mod: "smart_vector", handle: smartVecHandle, makeV: func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{vecKind{mod: "smart_vector"}.call(k, "new", nil, []tok{bytecode.StructOf(smartVecHandle, tp0)})}
	}}
	smart23 = vecKind{mod: "smart_vector", handle: smartVecHandle, makeV: func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, 2), in(bytecode.OpLdU64, 3),
			vecKind{mod: "smart_vector"}.call(k, "empty_with_config", []tok{u64T, u64T}, []tok{bytecode.StructOf(smartVecHandle, tp0)})}
	}}
)

func bigVectorCases(ledgerapi.Address) []viewCase {
	var cases []viewCase
	for _, v := range []vecKind{bigVec3, smartDefault, smart23} {
		cs := append(seqCases(v), vecAbortCases(v)...)
		for i := range cs {
			cs[i].name = fmt.Sprintf("%s (%d)", cs[i].name, len(cases)+i)
		}
		cases = append(cases, cs...)
	}
	cases = append(cases,
		viewCase{name: "big_vector::empty(0)", rets: []tok{u64T}, locals: []tok{bigVec3.typ()}, abort: aborts("0x1::big_vector", 0x10004), code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdU64, 0), bigVec3.call(k, "empty", []tok{u64T}, []tok{bytecode.StructOf(bigVecHandle, tp0)}),
				bigVec3.call(k, "destroy_empty", []tok{bigVec3.gen()}, nil), in(bytecode.OpLdU64, 0)}
		}},
		viewCase{name: "smart_vector::empty_with_config(1, 0)", rets: []tok{u64T}, abort: aborts("0x1::smart_vector", 0x10004), code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdU64, 1), in(bytecode.OpLdU64, 0),
				smart23.call(k, "empty_with_config", []tok{u64T, u64T}, []tok{bytecode.StructOf(smartVecHandle, tp0)}),
				smart23.call(k, "destroy_empty", []tok{smart23.gen()}, nil), in(bytecode.OpLdU64, 0)}
		}},
	)
	// index_of: found past the inline part, and missing (smart_vector
	// answers the inline length with a BigVector, as on Aptos).
	for _, c := range []struct {
		v     vecKind
		x     uint64
		found bool
		i     uint64
	}{{bigVec3, 7, true, 7}, {bigVec3, 70, false, 0}, {smart23, 7, true, 7}, {smart23, 70, false, 2}, {smartDefault, 70, false, 0}} {
		v := c.v
		cases = append(cases, viewCase{name: fmt.Sprintf("%s index_of %d", v.mod, c.x), rets: []tok{bytecode.Bool, u64T}, locals: []tok{v.typ(), u64T},
			want: append(bcsBool(c.found), le64(c.i)...), code: func(k *kit) []bytecode.Instruction {
				code := append(v.makeV(k), in(bytecode.OpStLoc, 0))
				for x := range uint64(10) {
					code = append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, x), v.call(k, "push_back", []tok{bytecode.MutRef(v.gen()), tp0}, nil))
				}
				return append(code, in(bytecode.OpLdU64, c.x), in(bytecode.OpStLoc, 1), in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1),
					v.call(k, "index_of", []tok{bytecode.Ref(v.gen()), bytecode.Ref(tp0)}, []tok{bytecode.Bool, u64T}),
					in(bytecode.OpMoveLoc, 0), v.call(k, "destroy", []tok{v.gen()}, nil))
			}})
	}
	return cases
}

func TestMoveBigAndSmartVectors(t *testing.T) {
	runViews(t, "vectors", bigVectorCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "big_vector"), "BigVector", bytecode.AbilityStore, bytecode.StructTypeParameter{}) != bigVecHandle ||
			k.b.ImportStruct(k.b.ModuleRef(one, "smart_vector"), "SmartVector", bytecode.AbilityStore, bytecode.StructTypeParameter{}) != smartVecHandle {
			t.Fatal("unexpected struct handles")
		}
	})
}
