package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::string and std::option from Move code. Abort codes are Aptos's:
// string EINVALID_UTF8 = 1, EINVALID_INDEX = 2; option EOPTION_IS_SET =
// 0x40000, EOPTION_NOT_SET = 0x40001, EOPTION_VEC_TOO_LONG = 0x40002.

var (
	u64s1  = []tok{bytecode.U64}
	bools1 = []tok{bytecode.Bool}
)

const (
	strMod = "0x1::string"
	optMod = "0x1::option"
)

func stringCases(ledgerapi.Address) []viewCase {
	bytesT := bytecode.Vector(bytecode.U8)
	// sub calls string::sub_string on "héllo" (é is 2 bytes).
	sub := func(i, j uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "sub_string", nil, []tok{bytecode.Ref(strT), u64T, u64T}, []tok{strT})
			return append(k.utf8("héllo"), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0),
				in(bytecode.OpLdU64, i), in(bytecode.OpLdU64, j), callF(h))
		}
	}
	// unary calls a fn(&String) on s.
	unary := func(name string, ret tok, s string) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", name, nil, []tok{bytecode.Ref(strT)}, []tok{ret})
			return append(k.utf8(s), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h))
		}
	}
	indexOf := func(s, r string) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "index_of", nil, []tok{bytecode.Ref(strT), bytecode.Ref(strT)}, []tok{u64T})
			code := append(k.utf8(s), in(bytecode.OpStLoc, 0))
			code = append(append(code, k.utf8(r)...), in(bytecode.OpStLoc, 1))
			return append(code, in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), callF(h))
		}
	}
	appendUTF8 := func(add []byte) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "append_utf8", nil, []tok{bytecode.MutRef(strT), bytesT}, nil)
			return append(k.utf8("foo"), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), k.bytes(add), callF(h), in(bytecode.OpMoveLoc, 0))
		}
	}
	insert := func(at uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "insert", nil, []tok{bytecode.MutRef(strT), u64T, strT}, nil)
			code := append(k.utf8("héllo"), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, at))
			return append(append(code, k.utf8("XY")...), callF(h), in(bytecode.OpMoveLoc, 0))
		}
	}
	checkUTF8 := func(b []byte) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "internal_check_utf8", nil, []tok{bytecode.Ref(bytesT)}, bools1)
			return []bytecode.Instruction{k.bytes(b), in(bytecode.OpStLoc, 2), in(bytecode.OpImmBorrowLoc, 2), callF(h)}
		}
	}
	tryUTF8 := func(b []byte) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "try_utf8", nil, []tok{bytesT}, []tok{optOf(strT)})
			return []bytecode.Instruction{k.bytes(b), callF(h)}
		}
	}
	cases := []viewCase{
		{name: "utf8", code: func(k *kit) []bytecode.Instruction { return k.utf8("héllo") }, want: bcsBytes([]byte("héllo"))},
		{name: "utf8 invalid", code: func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "utf8", nil, []tok{bytesT}, []tok{strT})
			return []bytecode.Instruction{k.bytes([]byte{'a', 0xff}), callF(h)}
		}, abort: aborts(strMod, 1)},
		{rets: []tok{optOf(strT)}, name: "try_utf8", code: tryUTF8([]byte("ok")), want: cat([]byte{1}, bcsBytes([]byte("ok")))},
		{rets: []tok{optOf(strT)}, name: "try_utf8 invalid", code: tryUTF8([]byte{0xc3}), want: []byte{0}},
		{rets: u64s1, name: "length counts bytes", code: unary("length", u64T, "héllo"), want: le64(6)},
		{rets: bools1, name: "is_empty of empty", code: unary("is_empty", bytecode.Bool, ""), want: bcsBool(true)},
		{rets: bools1, name: "is_empty of text", code: unary("is_empty", bytecode.Bool, "a"), want: bcsBool(false)},
		{rets: u64s1, name: "index_of", code: indexOf("hello world", "wor"), want: le64(6)},
		{rets: u64s1, name: "index_of missing is length", code: indexOf("hello world", "xyz"), want: le64(11)},
		{rets: u64s1, name: "index_of empty", code: indexOf("abc", ""), want: le64(0)},
		{name: "sub_string", code: sub(0, 3), want: bcsBytes([]byte("hé"))},
		{name: "sub_string whole", code: sub(0, 6), want: bcsBytes([]byte("héllo"))},
		{name: "sub_string inside a character", code: sub(0, 2), abort: aborts(strMod, 2)},
		{name: "sub_string past the end", code: sub(3, 7), abort: aborts(strMod, 2)},
		{name: "sub_string reversed", code: sub(3, 1), abort: aborts(strMod, 2)},
		{name: "append", code: func(k *kit) []bytecode.Instruction {
			h := k.fn("string", "append", nil, []tok{bytecode.MutRef(strT), strT}, nil)
			code := append(k.utf8("foo"), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0))
			return append(append(code, k.utf8("bär")...), callF(h), in(bytecode.OpMoveLoc, 0))
		}, want: bcsBytes([]byte("foobär"))},
		{name: "append_utf8", code: appendUTF8([]byte("é!")), want: bcsBytes([]byte("fooé!"))},
		{name: "append_utf8 invalid", code: appendUTF8([]byte{0xe9}), abort: aborts(strMod, 1)},
		{name: "insert", code: insert(3), want: bcsBytes([]byte("héXYllo"))},
		{name: "insert at the end", code: insert(6), want: bcsBytes([]byte("hélloXY"))},
		{name: "insert inside a character", code: insert(2), abort: aborts(strMod, 2)},
		{name: "insert past the end", code: insert(7), abort: aborts(strMod, 2)},
		{rets: bools1, name: "internal_check_utf8", code: checkUTF8([]byte("é")), want: bcsBool(true)},
		{rets: bools1, name: "internal_check_utf8 invalid", code: checkUTF8([]byte{0xed, 0xa0, 0x80}), want: bcsBool(false)},
	}
	for i := range cases {
		cases[i].locals = []tok{strT, strT, bytesT}
		if cases[i].rets == nil {
			cases[i].rets = []tok{strT}
		}
	}
	return cases
}

