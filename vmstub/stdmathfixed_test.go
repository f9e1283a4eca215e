package vmstub_test

import (
	"math/big"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::fixed_point64, math_fixed and math_fixed64 from Move code.
// Exact results are those of Aptos's Move algorithms (evaluated outside
// the VM); where Aptos's tests give an approximation (e, e^10, sqrt 2) the
// exact value is within its tolerance.

// The suite imports FixedPoint32 and FixedPoint64 after String and
// Option.
var (
	mfFp32T = bytecode.StructOf(2)
	mfFp64T = bytecode.StructOf(3)
)

func importFixed64Structs(k *kit) {
	for i, s := range [][2]string{{"fixed_point32", "FixedPoint32"}, {"fixed_point64", "FixedPoint64"}} {
		if h := k.b.ImportStruct(k.b.ModuleRef(one, s[0]), s[1], fixedAbil); int(h) != i+2 {
			k.t.Fatalf("%s::%s is struct handle %d", s[0], s[1], h)
		}
	}
}

// mfArg is an argument: a u64, a u128, or the FixedPoint32 (f32) or
// FixedPoint64 (f64) of a raw value.
type mfArg struct {
	kind string
	v    *big.Int
}

func a64(v uint64) mfArg      { return mfArg{"u64", n(v)} }
func a128(v *big.Int) mfArg   { return mfArg{"u128", v} }
func f32(v uint64) mfArg      { return mfArg{"f32", n(v)} }
func f64(v *big.Int) mfArg    { return mfArg{"f64", v} }
func big10(s string) *big.Int { v, _ := new(big.Int).SetString(s, 10); return v }

// mfCase calls mod::fn(args) returning ret ("u128", "bool", "f32",
// "f64"); want is the returned integer (a raw value for a fixed point).
func mfCase(mod, fn, name string, ret string, args []mfArg, want *big.Int) viewCase {
	retT := map[string]tok{"u128": bytecode.U128, "bool": bytecode.Bool, "f32": mfFp32T, "f64": mfFp64T}[ret]
	c := viewCase{name: mod + "::" + fn + " " + name, rets: []tok{retT}, code: func(k *kit) []bytecode.Instruction {
		var code []bytecode.Instruction
		params := make([]tok, len(args))
		for i, a := range args {
			switch a.kind {
			case "u64", "f32":
				params[i] = u64T
				code = append(code, in(bytecode.OpLdU64, a.v.Uint64()))
			default:
				params[i] = bytecode.U128
				code = append(code, in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.U128, le128(a.v)))))
			}
			switch a.kind {
			case "f32":
				params[i] = mfFp32T
				code = append(code, callF(k.fn("fixed_point32", "create_from_raw_value", nil, []tok{u64T}, []tok{mfFp32T})))
			case "f64":
				params[i] = mfFp64T
				code = append(code, callF(k.fn("fixed_point64", "create_from_raw_value", nil, []tok{bytecode.U128}, []tok{mfFp64T})))
			}
		}
		return append(code, callF(k.fn(mod, fn, nil, params, []tok{retT})))
	}}
	if want != nil {
		switch ret {
		case "bool":
			c.want = bcsBool(want.Sign() != 0)
		case "f32":
			c.want = le64(want.Uint64())
		default:
			c.want = le128(want)
		}
	}
	return c
}

func mfAborts(c viewCase, mod string, code uint64) viewCase {
	c.abort = aborts("0x1::"+mod, code)
	return c
}

func mfFails(c viewCase) viewCase { c.failed = true; return c }

