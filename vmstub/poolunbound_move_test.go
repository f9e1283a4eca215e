package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::pool_u64_unbound from Move code: the buy-in and redeem flow
// of pool_u64's test with u128 shares in a table (the same values: 600
// shares, 1111 coins per 500 shares, 1334 left by the rounding), and each
// abort.

func poolUnboundCases(ledgerapi.Address) []viewCase {
	pt := bytecode.StructOf(poolHandle)
	rp, mp := bytecode.Ref(pt), bytecode.MutRef(pt)
	u128 := bytecode.U128
	at := func(k *kit, b byte) bytecode.Instruction {
		var a ledgerapi.Address
		a[31] = b
		return in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, a[:])))
	}
	ld128 := func(k *kit, x uint64) bytecode.Instruction {
		return in(bytecode.OpLdConst, uint64(k.b.Constant(u128, le128(n(x)))))
	}
	call := func(k *kit, name string, params, rets []tok) bytecode.Instruction {
		return callF(k.fn("pool_u64_unbound", name, nil, params, rets))
	}
	start := []bytecode.Instruction{}
	mk := func(k *kit) []bytecode.Instruction {
		return append(start, call(k, "create", nil, []tok{pt}), in(bytecode.OpStLoc, 0))
	}
	buy := func(k *kit, who byte, amt uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), at(k, who), in(bytecode.OpLdU64, amt),
			call(k, "buy_in", []tok{mp, bytecode.Address, u64T}, []tok{u128})}
	}
	redeem := func(k *kit, who byte, s uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), at(k, who), ld128(k, s),
			call(k, "redeem_shares", []tok{mp, bytecode.Address, u128}, []tok{u64T})}
	}
	get := func(k *kit, name string, ret tok) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), call(k, name, []tok{rp}, []tok{ret})}
	}
	of := func(k *kit, name string, who byte, ret tok) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), at(k, who), call(k, name, []tok{rp, bytecode.Address}, []tok{ret})}
	}
	update := func(k *kit, total uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, total), call(k, "update_total_coins", []tok{mp, u64T}, nil)}
	}
	end := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), call(k, "destroy_empty", []tok{pt}, nil)}
	}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	locals := []tok{pt}
	zero := []bytecode.Instruction{in(bytecode.OpLdU64, 0)}
	return []viewCase{
		{name: "pool_u64's flow on the unbound pool", locals: locals,
			rets: []tok{u128, u128, u128, u64T, u128, u64T, u64T, u64T, u64T, u64T, u64T, u64T},
			want: cat(le128(n(1000)), le128(n(2000)), le128(n(3000)), le64(2), le128(n(600)), le64(1111), le64(1111), le64(4444),
				le64(1334), le64(1), le64(1334), le64(0)),
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k), buy(k, 1, 1000), buy(k, 2, 2000), get(k, "total_shares", u128), get(k, "shareholders_count", u64T),
					update(k, 5000), buy(k, 3, 1000), update(k, 8000), redeem(k, 1, 500), redeem(k, 1, 500), redeem(k, 2, 2000),
					of(k, "balance", 3, u64T), get(k, "shareholders_count", u64T), redeem(k, 3, 600), get(k, "shareholders_count", u64T), end(k))
			}},
		{name: "destroy_empty of a pool with coins", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64_unbound", 0x30003),
			code: func(k *kit) []bytecode.Instruction { return seq(mk(k), update(k, 100), end(k), zero) }},
		{name: "redeem of an unknown shareholder", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64_unbound", 0x10001),
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k), redeem(k, 1, 1), []bytecode.Instruction{in(bytecode.OpPop)}, end(k), zero)
			}},
		{name: "redeem of more shares than held", rets: []tok{u64T}, locals: locals, abort: aborts("0x1::pool_u64_unbound", 0x10004),
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k), buy(k, 1, 10), []bytecode.Instruction{in(bytecode.OpPop)}, redeem(k, 1, 11), []bytecode.Instruction{in(bytecode.OpPop)}, end(k), zero)
			}},
		{name: "multiply_then_divide by zero", rets: []tok{u128}, locals: locals, failed: true,
			code: func(k *kit) []bytecode.Instruction {
				return seq(mk(k), []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), ld128(k, 1), ld128(k, 1), ld128(k, 0),
					call(k, "multiply_then_divide", []tok{rp, u128, u128, u128}, []tok{u128}), in(bytecode.OpMoveLoc, 0), call(k, "destroy_empty", []tok{pt}, nil)})
			}},
	}
}

func TestMovePoolU64Unbound(t *testing.T) {
	runViews(t, "poolu", poolUnboundCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "pool_u64_unbound"), "Pool", bytecode.AbilityStore) != poolHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
