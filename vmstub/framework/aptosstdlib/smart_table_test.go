package aptosstdlib

import "testing"

// TestSipHash24 checks SipHash-2-4 against the reference vectors of its
// authors (key 00 01 … 0f, messages 00 01 … of growing length).
func TestSipHash24(t *testing.T) {
	k0, k1 := uint64(0x0706050403020100), uint64(0x0f0e0d0c0b0a0908)
	msg := make([]byte, 16)
	for i := range msg {
		msg[i] = byte(i)
	}
	for _, v := range []struct {
		n    int
		want uint64
	}{{0, 0x726fdb47dd0e0e31}, {1, 0x74f839c593dc67fd}, {8, 0x93f5f5799a932462}, {15, 0xa129ca6149be45e5}} {
		if got := sipHash24(k0, k1, msg[:v.n]); got != v.want {
			t.Errorf("SipHash-2-4 of %d bytes = %#x, want %#x", v.n, got, v.want)
		}
	}
}
