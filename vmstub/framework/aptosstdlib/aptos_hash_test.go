package aptosstdlib

import "testing"

// SipHash-2-4 against the vectors of the SipHash paper's reference
// implementation: key 00 01 … 0f, messages 00 01 … (n-1).
func TestSipHash24PaperVectors(t *testing.T) {
	const k0, k1 = 0x0706050403020100, 0x0f0e0d0c0b0a0908
	msg := make([]byte, 64)
	for i := range msg {
		msg[i] = byte(i)
	}
	for _, tc := range []struct {
		n    int
		want uint64
	}{
		{0, 0x726fdb47dd0e0e31},
		{15, 0xa129ca6149be45e5}, // the paper's worked example (appendix A)
	} {
		if got := SipHash24(k0, k1, msg[:tc.n]); got != tc.want {
			t.Errorf("SipHash24(len %d) = %#x, want %#x", tc.n, got, tc.want)
		}
	}
}

// aptos_hash::sip_hash keys SipHash-2-4 with zeros: the empty input's hash
// is Rust's SipHasher::new().finish().
func TestSipHash24ZeroKey(t *testing.T) {
	if got := SipHash24(0, 0, nil); got != 0x1e924b9d737700d7 {
		t.Errorf("SipHash24(0, 0, empty) = %#x", got)
	}
}