func optionCases(ledgerapi.Address) []viewCase {
	// some leaves option::some(v) on the stack.
	some := func(k *kit, v uint64) []bytecode.Instruction {
		h := k.fn("option", "some", anyTP, []tok{bytecode.TypeParameter(0)}, []tok{optOf(bytecode.TypeParameter(0))})
		return []bytecode.Instruction{in(bytecode.OpLdU64, v), k.callG(h, u64T)}
	}
	none := func(k *kit) []bytecode.Instruction {
		h := k.fn("option", "none", anyTP, nil, []tok{optOf(bytecode.TypeParameter(0))})
		return []bytecode.Instruction{k.callG(h, u64T)}
	}
	maybe := func(k *kit, v int) []bytecode.Instruction {
		if v < 0 {
			return none(k)
		}
		return some(k, uint64(v))
	}
	optT := func(k *kit) tok { return optOf(bytecode.TypeParameter(0)) }
	// pred calls is_none/is_some on an option in local 0.
	pred := func(name string, v int) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("option", name, anyTP, []tok{bytecode.Ref(optT(k))}, []tok{bytecode.Bool})
			return append(maybe(k, v), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, u64T))
		}
	}
	contains := func(v int, x uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("option", "contains", anyTP, []tok{bytecode.Ref(optT(k)), bytecode.Ref(bytecode.TypeParameter(0))}, []tok{bytecode.Bool})
			return append(maybe(k, v), in(bytecode.OpStLoc, 0), in(bytecode.OpLdU64, x), in(bytecode.OpStLoc, 1),
				in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.callG(h, u64T))
		}
	}
	withDefault := func(v int) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("option", "get_with_default", []bytecode.AbilitySet{copyDropT}, []tok{bytecode.Ref(optT(k)), bytecode.TypeParameter(0)},
				[]tok{bytecode.TypeParameter(0)})
			return append(maybe(k, v), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, 5), k.callG(h, u64T))
		}
	}
	consume := func(name string, v int, ret []tok) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			var rets []tok
			for range ret {
				rets = append(rets, bytecode.TypeParameter(0))
			}
			h := k.fn("option", name, anyTP, []tok{optT(k)}, rets)
			code := append(maybe(k, v), k.callG(h, u64T))
			if len(ret) == 0 {
				code = append(code, in(bytecode.OpLdTrue))
			}
			return code
		}
	}
	destroyDefault := func(v int) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("option", "destroy_with_default", []bytecode.AbilitySet{bytecode.AbilityDrop}, []tok{optT(k), bytecode.TypeParameter(0)},
				[]tok{bytecode.TypeParameter(0)})
			return append(maybe(k, v), in(bytecode.OpLdU64, 5), k.callG(h, u64T))
		}
	}
	fromVec := func(vs ...uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("option", "from_vec", anyTP, []tok{bytecode.Vector(bytecode.TypeParameter(0))}, []tok{optT(k)})
			return []bytecode.Instruction{k.u64s(vs...), k.callG(h, u64T)}
		}
	}
	// mutate calls extract/fill/swap_or_fill on local 0 and returns its
	// result, then the option.
	mutate := func(name string, v int, arg bool, ret bool) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			params := []tok{bytecode.MutRef(optT(k))}
			if arg {
				params = append(params, bytecode.TypeParameter(0))
			}
			var rets []tok
			if ret {
				rets = []tok{bytecode.TypeParameter(0)}
				if name == "swap_or_fill" {
					rets = []tok{optT(k)}
				}
			}
			h := k.fn("option", name, anyTP, params, rets)
			code := append(maybe(k, v), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0))
			if arg {
				code = append(code, in(bytecode.OpLdU64, 3))
			}
			return append(code, k.callG(h, u64T), in(bytecode.OpMoveLoc, 0))
		}
	}
	someB := func(v uint64) []byte { return cat([]byte{1}, le64(v)) }
	noneB := []byte{0}
	cases := []viewCase{
		{name: "none", code: none, want: noneB},
		{name: "some", code: func(k *kit) []bytecode.Instruction { return some(k, 7) }, want: someB(7)},
		{rets: bools1, name: "is_none of some", code: pred("is_none", 7), want: bcsBool(false)},
		{rets: bools1, name: "is_none of none", code: pred("is_none", -1), want: bcsBool(true)},
		{rets: bools1, name: "is_some of some", code: pred("is_some", 7), want: bcsBool(true)},
		{rets: bools1, name: "is_some of none", code: pred("is_some", -1), want: bcsBool(false)},
		{rets: bools1, name: "contains", code: contains(7, 7), want: bcsBool(true)},
		{rets: bools1, name: "contains other", code: contains(7, 8), want: bcsBool(false)},
		{rets: bools1, name: "contains in none", code: contains(-1, 0), want: bcsBool(false)},
		{rets: u64s1, name: "get_with_default of some", code: withDefault(7), want: le64(7)},
		{rets: u64s1, name: "get_with_default of none", code: withDefault(-1), want: le64(5)},
		{rets: u64s1, name: "destroy_some", code: consume("destroy_some", 9, []tok{u64T}), want: le64(9)},
		{rets: u64s1, name: "destroy_some of none", code: consume("destroy_some", -1, []tok{u64T}), abort: aborts(optMod, 0x40001)},
		{rets: bools1, name: "destroy_none", code: consume("destroy_none", -1, nil), want: bcsBool(true)},
		{rets: bools1, name: "destroy_none of some", code: consume("destroy_none", 1, nil), abort: aborts(optMod, 0x40000)},
		{name: "from_vec one", code: fromVec(9), want: someB(9)},
		{name: "from_vec empty", code: fromVec(), want: noneB},
		{name: "from_vec two", code: fromVec(1, 2), abort: aborts(optMod, 0x40002)},
		{rets: []tok{bytecode.Vector(u64T)}, name: "to_vec", code: func(k *kit) []bytecode.Instruction {
			h := k.fn("option", "to_vec", anyTP, []tok{optT(k)}, []tok{bytecode.Vector(bytecode.TypeParameter(0))})
			return append(some(k, 4), k.callG(h, u64T))
		}, want: u64Vec(4)},
		{rets: []tok{u64T, optOf(u64T)}, name: "extract", code: mutate("extract", 7, false, true), want: cat(le64(7), noneB)},
		{rets: []tok{u64T, optOf(u64T)}, name: "extract of none", code: mutate("extract", -1, false, true), abort: aborts(optMod, 0x40001)},
		{name: "fill", code: mutate("fill", -1, true, false), want: someB(3)},
		{name: "fill of some", code: mutate("fill", 1, true, false), abort: aborts(optMod, 0x40000)},
		{rets: []tok{optOf(u64T), optOf(u64T)}, name: "swap_or_fill of some", code: mutate("swap_or_fill", 7, true, true), want: cat(someB(7), someB(3))},
		{rets: []tok{optOf(u64T), optOf(u64T)}, name: "swap_or_fill of none", code: mutate("swap_or_fill", -1, true, true), want: cat(noneB, someB(3))},
		{rets: []tok{u64T, optOf(u64T)}, name: "swap", code: mutate("swap", 7, true, true), want: cat(le64(7), someB(3))},
		{rets: []tok{u64T, optOf(u64T)}, name: "swap of none", code: mutate("swap", -1, true, true), abort: aborts(optMod, 0x40001)},
		{rets: u64s1, name: "destroy_with_default of some", code: destroyDefault(7), want: le64(7)},
		{rets: u64s1, name: "destroy_with_default of none", code: destroyDefault(-1), want: le64(5)},
	}
	for i := range cases {
		cases[i].locals = []tok{optOf(u64T), u64T}
		if cases[i].rets == nil {
			cases[i].rets = []tok{optOf(u64T)}
		}
	}
	return cases
}

func TestMoveStringNatives(t *testing.T) { runViews(t, "strings", stringCases, nil) }

func TestMoveOptionNatives(t *testing.T) { runViews(t, "options", optionCases, nil) }
