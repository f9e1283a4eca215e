package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::pool_u64 from Move code: Aptos's test_buy_in_and_redeem flow
// with its expected values (shares 600 for 1000 coins into a 5000-coin
// pool of 3000 shares, 1111 coins per 500 shares redeemed, shareholder 3
// left with 1334 by the rounding), and each abort.

const poolHandle = 2 // 0x1::pool_u64::Pool after String and Option

func poolCases(ledgerapi.Address) []viewCase {
	pt := bytecode.StructOf(poolHandle)
	rp, mp := bytecode.Ref(pt), bytecode.MutRef(pt)
	at := func(k *kit, b byte) bytecode.Instruction {
		var a ledgerapi.Address
		a[31] = b
		return in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, a[:])))
	}
	call := func(k *kit, name string, params, rets []tok) bytecode.Instruction {
		return callF(k.fn("pool_u64", name, nil, params, rets))
	}
	start := func(k *kit, limit uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, limit), call(k, "new", []tok{u64T}, []tok{pt}), in(bytecode.OpStLoc, 0)}
	}
	buy := func(k *kit, who byte, amt uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), at(k, who), in(bytecode.OpLdU64, amt),
			call(k, "buy_in", []tok{mp, bytecode.Address, u64T}, []tok{u64T})}
	}
	redeem := func(k *kit, who byte, n uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), at(k, who), in(bytecode.OpLdU64, n),
			call(k, "redeem_shares", []tok{mp, bytecode.Address, u64T}, []tok{u64T})}
	}
	get := func(k *kit, name string) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), call(k, name, []tok{rp}, []tok{u64T})}
	}
	of := func(k *kit, name string, who byte) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), at(k, who), call(k, name, []tok{rp, bytecode.Address}, []tok{u64T})}
	}
	update := func(k *kit, total uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, total), call(k, "update_total_coins", []tok{mp, u64T}, nil)}
	}
	end := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), call(k, "destroy_empty", []tok{pt}, nil)}
	}
	pop := []bytecode.Instruction{in(bytecode.OpPop)}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	wants := []uint64{2, 3000, 3000, 1000, 1000 * 5000 / 3000, 2000 * 5000 / 3000, 600, 1000, 1111, 1111, 4444, 1334, 1334, 1, 1334, 0}
	var want []byte
	for _, w := range wants {
		want = append(want, le64(w)...)
	}
	rets := make([]tok, len(wants))
	for i := range rets {
		rets[i] = u64T
	}
	locals := []tok{pt}
	return []viewCase{
		{name: "Aptos's buy-in and redeem flow", rets: rets, locals: locals, want: want, code: func(k *kit) []bytecode.Instruction {
			return seq(start(k, 5), buy(k, 1, 1000), pop, buy(k, 2, 2000), pop,
				get(k, "shareholders_count"), get(k, "total_coins"), get(k, "total_shares"), of(k, "balance", 1),
				update(k, 5000), of(k, "balance", 1), of(k, "balance", 2),
				buy(k, 3, 1000), pop, of(k, "shares", 3), of(k, "balance", 3),
				update(k, 8000), redeem(k, 1, 500), redeem(k, 1, 500), redeem(k, 2, 2000),
				of(k, "balance", 3), get(k, "total_coins"), get(k, "shareholders_count"),
				redeem(k, 3, 600), get(k, "shareholders_count"), end(k))
		}},
		{name: "destroy_empty of a pool with coins", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64", 0x30003),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 1), update(k, 100), end(k), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "redeem of an unknown shareholder", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 1), redeem(k, 1, 1), pop, end(k), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "redeem of more shares than held", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64", 0x10004),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 1), buy(k, 1, 10), pop, redeem(k, 1, 11), pop, end(k), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "a shareholder past the limit", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64", 0x30002),
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 1), buy(k, 1, 10), pop, buy(k, 2, 10), pop, end(k), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
		{name: "multiply_then_divide by zero", rets: []tok{u64T}, locals: locals, failed: true,
			code: func(k *kit) []bytecode.Instruction {
				return seq(start(k, 1), []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 1), in(bytecode.OpLdU64, 1), in(bytecode.OpLdU64, 0),
					call(k, "multiply_then_divide", []tok{rp, u64T, u64T, u64T}, []tok{u64T})}, pop, end(k), []bytecode.Instruction{in(bytecode.OpLdU64, 0)})
			}},
	}
}

func TestMovePoolU64(t *testing.T) {
	runViews(t, "poolv", poolCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "pool_u64"), "Pool", bytecode.AbilityStore) != poolHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
