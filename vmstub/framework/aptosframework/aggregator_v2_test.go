package aptosframework

import (
	std "strings"
	"testing"
)

// TestDerivedStringPadding: derived strings are stored at Aptos's widths:
// a short constant string pads to 22 bytes, a long one has no padding, a
// string around a u64 keeps room for the widest u64 (20 digits), one
// around a u128 for 39.
func TestDerivedStringPadding(t *testing.T) {
	for _, tc := range []struct {
		s     string
		width int
		pad   int
	}{
		{"Tom", ConstantStringWidth(3), 17},
		{"", ConstantStringWidth(0), 20},
		{std.Repeat("x", 200), ConstantStringWidth(200), 0},
		{"Cat #1", IntegerStringWidth(len("Cat #"), u64Digits), 19},
		{"Cat #18446744073709551615", IntegerStringWidth(len("Cat #"), u64Digits), 0},
		{"#1", IntegerStringWidth(1, u128Digits), 38},
	} {
		if got := len(DerivedPadding(len(tc.s), tc.width)); got != tc.pad {
			t.Errorf("%q at width %d: padding %d, want %d", tc.s, tc.width, got, tc.pad)
		}
	}
	if bcsBytesSize(127) != 128 || bcsBytesSize(128) != 130 {
		t.Error("BCS sizes of byte vectors")
	}
}
