package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::iterable_table (u64 to u64) from Move code, after Aptos's
// own test: adds 0..9, removes the even keys, follows the links, appends
// into a second table, removes the tail; and each abort.

const itHandle = 2 // 0x1::iterable_table::IterableTable after String and Option

func itCall(k *kit, name string, params, rets []tok) bytecode.Instruction {
	csd := bytecode.AbilityCopy | bytecode.AbilityStore | bytecode.AbilityDrop
	tps := []bytecode.AbilitySet{csd, bytecode.AbilityStore}
	return k.callG(k.fn("iterable_table", name, tps, params, rets), u64T, u64T)
}

func iterableCases(ledgerapi.Address) []viewCase {
	g := bytecode.StructOf(itHandle, tp0, tp1)
	tt := bytecode.StructOf(itHandle, u64T, u64T)
	rg, mg := bytecode.Ref(g), bytecode.MutRef(g)
	opt := optOf(tp0)
	some := func(x uint64) []byte { return append([]byte{1}, le64(x)...) }
	none := []byte{0}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	mk := func(k *kit, loc uint64) []bytecode.Instruction {
		return []bytecode.Instruction{itCall(k, "new", nil, []tok{g}), in(bytecode.OpStLoc, loc)}
	}
	add := func(k *kit, loc, x uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, loc), in(bytecode.OpLdU64, x), in(bytecode.OpLdU64, x), itCall(k, "add", []tok{mg, tp0, tp1}, nil)}
	}
	remove := func(k *kit, loc, x uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, loc), in(bytecode.OpLdU64, x), itCall(k, "remove", []tok{mg, tp0}, []tok{tp1}), in(bytecode.OpPop)}
	}
	end := func(k *kit, loc uint64, field string) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, loc), itCall(k, field, []tok{rg}, []tok{opt})}
	}
	iter := func(k *kit, loc, x uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, loc), in(bytecode.OpLdU64, x),
			itCall(k, "borrow_iter", []tok{rg, tp0}, []tok{bytecode.Ref(tp1), opt, opt}),
			in(bytecode.OpStLoc, 3), in(bytecode.OpStLoc, 2), in(bytecode.OpReadRef), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3)}
	}
	destroy := func(k *kit, loc uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMoveLoc, loc), itCall(k, "destroy_empty", []tok{g}, nil)}
	}
	locals := []tok{tt, tt, optOf(u64T), optOf(u64T)}
	ou := optOf(u64T)
	return []viewCase{
		{name: "Aptos's iterable table flow", locals: locals,
			rets: []tok{u64T, ou, ou, u64T, ou, ou, ou, ou, u64T, ou, ou, u64T, ou, ou, bytecode.Bool},
			want: cat(le64(5), some(1), some(9), le64(3), some(1), some(5), some(1), some(9), le64(5), some(3), some(7), le64(9), some(7), none, bcsBool(true)),
			code: func(k *kit) []bytecode.Instruction {
				code := mk(k, 0)
				for x := range uint64(10) {
					code = append(code, add(k, 0, x)...)
				}
				for x := uint64(0); x < 10; x += 2 {
					code = append(code, remove(k, 0, x)...)
				}
				return seq(code,
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), itCall(k, "length", []tok{rg}, []tok{u64T})},
					end(k, 0, "head_key"), end(k, 0, "tail_key"), iter(k, 0, 3),
					mk(k, 1), []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpMutBorrowLoc, 0), itCall(k, "append", []tok{mg, mg}, nil)},
					end(k, 1, "head_key"), end(k, 1, "tail_key"), iter(k, 1, 5),
					[]bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 1), in(bytecode.OpLdU64, 9), itCall(k, "remove_iter", []tok{mg, tp0}, []tok{tp1, opt, opt})},
					end(k, 1, "tail_key"), []bytecode.Instruction{in(bytecode.OpPop)},
					[]bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), itCall(k, "empty", []tok{rg}, []tok{bytecode.Bool})},
					destroy(k, 0), remove(k, 1, 1), remove(k, 1, 3), remove(k, 1, 5), remove(k, 1, 7), destroy(k, 1))
			}},
		{name: "add of a key twice", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::iterable_table", 0x6407),
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k, 0), add(k, 0, 1), add(k, 0, 1), remove(k, 0, 1), destroy(k, 0), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "remove of a missing key", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::iterable_table", 0x6507),
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k, 0), remove(k, 0, 1), destroy(k, 0), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "destroy_empty of a non-empty table", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::iterable_table", 0),
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k, 0), add(k, 0, 1), destroy(k, 0), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
	}
}

func TestMoveIterableTable(t *testing.T) {
	runViews(t, "itab", iterableCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "iterable_table"), "IterableTable", bytecode.AbilityStore,
			bytecode.StructTypeParameter{Constraints: bytecode.AbilityCopy | bytecode.AbilityStore | bytecode.AbilityDrop},
			bytecode.StructTypeParameter{Constraints: bytecode.AbilityStore}) != itHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
