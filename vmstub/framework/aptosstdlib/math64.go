package aptosstdlib

// 0x1::math64: the public functions of aptos_std::math64 on u64 (max, min,
// average, clamp, pow, floor_log2, log2 (math64_log2.go), sqrt). gcd,
// mul_div, mul_div_unchecked and ceil_div are inline in Aptos (absent from
// the on-chain module), so they are not declared. The implementation is
// shared with math128 (math128.go).

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// EInvalidArgFloorLog2 is EINVALID_ARG_FLOOR_LOG2, aborted with as
// error::invalid_argument by floor_log2(0).
const EInvalidArgFloorLog2 = 1

// Math64 declares 0x1::math64.
func Math64() native.Module {
	m := mathModule("math64", 64)
	m.Functions = append(m.Functions, mathLog2("log2", "u64", false))
	return m
}

// mathModule declares math64 (bits 64) or math128 (bits 128): the
// functions compute on big integers, math128's charged native.WideIntCost
// per call.
func mathModule(name string, bits uint) native.Module {
	t := "u64"
	if bits == 128 {
		t = "u128"
	}
	limit := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1))
	fn := func(fname string, nargs int, ret string, f func(c *native.Context, x []*big.Int) (*big.Int, error)) native.Function {
		params := make([]string, nargs)
		for i := range params {
			params[i] = t
		}
		return native.Function{Name: fname, Params: params, Return: []string{ret},
			Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				if bits > 64 {
					if err := c.Charge(native.WideIntCost); err != nil {
						return nil, err
					}
				}
				x := make([]*big.Int, len(args))
				for i, a := range args {
					x[i] = a.AsBig()
				}
				r, err := f(c, x)
				switch {
				case err != nil:
					return nil, err
				case ret == "u8":
					return []movevm.Value{movevm.U8(uint8(r.Uint64()))}, nil
				case bits == 64:
					return []movevm.Value{movevm.U64(r.Uint64())}, nil
				}
				return []movevm.Value{movevm.U128(r)}, nil
			}}
	}
	bigMax := func(a, b *big.Int) *big.Int {
		if a.Cmp(b) >= 0 {
			return a
		}
		return b
	}
	bigMin := func(a, b *big.Int) *big.Int {
		if a.Cmp(b) < 0 {
			return a
		}
		return b
	}
	overflow := &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: name + "::pow overflows"}
	return native.Module{Address: addr, Name: name,
		Functions: []native.Function{
			fn("max", 2, t, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return bigMax(x[0], x[1]), nil }),
			fn("min", 2, t, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return bigMin(x[0], x[1]), nil }),
			fn("average", 2, t, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				s := new(big.Int).Add(x[0], x[1])
				return s.Rsh(s, 1), nil
			}),
			fn("clamp", 3, t, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return bigMin(x[2], bigMax(x[1], x[0])), nil }),
			// pow's intermediate products never exceed its result (for a
			// base of 2 or more), so it overflows exactly when the result
			// does.
			fn("pow", 2, t, func(_ *native.Context, x []*big.Int) (*big.Int, error) {
				n, e := x[0], x[1]
				var p *big.Int
				switch {
				case e.Sign() == 0:
					p = big.NewInt(1)
				case n.Cmp(big.NewInt(1)) <= 0:
					p = n
				case e.BitLen() > 8: // 2^256 and beyond overflow u128
					return nil, overflow
				default:
					p = new(big.Int).Exp(n, e, nil)
				}
				if p.Cmp(limit) > 0 {
					return nil, overflow
				}
				return p, nil
			}),
			fn("floor_log2", 1, "u8", func(c *native.Context, x []*big.Int) (*big.Int, error) {
				if x[0].Sign() == 0 {
					return nil, c.Abort(native.Code(native.InvalidArgument, EInvalidArgFloorLog2))
				}
				return big.NewInt(int64(x[0].BitLen() - 1)), nil
			}),
			fn("sqrt", 1, t, func(_ *native.Context, x []*big.Int) (*big.Int, error) { return new(big.Int).Sqrt(x[0]), nil }),
		},
		Errors: []native.AbortReason{{Reason: EInvalidArgFloorLog2, Name: "EINVALID_ARG_FLOOR_LOG2", Description: "Cannot log2 the value 0"}},
	}
}
