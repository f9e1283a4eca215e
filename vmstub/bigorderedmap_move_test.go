package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::big_ordered_map and storage_slots_allocator from Move code:
// the map's layout as a root-only leaf and after Aptos's first split
// (slots 10 and 11, min and max leaves), 101 adds in a scrambled order
// and their removal in another (splits, borrows and merges, with and
// without reused slots), the look-ups and traversals, and each abort.

// Struct handles after String and Option.
const (
	bomHandle  = 2 // 0x1::big_ordered_map::BigOrderedMap
	bomOMap    = 3 // 0x1::ordered_map::OrderedMap
	bomSSA     = 4 // 0x1::storage_slots_allocator::StorageSlotsAllocator
	bomStored  = 5 // 0x1::storage_slots_allocator::StoredSlot
	bomPermMod = 101
)

// bomCall calls big_ordered_map::name<targs> (u64, u64 by default).
func bomCall(k *kit, name string, params, rets []tok, targs ...tok) bytecode.Instruction {
	c, d, s := bytecode.AbilityCopy, bytecode.AbilityDrop, bytecode.AbilityStore
	tps := map[string][]bytecode.AbilitySet{
		"get": {d | c | s, c | s}, "to_ordered_map": {d | c | s, c | s}, "keys": {s | c | d, s | c},
		"new": {s, s}, "new_with_reusable": {s, s}, "new_with_type_size_hints": {s, s}, "new_with_config": {s, s},
		"destroy_empty": {s, s}, "allocate_spare_slots": {s, s}, "is_empty": {s, s}, "compute_length": {s, s},
	}[name]
	if tps == nil {
		tps = []bytecode.AbilitySet{d | c | s, s}
	}
	if len(targs) == 0 {
		targs = []tok{u64T, u64T}
	}
	return k.callG(k.fn("big_ordered_map", name, tps, params, rets), targs...)
}

