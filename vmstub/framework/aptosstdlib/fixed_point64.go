package aptosstdlib

// 0x1::fixed_point64: FixedPoint64 (a u128 with 64 fractional bits) and all
// the module's public functions — sub, add, multiply_u128, divide_u128,
// create_from_rational, create_from_raw_value, get_raw_value, is_zero,
// min, max, less_or_equal, less, greater_or_equal, greater, equal,
// almost_equal, create_from_u128, floor, ceil, round — with Aptos's raw
// abort codes. Each call is charged native.WideIntCost.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort codes of 0x1::fixed_point64 (raw constants).
const (
	EFixed64Denominator     = 0x10001 // EDENOMINATOR
	EFixed64Division        = 0x20002 // EDIVISION
	EFixed64Multiplication  = 0x20003 // EMULTIPLICATION
	EFixed64DivisionByZero  = 0x10004 // EDIVISION_BY_ZERO
	EFixed64RatioOutOfRange = 0x20005 // ERATIO_OUT_OF_RANGE
	EFixed64NegativeResult  = 0x10006 // ENEGATIVE_RESULT
)

// FixedPoint64Tag is the type of 0x1::fixed_point64::FixedPoint64.
var FixedPoint64Tag = ledgerapi.StructTag{Address: addr, Module: "fixed_point64", Name: "FixedPoint64"}

// maxU128 is 2^128 − 1; one64 is 2^64, the FixedPoint64 of 1.
var (
	maxU128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	one64   = new(big.Int).Lsh(big.NewInt(1), 64)
)

// fixedRaw reads an integer argument or a fixed-point value's raw value
// (its one field).
func fixedRaw(v movevm.Value) *big.Int {
	if v.Type().Kind == movevm.KindStruct {
		v = v.Elem(0)
	}
	return v.AsBig()
}

// newFixedPoint64 builds FixedPoint64 { value: raw }.
func newFixedPoint64(c *native.Context, raw *big.Int) (movevm.Value, error) {
	t, err := c.TypeOf(ledgerapi.StructType(FixedPoint64Tag))
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Struct(t, movevm.U128(raw))
}

