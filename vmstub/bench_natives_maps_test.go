package vmstub_test

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// mapCases are the native benchmark cases on maps and tables: keyed
// lookups over many keys, and table items under big keys.
func mapCases() map[string]nativeCase {
	stores := []bytecode.AbilitySet{bytecode.AbilityStore, bytecode.AbilityStore}
	tp1 := bytecode.TypeParameter(1)
	u16T, u8T := bytecode.U16, bytecode.U8
	caseLocals["simple_map_contains_key"] = func(nb *nbKit) []tok { return []tok{bytecode.StructOf(nb.mapH, u16T, u8T), u64T, u16T} }
	caseLocals["smart_table_contains"] = func(nb *nbKit) []tok { return []tok{bytecode.StructOf(nb.smartH, u64T, u8T), u64T} }
	caseLocals["table_upsert_contains_big_key"] = func(nb *nbKit) []tok { return []tok{bytesT, bytesT, bytecode.StructOf(nb.tableH, bytesT, u8T)} }
	return map[string]nativeCase{
		// simple_map::contains_key, missing, on a map of 2,000 u16 keys
		// (2 bytes each): locals map, counter, key.
		"simple_map_contains_key": {
			setup: func(k *kit, nb *nbKit) []bytecode.Instruction {
				m := bytecode.StructOf(nb.mapH, tp0, tp1)
				newH := k.fn("simple_map", "new", stores, nil, []tok{m})
				add := k.fn("simple_map", "add", stores, []tok{bytecode.MutRef(m), tp0, tp1}, nil)
				code := []bytecode.Instruction{k.callG(newH, u16T, u8T), in(bytecode.OpStLoc, 0)}
				body := []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpCopyLoc, 1), in(bytecode.OpCastU16),
					in(bytecode.OpLdU8, 1), k.callG(add, u16T, u8T)}
				code = append(code, repeat(uint64(len(code)), 1, 2000, body)...)
				return append(code, in(bytecode.OpLdU16, 60000), in(bytecode.OpStLoc, 2))
			},
			body: func(k *kit, nb *nbKit) []bytecode.Instruction {
				m := bytecode.StructOf(nb.mapH, tp0, tp1)
				h := k.fn("simple_map", "contains_key", stores, []tok{bytecode.Ref(m), bytecode.Ref(tp0)}, []tok{bytecode.Bool})
				return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 2), k.callG(h, u16T, u8T), in(bytecode.OpPop)}
			},
		},
		// smart_table::contains, missing, on a table of 2,000 u64 keys:
		// locals table, counter.
		"smart_table_contains": {
			setup: func(k *kit, nb *nbKit) []bytecode.Instruction {
				st := bytecode.StructOf(nb.smartH, tp0, tp1)
				newH := k.fn("smart_table", "new", []bytecode.AbilitySet{copyDropT | bytecode.AbilityStore, bytecode.AbilityStore}, nil, []tok{st})
				add := k.fn("smart_table", "add", []bytecode.AbilitySet{0, 0}, []tok{bytecode.MutRef(st), tp0, tp1}, nil)
				code := []bytecode.Instruction{k.callG(newH, u64T, u8T), in(bytecode.OpStLoc, 0)}
				body := []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpCopyLoc, 1), in(bytecode.OpLdU8, 1), k.callG(add, u64T, u8T)}
				return append(code, repeat(uint64(len(code)), 1, 2000, body)...)
			},
			body: func(k *kit, nb *nbKit) []bytecode.Instruction {
				st := bytecode.StructOf(nb.smartH, tp0, tp1)
				h := k.fn("smart_table", "contains", []bytecode.AbilitySet{bytecode.AbilityDrop, 0}, []tok{bytecode.Ref(st), tp0}, []tok{bytecode.Bool})
				return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 1<<40), k.callG(h, u64T, u8T), in(bytecode.OpPop)}
			},
		},
		// table::upsert then table::contains under a 64 KiB key: locals
		// key, scratch, table.
		"table_upsert_contains_big_key": {
			setup: func(k *kit, nb *nbKit) []bytecode.Instruction {
				t := bytecode.StructOf(nb.tableH, tp0, tp1)
				newH := k.fn("table", "new", []bytecode.AbilitySet{copyDropT, bytecode.AbilityStore}, nil, []tok{t})
				code := nb.grow(k.bytes(make([]byte, 1024)), 0, 1, 6)
				return append(code, k.callG(newH, bytesT, u8T), in(bytecode.OpStLoc, 2))
			},
			body: func(k *kit, nb *nbKit) []bytecode.Instruction {
				t := bytecode.StructOf(nb.tableH, tp0, tp1)
				kv := []bytecode.AbilitySet{copyDropT, 0}
				up := k.fn("table", "upsert", []bytecode.AbilitySet{copyDropT, bytecode.AbilityDrop}, []tok{bytecode.MutRef(t), tp0, tp1}, nil)
				has := k.fn("table", "contains", kv, []tok{bytecode.Ref(t), tp0}, []tok{bytecode.Bool})
				return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 2), in(bytecode.OpCopyLoc, 0), in(bytecode.OpLdU8, 1), k.callG(up, bytesT, u8T),
					in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpCopyLoc, 0), k.callG(has, bytesT, u8T), in(bytecode.OpPop)}
			},
		},
	}
}
