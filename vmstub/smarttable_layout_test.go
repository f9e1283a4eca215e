package vmstub_test

import (
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::smart_table's linear hashing, configuration and views from
// Move code: Aptos's own split test (one bucket, threshold 100, target 1:
// 256 adds leave 257 buckets and a load factor of 99), keys, pagination
// and to_simple_map over several buckets, and each abort code.

const stHandle = 2 // 0x1::smart_table::SmartTable after String and Option

// stCall calls smart_table::name<u64, u64>.
func stCall(k *kit, name string, params, rets []tok) bytecode.Instruction {
	c, d, s := bytecode.AbilityCopy, bytecode.AbilityDrop, bytecode.AbilityStore
	tps := map[string][]bytecode.AbilitySet{
		"new": {c | d | s, s}, "new_with_config": {c | d | s, s}, "destroy": {d, d}, "clear": {d, d},
		"borrow": {d, 0}, "contains": {d, 0}, "remove": {c | d, 0}, "upsert": {c | d, d},
		"keys": {s | c | d, s | c}, "keys_paginated": {s | c | d, s | c}, "to_simple_map": {s | c | d, s | c},
	}[name]
	if tps == nil {
		tps = []bytecode.AbilitySet{0, 0}
	}
	return k.callG(k.fn("smart_table", name, tps, params, rets), u64T, u64T)
}

func smartLayoutCases(ledgerapi.Address) []viewCase {
	g := bytecode.StructOf(stHandle, tp0, tp1)
	st := bytecode.StructOf(stHandle, u64T, u64T)
	rg, mg := bytecode.Ref(g), bytecode.MutRef(g)
	vu := bytecode.Vector(u64T)
	// withTable makes a table with new_with_config(buckets, threshold,
	// target) in local 0, adds keys 1..n (value = key) counting in local
	// 1, runs then and destroys the table.
	withTable := func(k *kit, buckets uint64, threshold uint8, target, n uint64, then []bytecode.Instruction) []bytecode.Instruction {
		code := []bytecode.Instruction{in(bytecode.OpLdU64, buckets), in(bytecode.OpLdU8, uint64(threshold)), in(bytecode.OpLdU64, target),
			stCall(k, "new_with_config", []tok{u64T, bytecode.U8, u64T}, []tok{g}), in(bytecode.OpStLoc, 0)}
		key := []bytecode.Instruction{in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU64, 1), in(bytecode.OpAdd)}
		body := append(append(append([]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0)}, key...), key...), stCall(k, "add", []tok{mg, tp0, tp1}, nil))
		code = append(code, repeat(uint64(len(code)), 1, n, body)...)
		code = append(code, then...)
		return append(code, in(bytecode.OpMoveLoc, 0), stCall(k, "destroy", []tok{g}, nil))
	}
	ref := func(k *kit, fn string, rets ...tok) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), stCall(k, fn, []tok{rg}, rets)}
	}
	locals := []tok{st, u64T}
	return []viewCase{
		{name: "Aptos's split test", rets: []tok{u64T, u64T, u64T, u64T}, locals: locals, want: cat(le64(257), le64(99), le64(256), le64(200)),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 1, 100, 1, 256, append(append(append(ref(k, "num_buckets", u64T), ref(k, "load_factor", u64T)...), ref(k, "length", u64T)...),
					in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 200), stCall(k, "borrow", []tok{rg, tp0}, []tok{bytecode.Ref(tp1)}), in(bytecode.OpReadRef)))
			}},
		{name: "new has two buckets", rets: []tok{u64T}, locals: locals, want: le64(2),
			code: func(k *kit) []bytecode.Instruction {
				return []bytecode.Instruction{stCall(k, "new", nil, []tok{g}), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0),
					stCall(k, "num_buckets", []tok{rg}, []tok{u64T}), in(bytecode.OpMoveLoc, 0), stCall(k, "destroy_empty", []tok{g}, nil)}
			}},
		{name: "clear goes back to one bucket", rets: []tok{u64T, u64T}, locals: locals, want: cat(le64(1), le64(0)),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 4, 0, 0, 50, append(append([]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), stCall(k, "clear", []tok{mg}, nil)},
					ref(k, "num_buckets", u64T)...), ref(k, "length", u64T)...))
			}},
		{name: "keys, a first page and to_simple_map", rets: []tok{vu, vu, u64T, u64T, vu}, locals: locals, check: checkPages,
			code: func(k *kit) []bytecode.Instruction {
				smap := bytecode.StructOf(3, tp0, tp1)
				return withTable(k, 4, 0, 0, 30, append(append(ref(k, "keys", bytecode.Vector(tp0)),
					in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 7),
					stCall(k, "keys_paginated", []tok{rg, u64T, u64T, u64T}, []tok{bytecode.Vector(tp0), u64T, u64T})),
					in(bytecode.OpImmBorrowLoc, 0), stCall(k, "to_simple_map", []tok{rg}, []tok{smap}),
					k.callG(k.fn("simple_map", "to_vec_pair", []bytecode.AbilitySet{bytecode.AbilityStore, bytecode.AbilityStore}, []tok{smap},
						[]tok{bytecode.Vector(tp0), bytecode.Vector(tp1)}), u64T, u64T), in(bytecode.OpPop)))
			}},
		{name: "add of a key twice", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::smart_table", 0x10004),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 0, 0, 0, 3, append([]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 2), in(bytecode.OpLdU64, 2),
					stCall(k, "add", []tok{mg, tp0, tp1}, nil)}, ref(k, "length", u64T)...))
			}},
		{name: "borrow of a missing key", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::smart_table", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 0, 0, 0, 3, []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 9),
					stCall(k, "borrow", []tok{rg, tp0}, []tok{bytecode.Ref(tp1)}), in(bytecode.OpReadRef)})
			}},
		{name: "new_with_config threshold 101", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::smart_table", 0x10005),
			code: func(k *kit) []bytecode.Instruction { return withTable(k, 0, 101, 0, 0, ref(k, "length", u64T)) }},
		{name: "update_split_load_threshold 0", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::smart_table", 0x10005),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 0, 0, 0, 0, append([]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU8, 0),
					stCall(k, "update_split_load_threshold", []tok{mg, bytecode.U8}, nil)}, ref(k, "length", u64T)...))
			}},
		{name: "update_target_bucket_size 0", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::smart_table", 0x10006),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 0, 0, 0, 0, append([]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 0),
					stCall(k, "update_target_bucket_size", []tok{mg, u64T}, nil)}, ref(k, "length", u64T)...))
			}},
		{name: "keys_paginated from a bucket past the last", rets: []tok{vu, u64T, u64T}, locals: locals, abort: aborts("0x1::smart_table", 8),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 2, 0, 0, 3, []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 2), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 1),
					stCall(k, "keys_paginated", []tok{rg, u64T, u64T, u64T}, []tok{bytecode.Vector(tp0), u64T, u64T})})
			}},
		{name: "keys_paginated from an entry past its bucket", rets: []tok{vu, u64T, u64T}, locals: locals, abort: aborts("0x1::smart_table", 9),
			code: func(k *kit) []bytecode.Instruction {
				return withTable(k, 1, 0, 0, 3, []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 3), in(bytecode.OpLdU64, 1),
					stCall(k, "keys_paginated", []tok{rg, u64T, u64T, u64T}, []tok{bytecode.Vector(tp0), u64T, u64T})})
			}},
		{name: "destroy_empty of a non-empty table", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::smart_table", 0x10003),
			code: func(k *kit) []bytecode.Instruction {
				return []bytecode.Instruction{stCall(k, "new", nil, []tok{g}), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, 1),
					in(bytecode.OpLdU64, 1), stCall(k, "add", []tok{mg, tp0, tp1}, nil), in(bytecode.OpMoveLoc, 0), stCall(k, "destroy_empty", []tok{g}, nil), in(bytecode.OpLdU64, 0)}
			}},
		{name: "load_factor before the first add", rets: []tok{u64T}, locals: locals, failed: true,
			code: func(k *kit) []bytecode.Instruction { return withTable(k, 0, 0, 0, 0, ref(k, "load_factor", u64T)) }},
	}
}