func mathFixedCases(ledgerapi.Address) []viewCase {
	fp := func(fn, name, ret string, want *big.Int, args ...mfArg) viewCase {
		return mfCase("fixed_point64", fn, name, ret, args, want)
	}
	m32 := func(fn, name string, want *big.Int, args ...mfArg) viewCase {
		return mfCase("math_fixed", fn, name, "f32", args, want)
	}
	m64 := func(fn, name string, want *big.Int, args ...mfArg) viewCase {
		return mfCase("math_fixed64", fn, name, "f64", args, want)
	}
	one := pow2(64, false)
	half := pow2(63, false)
	top := pow2(128, true)
	mul := func(a *big.Int, k int64) *big.Int { return new(big.Int).Mul(a, big.NewInt(k)) }
	add := func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }
	ln2x64 := big10("12786308645202655660")
	t, f := n(1), n(0)
	return []viewCase{
		// fixed_point64
		fp("multiply_u128", "by a half", "u128", n(50), a128(n(100)), f64(half)),
		fp("multiply_u128", "largest", "u128", top, a128(top), f64(one)),
		mfAborts(fp("multiply_u128", "overflow", "u128", nil, a128(pow2(127, false)), f64(pow2(65, false))), "fixed_point64", 0x20003),
		fp("divide_u128", "by one and a half", "u128", n(6), a128(n(10)), f64(mul(half, 3))),
		mfAborts(fp("divide_u128", "by zero", "u128", nil, a128(n(1)), f64(n(0))), "fixed_point64", 0x10004),
		mfAborts(fp("divide_u128", "overflow", "u128", nil, a128(one), f64(n(1))), "fixed_point64", 0x20002),
		fp("create_from_rational", "a third", "f64", big10("6148914691236517205"), a128(n(1)), a128(n(3))),
		mfAborts(fp("create_from_rational", "zero denominator", "f64", nil, a128(n(1)), a128(n(0))), "fixed_point64", 0x10001),
		mfAborts(fp("create_from_rational", "too small", "f64", nil, a128(n(1)), a128(pow2(65, false))), "fixed_point64", 0x20005),
		mfAborts(fp("create_from_rational", "too large", "f64", nil, a128(one), a128(n(1))), "fixed_point64", 0x20005),
		fp("sub", "difference", "f64", n(2), f64(n(5)), f64(n(3))),
		mfAborts(fp("sub", "negative", "f64", nil, f64(n(1)), f64(n(2))), "fixed_point64", 0x10006),
		fp("add", "largest sum", "f64", top, f64(pow2(128, true)), f64(n(0))),
		mfAborts(fp("add", "overflow", "f64", nil, f64(top), f64(n(1))), "fixed_point64", 0x20005),
		fp("create_from_u128", "largest", "f64", new(big.Int).Lsh(pow2(64, true), 64), a128(pow2(64, true))),
		mfAborts(fp("create_from_u128", "too large", "f64", nil, a128(one)), "fixed_point64", 0x20005),
		fp("almost_equal", "within", "bool", t, f64(n(10)), f64(n(13)), f64(n(3))),
		fp("almost_equal", "beyond", "bool", f, f64(n(14)), f64(n(10)), f64(n(3))),
		fp("less_or_equal", "equal", "bool", t, f64(n(3)), f64(n(3))),
		fp("less", "equal", "bool", f, f64(n(3)), f64(n(3))),
		fp("greater_or_equal", "smaller", "bool", f, f64(n(2)), f64(n(3))),
		fp("greater", "greater", "bool", t, f64(n(4)), f64(n(3))),
		fp("equal", "equal", "bool", t, f64(n(3)), f64(n(3))),
		fp("is_zero", "zero", "bool", t, f64(n(0))),
		fp("min", "min", "f64", n(3), f64(n(7)), f64(n(3))),
		fp("max", "max", "f64", n(7), f64(n(7)), f64(n(3))),
		fp("get_raw_value", "raw", "u128", n(9), f64(n(9))),
		fp("floor", "1.5", "u128", n(1), f64(add(one, half))),
		fp("ceil", "1.5", "u128", n(2), f64(add(one, half))),
		fp("round", "1.5", "u128", n(2), f64(add(one, half))),
		fp("round", "just under 1.5", "u128", n(1), f64(new(big.Int).Sub(add(one, half), n(1)))),
		fp("ceil", "largest", "u128", one, f64(top)),
		fp("round", "largest", "u128", one, f64(top)),

		// math_fixed
		m32("sqrt", "of 1", n(1<<32), f32(1<<32)),
		m32("sqrt", "of 2", n(6074000999), f32(2<<32)),
		m32("exp", "of 0", n(1<<32), f32(0)),
		m32("exp", "of 1", n(11674926275), f32(1<<32)),
		m32("exp", "largest", n(18446725223546989188), f32(32*2977044472-1)),
		mfAborts(m32("exp", "overflow", nil, f32(32*2977044472)), "math_fixed", 0x30001),
		m32("pow", "2^10", n(1024<<32), f32(2<<32), a64(10)),
		mfFails(m32("pow", "2^32 overflows", nil, f32(2<<32), a64(32))),
		m32("mul_div", "1·3/2", n(3<<31), f32(1<<32), f32(3<<32), f32(2<<32)),
		mfFails(m32("mul_div", "by zero", nil, f32(1<<32), f32(1<<32), f32(0))),

		// math_fixed64
		m64("sqrt", "of 1", one, f64(one)),
		m64("sqrt", "of 2", big10("26087635650665564425"), f64(mul(one, 2))),
		mfFails(m64("sqrt", "of 0", nil, f64(n(0)))),
		m64("exp", "of 0", one, f64(n(0))),
		m64("exp", "of 1", big10("50143449209799256461"), f64(one)),
		m64("exp", "of 10", big10("406316577365116944731355"), f64(mul(one, 10))),
		m64("exp", "largest", big10("340282366920938460084688923647656845316"), f64(new(big.Int).Sub(mul(ln2x64, 64), n(1)))),
		mfAborts(m64("exp", "overflow", nil, f64(mul(ln2x64, 64))), "math_fixed64", 0x30001),
		m64("log2_plus_64", "of 1", new(big.Int).Lsh(n(64), 64), f64(one)),
		m64("log2_plus_64", "of 2^-64", n(0), f64(n(1))),
		m64("log2_plus_64", "of 2^63", new(big.Int).Lsh(n(127), 64), f64(pow2(127, false))),
		mfAborts(m64("log2_plus_64", "of 0", nil, f64(n(0))), "math_fixed64", 0x10001),
		m64("ln_plus_32ln2", "of 1", mul(ln2x64, 64), f64(one)),
		m64("pow", "2^10", new(big.Int).Lsh(n(1024), 64), f64(mul(one, 2)), a64(10)),
		mfFails(m64("pow", "2^64 overflows", nil, f64(mul(one, 2)), a64(64))),
		m64("mul_div", "1·3/2", mul(half, 3), f64(one), f64(mul(one, 3)), f64(mul(one, 2))),
		mfAborts(m64("mul_div", "by zero", nil, f64(one), f64(one), f64(n(0))), "math_fixed64", 0x10004),
	}
}

func TestMoveFixedPoint64AndMathFixed(t *testing.T) {
	runViews(t, "mfixed", mathFixedCases, importFixed64Structs)
}
