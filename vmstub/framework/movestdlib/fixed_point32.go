package movestdlib

// 0x1::fixed_point32: FixedPoint32 (a u64 with 32 fractional bits) and all
// the module's public functions — multiply_u64, add,
// multiply_u64_return_fixpoint32, divide_u64, create_from_rational,
// create_from_raw_value, less, get_raw_value, is_zero, min, max,
// create_from_u64, floor, ceil, round — with Aptos's raw abort codes.

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort codes of 0x1::fixed_point32 (raw constants).
const (
	EFixedDenominator     = 0x10001 // EDENOMINATOR
	EFixedDivision        = 0x20002 // EDIVISION
	EFixedMultiplication  = 0x20003 // EMULTIPLICATION
	EFixedDivisionByZero  = 0x10004 // EDIVISION_BY_ZERO
	EFixedRatioOutOfRange = 0x20005 // ERATIO_OUT_OF_RANGE
	EFixedRawValueTooBig  = 0x20006 // ERAW_VALUE_TOO_LARGE
)

// FixedPoint32Tag is the type of 0x1::fixed_point32::FixedPoint32.
var FixedPoint32Tag = ledgerapi.StructTag{Address: addr, Module: "fixed_point32", Name: "FixedPoint32"}

// FixedPoint32 declares 0x1::fixed_point32.
func FixedPoint32() native.Module {
	const fp = "0x1::fixed_point32::FixedPoint32"
	type op = func(c *native.Context, x, y uint64) (uint64, error)
	// fn declares a function of u64 and FixedPoint32 arguments (given by
	// params) computing on their raw u64s.
	fn := func(name string, params []string, ret string, f op) native.Function {
		return native.Function{Name: name, Params: params, Return: []string{ret},
			Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				var x [2]uint64
				for i, a := range args {
					if a.Type().Kind == movevm.KindStruct {
						a = a.Elem(0)
					}
					x[i] = a.AsU64()
				}
				r, err := f(c, x[0], x[1])
				if err != nil {
					return nil, err
				}
				switch ret {
				case "bool":
					return []movevm.Value{movevm.Bool(r != 0)}, nil
				case "u64":
					return []movevm.Value{movevm.U64(r)}, nil
				}
				t, err := c.TypeOf(ledgerapi.StructType(FixedPoint32Tag))
				if err != nil {
					return nil, err
				}
				v, err := c.Struct(t, movevm.U64(r))
				return []movevm.Value{v}, err
			}}
	}
	b2u := func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	abort := func(c *native.Context, code uint64) (uint64, error) { return 0, c.Abort(code) }
	// product returns x·y >> shift, and whether it overflows a u64.
	product := func(x, y uint64, shift uint) (uint64, bool) {
		hi, lo := bits.Mul64(x, y)
		if shift > 0 {
			lo = lo>>shift | hi<<(64-shift)
			hi >>= shift
		}
		return lo, hi != 0
	}
	u, f, uf, ff := []string{"u64"}, []string{fp}, []string{"u64", fp}, []string{fp, fp}
	return native.Module{Address: addr, Name: "fixed_point32",
		Structs: []native.Struct{{Name: "FixedPoint32", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"value: u64"}}},
		Functions: []native.Function{
			fn("multiply_u64", uf, "u64", func(c *native.Context, v, m uint64) (uint64, error) {
				if p, over := product(v, m, 32); !over {
					return p, nil
				}
				return abort(c, EFixedMultiplication)
			}),
			fn("add", ff, fp, func(c *native.Context, x, y uint64) (uint64, error) {
				if s, carry := bits.Add64(x, y, 0); carry == 0 {
					return s, nil
				}
				return abort(c, EFixedRawValueTooBig)
			}),
			fn("multiply_u64_return_fixpoint32", uf, fp, func(c *native.Context, v, m uint64) (uint64, error) {
				if p, over := product(v, m, 0); !over {
					return p, nil
				}
				return abort(c, EFixedMultiplication)
			}),
			fn("divide_u64", uf, "u64", func(c *native.Context, v, d uint64) (uint64, error) {
				if d == 0 {
					return abort(c, EFixedDivisionByZero)
				}
				// (v << 32) / d fits in a u64 exactly when v>>32 < d.
				if v>>32 >= d {
					return abort(c, EFixedDivision)
				}
				q, _ := bits.Div64(v>>32, v<<32, d)
				return q, nil
			}),
			fn("create_from_rational", []string{"u64", "u64"}, fp, func(c *native.Context, n, d uint64) (uint64, error) {
				// (n << 64) / (d << 32) = (n << 32) / d.
				if d == 0 {
					return abort(c, EFixedDenominator)
				}
				if n>>32 >= d {
					return abort(c, EFixedRatioOutOfRange)
				}
				q, _ := bits.Div64(n>>32, n<<32, d)
				if q == 0 && n != 0 {
					return abort(c, EFixedRatioOutOfRange)
				}
				return q, nil
			}),
			fn("create_from_raw_value", u, fp, func(_ *native.Context, v, _ uint64) (uint64, error) { return v, nil }),
			fn("less", ff, "bool", func(_ *native.Context, x, y uint64) (uint64, error) { return b2u(x < y), nil }),
			fn("get_raw_value", f, "u64", func(_ *native.Context, v, _ uint64) (uint64, error) { return v, nil }),
			fn("is_zero", f, "bool", func(_ *native.Context, v, _ uint64) (uint64, error) { return b2u(v == 0), nil }),
			fn("min", ff, fp, func(_ *native.Context, x, y uint64) (uint64, error) { return min(x, y), nil }),
			fn("max", ff, fp, func(_ *native.Context, x, y uint64) (uint64, error) { return max(x, y), nil }),
			fn("create_from_u64", u, fp, func(c *native.Context, v, _ uint64) (uint64, error) {
				if v>>32 != 0 {
					return abort(c, EFixedRatioOutOfRange)
				}
				return v << 32, nil
			}),
			fn("floor", f, "u64", func(_ *native.Context, v, _ uint64) (uint64, error) { return v >> 32, nil }),
			fn("ceil", f, "u64", func(_ *native.Context, v, _ uint64) (uint64, error) {
				if v<<32 == 0 {
					return v >> 32, nil
				}
				return v>>32 + 1, nil
			}),
			fn("round", f, "u64", func(_ *native.Context, v, _ uint64) (uint64, error) {
				if uint32(v) < 1<<31 {
					return v >> 32, nil
				}
				return v>>32 + 1, nil
			}),
		},
		Errors: []native.AbortReason{
			{Reason: EFixedDenominator & 0xffff, Name: "EDENOMINATOR", Description: "The denominator provided was zero"},
			{Reason: EFixedDivision & 0xffff, Name: "EDIVISION", Description: "The quotient value would be too large to be held in a `u64`"},
			{Reason: EFixedMultiplication & 0xffff, Name: "EMULTIPLICATION", Description: "The multiplied value would be too large to be held in a `u64`"},
			{Reason: EFixedDivisionByZero & 0xffff, Name: "EDIVISION_BY_ZERO", Description: "A division by zero was encountered"},
			{Reason: EFixedRatioOutOfRange & 0xffff, Name: "ERATIO_OUT_OF_RANGE", Description: "The computed ratio when converting to a `FixedPoint32` would be unrepresentable"},
			{Reason: EFixedRawValueTooBig & 0xffff, Name: "ERAW_VALUE_TOO_LARGE", Description: "Intermediate raw value is too large to be held in a `u64`"},
		}}
}
