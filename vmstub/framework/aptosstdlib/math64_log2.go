package aptosstdlib

// log2 of math64 and math128 (a FixedPoint32) and math128's log2_64 (a
// FixedPoint64): the integer part is floor_log2(x); the fraction is found
// bit by bit, as on Aptos, by squaring x normalized to [1, 2) (with 32
// fractional bits, or 63 for log2_64) and halving it when the square
// reaches 2, so the results are Aptos's to the last bit. log2(0) aborts as
// floor_log2(0) does.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// log2Raw is the raw value of log2(x), x > 0: the integer part shifted by
// out bits plus out fractional bits found from x normalized with norm
// fractional bits.
func log2Raw(x *big.Int, norm, out uint) *big.Int {
	ip := uint(x.BitLen() - 1)
	y := new(big.Int).Set(x)
	if ip >= norm {
		y.Rsh(y, ip-norm)
	} else {
		y.Lsh(y, norm-ip)
	}
	two := new(big.Int).Lsh(big.NewInt(2), norm)
	frac := new(big.Int)
	for bit := int(out) - 1; bit >= 0; bit-- {
		y.Mul(y, y)
		y.Rsh(y, norm)
		if y.Cmp(two) >= 0 {
			frac.SetBit(frac, bit, 1)
			y.Rsh(y, 1)
		}
	}
	return frac.Add(frac, new(big.Int).Lsh(big.NewInt(int64(ip)), out))
}

// mathLog2 declares log2 of math64 (ty "u64") or math128 ("u128"), and
// math128's log2_64 when wide.
func mathLog2(name, ty string, wide bool) native.Function {
	ret, norm, out := "0x1::fixed_point32::FixedPoint32", uint(32), uint(32)
	if wide {
		ret, norm, out = "0x1::fixed_point64::FixedPoint64", 63, 64
	}
	return native.Function{Name: name, Params: []string{ty}, Return: []string{ret},
		Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			if err := c.Charge(native.WideIntCost); err != nil {
				return nil, err
			}
			if err := c.ChargeElems(int(out)); err != nil {
				return nil, err
			}
			x := args[0].AsBig()
			if x.Sign() == 0 {
				return nil, c.Abort(native.Code(native.InvalidArgument, EInvalidArgFloorLog2))
			}
			raw := log2Raw(x, norm, out)
			if wide {
				v, err := newFixedPoint64(c, raw)
				return []movevm.Value{v}, err
			}
			t, err := c.TypeOf(ledgerapi.StructType(movestdlib.FixedPoint32Tag))
			if err != nil {
				return nil, err
			}
			v, err := c.Struct(t, movevm.U64(raw.Uint64()))
			return []movevm.Value{v}, err
		}}
}