func bigOrderedMapCases(ledgerapi.Address) []viewCase {
	g := bytecode.StructOf(bomHandle, tp0, tp1)
	mt := bytecode.StructOf(bomHandle, u64T, u64T)
	rg, mg := bytecode.Ref(g), bytecode.MutRef(g)
	vu := vecU64T
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	ins := func(xs ...bytecode.Instruction) []bytecode.Instruction { return xs }
	config := func(k *kit, inner, leaf uint64, reuse bool) []bytecode.Instruction {
		b := in(bytecode.OpLdFalse)
		if reuse {
			b = in(bytecode.OpLdTrue)
		}
		return ins(in(bytecode.OpLdU16, inner), in(bytecode.OpLdU16, leaf), b,
			bomCall(k, "new_with_config", []tok{bytecode.U16, bytecode.U16, bytecode.Bool}, []tok{g}), in(bytecode.OpStLoc, 0))
	}
	add := func(k *kit, key, val uint64) []bytecode.Instruction {
		return ins(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpLdU64, val), bomCall(k, "add", []tok{mg, tp0, tp1}, nil))
	}
	// keyRef leaves &x (through local 2) on the stack.
	keyRef := func(x uint64) []bytecode.Instruction {
		return ins(in(bytecode.OpLdU64, x), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2))
	}
	read := func(k *kit, fn string, x uint64, rets ...tok) []bytecode.Instruction {
		return seq(ins(in(bytecode.OpImmBorrowLoc, 0)), keyRef(x), ins(bomCall(k, fn, []tok{rg, bytecode.Ref(tp0)}, rets)))
	}
	// perm is (local 1 * step + 3) % 101, a permutation of 0..100.
	perm := func(step uint64) []bytecode.Instruction {
		return ins(in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, step), in(bytecode.OpMul), in(bytecode.OpLdU64, 3), in(bytecode.OpAdd),
			in(bytecode.OpLdU64, bomPermMod), in(bytecode.OpMod))
	}
	// fill adds the 101 keys in the order of perm(7), each with value 10 × key.
	fill := func(k *kit, at int) []bytecode.Instruction {
		body := seq(ins(in(bytecode.OpMutBorrowLoc, 0)), perm(7), perm(7), ins(in(bytecode.OpLdU64, 10), in(bytecode.OpMul),
			bomCall(k, "add", []tok{mg, tp0, tp1}, nil)))
		return repeat(uint64(at), 1, bomPermMod, body)
	}
	// drain removes the 101 keys in the order of perm(13), checking each
	// value (abort 77 otherwise).
	drain := func(k *kit, at int) []bytecode.Instruction {
		body := seq(ins(in(bytecode.OpMutBorrowLoc, 0)), perm(13), ins(in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
			bomCall(k, "remove", []tok{mg, bytecode.Ref(tp0)}, []tok{tp1}), in(bytecode.OpCopyLoc, 2), in(bytecode.OpLdU64, 10), in(bytecode.OpMul),
			in(bytecode.OpEq), in(bytecode.OpBrTrue, 0), in(bytecode.OpLdU64, 77), in(bytecode.OpAbort)))
		// past the abort: the loop's increment, after its 6-instruction head.
		body[len(body)-3] = in(bytecode.OpBrTrue, uint64(at)+6+uint64(len(body)))
		return repeat(uint64(at), 1, bomPermMod, body)
	}
	length := func(k *kit) []bytecode.Instruction {
		return ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "compute_length", []tok{rg}, []tok{u64T}))
	}
	destroy := func(k *kit) []bytecode.Instruction {
		return ins(in(bytecode.OpMoveLoc, 0), bomCall(k, "destroy_empty", []tok{g}, nil))
	}
	// scrambled: fill, then then; with drain, then the removal of every
	// key, the length, is_empty and destroy_empty; without, the map is
	// returned.
	scrambled := func(k *kit, inner, leaf uint64, reuse, drained bool, then []bytecode.Instruction) []bytecode.Instruction {
		code := config(k, inner, leaf, reuse)
		if reuse {
			code = append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2), bomCall(k, "allocate_spare_slots", []tok{mg, u64T}, nil))
		}
		code = append(code, fill(k, len(code))...)
		code = append(code, then...)
		if !drained {
			return append(code, in(bytecode.OpMoveLoc, 0))
		}
		code = append(code, drain(k, len(code))...)
		return seq(code, length(k), ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "is_empty", []tok{rg}, []tok{bytecode.Bool})), destroy(k))
	}
	locals := []tok{mt, u64T, u64T}
	all := make([]uint64, bomPermMod)
	tens := make([]uint64, bomPermMod)
	for i := range all {
		all[i], tens[i] = uint64(i), 10*uint64(i)
	}
	omap := bytecode.StructOf(bomOMap, tp0, tp1)
	pair := func(k *kit) bytecode.Instruction {
		return k.callG(k.fn("ordered_map", "to_vec_pair", []bytecode.AbilitySet{0, 0}, []tok{omap}, []tok{bytecode.Vector(tp0), bytecode.Vector(tp1)}), u64T, u64T)
	}
	views := func(k *kit) []bytecode.Instruction {
		return seq(ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "keys", []tok{rg}, []tok{bytecode.Vector(tp0)})),
			ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "to_ordered_map", []tok{rg}, []tok{omap}), pair(k)),
			length(k), read(k, "get", 50, optOf(tp1)), read(k, "contains", 101, bytecode.Bool), read(k, "borrow", 37, bytecode.Ref(tp1)), ins(in(bytecode.OpReadRef)),
			read(k, "prev_key", 50, optOf(tp0)), read(k, "next_key", 50, optOf(tp0)), read(k, "next_key", 100, optOf(tp0)), read(k, "prev_key", 0, optOf(tp0)),
			ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "borrow_front", []tok{rg}, []tok{tp0, bytecode.Ref(tp1)}), in(bytecode.OpReadRef)),
			ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "borrow_back", []tok{rg}, []tok{tp0, bytecode.Ref(tp1)}), in(bytecode.OpReadRef)),
			ins(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 50), in(bytecode.OpLdU64, 555), bomCall(k, "upsert", []tok{mg, tp0, tp1}, []tok{optOf(tp1)})),
			ins(in(bytecode.OpLdU64, 500), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 50), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
				bomCall(k, "borrow_mut", []tok{mg, bytecode.Ref(tp0)}, []tok{bytecode.MutRef(tp1)}), in(bytecode.OpWriteRef)))
	}
	some := func(x uint64) []byte { return append([]byte{1}, le64(x)...) }
	viewsWant := cat(u64Vec(all...), u64Vec(all...), u64Vec(tens...), le64(101), some(500), bcsBool(false), le64(370), some(49), some(51), []byte{0}, []byte{0},
		le64(0), le64(0), le64(100), le64(1000), some(500))
	rets := []tok{vu, vu, vu, u64T, optOf(u64T), bytecode.Bool, u64T, optOf(u64T), optOf(u64T), optOf(u64T), optOf(u64T), u64T, u64T, u64T, u64T, optOf(u64T)}
	leaf := func(k, v uint64) []byte { return cat(le64(k), []byte{1}, le64(v)) }
	inner := func(k, slot uint64) []byte { return cat(le64(k), []byte{0}, le64(slot)) }
	return []viewCase{
		{name: "a root-only map's layout", rets: []tok{mt}, locals: locals,
			want: cat([]byte{0, 0, 1, 0, 3}, leaf(1, 10), leaf(2, 20), leaf(3, 30), le64(0), le64(0),
				[]byte{0, 0}, le64(10), []byte{0}, le64(0), []byte{0, 0, 0, 0}, le64(1), le64(1), []byte{1}, []byte{0, 2}, []byte{0, 1}),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), add(k, 2, 20), add(k, 3, 30), add(k, 1, 10), ins(in(bytecode.OpMoveLoc, 0)))
			}},
		{name: "the layout after one split", rets: []tok{mt}, locals: locals,
			check: func(t *testing.T, vals [][]byte) {
				head := cat([]byte{0, 0, 0, 0, 2}, inner(2, 11), inner(4, 10), le64(0), le64(0), []byte{0, 1})
				tail := cat(le64(2), le64(12), []byte{0}, le64(0), []byte{0, 0, 0, 0}, le64(11), le64(10), []byte{1}, []byte{4, 0}, []byte{3, 0})
				b := vals[0]
				if len(b) != len(head)+32+len(tail) || string(b[:len(head)]) != string(head) || string(b[len(head)+32:]) != string(tail) {
					t.Fatalf("map %x, want %x <handle> %x", b, head, tail)
				}
			},
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 4, 3, false), add(k, 1, 10), add(k, 2, 20), add(k, 3, 30), add(k, 4, 40), ins(in(bytecode.OpMoveLoc, 0)))
			}},
		{name: "the layout after one split with two spare slots", rets: []tok{mt}, locals: locals,
			check: func(t *testing.T, vals [][]byte) {
				head := cat([]byte{0, 0, 0, 0, 2}, inner(2, 10), inner(4, 11), le64(0), le64(0), []byte{0, 1})
				tail := cat(le64(2), le64(12), []byte{1}, le64(0), []byte{0, 0, 0, 0}, le64(10), le64(11), []byte{1}, []byte{4, 0}, []byte{3, 0})
				b := vals[0]
				if len(b) != len(head)+32+len(tail) || string(b[:len(head)]) != string(head) || string(b[len(head)+32:]) != string(tail) {
					t.Fatalf("map %x, want %x <handle> %x", b, head, tail)
				}
			},
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 4, 3, true), ins(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2), bomCall(k, "allocate_spare_slots", []tok{mg, u64T}, nil)),
					add(k, 1, 10), add(k, 2, 20), add(k, 3, 30), add(k, 4, 40), ins(in(bytecode.OpMoveLoc, 0)))
			}},
		{name: "101 scrambled adds and look-ups (4, 3)", rets: append(rets, mt), locals: locals, check: checkFirst(viewsWant),
			code: func(k *kit) []bytecode.Instruction { return scrambled(k, 4, 3, false, false, views(k)) }},
		{name: "the same with reused slots (5, 5)", rets: append(rets, mt), locals: locals, check: checkFirst(viewsWant),
			code: func(k *kit) []bytecode.Instruction { return scrambled(k, 5, 5, true, false, views(k)) }},
		{name: "101 scrambled adds and removes (4, 3)", rets: []tok{u64T, bytecode.Bool}, locals: locals, want: cat(le64(0), bcsBool(true)),
			code: func(k *kit) []bytecode.Instruction { return scrambled(k, 4, 3, false, true, nil) }},
		{name: "the same with reused slots (5, 5)", rets: []tok{u64T, bytecode.Bool}, locals: locals, want: cat(le64(0), bcsBool(true)),
			code: func(k *kit) []bytecode.Instruction { return scrambled(k, 5, 5, true, true, nil) }},
		{name: "the same with the largest degrees (4096, 4096)", rets: []tok{u64T, bytecode.Bool}, locals: locals, want: cat(le64(0), bcsBool(true)),
			code: func(k *kit) []bytecode.Instruction { return scrambled(k, 4096, 4096, false, true, nil) }},
		{name: "pop_front and pop_back", rets: []tok{u64T, u64T, u64T, u64T, bytecode.Bool}, locals: locals,
			want: cat(le64(1), le64(10), le64(3), le64(30), bcsBool(false)),
			code: func(k *kit) []bytecode.Instruction {
				return seq(ins(k.u64s(3, 1, 2), k.u64s(30, 10, 20), bomCall(k, "new_from", []tok{bytecode.Vector(tp0), bytecode.Vector(tp1)}, []tok{g}), in(bytecode.OpStLoc, 0)),
					ins(in(bytecode.OpMutBorrowLoc, 0), bomCall(k, "pop_front", []tok{mg}, []tok{tp0, tp1})),
					ins(in(bytecode.OpMutBorrowLoc, 0), bomCall(k, "pop_back", []tok{mg}, []tok{tp0, tp1})),
					ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "is_empty", []tok{rg}, []tok{bytecode.Bool})),
					ins(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
						bomCall(k, "remove", []tok{mg, bytecode.Ref(tp0)}, []tok{tp1}), in(bytecode.OpPop)), destroy(k))
			}},
		{name: "add of a key twice", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), add(k, 1, 10), add(k, 1, 11), length(k), destroy(k))
			}},
		{name: "add of a key twice below the root", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 4, 4, false), add(k, 1, 1), add(k, 2, 2), add(k, 3, 3), add(k, 4, 4), add(k, 5, 5), add(k, 6, 6), add(k, 3, 3), length(k), destroy(k))
			}},
		{name: "remove of a missing key", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), add(k, 1, 10), ins(in(bytecode.OpMutBorrowLoc, 0)), keyRef(2), ins(bomCall(k, "remove", []tok{mg, bytecode.Ref(tp0)}, []tok{tp1})), destroy(k))
			}},
		{name: "remove of a key past the largest below the root", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 4, 3, false), add(k, 1, 1), add(k, 2, 2), add(k, 3, 3), add(k, 4, 4), ins(in(bytecode.OpMutBorrowLoc, 0)), keyRef(9),
					ins(bomCall(k, "remove", []tok{mg, bytecode.Ref(tp0)}, []tok{tp1})), destroy(k))
			}},
		{name: "borrow of a missing key", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), add(k, 1, 10), read(k, "borrow", 2, bytecode.Ref(tp1)), ins(in(bytecode.OpReadRef)), destroy(k))
			}},
		{name: "borrow_front of an empty map", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10003),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), ins(in(bytecode.OpImmBorrowLoc, 0), bomCall(k, "borrow_front", []tok{rg}, []tok{tp0, bytecode.Ref(tp1)}), in(bytecode.OpPop)), destroy(k))
			}},
		{name: "pop_back of an empty map", rets: []tok{u64T, u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10003),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), ins(in(bytecode.OpMutBorrowLoc, 0), bomCall(k, "pop_back", []tok{mg}, []tok{tp0, tp1})), destroy(k))
			}},
		{name: "new_with_config inner degree 3", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x1000B),
			code: func(k *kit) []bytecode.Instruction { return seq(config(k, 3, 0, false), length(k), destroy(k)) }},
		{name: "new_with_config leaf degree 2", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x1000B),
			code: func(k *kit) []bytecode.Instruction { return seq(config(k, 0, 2, false), length(k), destroy(k)) }},
		{name: "new_with_config inner degree 4097", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x1000B),
			code: func(k *kit) []bytecode.Instruction { return seq(config(k, 4097, 0, false), length(k), destroy(k)) }},
		{name: "new_with_type_size_hints with avg above max", rets: []tok{mt}, abort: aborts("0x1::big_ordered_map", 0x1000B),
			code: func(k *kit) []bytecode.Instruction {
				return ins(in(bytecode.OpLdU64, 9), in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 8),
					bomCall(k, "new_with_type_size_hints", []tok{u64T, u64T, u64T, u64T}, []tok{g}))
			}},
		{name: "new_with_type_size_hints' degrees", rets: []tok{mt},
			want: cat([]byte{0, 0, 1, 0, 0}, le64(0), le64(0), []byte{0, 0}, le64(10), []byte{0}, le64(0), []byte{0, 0, 0, 0},
				le64(1), le64(1), []byte{1}, []byte{0, 2}, []byte{0, 1}),
			code: func(k *kit) []bytecode.Instruction {
				return ins(in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 8),
					bomCall(k, "new_with_type_size_hints", []tok{u64T, u64T, u64T, u64T}, []tok{g}))
			}},
		{name: "new_with_type_size_hints with too large a max key", rets: []tok{mt}, abort: aborts("0x1::big_ordered_map", 0x1000B),
			code: func(k *kit) []bytecode.Instruction {
				return ins(in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 200000), in(bytecode.OpLdU64, 8), in(bytecode.OpLdU64, 8),
					bomCall(k, "new_with_type_size_hints", []tok{u64T, u64T, u64T, u64T}, []tok{g}))
			}},
		{name: "new of a variable-size value type", rets: []tok{bytecode.StructOf(bomHandle, u64T, vu)}, abort: aborts("0x1::big_ordered_map", 0x1000B),
			code: func(k *kit) []bytecode.Instruction { return ins(bomCall(k, "new", nil, []tok{g}, u64T, vu)) }},
		{name: "destroy_empty of a non-empty map", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x1000C),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), add(k, 1, 10), destroy(k), ins(in(bytecode.OpLdU64, 0)))
			}},
		{name: "a key too large for the degrees of the first", rets: []tok{u64T}, locals: []tok{bytecode.StructOf(bomHandle, vu, u64T)},
			abort: aborts("0x1::big_ordered_map", 0x1000D),
			code: func(k *kit) []bytecode.Instruction {
				gv := bytecode.MutRef(g)
				big := make([]uint64, 143)
				return ins(in(bytecode.OpLdU16, 0), in(bytecode.OpLdU16, 0), in(bytecode.OpLdFalse),
					bomCall(k, "new_with_config", []tok{bytecode.U16, bytecode.U16, bytecode.Bool}, []tok{g}, vu, u64T), in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), k.u64s(1), in(bytecode.OpLdU64, 1), bomCall(k, "add", []tok{gv, tp0, tp1}, nil, vu, u64T),
					in(bytecode.OpMutBorrowLoc, 0), k.u64s(big...), in(bytecode.OpLdU64, 1), bomCall(k, "add", []tok{gv, tp0, tp1}, nil, vu, u64T),
					in(bytecode.OpLdU64, 0), in(bytecode.OpMoveLoc, 0), bomCall(k, "destroy_empty", []tok{g}, nil, vu, u64T))
			}},
		{name: "borrow_mut of a variable-size value", rets: []tok{u64T}, locals: []tok{bytecode.StructOf(bomHandle, u64T, vu), u64T, u64T},
			abort: aborts("0x1::big_ordered_map", 0x1000E),
			code: func(k *kit) []bytecode.Instruction {
				return ins(in(bytecode.OpLdU16, 0), in(bytecode.OpLdU16, 0), in(bytecode.OpLdFalse),
					bomCall(k, "new_with_config", []tok{bytecode.U16, bytecode.U16, bytecode.Bool}, []tok{g}, u64T, vu), in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1), k.u64s(1), bomCall(k, "add", []tok{mg, tp0, tp1}, nil, u64T, vu),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
					bomCall(k, "borrow_mut", []tok{mg, bytecode.Ref(tp0)}, []tok{bytecode.MutRef(tp1)}, u64T, vu), in(bytecode.OpPop), in(bytecode.OpLdU64, 0),
					in(bytecode.OpMoveLoc, 0), bomCall(k, "destroy_empty", []tok{g}, nil, u64T, vu))
			}},
		{name: "new_from of different lengths", rets: []tok{mt}, abort: aborts("0x1::big_ordered_map", 0x20002),
			code: func(k *kit) []bytecode.Instruction {
				return ins(k.u64s(1, 2), k.u64s(10), bomCall(k, "new_from", []tok{bytecode.Vector(tp0), bytecode.Vector(tp1)}, []tok{g}))
			}},
		// Aptos locates this abort in storage_slots_allocator
		// (ECANNOT_HAVE_SPARES_WITHOUT_REUSE); a native's abort is located
		// in its own module.
		{name: "allocate_spare_slots without reuse", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::big_ordered_map", 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				return seq(config(k, 0, 0, false), ins(in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2),
					bomCall(k, "allocate_spare_slots", []tok{mg, u64T}, nil)), length(k), destroy(k))
			}},
		{name: "storage_slots_allocator::allocate_spare_slots without reuse", rets: []tok{u64T}, locals: []tok{bytecode.StructOf(bomSSA, u64T)},
			abort: aborts("0x1::storage_slots_allocator", 0x10002),
			code: func(k *kit) []bytecode.Instruction {
				s := bytecode.StructOf(bomSSA, tp0)
				ssa := func(name string, params, rets []tok) bytecode.Instruction {
					return k.callG(k.fn("storage_slots_allocator", name, []bytecode.AbilitySet{bytecode.AbilityStore}, params, rets), u64T)
				}
				return ins(in(bytecode.OpLdFalse), ssa("new", []tok{bytecode.Bool}, []tok{s}), in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1), ssa("allocate_spare_slots", []tok{bytecode.MutRef(s), u64T}, nil),
					in(bytecode.OpMoveLoc, 0), ssa("destroy_empty", []tok{s}, nil), in(bytecode.OpLdU64, 0))
			}},
		{name: "storage_slots_allocator::free_reserved_slot of another slot", rets: []tok{u64T},
			locals: []tok{bytecode.StructOf(bomSSA, u64T), bytecode.StructOf(bomStored), bytecode.StructOf(bomStored), bytecode.StructOf(bomStored + 1)},
			abort:  aborts("0x1::storage_slots_allocator", 1),
			code: func(k *kit) []bytecode.Instruction {
				s, st, rs := bytecode.StructOf(bomSSA, tp0), bytecode.StructOf(bomStored), bytecode.StructOf(bomStored+1)
				ssa := func(name string, params, rets []tok) bytecode.Instruction {
					return k.callG(k.fn("storage_slots_allocator", name, []bytecode.AbilitySet{bytecode.AbilityStore}, params, rets), u64T)
				}
				return ins(in(bytecode.OpLdFalse), ssa("new", []tok{bytecode.Bool}, []tok{s}), in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 7), ssa("add", []tok{bytecode.MutRef(s), tp0}, []tok{st}), in(bytecode.OpStLoc, 1),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 8), ssa("add", []tok{bytecode.MutRef(s), tp0}, []tok{st}), in(bytecode.OpStLoc, 2),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 10), ssa("remove_and_reserve", []tok{bytecode.MutRef(s), u64T}, []tok{rs, tp0}),
					in(bytecode.OpPop), in(bytecode.OpStLoc, 3),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 3), in(bytecode.OpMoveLoc, 2),
					ssa("free_reserved_slot", []tok{bytecode.MutRef(s), rs, st}, nil),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 1), ssa("remove", []tok{bytecode.MutRef(s), st}, []tok{tp0}),
					in(bytecode.OpMoveLoc, 0), ssa("destroy_empty", []tok{s}, nil))
			}},
		{name: "storage_slots_allocator add, borrow, remove, reuse", rets: []tok{u64T, u64T, u64T, bytecode.U32, u64T, u64T},
			locals: []tok{bytecode.StructOf(bomSSA, u64T), bytecode.StructOf(bomStored)}, want: cat(le64(10), le64(7), le64(7), []byte{1, 0, 0, 0}, le64(10), le64(8)),
			code: func(k *kit) []bytecode.Instruction {
				s := bytecode.StructOf(bomSSA, tp0)
				st := bytecode.StructOf(bomStored)
				ssa := func(name string, params, rets []tok) bytecode.Instruction {
					return k.callG(k.fn("storage_slots_allocator", name, []bytecode.AbilitySet{bytecode.AbilityStore}, params, rets), u64T)
				}
				idx := in(bytecode.OpCall, uint64(k.fn("storage_slots_allocator", "stored_to_index", nil, []tok{bytecode.Ref(st)}, []tok{u64T})))
				return ins(in(bytecode.OpLdTrue), ssa("new", []tok{bytecode.Bool}, []tok{s}), in(bytecode.OpStLoc, 0),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 7), ssa("add", []tok{bytecode.MutRef(s), tp0}, []tok{st}), in(bytecode.OpStLoc, 1),
					in(bytecode.OpImmBorrowLoc, 1), idx,
					in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 10), ssa("borrow", []tok{bytecode.Ref(s), u64T}, []tok{bytecode.Ref(tp0)}), in(bytecode.OpReadRef),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 1), ssa("remove", []tok{bytecode.MutRef(s), st}, []tok{tp0}),
					in(bytecode.OpImmBorrowLoc, 0), ssa("get_num_spare_slot_count", []tok{bytecode.Ref(s)}, []tok{bytecode.U32}),
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 8), ssa("add", []tok{bytecode.MutRef(s), tp0}, []tok{st}), in(bytecode.OpStLoc, 1),
					in(bytecode.OpImmBorrowLoc, 1), idx,
					in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpMoveLoc, 1), ssa("remove", []tok{bytecode.MutRef(s), st}, []tok{tp0}),
					in(bytecode.OpMoveLoc, 0), ssa("destroy_empty", []tok{s}, nil))
			}},
	}
}

