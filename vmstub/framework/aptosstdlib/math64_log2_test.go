package aptosstdlib

import (
	"math"
	"math/big"
	"testing"
)

// TestLog2Raw checks log2 against Aptos's test vectors: exact at powers of
// two, and at 2^i - 1 equal to i + ln(1 - 2^-i)/ln 2 (third- and
// fourth-order Taylor, as Aptos's tests compute it) to 8 and 14
// significant digits for the 32- and 64-bit fractions; and against
// math.Log2 to 2^-30 elsewhere.
func TestLog2Raw(t *testing.T) {
	one := big.NewInt(1)
	for i := uint(0); i < 128; i++ {
		x := new(big.Int).Lsh(one, i)
		if got := log2Raw(x, 32, 32); got.Cmp(new(big.Int).Lsh(big.NewInt(int64(i)), 32)) != 0 {
			t.Errorf("log2(2^%d) raw %s", i, got)
		}
		if got := log2Raw(x, 63, 64); got.Cmp(new(big.Int).Lsh(big.NewInt(int64(i)), 64)) != 0 {
			t.Errorf("log2_64(2^%d) raw %s", i, got)
		}
	}
	approx := func(x, y *big.Int, digits int64) bool {
		if x.Cmp(y) < 0 {
			x, y = y, x
		}
		d := new(big.Int).Sub(x, y)
		d.Mul(d, new(big.Int).Exp(big.NewInt(10), big.NewInt(digits), nil))
		return d.Cmp(x) < 0
	}
	for i := uint(10); i <= 128; i++ {
		x := new(big.Int).Sub(new(big.Int).Lsh(one, i), one)
		for _, c := range []struct {
			frac   uint
			terms  int
			ln2    string
			digits int64
			norm   uint
		}{{32, 3, "2977044472", 8, 32}, {64, 4, "12786308645202655660", 14, 63}} {
			t1 := new(big.Int).Div(new(big.Int).Lsh(one, c.frac), new(big.Int).Lsh(one, i))
			sum, term := new(big.Int).Set(t1), new(big.Int).Set(t1)
			for k := 2; k <= c.terms; k++ {
				term = new(big.Int).Rsh(new(big.Int).Mul(term, t1), c.frac)
				sum.Add(sum, new(big.Int).Div(term, big.NewInt(int64(k))))
			}
			ln2, _ := new(big.Int).SetString(c.ln2, 10)
			want := new(big.Int).Lsh(big.NewInt(int64(i)), c.frac)
			want.Sub(want, new(big.Int).Div(new(big.Int).Lsh(sum, c.frac), ln2))
			if got := log2Raw(x, c.norm, c.frac); !approx(got, want, c.digits) {
				t.Errorf("log2 (%d-bit fraction) of 2^%d-1: raw %s, want about %s", c.frac, i, got, want)
			}
		}
	}
	for _, x := range []uint64{3, 5, 10, 1000, 123456789, 1<<40 + 12345, math.MaxUint64} {
		got, _ := new(big.Float).Quo(new(big.Float).SetInt(log2Raw(new(big.Int).SetUint64(x), 32, 32)), big.NewFloat(1<<32)).Float64()
		if math.Abs(got-math.Log2(float64(x))) > 1.0/(1<<30) {
			t.Errorf("log2(%d) = %v, want %v", x, got, math.Log2(float64(x)))
		}
	}
}
