package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::table_with_length (u64 to u64) and the simple_map functions
// new_from, add_all, destroy_empty and to_vec_pair from Move code, with
// each abort code.

// Struct handles of the suite's module after String (0) and Option (1).
const (
	twlHandle  = 2
	smapHandle = 3
)

// twlCall calls table_with_length::name<u64, u64>.
func twlCall(k *kit, name string, params, rets []tok) bytecode.Instruction {
	cd := bytecode.AbilityCopy | bytecode.AbilityDrop
	tps := []bytecode.AbilitySet{cd, 0}
	switch name {
	case "new":
		tps[1] = bytecode.AbilityStore
	case "upsert", "borrow_mut_with_default":
		tps[1] = bytecode.AbilityDrop
	}
	return k.callG(k.fn("table_with_length", name, tps, params, rets), u64T, u64T)
}

// smapCall calls simple_map::name<u64, u64>.
func smapCall(k *kit, name string, params, rets []tok) bytecode.Instruction {
	st := bytecode.AbilityStore
	return k.callG(k.fn("simple_map", name, []bytecode.AbilitySet{st, st}, params, rets), u64T, u64T)
}

func twlSmapCases(ledgerapi.Address) []viewCase {
	tg := bytecode.StructOf(twlHandle, tp0, tp1)
	mt, rt := bytecode.MutRef(tg), bytecode.Ref(tg)
	twlT := bytecode.StructOf(twlHandle, u64T, u64T)
	kv := func(k *kit, fn string, key, v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpLdU64, v), twlCall(k, fn, []tok{mt, tp0, tp1}, nil)}
	}
	key := func(k *kit, fn string, mut bool, key uint64, rets ...tok) []bytecode.Instruction {
		if mut {
			return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), twlCall(k, fn, []tok{mt, tp0}, rets)}
		}
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, key), twlCall(k, fn, []tok{rt, tp0}, rets)}
	}
	bmwd := func(k *kit, kk, def uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, kk), in(bytecode.OpLdU64, def),
			twlCall(k, "borrow_mut_with_default", []tok{mt, tp0, tp1}, []tok{bytecode.MutRef(tp1)})}
	}
	start := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{twlCall(k, "new", nil, []tok{tg}), in(bytecode.OpStLoc, 0)}
	}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	end := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), twlCall(k, "destroy_empty", []tok{tg}, nil)}
	}
	pop := []bytecode.Instruction{in(bytecode.OpPop)}
	smap := bytecode.StructOf(smapHandle, tp0, tp1)
	vu := bytecode.Vector(u64T)
	newFrom := func(k *kit, keys, vals []uint64) []bytecode.Instruction {
		return []bytecode.Instruction{k.u64s(keys...), k.u64s(vals...), smapCall(k, "new_from", []tok{bytecode.Vector(tp0), bytecode.Vector(tp1)}, []tok{smap})}
	}
	toPair := func(k *kit) bytecode.Instruction {
		return smapCall(k, "to_vec_pair", []tok{smap}, []tok{bytecode.Vector(tp0), bytecode.Vector(tp1)})
	}
	return []viewCase{
		{name: "table_with_length sequence", rets: []tok{u64T, u64T, bytecode.Bool, bytecode.Bool, u64T, u64T, bytecode.Bool}, locals: []tok{twlT},
			want: cat(le64(10), le64(3), bcsBool(false), bcsBool(true), le64(22), le64(30), bcsBool(false)),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k), kv(k, "add", 1, 10), kv(k, "add", 2, 20), kv(k, "upsert", 2, 21), kv(k, "upsert", 3, 30),
					bmwd(k, 4, 40), pop, []bytecode.Instruction{in(bytecode.OpLdU64, 22)}, bmwd(k, 2, 99), []bytecode.Instruction{in(bytecode.OpWriteRef)},
					key(k, "remove", true, 1, tp1),
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), twlCall(k, "length", []tok{rt}, []tok{u64T})},
					key(k, "contains", false, 1, bytecode.Bool), key(k, "contains", false, 4, bytecode.Bool),
					key(k, "borrow", false, 2, bytecode.Ref(tp1)), []bytecode.Instruction{in(bytecode.OpReadRef)},
					key(k, "borrow", false, 3, bytecode.Ref(tp1)), []bytecode.Instruction{in(bytecode.OpReadRef)},
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), twlCall(k, "empty", []tok{rt}, []tok{bytecode.Bool})},
					key(k, "remove", true, 2, tp1), pop, key(k, "remove", true, 3, tp1), pop, key(k, "remove", true, 4, tp1), pop, end(k))
			}},
		{name: "table_with_length add twice", rets: []tok{u64T}, locals: []tok{twlT}, abort: aborts("0x1::table_with_length", 0x6407),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k), kv(k, "add", 1, 10), kv(k, "add", 1, 11), key(k, "remove", true, 1, tp1), end(k))
			}},
		{name: "table_with_length remove of a missing key", rets: []tok{u64T}, locals: []tok{twlT}, abort: aborts("0x1::table_with_length", 0x6507),
			code: func(k *kit) []bytecode.Instruction { return seq(start(k), key(k, "remove", true, 1, tp1), end(k)) }},
		{name: "table_with_length destroy_empty of a non-empty table", rets: []tok{u64T}, locals: []tok{twlT}, abort: aborts("0x1::table_with_length", 0x30066),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k), kv(k, "add", 1, 10), end(k), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "simple_map new_from and to_vec_pair", rets: []tok{vu, vu}, want: cat(u64Vec(1, 2, 3), u64Vec(10, 20, 30)),
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{1, 2, 3}, []uint64{10, 20, 30}), toPair(k))
			}},
		{name: "simple_map add_all", rets: []tok{vu, vu}, locals: []tok{bytecode.StructOf(smapHandle, u64T, u64T)}, want: cat(u64Vec(5, 6, 7), u64Vec(50, 60, 70)),
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{5}, []uint64{50}), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), k.u64s(6, 7), k.u64s(60, 70),
					smapCall(k, "add_all", []tok{bytecode.MutRef(smap), bytecode.Vector(tp0), bytecode.Vector(tp1)}, nil), in(bytecode.OpMoveLoc, 0), toPair(k))
			}},
		{name: "simple_map new_from of different lengths", rets: []tok{vu, vu}, abort: aborts("0x1::simple_map", 0x20002),
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{1, 2}, []uint64{10}), toPair(k))
			}},
		{name: "simple_map new_from of a key twice", rets: []tok{vu, vu}, abort: aborts("0x1::simple_map", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{1, 1}, []uint64{10, 20}), toPair(k))
			}},
		{name: "simple_map destroy_empty", rets: []tok{u64T}, want: le64(7),
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, nil, nil), smapCall(k, "destroy_empty", []tok{smap}, nil), in(bytecode.OpLdU64, 7))
			}},
		{name: "simple_map destroy_empty of a non-empty map", rets: []tok{u64T}, failed: true,
			code: func(k *kit) []bytecode.Instruction {
				return append(newFrom(k, []uint64{1}, []uint64{2}), smapCall(k, "destroy_empty", []tok{smap}, nil), in(bytecode.OpLdU64, 7))
			}},
	}
}

func TestMoveTableWithLengthAndSimpleMap(t *testing.T) {
	runViews(t, "twl", twlSmapCases, func(k *kit) {
		all3 := bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
		cd := bytecode.AbilityCopy | bytecode.AbilityDrop
		if k.b.ImportStruct(k.b.ModuleRef(one, "table_with_length"), "TableWithLength", bytecode.AbilityStore,
			bytecode.StructTypeParameter{Constraints: cd, IsPhantom: true}, bytecode.StructTypeParameter{IsPhantom: true}) != twlHandle ||
			k.b.ImportStruct(k.b.ModuleRef(one, "simple_map"), "SimpleMap", all3, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != smapHandle {
			t.Fatal("unexpected struct handles")
		}
	})
}
