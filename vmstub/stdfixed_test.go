package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::fixed_point32, std::bit_vector and aptos_std::comparator from Move
// code: results at the edges (exact maxima, truncation, rounding halves)
// and each abort code.

// The suite imports FixedPoint32, BitVector and comparator::Result after
// String and Option.
var (
	fp32T     = bytecode.StructOf(2)
	bitVecT   = bytecode.StructOf(3)
	cmpResT   = bytecode.StructOf(4)
	fixedAbil = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
)

func importFixedStructs(k *kit) {
	for i, s := range [][2]string{{"fixed_point32", "FixedPoint32"}, {"bit_vector", "BitVector"}, {"comparator", "Result"}} {
		ab := fixedAbil
		if s[1] == "Result" {
			ab = bytecode.AbilityDrop
		}
		if h := k.b.ImportStruct(k.b.ModuleRef(one, s[0]), s[1], ab); int(h) != i+2 {
			k.t.Fatalf("%s::%s is struct handle %d", s[0], s[1], h)
		}
	}
}

// fpArg is an argument of a fixed_point32 function: a u64 or (fp) the
// FixedPoint32 of that raw value.
type fpArg struct {
	fp  bool
	raw uint64
}

func fu(v uint64) fpArg { return fpArg{raw: v} }
func ff(v uint64) fpArg { return fpArg{fp: true, raw: v} }

// fpCase calls fixed_point32::fn on args; want is a u64 result's value
// (or a FixedPoint32's raw value), or abort a raw abort code.
func fpCase(name, fn string, ret tok, args []fpArg, want uint64, abort uint64) viewCase {
	c := viewCase{name: "fixed_point32::" + fn + " " + name, rets: []tok{ret}, code: func(k *kit) []bytecode.Instruction {
		var code []bytecode.Instruction
		params := make([]tok, len(args))
		raw := k.fn("fixed_point32", "create_from_raw_value", nil, []tok{u64T}, []tok{fp32T})
		for i, a := range args {
			params[i] = u64T
			code = append(code, in(bytecode.OpLdU64, a.raw))
			if a.fp {
				params[i] = fp32T
				code = append(code, callF(raw))
			}
		}
		return append(code, callF(k.fn("fixed_point32", fn, nil, params, []tok{ret})))
	}}
	switch {
	case abort != 0:
		c.abort = aborts("0x1::fixed_point32", abort)
	case fn == "less" || fn == "is_zero":
		c.want = bcsBool(want != 0)
	default:
		c.want = le64(want)
	}
	return c
}

func fixedCases(ledgerapi.Address) []viewCase {
	const half, one32 = uint64(1) << 31, uint64(1) << 32
	ok := func(name, fn string, ret tok, want uint64, args ...fpArg) viewCase {
		return fpCase(name, fn, ret, args, want, 0)
	}
	fails := func(name, fn string, ret tok, code uint64, args ...fpArg) viewCase {
		return fpCase(name, fn, ret, args, 0, code)
	}
	b := bytecode.Bool
	return []viewCase{
		ok("by a half", "multiply_u64", u64T, 50, fu(100), ff(half)),
		ok("truncates", "multiply_u64", u64T, 1, fu(3), ff(half)),
		ok("largest product", "multiply_u64", u64T, maxU64, fu(maxU64), ff(one32)),
		fails("overflow", "multiply_u64", u64T, 0x20003, fu(1<<63), ff(2*one32)),
		ok("raw product", "multiply_u64_return_fixpoint32", fp32T, 3*half, fu(3), ff(half)),
		fails("raw overflow", "multiply_u64_return_fixpoint32", fp32T, 0x20003, fu(one32), ff(one32)),
		ok("sum", "add", fp32T, maxU64, ff(maxU64-1), ff(1)),
		fails("sum overflow", "add", fp32T, 0x20006, ff(maxU64), ff(1)),
		ok("by one and a half", "divide_u64", u64T, 6, fu(10), ff(3*half)),
		ok("largest quotient", "divide_u64", u64T, (one32-1)<<32, fu(one32-1), ff(1)),
		fails("by zero", "divide_u64", u64T, 0x10004, fu(1), ff(0)),
		fails("quotient overflow", "divide_u64", u64T, 0x20002, fu(one32), ff(1)),
		ok("one half", "create_from_rational", fp32T, half, fu(1), fu(2)),
		ok("zero", "create_from_rational", fp32T, 0, fu(0), fu(5)),
		ok("smallest", "create_from_rational", fp32T, 1, fu(1), fu(one32)),
		ok("largest", "create_from_rational", fp32T, maxU64, fu(maxU64), fu(one32)),
		fails("zero denominator", "create_from_rational", fp32T, 0x10001, fu(1), fu(0)),
		fails("too small", "create_from_rational", fp32T, 0x20005, fu(1), fu(2*one32)),
		fails("too large", "create_from_rational", fp32T, 0x20005, fu(one32), fu(1)),
		ok("largest integer", "create_from_u64", fp32T, (one32-1)<<32, fu(one32-1)),
		fails("integer too large", "create_from_u64", fp32T, 0x20005, fu(one32)),
		ok("raw value", "get_raw_value", u64T, 12345, ff(12345)),
		ok("less", "less", b, 1, ff(1), ff(2)),
		ok("not less", "less", b, 0, ff(2), ff(2)),
		ok("is zero", "is_zero", b, 1, ff(0)),
		ok("min", "min", fp32T, 3, ff(7), ff(3)),
		ok("max", "max", fp32T, 7, ff(7), ff(3)),
		ok("1.5", "floor", u64T, 1, ff(one32+half)),
		ok("1.5", "ceil", u64T, 2, ff(one32+half)),
		ok("1.5", "round", u64T, 2, ff(one32+half)),
		ok("just under 1.5", "round", u64T, 1, ff(one32+half-1)),
		ok("2", "ceil", u64T, 2, ff(2*one32)),
		ok("largest", "floor", u64T, one32-1, ff(maxU64)),
		ok("largest", "ceil", u64T, one32, ff(maxU64)),
		ok("largest", "round", u64T, one32, ff(maxU64)),
	}
}

