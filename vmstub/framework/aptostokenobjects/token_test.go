package aptostokenobjects

import (
	std "strings"
	"testing"
)

// TestDerivedStringPadding: token names are stored at Aptos's widths: a
// short constant name pads to 22 bytes, a long one has no padding, a
// numbered name keeps room for the widest u64.
func TestDerivedStringPadding(t *testing.T) {
	for _, tc := range []struct {
		name  string
		width int
		pad   int
	}{
		{"Tom", constantStringWidth(3), 17},
		{"", constantStringWidth(0), 20},
		{std.Repeat("x", 200), constantStringWidth(200), 0},
		{"Cat #1", bcsBytesSize(len("Cat #")+u64MaxDigits) + 1, 19},
		{"Cat #18446744073709551615", bcsBytesSize(len("Cat #")+u64MaxDigits) + 1, 0},
	} {
		if got := len(derivedPadding(tc.name, tc.width)); got != tc.pad {
			t.Errorf("%q at width %d: padding %d, want %d", tc.name, tc.width, got, tc.pad)
		}
	}
	if bcsBytesSize(127) != 128 || bcsBytesSize(128) != 130 {
		t.Error("BCS sizes of byte vectors")
	}
}
