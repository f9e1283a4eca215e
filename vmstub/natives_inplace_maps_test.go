package vmstub_test

import "github.com/ledgernode/ledgernode/ledgerapi/bytecode"

// The in-place suite for simple_map and smart_table (u64 to u64): a
// reference from borrow_mut taken before add, upsert or remove.

// mapCall calls simple_map::name<u64, u64>.
func (k *kit) mapCall(name string, params, rets []tok) bytecode.Instruction {
	stores := []bytecode.AbilitySet{bytecode.AbilityStore, bytecode.AbilityStore}
	return k.callG(k.fn("simple_map", name, stores, params, rets), u64T, u64T)
}

func mapInplaceCases() []inplaceCase {
	tk := bytecode.StructOf(mapHandle, tp0, tp1)
	mm := bytecode.MutRef(tk)
	locals := []tok{mapT, mutU64T, u64T}
	add := func(k *kit, key, v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpLdU64, v),
			k.mapCall("add", []tok{mm, tp0, tp1}, nil)}
	}
	// start: m = {1: 10, 2: 20}; r = borrow_mut(&mut m, &key).
	start := func(k *kit, key uint64) []bytecode.Instruction {
		code := []bytecode.Instruction{k.mapCall("create", nil, []tok{tk}), in(bytecode.OpStLoc, 0)}
		code = append(append(code, add(k, 1, 10)...), add(k, 2, 20)...)
		return append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
			k.mapCall("borrow_mut", []tok{mm, bytecode.Ref(tp0)}, []tok{bytecode.MutRef(tp1)}), in(bytecode.OpStLoc, 1))
	}
	get := func(k *kit, key uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
			k.mapCall("borrow", []tok{bytecode.Ref(tk), bytecode.Ref(tp0)}, []tok{bytecode.Ref(tp1)}), in(bytecode.OpReadRef)}
	}
	write := func(v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, v), in(bytecode.OpMoveLoc, 1), in(bytecode.OpWriteRef)}
	}
	upsert := func(k *kit, key, v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpLdU64, v),
			k.mapCall("upsert", []tok{mm, tp0, tp1}, []tok{optOf(tp0), optOf(tp1)}), in(bytecode.OpPop), in(bytecode.OpPop)}
	}
	remove := func(k *kit, key uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
			k.mapCall("remove", []tok{mm, bytecode.Ref(tp0)}, []tok{tp0, tp1}), in(bytecode.OpPop), in(bytecode.OpPop)}
	}
	read := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpReadRef)}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	return []inplaceCase{
		{name: "simple_map add: a value reference still writes the map", rets: []tok{u64T}, locals: locals, want: le64(11),
			code: func(k *kit) []bytecode.Instruction { return seq(start(k, 1), add(k, 3, 30), write(11), get(k, 1)) }},
		{name: "simple_map upsert: the replaced value's reference is dead", rets: []tok{u64T}, locals: locals, dangling: true,
			code: func(k *kit) []bytecode.Instruction { return seq(start(k, 1), upsert(k, 1, 12), read) }},
		{name: "simple_map upsert: another key's reference still writes the map", rets: []tok{u64T, u64T}, locals: locals,
			want: cat(le64(21), le64(12)), code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 2), upsert(k, 1, 12), write(21), get(k, 2), get(k, 1))
			}},
		{name: "simple_map remove: the moved element's reference still writes the map", rets: []tok{u64T}, locals: locals, want: le64(21),
			code: func(k *kit) []bytecode.Instruction { return seq(start(k, 2), remove(k, 1), write(21), get(k, 2)) }},
		{name: "simple_map remove: the removed value's reference is dead", rets: []tok{u64T}, locals: locals, dangling: true,
			code: func(k *kit) []bytecode.Instruction { return seq(start(k, 1), remove(k, 1), read) }},
	}
}

// smartCall calls smart_table::name<u64, u64> declared with tps.
func (k *kit) smartCall(name string, tps []bytecode.AbilitySet, params, rets []tok) bytecode.Instruction {
	return k.callG(k.fn("smart_table", name, tps, params, rets), u64T, u64T)
}

func smartInplaceCases() []inplaceCase {
	tk := bytecode.StructOf(smartHandle, tp0, tp1)
	mt := bytecode.MutRef(tk)
	cd := bytecode.AbilityCopy | bytecode.AbilityDrop
	locals := []tok{smartT, mutU64T}
	add := func(k *kit, key, v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpLdU64, v),
			k.smartCall("add", any2TP, []tok{mt, tp0, tp1}, nil)}
	}
	// start: t = {1: 10, 2: 20}; r = borrow_mut(&mut t, key).
	start := func(k *kit, key uint64) []bytecode.Instruction {
		code := []bytecode.Instruction{k.smartCall("new", []bytecode.AbilitySet{cd | bytecode.AbilityStore, bytecode.AbilityStore}, nil, []tok{tk}),
			in(bytecode.OpStLoc, 0)}
		code = append(append(code, add(k, 1, 10)...), add(k, 2, 20)...)
		return append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key),
			k.smartCall("borrow_mut", []bytecode.AbilitySet{bytecode.AbilityDrop, 0}, []tok{mt, tp0}, []tok{bytecode.MutRef(tp1)}), in(bytecode.OpStLoc, 1))
	}
	get := func(k *kit, key uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, key),
			k.smartCall("borrow", []bytecode.AbilitySet{bytecode.AbilityDrop, 0}, []tok{bytecode.Ref(tk), tp0}, []tok{bytecode.Ref(tp1)}), in(bytecode.OpReadRef)}
	}
	remove := func(k *kit, key uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key),
			k.smartCall("remove", []bytecode.AbilitySet{cd, 0}, []tok{mt, tp0}, []tok{tp1}), in(bytecode.OpPop)}
	}
	upsert := func(k *kit, key, v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, key), in(bytecode.OpLdU64, v),
			k.smartCall("upsert", []bytecode.AbilitySet{cd, bytecode.AbilityDrop}, []tok{mt, tp0, tp1}, nil)}
	}
	write := func(v uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, v), in(bytecode.OpMoveLoc, 1), in(bytecode.OpWriteRef)}
	}
	read := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpReadRef)}
	table := []bytecode.Instruction{in(bytecode.OpMoveLoc, 0)}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	return []inplaceCase{
		{name: "smart_table add: a value reference still writes the table", rets: []tok{u64T, smartT}, locals: locals, want: le64(11), prefix: true,
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 1), add(k, 3, 30), write(11), get(k, 1), table)
			}},
		{name: "smart_table upsert: the reference reads the new value", rets: []tok{u64T, smartT}, locals: locals, want: le64(12), prefix: true,
			code: func(k *kit) []bytecode.Instruction { return seq(start(k, 1), upsert(k, 1, 12), read, table) }},
		{name: "smart_table remove: the moved entry's reference still writes the table", rets: []tok{u64T, smartT}, locals: locals,
			want: le64(21), prefix: true,
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 2), remove(k, 1), write(21), get(k, 2), table)
			}},
		{name: "smart_table remove: the removed value's reference is dead", rets: []tok{u64T, smartT}, locals: locals, dangling: true,
			code: func(k *kit) []bytecode.Instruction { return seq(start(k, 1), remove(k, 1), read, table) }},
	}
}