func TestMoveFixedPoint32(t *testing.T) { runViews(t, "fixed", fixedCases, importFixedStructs) }

// bvCase makes a BitVector of n bits in local 0, sets the bits of set,
// then runs tail (which ends with the case's results).
func bvCase(name string, n uint64, set []uint64, rets []tok, tail func(k *kit) []bytecode.Instruction) viewCase {
	return viewCase{name: "bit_vector " + name, rets: rets, locals: []tok{bitVecT}, code: func(k *kit) []bytecode.Instruction {
		code := []bytecode.Instruction{in(bytecode.OpLdU64, n), callF(k.fn("bit_vector", "new", nil, []tok{u64T}, []tok{bitVecT})), in(bytecode.OpStLoc, 0)}
		for _, i := range set {
			code = append(code, in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpLdU64, i), callF(k.bvFn("set", true, nil)))
		}
		return append(code, tail(k)...)
	}}
}

// bvFn is bit_vector::name(&[mut] BitVector, u64): rets.
func (k *kit) bvFn(name string, mut bool, rets []tok) bytecode.FunctionHandleIndex {
	ref := bytecode.Ref(bitVecT)
	if mut {
		ref = bytecode.MutRef(bitVecT)
	}
	return k.fn("bit_vector", name, nil, []tok{ref, u64T}, rets)
}

// bvBCS is the BCS of a BitVector of n bits with the bits of set.
func bvBCS(n int, set ...int) []byte {
	bits := make([]byte, n)
	for _, i := range set {
		bits[i] = 1
	}
	return cat(le64(uint64(n)), uleb(n), bits)
}

