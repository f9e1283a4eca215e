package movestdlib

import "testing"

// TestFeatureBitset: bit n of byte n/8 per feature, the bitset growing
// with zero bytes up to the feature's byte; clearing keeps its length.
func TestFeatureBitset(t *testing.T) {
	var bits []byte
	for _, f := range []uint64{1, 5, 17, 23} {
		bits = setFeature(bits, f, true)
	}
	if string(bits) != "\x22\x00\x82" {
		t.Fatalf("bits %x, want 220082", bits)
	}
	bits = setFeature(setFeature(bits, 5, false), 17, false)
	if string(bits) != "\x02\x00\x80" {
		t.Fatalf("bits %x, want 020080", bits)
	}
	for f, want := range map[uint64]bool{1: true, 5: false, 17: false, 23: true, 24: false, 1 << 63: false} {
		if got := hasFeature(bits, f); got != want {
			t.Errorf("hasFeature(%d) = %v, want %v", f, got, want)
		}
	}
}
