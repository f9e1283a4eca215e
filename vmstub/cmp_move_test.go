package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::cmp from Move code: compare of integers, booleans, addresses,
// vectors (lexicographic, a prefix first) and structs (String, field by
// field), as Aptos's tests order them, and the is_* predicates of each
// Ordering. Ordering's BCS is its variant: Less 0, Equal 1, Greater 2.

const ordHandle = 2 // 0x1::cmp::Ordering after String and Option

func cmpCases(ledgerapi.Address) []viewCase {
	ord := bytecode.StructOf(ordHandle)
	// cmpOf compares two values loaded by load into locals 0 and 1 of type t.
	cmpOf := func(name string, t tok, want byte, load func(k *kit) []bytecode.Instruction) viewCase {
		return viewCase{name: name, rets: []tok{ord}, locals: []tok{t, t}, want: []byte{want}, code: func(k *kit) []bytecode.Instruction {
			h := k.fn("cmp", "compare", anyTP, []tok{bytecode.Ref(elemT), bytecode.Ref(elemT)}, []tok{ord})
			return append(append(load(k), in(bytecode.OpStLoc, 1), in(bytecode.OpStLoc, 0)),
				in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.callG(h, t))
		}}
	}
	u64s := func(a, b uint64) func(k *kit) []bytecode.Instruction {
		return func(*kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdU64, a), in(bytecode.OpLdU64, b)}
		}
	}
	vecs := func(a, b []uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction { return []bytecode.Instruction{k.u64s(a...), k.u64s(b...)} }
	}
	strs := func(a, b string) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction { return append(k.utf8(a), k.utf8(b)...) }
	}
	addrs := func(a, b byte) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			var x, y ledgerapi.Address
			x[0], y[31] = a, b
			return []bytecode.Instruction{in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, x[:]))),
				in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, y[:])))}
		}
	}
	cases := []viewCase{
		cmpOf("1 < 5", u64T, 0, u64s(1, 5)),
		cmpOf("5 = 5", u64T, 1, u64s(5, 5)),
		cmpOf("7 > 5", u64T, 2, u64s(7, 5)),
		cmpOf("false < true", bytecode.Bool, 0, func(*kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdFalse), in(bytecode.OpLdTrue)}
		}),
		cmpOf("[] < [1]", vecU64T, 0, vecs(nil, []uint64{1})),
		cmpOf("[1] > []", vecU64T, 2, vecs([]uint64{1}, nil)),
		cmpOf("[1, 2] = [1, 2]", vecU64T, 1, vecs([]uint64{1, 2}, []uint64{1, 2})),
		cmpOf("[1, 2, 3] < [5]", vecU64T, 0, vecs([]uint64{1, 2, 3}, []uint64{5})),
		cmpOf("[1, 2, 3] < [1, 2, 7]", vecU64T, 0, vecs([]uint64{1, 2, 3}, []uint64{1, 2, 7})),
		cmpOf("\"b\" > \"abc\"", strT, 2, strs("b", "abc")),
		cmpOf("\"ab\" < \"abc\"", strT, 0, strs("ab", "abc")),
		cmpOf("0x01… > 0x…02 (bytes first to last)", bytecode.Address, 2, addrs(1, 2)),
	}
	// is_*(compare(a, b)) for a < b, a = b, a > b.
	for _, p := range []struct {
		fn   string
		want [3]bool
	}{{"is_eq", [3]bool{false, true, false}}, {"is_ne", [3]bool{true, false, true}}, {"is_lt", [3]bool{true, false, false}},
		{"is_le", [3]bool{true, true, false}}, {"is_gt", [3]bool{false, false, true}}, {"is_ge", [3]bool{false, true, true}}} {
		for i, ab := range [][2]uint64{{1, 2}, {2, 2}, {3, 2}} {
			c := cmpOf(p.fn, u64T, 0, u64s(ab[0], ab[1]))
			code := c.code
			c.locals = append(c.locals, ord)
			c.rets, c.want = []tok{bytecode.Bool}, bcsBool(p.want[i])
			c.code = func(k *kit) []bytecode.Instruction {
				return append(code(k), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2),
					callF(k.fn("cmp", p.fn, nil, []tok{bytecode.Ref(ord)}, []tok{bytecode.Bool})))
			}
			cases = append(cases, c)
		}
	}
	return cases
}

func TestMoveCmp(t *testing.T) {
	runViews(t, "cmpv", cmpCases, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "cmp"), "Ordering", bytecode.AbilityCopy|bytecode.AbilityDrop) != ordHandle {
			t.Fatal("unexpected struct handle")
		}
	})
}
