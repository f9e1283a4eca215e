package aptosstdlib

// 0x1::math_fixed: sqrt, exp, pow and mul_div of FixedPoint32 values and
// the private exp_raw and pow_raw, computing exactly what Aptos's Move
// code computes (the same integer steps, constants and truncations), so
// results match bit for bit and an intermediate overflow of u128 (or of
// the final cast to u64) is the same arithmetic error. The arithmetic
// (fixedArith, pow_raw) and the declaration of a function over raw values
// (fixedModule) are shared with math_fixed64.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// EMathFixedOverflow is EOVERFLOW of math_fixed and EOVERFLOW_EXP of
// math_fixed64, aborted with as error::invalid_state by exp when the
// result's integer part does not fit.
const EMathFixedOverflow = 1

// fixedArith is the integer arithmetic of one of the modules: values
// wrap at 2^bits like the Move integer type of its raw values.
type fixedArith struct {
	module string
	limit  *big.Int // 2^bits − 1
	bits   uint
}

// overflow is the arithmetic error of a Move operation that overflows.
func (a fixedArith) overflow(op string) error {
	return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: a.module + ": " + op + " overflows"}
}

// mul is x·y, an arithmetic error beyond the limit.
func (a fixedArith) mul(x, y *big.Int) (*big.Int, error) {
	p := new(big.Int).Mul(x, y)
	if p.Cmp(a.limit) > 0 {
		return nil, a.overflow("multiplication")
	}
	return p, nil
}

// add is the sum of xs, an arithmetic error beyond the limit.
func (a fixedArith) add(xs ...*big.Int) (*big.Int, error) {
	s := new(big.Int)
	for _, x := range xs {
		if s.Add(s, x).Cmp(a.limit) > 0 {
			return nil, a.overflow("addition")
		}
	}
	return s, nil
}

// shl is x << n, dropping the bits shifted past the type (Move's shift
// does not check them).
func (a fixedArith) shl(x *big.Int, n uint) *big.Int {
	return new(big.Int).And(new(big.Int).Lsh(x, n), a.limit)
}

// cast checks that x fits in a type whose largest value is max.
func (a fixedArith) cast(x, max *big.Int) (*big.Int, error) {
	if x.Cmp(max) > 0 {
		return nil, a.overflow("cast")
	}
	return x, nil
}

// powRaw is pow_raw: x^n in fixed point with frac fractional bits, by
// squaring (x is squared after every step, the last one included).
func (a fixedArith) powRaw(x, n *big.Int, frac uint) (*big.Int, error) {
	res := new(big.Int).Lsh(big.NewInt(1), frac)
	x, n = new(big.Int).Set(x), new(big.Int).Set(n)
	var err error
	for n.Sign() != 0 {
		if n.Bit(0) == 1 {
			if res, err = a.mul(res, x); err != nil {
				return nil, err
			}
			res.Rsh(res, frac)
		}
		n.Rsh(n, 1)
		if x, err = a.mul(x, x); err != nil {
			return nil, err
		}
		x.Rsh(x, frac)
	}
	return res, nil
}

// bigOf parses a decimal constant.
func bigOf(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("bad constant " + s)
	}
	return v
}

// The constants of math_fixed's exp_raw: ln 2 in fixed point 32, a factor
// of it, and 2^(1/4999) in fixed point 32.
var (
	fixed32 = fixedArith{module: "math_fixed", limit: maxU128, bits: 128}
	ln2F32  = big.NewInt(2977044472)
	big32   = big.NewInt(595528)
	root32  = big.NewInt(4295562865)
	maxU64b = new(big.Int).SetUint64(^uint64(0))
)

