package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::ordered_map (u64 to u64) from Move code: keys kept sorted
// whatever the insertion order, upsert's old value, remove, borrow,
// append (Aptos's merge cases), trim, and each abort.

const omapHandle = 2 // 0x1::ordered_map::OrderedMap after String and Option

func omCall(k *kit, name string, params, rets []tok) bytecode.Instruction {
	tps := []bytecode.AbilitySet{0, 0}
	switch name {
	case "upsert", "remove":
		tps[0] = bytecode.AbilityDrop
	case "keys":
		tps[0] = bytecode.AbilityCopy
	case "values":
		tps[1] = bytecode.AbilityCopy
	}
	return k.callG(k.fn("ordered_map", name, tps, params, rets), u64T, u64T)
}

func orderedMapCases(ledgerapi.Address) []viewCase {
	g := bytecode.StructOf(omapHandle, tp0, tp1)
	mt := bytecode.StructOf(omapHandle, u64T, u64T)
	rg, mg := bytecode.Ref(g), bytecode.MutRef(g)
	vtp0, vtp1 := bytecode.Vector(tp0), bytecode.Vector(tp1)
	newFrom := func(k *kit, keys, vals []uint64) []bytecode.Instruction {
		return []bytecode.Instruction{k.u64s(keys...), k.u64s(vals...), omCall(k, "new_from", []tok{vtp0, vtp1}, []tok{g})}
	}
	pair := func(k *kit) bytecode.Instruction { return omCall(k, "to_vec_pair", []tok{g}, []tok{vtp0, vtp1}) }
	key := func(k *kit, x uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, x), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2)}
	}
	kv := func(k *kit, fn string, x, v uint64, rets ...tok) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, x), in(bytecode.OpLdU64, v), omCall(k, fn, []tok{mg, tp0, tp1}, rets)}
	}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	vu := vecU64T
	locals := []tok{mt, mt, u64T}
	appendCase := func(name string, a, b []uint64, want []uint64) viewCase {
		vals := make([]uint64, len(want))
		for i, x := range want {
			vals[i] = 10 * x
		}
		ten := func(xs []uint64) []uint64 {
			out := make([]uint64, len(xs))
			for i, x := range xs {
				out[i] = 10 * x
			}
			return out
		}
		return viewCase{name: name, rets: []tok{vu, vu}, locals: locals, want: cat(u64Vec(want...), u64Vec(vals...)),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, a, ten(a)), []bytecode.Instruction{in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0)},
					newFrom(k, b, ten(b)), []bytecode.Instruction{omCall(k, "append", []tok{mg, g}, nil), in(bytecode.OpMoveLoc, 0), pair(k)})
			}}
	}
	return []viewCase{
		{name: "new_from sorts", rets: []tok{vu, vu}, want: cat(u64Vec(1, 2, 3), u64Vec(10, 20, 30)),
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{3, 1, 2}, []uint64{30, 10, 20}), pair(k))
			}},
		{name: "add, upsert, remove, borrow", rets: []tok{optOf(u64T), optOf(u64T), u64T, bytecode.Bool, u64T, u64T, vu, vu}, locals: locals,
			want: cat([]byte{1}, le64(30), []byte{0}, le64(10), bcsBool(false), le64(33), le64(3), u64Vec(2, 3, 4), u64Vec(20, 33, 40)),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1, 3}, []uint64{10, 30}), []bytecode.Instruction{in(bytecode.OpStLoc, 0)},
					kv(k, "add", 2, 20), kv(k, "upsert", 3, 33, optOf(tp1)), kv(k, "upsert", 4, 40, optOf(tp1)),
					[]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0)}, key(k, 1), []bytecode.Instruction{omCall(k, "remove", []tok{mg, bytecode.Ref(tp0)}, []tok{tp1})},
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0)}, key(k, 1), []bytecode.Instruction{omCall(k, "contains", []tok{rg, bytecode.Ref(tp0)}, []tok{bytecode.Bool})},
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0)}, key(k, 3),
					[]bytecode.Instruction{omCall(k, "borrow", []tok{rg, bytecode.Ref(tp0)}, []tok{bytecode.Ref(tp1)}), in(bytecode.OpReadRef)},
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), omCall(k, "length", []tok{rg}, []tok{u64T}), in(bytecode.OpMoveLoc, 0), pair(k)})
			}},
		appendCase("append after", []uint64{1, 2, 3}, []uint64{4, 5}, []uint64{1, 2, 3, 4, 5}),
		appendCase("append interleaved", []uint64{1, 3, 5}, []uint64{2, 4}, []uint64{1, 2, 3, 4, 5}),
		appendCase("append interleaved the other way", []uint64{2, 4}, []uint64{1, 3, 5}, []uint64{1, 2, 3, 4, 5}),
		appendCase("append to empty", nil, []uint64{1, 2}, []uint64{1, 2}),
		{name: "append of a key in both", rets: []tok{vu, vu}, locals: locals, abort: aborts("0x1::ordered_map", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1}, []uint64{10}), []bytecode.Instruction{in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0)},
					newFrom(k, []uint64{1}, []uint64{10}), []bytecode.Instruction{omCall(k, "append", []tok{mg, g}, nil), in(bytecode.OpMoveLoc, 0), pair(k)})
			}},
		{name: "trim", rets: []tok{vu, vu, vu, vu}, locals: locals, want: cat(u64Vec(3, 4, 5), u64Vec(30, 40, 50), u64Vec(1, 2), u64Vec(10, 20)),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1, 2, 3, 4, 5}, []uint64{10, 20, 30, 40, 50}), []bytecode.Instruction{in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2), omCall(k, "trim", []tok{mg, u64T}, []tok{g}), pair(k), in(bytecode.OpMoveLoc, 0), pair(k)})
			}},
		{name: "trim past the end", rets: []tok{vu, vu}, locals: locals, abort: aborts("0x1::ordered_map", 0x20000),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1}, []uint64{10}), []bytecode.Instruction{in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2), omCall(k, "trim", []tok{mg, u64T}, []tok{g}), pair(k)})
			}},
		{name: "add of a key twice", rets: []tok{vu, vu}, locals: locals, abort: aborts("0x1::ordered_map", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1}, []uint64{10}), []bytecode.Instruction{in(bytecode.OpStLoc, 0)}, kv(k, "add", 1, 11),
					[]bytecode.Instruction{in(bytecode.OpMoveLoc, 0), pair(k)})
			}},
		{name: "remove of a missing key", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::ordered_map", 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1}, []uint64{10}), []bytecode.Instruction{in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0)}, key(k, 5),
					[]bytecode.Instruction{omCall(k, "remove", []tok{mg, bytecode.Ref(tp0)}, []tok{tp1})})
			}},
		{name: "borrow of a missing key", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::ordered_map", 0x10003),
			code: func(k *kit) []bytecode.Instruction {
				return seq(newFrom(k, []uint64{1}, []uint64{10}), []bytecode.Instruction{in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0)}, key(k, 5),
					[]bytecode.Instruction{omCall(k, "borrow", []tok{rg, bytecode.Ref(tp0)}, []tok{bytecode.Ref(tp1)}), in(bytecode.OpReadRef)})
			}},
		{name: "new_from of different lengths", rets: []tok{vu, vu}, abort: aborts("0x1::ordered_map", 0x20002),
			code: func(k *kit) []bytecode.Instruction { return append(newFrom(k, []uint64{1, 2}, []uint64{10}), pair(k)) }},
		{name: "destroy_empty of a non-empty map", rets: []tok{u64T}, failed: true,
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{1}, []uint64{10}), omCall(k, "destroy_empty", []tok{g}, nil), in(bytecode.OpLdU64, 0))
			}},
	}
}

func TestMoveOrderedMap(t *testing.T) {
	runViews(t, "omap", orderedMapCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "ordered_map"), "OrderedMap", stringAbil, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != omapHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