func bitVectorCases(ledgerapi.Address) []viewCase {
	whole := []tok{bitVecT}
	ret := func(k *kit) []bytecode.Instruction { return []bytecode.Instruction{in(bytecode.OpMoveLoc, 0)} }
	call := func(name string, mut bool, i uint64, rets []tok) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			borrow := bytecode.OpImmBorrowLoc
			if mut {
				borrow = bytecode.OpMutBorrowLoc
			}
			code := []bytecode.Instruction{in(borrow, 0), in(bytecode.OpLdU64, i), callF(k.bvFn(name, mut, rets))}
			if rets == nil {
				code = append(code, in(bytecode.OpMoveLoc, 0))
			}
			return code
		}
	}
	with := func(c viewCase, want []byte, abort uint64) viewCase {
		c.want = want
		if abort != 0 {
			c.abort = aborts("0x1::bit_vector", abort)
		}
		return c
	}
	b, u := []tok{bytecode.Bool}, []tok{u64T}
	return []viewCase{
		with(bvCase("new", 3, nil, whole, ret), bvBCS(3), 0),
		with(bvCase("new of the largest length", 1023, []uint64{1022}, whole, ret), bvBCS(1023, 1022), 0),
		with(bvCase("new of 0 bits", 0, nil, whole, ret), nil, 0x20001),
		with(bvCase("new of 1024 bits", 1024, nil, whole, ret), nil, 0x20001),
		with(bvCase("set", 10, []uint64{0, 9}, whole, ret), bvBCS(10, 0, 9), 0),
		with(bvCase("set past the end", 10, []uint64{10}, whole, ret), nil, 0x20000),
		with(bvCase("unset", 10, []uint64{3, 4}, whole, call("unset", true, 3, nil)), bvBCS(10, 4), 0),
		with(bvCase("unset past the end", 10, nil, whole, call("unset", true, 10, nil)), nil, 0x20000),
		with(bvCase("is_index_set", 10, []uint64{3}, b, call("is_index_set", false, 3, b)), bcsBool(true), 0),
		with(bvCase("is_index_set of a clear bit", 10, []uint64{3}, b, call("is_index_set", false, 4, b)), bcsBool(false), 0),
		with(bvCase("is_index_set past the end", 10, nil, b, call("is_index_set", false, 10, b)), nil, 0x20000),
		with(bvCase("length", 10, nil, u, func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), callF(k.fn("bit_vector", "length", nil, []tok{bytecode.Ref(bitVecT)}, u))}
		}), le64(10), 0),
		with(bvCase("longest run", 10, []uint64{2, 3, 4, 6}, u, call("longest_set_sequence_starting_at", false, 2, u)), le64(3), 0),
		with(bvCase("longest run to the end", 10, []uint64{8, 9}, u, call("longest_set_sequence_starting_at", false, 8, u)), le64(2), 0),
		with(bvCase("longest run of a clear bit", 10, []uint64{2}, u, call("longest_set_sequence_starting_at", false, 5, u)), le64(0), 0),
		with(bvCase("longest run past the end", 10, nil, u, call("longest_set_sequence_starting_at", false, 10, u)), nil, 0x20000),
		with(bvCase("shift_left", 10, []uint64{1, 3, 9}, whole, call("shift_left", true, 2, nil)), bvBCS(10, 1, 7), 0),
		with(bvCase("shift_left by the length", 10, []uint64{1, 3, 9}, whole, call("shift_left", true, 10, nil)), bvBCS(10), 0),
		with(bvCase("shift_left by more", 10, []uint64{9}, whole, call("shift_left", true, maxU64, nil)), bvBCS(10), 0),
	}
}

func TestMoveBitVector(t *testing.T) { runViews(t, "bits", bitVectorCases, importFixedStructs) }

func comparatorCases(ledgerapi.Address) []viewCase {
	res := []tok{cmpResT}
	bytesCase := func(name string, l, r string, want byte) viewCase {
		return viewCase{name: "compare_u8_vector " + name, rets: res, want: []byte{want}, code: func(k *kit) []bytecode.Instruction {
			h := k.fn("comparator", "compare_u8_vector", nil, []tok{bytesT, bytesT}, res)
			return []bytecode.Instruction{k.bytes([]byte(l)), k.bytes([]byte(r)), callF(h)}
		}}
	}
	// compare<T> compares BCS: a String's length comes first, so "alpha"
	// is greater than "beta" (Aptos's own test).
	strCase := func(name, l, r string, want byte) viewCase {
		return viewCase{name: "compare " + name, rets: res, locals: []tok{strT, strT}, want: []byte{want}, code: func(k *kit) []bytecode.Instruction {
			h := k.fn("comparator", "compare", anyTP, []tok{bytecode.Ref(bytecode.TypeParameter(0)), bytecode.Ref(bytecode.TypeParameter(0))}, res)
			code := append(k.utf8(l), in(bytecode.OpStLoc, 0))
			code = append(append(code, k.utf8(r)...), in(bytecode.OpStLoc, 1))
			return append(code, in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.callG(h, strT))
		}}
	}
	isCase := func(fn string, l, r string, want bool) viewCase {
		return viewCase{name: fn, rets: []tok{bytecode.Bool}, locals: res, want: bcsBool(want), code: func(k *kit) []bytecode.Instruction {
			h := k.fn("comparator", "compare_u8_vector", nil, []tok{bytesT, bytesT}, res)
			is := k.fn("comparator", fn, nil, []tok{bytecode.Ref(cmpResT)}, []tok{bytecode.Bool})
			return []bytecode.Instruction{k.bytes([]byte(l)), k.bytes([]byte(r)), callF(h), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(is)}
		}}
	}
	return []viewCase{
		bytesCase("equal", "abc", "abc", 0),
		bytesCase("empty", "", "", 0),
		bytesCase("smaller byte", "abc", "abd", 1),
		bytesCase("greater byte", "b", "abc", 2),
		bytesCase("prefix", "abc", "abcd", 1),
		bytesCase("longer", "abcd", "abc", 2),
		strCase("by length first", "alpha", "beta", 2),
		strCase("same length", "beta", "betb", 1),
		strCase("equal", "beta", "beta", 0),
		isCase("is_equal", "x", "x", true),
		isCase("is_smaller_than", "x", "y", true),
		isCase("is_greater_than", "x", "y", false),
	}
}

func TestMoveComparator(t *testing.T) { runViews(t, "cmps", comparatorCases, importFixedStructs) }