// expRaw32 is math_fixed::exp_raw.
func expRaw32(c *native.Context, x *big.Int) (*big.Int, error) {
	a := fixed32
	shift, rem := new(big.Int).QuoRem(x, ln2F32, new(big.Int))
	if shift.Cmp(big.NewInt(31)) > 0 {
		return nil, c.Abort(native.Code(native.InvalidState, EMathFixedOverflow))
	}
	s := uint(shift.Uint64())
	exponent, xx := new(big.Int).QuoRem(rem, big32, new(big.Int))
	power, err := a.powRaw(root32, exponent, 32)
	if err != nil {
		return nil, err
	}
	t1, err := a.mul(power, xx)
	if err != nil {
		return nil, err
	}
	t1.Rsh(t1, 32-s)
	t2, err := a.mul(t1, xx)
	if err != nil {
		return nil, err
	}
	t2.Rsh(t2, 32)
	return a.add(a.shl(power, s), t1, t2.Rsh(t2, 1))
}

// fixedModule is what sets math_fixed and math_fixed64 apart around
// their shared algorithms: the arithmetic of their raw values, the raw
// integer type their private natives return, and the fixed-point type a
// public function's raw result is cast to (its largest raw value) and
// wrapped in.
type fixedModule struct {
	arith   fixedArith
	rawType string
	rawOf   func(*big.Int) movevm.Value
	max     *big.Int
	wrap    func(*native.Context, *big.Int) (movevm.Value, error)
}

// fn declares a function of the module: f gets the raw values of the
// arguments (integers, or fixed-point values' raw fields) after a charge
// for wide integer arithmetic; a result of the raw type is returned as it
// is, any other cast to the fixed-point type and wrapped.
func (m fixedModule) fn(name string, vis native.Visibility, params []string, ret string, f func(c *native.Context, x []*big.Int) (*big.Int, error)) native.Function {
	return native.Function{Name: name, Visibility: vis, Params: params, Return: []string{ret},
		Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			if err := c.Charge(native.WideIntCost); err != nil {
				return nil, err
			}
			x := make([]*big.Int, len(args))
			for i, v := range args {
				x[i] = fixedRaw(v)
			}
			r, err := f(c, x)
			if err != nil {
				return nil, err
			}
			if ret == m.rawType {
				return []movevm.Value{m.rawOf(r)}, nil
			}
			if r, err = m.arith.cast(r, m.max); err != nil {
				return nil, err
			}
			v, err := m.wrap(c, r)
			return []movevm.Value{v}, err
		}}
}

// MathFixed declares 0x1::math_fixed.
func MathFixed() native.Module {
	const fp = "0x1::fixed_point32::FixedPoint32"
	a := fixed32
	m := fixedModule{arith: a, rawType: "u128", rawOf: movevm.U128, max: maxU64b,
		wrap: func(c *native.Context, r *big.Int) (movevm.Value, error) {
			t, err := c.TypeOf(movestdlibFixedPoint32)
			if err != nil {
				return movevm.Value{}, err
			}
			return c.Struct(t, movevm.U64(r.Uint64()))
		}}
	fn := m.fn
	pub := native.Public
	return native.Module{Address: addr, Name: "math_fixed",
		Functions: []native.Function{
			fn("sqrt", pub, []string{fp}, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				return new(big.Int).Sqrt(new(big.Int).Lsh(x[0], 32)), nil
			}),
			fn("exp", pub, []string{fp}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) { return expRaw32(c, x[0]) }),
			fn("pow", pub, []string{fp, "u64"}, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return a.powRaw(x[0], x[1], 32) }),
			fn("mul_div", pub, []string{fp, fp, fp}, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				if x[2].Sign() == 0 {
					return nil, a.overflow("division by zero")
				}
				p := new(big.Int).Mul(x[0], x[1])
				return p.Quo(p, x[2]), nil
			}),
			fn("exp_raw", native.Private, []string{"u128"}, "u128", func(c *native.Context, x []*big.Int) (*big.Int, error) { return expRaw32(c, x[0]) }),
			fn("pow_raw", native.Private, []string{"u128", "u128"}, "u128", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return a.powRaw(x[0], x[1], 32) }),
		},
		Errors: []native.AbortReason{{Reason: EMathFixedOverflow, Name: "EOVERFLOW", Description: "Abort code on overflow"}},
	}
}

// movestdlibFixedPoint32 is the type of 0x1::fixed_point32::FixedPoint32.
var movestdlibFixedPoint32 = ledgerapi.StructType(movestdlib.FixedPoint32Tag)
