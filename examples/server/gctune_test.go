package main

import "testing"

func TestGCPercentFor(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		live                uint64
		current, configured int
		want                int
	}{
		{10 * mib, 200, 200, 200},  // small heap: the flag's target
		{300 * mib, 200, 200, 100}, // large heap: back to the default
		{220 * mib, 100, 200, 100}, // in the gap: no flapping either way
		{220 * mib, 200, 200, 200},
		{150 * mib, 100, 200, 200}, // shrank below the gap: the flag again
		{300 * mib, 80, 80, 80},    // a target at or below the default is kept
		{300 * mib, -1, -1, -1},    // collection disabled stays disabled
	}
	for _, tc := range tests {
		if got := gcPercentFor(tc.live, tc.current, tc.configured); got != tc.want {
			t.Errorf("gcPercentFor(%d MiB, current %d, configured %d) = %d, want %d",
				tc.live/mib, tc.current, tc.configured, got, tc.want)
		}
	}
}
