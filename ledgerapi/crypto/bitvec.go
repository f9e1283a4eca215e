package crypto

import "math/bits"

// MaxBitVecBytes is the longest bit vector the node deserializes: 8192
// bytes, one bit for each of the 65536 positions a u16 can name
// (aptos-core crates/aptos-bitvec, MAX_BUCKETS). A MultiKey signature's
// bitmap is such a bit vector, so its length is not fixed: clients write 4
// bytes (the TypeScript SDK), the shortest length that covers the highest
// signer (the Go SDK) or ⌈keys/8⌉ bytes (the node's own JSON conversion).
const MaxBitVecBytes = 8192

// A bit vector marks position i with bit 7−i%8 of byte i/8: positions are
// counted from the most significant bit of byte 0, so a0 01 marks 0, 2 and 15.

// BitVecCount returns the number of set positions in b.
func BitVecCount(b []byte) int {
	n := 0
	for _, x := range b {
		n += bits.OnesCount8(x)
	}
	return n
}

// BitVecLast returns the highest set position in b, or -1 when none is set.
func BitVecLast(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != 0 {
			return 8*i + 7 - bits.TrailingZeros8(b[i])
		}
	}
	return -1
}

// BitVecIndices returns the set positions of b in ascending order.
func BitVecIndices(b []byte) []int {
	out := make([]int, 0, BitVecCount(b))
	for i, x := range b {
		for x != 0 {
			j := bits.LeadingZeros8(x)
			out = append(out, 8*i+j)
			x &^= 0x80 >> j
		}
	}
	return out
}

// BitVecFrom returns a bit vector sized for numBits positions (⌈numBits/8⌉
// bytes, aptos-bitvec's with_num_bits) with the given positions set. A
// position beyond numBits grows the vector to the byte that holds it, as
// setting it on the node does; negative positions are ignored.
func BitVecFrom(numBits int, positions []int) []byte {
	out := make([]byte, (max(numBits, 0)+7)/8)
	for _, p := range positions {
		if p < 0 {
			continue
		}
		for p/8 >= len(out) {
			out = append(out, 0)
		}
		out[p/8] |= 0x80 >> (p % 8)
	}
	return out
}