func TestMoveBigOrderedMap(t *testing.T) {
	runViews(t, "bomap", bigOrderedMapCases, func(k *kit) {
		sp := bytecode.StructTypeParameter{Constraints: bytecode.AbilityStore}
		if k.b.ImportStruct(k.b.ModuleRef(one, "big_ordered_map"), "BigOrderedMap", bytecode.AbilityStore, sp, sp) != bomHandle ||
			k.b.ImportStruct(k.b.ModuleRef(one, "ordered_map"), "OrderedMap", stringAbil, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != bomOMap ||
			k.b.ImportStruct(k.b.ModuleRef(one, "storage_slots_allocator"), "StorageSlotsAllocator", bytecode.AbilityStore, sp) != bomSSA ||
			k.b.ImportStruct(k.b.ModuleRef(one, "storage_slots_allocator"), "StoredSlot", bytecode.AbilityStore) != bomStored ||
			k.b.ImportStruct(k.b.ModuleRef(one, "storage_slots_allocator"), "ReservedSlot", 0) != bomStored+1 {
			t.Fatal("unexpected struct handles")
		}
	})
}

// checkFirst checks that the results but the last (the map) are want.
func checkFirst(want []byte) func(t *testing.T, vals [][]byte) {
	return func(t *testing.T, vals [][]byte) {
		var got []byte
		for _, v := range vals[:len(vals)-1] {
			got = append(got, v...)
		}
		if string(got) != string(want) {
			t.Fatalf("returned %x, want %x", got, want)
		}
	}
}
