package crypto

import (
	"bytes"
	"slices"
	"testing"
)

func TestBitVec(t *testing.T) {
	tests := []struct {
		bits    string
		indices []int
		last    int
	}{
		{"", []int{}, -1},
		{"00", []int{}, -1},
		{"a0", []int{0, 2}, 2},
		{"01", []int{7}, 7},
		{"0040", []int{9}, 9},
		{"a0000001", []int{0, 2, 31}, 31},
		{"a000000080", []int{0, 2, 32}, 32},
		{"ff00", []int{0, 1, 2, 3, 4, 5, 6, 7}, 7},
	}
	for _, tt := range tests {
		t.Run(tt.bits, func(t *testing.T) {
			b := unhex(t, tt.bits)
			if got := BitVecIndices(b); !slices.Equal(got, tt.indices) {
				t.Errorf("BitVecIndices = %v, want %v", got, tt.indices)
			}
			if got := BitVecCount(b); got != len(tt.indices) {
				t.Errorf("BitVecCount = %d, want %d", got, len(tt.indices))
			}
			if got := BitVecLast(b); got != tt.last {
				t.Errorf("BitVecLast = %d, want %d", got, tt.last)
			}
			if len(b) == 4 {
				var fixed [4]byte
				copy(fixed[:], b)
				if got := BitmapIndices(fixed); !slices.Equal(got, tt.indices) {
					t.Errorf("BitmapIndices disagrees: %v", got)
				}
			}
		})
	}
	from := []struct {
		numBits   int
		positions []int
		want      string
	}{
		{0, nil, ""},
		{3, []int{0, 2}, "a0"},   // ⌈3/8⌉ = 1 byte, as the node sizes a 3-key bitmap
		{8, []int{7}, "01"},      // 8 keys still fit one byte
		{9, []int{0, 2}, "a000"}, // a ninth key needs a second byte
		{32, []int{0, 31}, "80000001"},
		{3, []int{2, 0, 2, -1}, "a0"}, // order and repeats do not matter
		{1, []int{9}, "0040"},         // a position beyond grows the vector
	}
	for _, tt := range from {
		if got := BitVecFrom(tt.numBits, tt.positions); !bytes.Equal(got, unhex(t, tt.want)) {
			t.Errorf("BitVecFrom(%d, %v) = %x, want %s", tt.numBits, tt.positions, got, tt.want)
		}
	}
}