// FixedPoint64 declares 0x1::fixed_point64.
func FixedPoint64() native.Module {
	const fp = "0x1::fixed_point64::FixedPoint64"
	type op = func(c *native.Context, x []*big.Int) (*big.Int, error)
	fn := func(name string, params []string, ret string, f op) native.Function {
		return native.Function{Name: name, Params: params, Return: []string{ret},
			Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				if err := c.Charge(native.WideIntCost); err != nil {
					return nil, err
				}
				x := make([]*big.Int, len(args))
				for i, a := range args {
					x[i] = fixedRaw(a)
				}
				r, err := f(c, x)
				if err != nil {
					return nil, err
				}
				switch ret {
				case "bool":
					return []movevm.Value{movevm.Bool(r.Sign() != 0)}, nil
				case "u128":
					return []movevm.Value{movevm.U128(r)}, nil
				}
				v, err := newFixedPoint64(c, r)
				return []movevm.Value{v}, err
			}}
	}
	truth := func(b bool) (*big.Int, error) {
		if b {
			return big.NewInt(1), nil
		}
		return new(big.Int), nil
	}
	cmp := func(name string, ok func(int) bool) native.Function {
		return fn(name, []string{fp, fp}, "bool", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return truth(ok(x[0].Cmp(x[1]))) })
	}
	abort := func(c *native.Context, code uint64) (*big.Int, error) { return nil, c.Abort(code) }
	f, ff := []string{fp}, []string{fp, fp}
	return native.Module{Address: addr, Name: "fixed_point64",
		Structs: []native.Struct{{Name: "FixedPoint64", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"value: u128"}}},
		Functions: []native.Function{
			fn("sub", ff, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if x[0].Cmp(x[1]) < 0 {
					return abort(c, EFixed64NegativeResult)
				}
				return new(big.Int).Sub(x[0], x[1]), nil
			}),
			fn("add", ff, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if s := new(big.Int).Add(x[0], x[1]); s.Cmp(maxU128) <= 0 {
					return s, nil
				}
				return abort(c, EFixed64RatioOutOfRange)
			}),
			fn("multiply_u128", []string{"u128", fp}, "u128", func(c *native.Context, x []*big.Int) (*big.Int, error) {
				p := new(big.Int).Mul(x[0], x[1])
				if p.Rsh(p, 64).Cmp(maxU128) > 0 {
					return abort(c, EFixed64Multiplication)
				}
				return p, nil
			}),
			fn("divide_u128", []string{"u128", fp}, "u128", func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if x[1].Sign() == 0 {
					return abort(c, EFixed64DivisionByZero)
				}
				q := new(big.Int).Lsh(x[0], 64)
				if q.Quo(q, x[1]).Cmp(maxU128) > 0 {
					return abort(c, EFixed64Division)
				}
				return q, nil
			}),
			fn("create_from_rational", []string{"u128", "u128"}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if x[1].Sign() == 0 {
					return abort(c, EFixed64Denominator)
				}
				q := new(big.Int).Lsh(x[0], 64)
				q.Quo(q, x[1])
				if (q.Sign() == 0 && x[0].Sign() != 0) || q.Cmp(maxU128) > 0 {
					return abort(c, EFixed64RatioOutOfRange)
				}
				return q, nil
			}),
			fn("create_from_raw_value", []string{"u128"}, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return x[0], nil }),
			fn("get_raw_value", f, "u128", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return x[0], nil }),
			fn("is_zero", f, "bool", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return truth(x[0].Sign() == 0) }),
			fn("min", ff, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				if x[0].Cmp(x[1]) < 0 {
					return x[0], nil
				}
				return x[1], nil
			}),
			fn("max", ff, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				if x[0].Cmp(x[1]) > 0 {
					return x[0], nil
				}
				return x[1], nil
			}),
			cmp("less_or_equal", func(s int) bool { return s <= 0 }),
			cmp("less", func(s int) bool { return s < 0 }),
			cmp("greater_or_equal", func(s int) bool { return s >= 0 }),
			cmp("greater", func(s int) bool { return s > 0 }),
			cmp("equal", func(s int) bool { return s == 0 }),
			fn("almost_equal", []string{fp, fp, fp}, "bool", func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				d := new(big.Int).Sub(x[0], x[1])
				return truth(d.Abs(d).Cmp(x[2]) <= 0)
			}),
			fn("create_from_u128", []string{"u128"}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if v := new(big.Int).Lsh(x[0], 64); v.Cmp(maxU128) <= 0 {
					return v, nil
				}
				return abort(c, EFixed64RatioOutOfRange)
			}),
			fn("floor", f, "u128", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return new(big.Int).Rsh(x[0], 64), nil }),
			fn("ceil", f, "u128", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return fixed64Ceil(x[0]), nil }),
			fn("round", f, "u128", func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				if new(big.Int).Mod(x[0], one64).Cmp(new(big.Int).Rsh(one64, 1)) < 0 {
					return new(big.Int).Rsh(x[0], 64), nil
				}
				return fixed64Ceil(x[0]), nil
			}),
		},
		Errors: []native.AbortReason{
			{Reason: EFixed64Denominator & 0xffff, Name: "EDENOMINATOR", Description: "The denominator provided was zero"},
			{Reason: EFixed64Division & 0xffff, Name: "EDIVISION", Description: "The quotient value would be too large to be held in a `u128`"},
			{Reason: EFixed64Multiplication & 0xffff, Name: "EMULTIPLICATION", Description: "The multiplied value would be too large to be held in a `u128`"},
			{Reason: EFixed64DivisionByZero & 0xffff, Name: "EDIVISION_BY_ZERO", Description: "A division by zero was encountered"},
			{Reason: EFixed64RatioOutOfRange & 0xffff, Name: "ERATIO_OUT_OF_RANGE", Description: "The computed ratio when converting to a `FixedPoint64` would be unrepresentable"},
			{Reason: EFixed64NegativeResult & 0xffff, Name: "ENEGATIVE_RESULT", Description: "Abort code on calculation result is negative."},
		}}
}

// fixed64Ceil is the smallest integer not below raw/2^64.
func fixed64Ceil(raw *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(raw, one64, new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}