func TestMoveSmartTableLayout(t *testing.T) {
	runViews(t, "stlayout", smartLayoutCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "smart_table"), "SmartTable", bytecode.AbilityStore, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != stHandle ||
			k.b.ImportStruct(k.b.ModuleRef(one, "simple_map"), "SimpleMap", stringAbil, bytecode.StructTypeParameter{}, bytecode.StructTypeParameter{}) != 3 {
			t.Fatal("unexpected struct handles")
		}
	})
}

// checkPages checks keys() (1..30 in some order), a first page of 7 (the
// first 7 of keys(), the next page not at (0, 0)) and to_simple_map's
// keys (those of keys(), in the same order).
func checkPages(t *testing.T, vals [][]byte) {
	keys, page, mapKeys := decodeU64s(t, vals[0]), decodeU64s(t, vals[1]), decodeU64s(t, vals[4])
	seen := map[uint64]bool{}
	for _, k := range keys {
		seen[k] = true
	}
	if len(keys) != 30 || len(seen) != 30 || !seen[1] || !seen[30] {
		t.Fatalf("keys() = %v, want 1..30 in some order", keys)
	}
	if len(page) != 7 || string(u64Vec(page...)) != string(u64Vec(keys[:7]...)) {
		t.Fatalf("first page %v, want the first 7 of %v", page, keys)
	}
	if string(vals[2]) == string(le64(0)) && string(vals[3]) == string(le64(0)) {
		t.Fatal("the next page starts at (0, 0) with 23 keys left")
	}
	if string(u64Vec(mapKeys...)) != string(u64Vec(keys...)) {
		t.Fatalf("to_simple_map's keys %v, want keys() %v", mapKeys, keys)
	}
}

// decodeU64s reads the BCS of a vector<u64> (fewer than 128 elements).
func decodeU64s(t *testing.T, b []byte) []uint64 {
	if len(b) == 0 || int(b[0]) >= 128 || len(b) != 1+8*int(b[0]) {
		t.Fatalf("not a short vector<u64>: %x", b)
	}
	out := make([]uint64, b[0])
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[1+8*i:])
	}
	return out
}
