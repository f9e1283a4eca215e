package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// 0x1::aggregator_v2 from Move code: bounded adds and subtractions that
// report false (try_*) or abort (add, sub) outside [0, max_value], reads,
// snapshots and derived strings at Aptos's widths, and the abort codes of
// Aptos's natives for unsupported types and deprecated functions.

// The aggregator_v2 struct handles, imported (aggImports) right after the
// kit's String and Option.
var (
	aggOf  = func(t tok) tok { return bytecode.StructOf(2, t) }
	snapOf = func(t tok) tok { return bytecode.StructOf(3, t) }
	derT   = bytecode.StructOf(4)
)

func aggImports(k *kit) {
	m := k.b.ModuleRef(one, "aggregator_v2")
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	if k.b.ImportStruct(m, "Aggregator", ds, bytecode.StructTypeParameter{}) != 2 ||
		k.b.ImportStruct(m, "AggregatorSnapshot", ds, bytecode.StructTypeParameter{}) != 3 ||
		k.b.ImportStruct(m, "DerivedStringSnapshot", ds) != 4 {
		k.t.Fatal("aggregator_v2 structs are not handles 2, 3, 4")
	}
}

// aggCall calls aggregator_v2::name instantiated with t (generic
// functions; cd for the copy + drop constraint).
func aggCall(k *kit, name string, t tok, cd bool, params, rets []tok) bytecode.Instruction {
	tp := anyTP
	if cd {
		tp = []bytecode.AbilitySet{copyDropT}
	}
	return k.callG(k.fn("aggregator_v2", name, tp, params, rets), t)
}

