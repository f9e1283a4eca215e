package aptosstdlib

// 0x1::math_fixed64: sqrt, exp, log2_plus_64, ln_plus_32ln2, pow and
// mul_div of FixedPoint64 values and the private exp_raw and pow_raw,
// computing exactly what Aptos's Move code computes (math128's log2_64 and
// the inline mul_div included): same integer steps, constants and
// truncations, the same arithmetic errors on u256 overflow or a failing
// cast to u128. One difference: log2_plus_64 and ln_plus_32ln2 of zero
// abort with math128's EINVALID_ARG_FLOOR_LOG2 code located in this
// module rather than in 0x1::math128.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// EMulDivByZero is the code math128::mul_div (inline, so located in its
// caller) aborts with as error::invalid_argument for a zero divisor.
const EMulDivByZero = 4

// The constants of math_fixed64's exp_raw: ln 2 in fixed point 64, a
// factor of it, 2^(1/580) in fixed point 64 and its correction.
var (
	fixed64   = fixedArith{module: "math_fixed64", limit: new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)), bits: 256}
	ln2F64    = bigOf("12786308645202655660")
	big64     = bigOf("22045359733108027")
	root64    = bigOf("18468802611690918839")
	epsCorr64 = bigOf("219071715585908898")
)

// expRaw64 is math_fixed64::exp_raw.
func expRaw64(c *native.Context, x *big.Int) (*big.Int, error) {
	a := fixed64
	shift, rem := new(big.Int).QuoRem(x, ln2F64, new(big.Int))
	if shift.Cmp(big.NewInt(63)) > 0 {
		return nil, c.Abort(native.Code(native.InvalidState, EMathFixedOverflow))
	}
	s := uint(shift.Uint64())
	exponent, xx := new(big.Int).QuoRem(rem, big64, new(big.Int))
	power, err := a.powRaw(root64, exponent, 64)
	if err != nil {
		return nil, err
	}
	corr, err := a.mul(power, epsCorr64)
	if err != nil {
		return nil, err
	}
	if corr, err = a.mul(corr, exponent); err != nil {
		return nil, err
	}
	if power = new(big.Int).Sub(power, corr.Rsh(corr, 128)); power.Sign() < 0 {
		return nil, a.overflow("subtraction")
	}
	terms := []*big.Int{a.shl(power, s)}
	t := power
	for i, div := range []int64{1, 2, 6, 24, 120, 720} {
		if t, err = a.mul(t, xx); err != nil {
			return nil, err
		}
		if i == 0 {
			t.Rsh(t, 64-s)
		} else {
			t.Rsh(t, 64)
		}
		terms = append(terms, new(big.Int).Quo(t, big.NewInt(div)))
	}
	return a.add(terms...)
}

// log2Fixed64 is math128::log2_64: log2(x) as a FixedPoint64's raw value,
// the fraction found bit by bit by squaring.
func log2Fixed64(c *native.Context, x *big.Int) (*big.Int, error) {
	if x.Sign() == 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EInvalidArgFloorLog2))
	}
	ip := uint(x.BitLen() - 1)
	x = new(big.Int).Set(x)
	if ip >= 63 {
		x.Rsh(x, ip-63)
	} else {
		x.Lsh(x, 63-ip)
	}
	frac := new(big.Int)
	two := new(big.Int).Lsh(big.NewInt(2), 63)
	for d := 63; d >= 0; d-- {
		x.Mul(x, x).Rsh(x, 63) // x < 2^64: the square fits in a u128
		if x.Cmp(two) >= 0 {
			frac.SetBit(frac, d, 1)
			x.Rsh(x, 1)
		}
	}
	return frac.Add(frac, new(big.Int).Lsh(big.NewInt(int64(ip)), 64)), nil
}

// MathFixed64 declares 0x1::math_fixed64.
func MathFixed64() native.Module {
	const fp = "0x1::fixed_point64::FixedPoint64"
	a := fixed64
	fn := fixedModule{arith: a, rawType: "u256", rawOf: movevm.U256, max: maxU128, wrap: newFixedPoint64}.fn
	pub := native.Public
	return native.Module{Address: addr, Name: "math_fixed64",
		Functions: []native.Function{
			fn("sqrt", pub, []string{fp}, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				z := new(big.Int).Lsh(new(big.Int).Sqrt(x[0]), 32)
				if z.Sign() == 0 {
					return nil, a.overflow("division by zero")
				}
				q := new(big.Int).Lsh(x[0], 64)
				return z.Add(z, q.Quo(q, z)).Rsh(z, 1), nil
			}),
			fn("exp", pub, []string{fp}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) { return expRaw64(c, x[0]) }),
			fn("log2_plus_64", pub, []string{fp}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) { return log2Fixed64(c, x[0]) }),
			fn("ln_plus_32ln2", pub, []string{fp}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) {
				l, err := log2Fixed64(c, x[0])
				if err != nil {
					return nil, err
				}
				return l.Mul(l, ln2F64).Rsh(l, 64), nil
			}),
			fn("pow", pub, []string{fp, "u64"}, fp, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return a.powRaw(x[0], x[1], 64) }),
			fn("mul_div", pub, []string{fp, fp, fp}, fp, func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if x[2].Sign() == 0 {
					return nil, c.Abort(native.Code(native.InvalidArgument, EMulDivByZero))
				}
				p := new(big.Int).Mul(x[0], x[1])
				return p.Quo(p, x[2]), nil
			}),
			fn("exp_raw", native.Private, []string{"u256"}, "u256", func(c *native.Context, x []*big.Int) (*big.Int, error) { return expRaw64(c, x[0]) }),
			fn("pow_raw", native.Private, []string{"u256", "u128"}, "u256", func(_ *native.Context, x []*big.Int) (*big.Int, error) { return a.powRaw(x[0], x[1], 64) }),
		},
		Errors: []native.AbortReason{{Reason: EMathFixedOverflow, Name: "EOVERFLOW_EXP", Description: "Abort code on overflow"}},
	}
}