func aggCases(ledgerapi.Address) []viewCase {
	T := bytecode.TypeParameter(0)
	create := func(k *kit, max uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdU64, max), aggCall(k, "create_aggregator", u64T, true, []tok{T}, []tok{aggOf(T)}), in(bytecode.OpStLoc, 0)}
	}
	op := func(k *kit, name string, x uint64, ret bool) []bytecode.Instruction {
		var rets []tok
		if ret {
			rets = []tok{bytecode.Bool}
		}
		return []bytecode.Instruction{in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, x),
			aggCall(k, name, u64T, false, []tok{bytecode.MutRef(aggOf(T)), T}, rets)}
	}
	atLeast := func(k *kit, x uint64) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpLdU64, x),
			aggCall(k, "is_at_least", u64T, false, []tok{bytecode.Ref(aggOf(T)), T}, []tok{bytecode.Bool})}
	}
	read := func(k *kit, name string, cd bool) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), aggCall(k, name, u64T, cd, []tok{bytecode.Ref(aggOf(T))}, []tok{T})}
	}
	seq := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	aggU64 := []tok{aggOf(u64T)}
	b, u := bytecode.Bool, u64T
	cases := []viewCase{
		{name: "try_add within and beyond max_value, read, is_at_least, max_value", rets: []tok{b, b, u, b, b, u}, locals: aggU64,
			code: func(k *kit) []bytecode.Instruction {
				return seq(create(k, 10), op(k, "try_add", 7, true), op(k, "try_add", 4, true), read(k, "read", false),
					atLeast(k, 7), atLeast(k, 8), read(k, "max_value", true))
			}, want: append(append(append([]byte{1, 0}, le64(7)...), 1, 0), le64(10)...)},
		{name: "try_sub below zero leaves the value", rets: []tok{b, b, u}, locals: aggU64,
			code: func(k *kit) []bytecode.Instruction {
				return seq(create(k, 10), op(k, "add", 3, false), op(k, "try_sub", 4, true), op(k, "try_sub", 3, true), read(k, "read", false))
			}, want: append([]byte{0, 1}, le64(0)...)},
		{name: "add beyond max_value", locals: aggU64, code: func(k *kit) []bytecode.Instruction {
			return seq(create(k, 1), op(k, "add", 2, false))
		}, abort: aborts("0x1::aggregator_v2", 0x20001)},
		{name: "sub below zero", locals: aggU64, code: func(k *kit) []bytecode.Instruction {
			return seq(create(k, 1), op(k, "sub", 1, false))
		}, abort: aborts("0x1::aggregator_v2", 0x20002)},
		{name: "create_aggregator_with_value above max", code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdU64, 5), in(bytecode.OpLdU64, 3),
				aggCall(k, "create_aggregator_with_value", u64T, true, []tok{T, T}, []tok{aggOf(T)}), in(bytecode.OpPop)}
		}, abort: aborts("0x1::aggregator_v2", 0x20001)},
		{name: "create_aggregator<bool>", code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdTrue), aggCall(k, "create_aggregator", b, true, []tok{T}, []tok{aggOf(T)}), in(bytecode.OpPop)}
		}, abort: aborts("0x1::aggregator_v2", 0x30007)},
		{name: "unbounded u128 with value: max_value is u128::MAX", rets: []tok{bytecode.U128, bytecode.U128}, locals: []tok{aggOf(bytecode.U128)},
			code: func(k *kit) []bytecode.Instruction {
				U := bytecode.U128
				return []bytecode.Instruction{in(bytecode.OpLdConst, uint64(k.b.Constant(U, le128(n(5))))),
					aggCall(k, "create_unbounded_aggregator_with_value", U, true, []tok{T}, []tok{aggOf(T)}), in(bytecode.OpStLoc, 0),
					in(bytecode.OpImmBorrowLoc, 0), aggCall(k, "max_value", U, true, []tok{bytecode.Ref(aggOf(T))}, []tok{T}),
					in(bytecode.OpImmBorrowLoc, 0), aggCall(k, "read", U, false, []tok{bytecode.Ref(aggOf(T))}, []tok{T})}
			}, want: append([]byte(strings.Repeat("\xff", 16)), le128(n(5))...)},
		{name: "derive_string_concat of a u64 snapshot", rets: []tok{derT, strT}, locals: []tok{snapOf(u64T), derT, strT},
			code: func(k *kit) []bytecode.Instruction {
				return seq([]bytecode.Instruction{in(bytecode.OpLdU64, 42), aggCall(k, "create_snapshot", u64T, true, []tok{T}, []tok{snapOf(T)}), in(bytecode.OpStLoc, 0)},
					k.utf8("#"), []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0)}, k.utf8("!"),
					[]bytecode.Instruction{aggCall(k, "derive_string_concat", u64T, false, []tok{strT, bytecode.Ref(snapOf(T)), strT}, []tok{derT}),
						in(bytecode.OpStLoc, 1), in(bytecode.OpImmBorrowLoc, 1),
						callF(k.fn("aggregator_v2", "read_derived_string", nil, []tok{bytecode.Ref(derT)}, []tok{strT})),
						in(bytecode.OpStLoc, 2), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2)})
			}, want: append(derived("#42!", 24), derivedStr("#42!")...)},
		{name: "create_derived_string pads to 22 bytes", rets: []tok{derT}, code: func(k *kit) []bytecode.Instruction {
			return append(k.utf8("Tom"), callF(k.fn("aggregator_v2", "create_derived_string", nil, []tok{strT}, []tok{derT})))
		}, want: derived("Tom", 22)},
		{name: "create_derived_string over 1024 bytes", code: func(k *kit) []bytecode.Instruction {
			return append(k.utf8(strings.Repeat("x", 1025)), callF(k.fn("aggregator_v2", "create_derived_string", nil, []tok{strT}, []tok{derT})), in(bytecode.OpPop))
		}, abort: aborts("0x1::aggregator_v2", 0x30008)},
		{name: "copy_snapshot is not supported", locals: []tok{snapOf(u64T)}, code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpLdU64, 1), aggCall(k, "create_snapshot", u64T, true, []tok{T}, []tok{snapOf(T)}), in(bytecode.OpStLoc, 0),
				in(bytecode.OpImmBorrowLoc, 0), aggCall(k, "copy_snapshot", u64T, true, []tok{bytecode.Ref(snapOf(T))}, []tok{snapOf(T)}), in(bytecode.OpPop)}
		}, abort: aborts("0x1::aggregator_v2", 0x30009)},
	}
	// A view returns a value: the aborting cases end with a bool they
	// never reach.
	for i, tc := range cases {
		if tc.abort != nil {
			code := tc.code
			cases[i].rets = []tok{bytecode.Bool}
			cases[i].code = func(k *kit) []bytecode.Instruction { return append(code(k), in(bytecode.OpLdTrue)) }
		}
	}
	return cases
}

// derivedStr is the BCS of a String s; derived that of a
// DerivedStringSnapshot holding s at width (value, then padding).
func derivedStr(s string) []byte { return append(uleb(len(s)), s...) }

func derived(s string, width int) []byte {
	pad := width - len(derivedStr(s)) - 1
	return append(append(derivedStr(s), uleb(pad)...), make([]byte, pad)...)
}

func TestAggregatorV2FromMove(t *testing.T) { runViews(t, "aggv2", aggCases, aggImports) }
