package bcs_test

import (
	"bytes"
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad test hex %q: %v", s, err)
	}
	return b
}

// TestEncoderPrimitives pins the byte layout of every primitive, including
// the diem/bcs README vectors (V8 in the reference facts).
func TestEncoderPrimitives(t *testing.T) {
	const utf8Str = "çå∞≠¢õß∂ƒ∫"
	tests := []struct {
		name  string
		write func(e *bcs.Encoder)
		want  string
	}{
		{"bool true", func(e *bcs.Encoder) { e.Bool(true) }, "01"},
		{"bool false", func(e *bcs.Encoder) { e.Bool(false) }, "00"},
		{"u8", func(e *bcs.Encoder) { e.U8(0xfe) }, "fe"},
		{"V8 u16 4660", func(e *bcs.Encoder) { e.U16(4660) }, "34 12"},
		{"V8 u32 305419896", func(e *bcs.Encoder) { e.U32(305419896) }, "78 56 34 12"},
		{"u64 0x12345678ABCDEF00", func(e *bcs.Encoder) { e.U64(0x12345678ABCDEF00) }, "00 ef cd ab 78 56 34 12"},
		{"u64 max", func(e *bcs.Encoder) { e.U64(math.MaxUint64) }, "ffffffffffffffff"},
		{"u128", func(e *bcs.Encoder) { e.U128(0x0706050403020100, 0x0f0e0d0c0b0a0908) }, "000102030405060708090a0b0c0d0e0f"},
		{"u256", func(e *bcs.Encoder) { e.U256([4]uint64{1, 2, 3, 0x8000000000000000}) },
			"0100000000000000 0200000000000000 0300000000000000 0000000000000080"},
		{"V8 Vec<u16> [1,2]", func(e *bcs.Encoder) { e.SeqLen(2); e.U16(1); e.U16(2) }, "02 01 00 02 00"},
		{"V8 Option<u8> Some(8)", func(e *bcs.Encoder) { e.Option(true); e.U8(8) }, "01 08"},
		{"Option None", func(e *bcs.Encoder) { e.Option(false) }, "00"},
		{"V8 enum variant 1 with u8 255", func(e *bcs.Encoder) { e.Variant(1); e.U8(255) }, "01 ff"},
		{"V8 UTF-8 string", func(e *bcs.Encoder) { e.String(utf8Str) },
			"18" + hex.EncodeToString([]byte(utf8Str))},
		{"empty string", func(e *bcs.Encoder) { e.String("") }, "00"},
		{"bytes", func(e *bcs.Encoder) { e.WriteBytes([]byte{0xca, 0xfe}) }, "02 ca fe"},
		{"nil bytes", func(e *bcs.Encoder) { e.WriteBytes(nil) }, "00"},
		{"fixed has no prefix", func(e *bcs.Encoder) { e.Fixed([]byte{1, 2, 3}) }, "01 02 03"},
		{"value", func(e *bcs.Encoder) { e.Value(point{X: 1, Y: 2}) }, "0100000000000000 0200000000000000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var e bcs.Encoder
			tc.write(&e)
			want := unhex(t, tc.want)
			if !bytes.Equal(e.Bytes(), want) {
				t.Fatalf("got %x, want %x", e.Bytes(), want)
			}
			if e.Len() != len(want) {
				t.Fatalf("Len() = %d, want %d", e.Len(), len(want))
			}
		})
	}
	if n := len(utf8Str); n != 0x18 {
		t.Fatalf("V8 string is %d bytes, the vector says 0x18", n)
	}
}

// ulebVectors are minimal encodings of values that must round-trip.
var ulebVectors = []struct {
	v   uint32
	hex string
}{
	{0, "00"},
	{1, "01"},
	{127, "7f"},
	{128, "80 01"},
	{300, "ac 02"},
	{9487, "8f 4a"},
	{16383, "ff 7f"},
	{16384, "80 80 01"},
	{1 << 21, "80 80 80 01"},
	{1 << 28, "80 80 80 80 01"},
	{math.MaxInt32, "ff ff ff ff 07"},
	{1 << 31, "80 80 80 80 08"},
	{math.MaxUint32, "ff ff ff ff 0f"},
}

func TestEncoderULEB128(t *testing.T) {
	for _, tc := range ulebVectors {
		var e bcs.Encoder
		e.ULEB128(tc.v)
		if want := unhex(t, tc.hex); !bytes.Equal(e.Bytes(), want) {
			t.Errorf("ULEB128(%d) = %x, want %x", tc.v, e.Bytes(), want)
		}
		// Variant uses the same encoding.
		var v bcs.Encoder
		v.Variant(tc.v)
		if !bytes.Equal(v.Bytes(), e.Bytes()) {
			t.Errorf("Variant(%d) = %x, ULEB128 gives %x", tc.v, v.Bytes(), e.Bytes())
		}
	}
}

func TestEncoderSeqLenRange(t *testing.T) {
	var e bcs.Encoder
	e.SeqLen(bcs.MaxSequenceLength)
	if want := unhex(t, "ff ff ff ff 07"); !bytes.Equal(e.Bytes(), want) {
		t.Fatalf("SeqLen(max) = %x, want %x", e.Bytes(), want)
	}
	for _, n := range []int{-1, bcs.MaxSequenceLength + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("SeqLen(%d) did not panic", n)
				}
			}()
			var e bcs.Encoder
			e.SeqLen(n)
		}()
	}
}

func TestEncoderResetAndCapacity(t *testing.T) {
	e := bcs.NewEncoder(64)
	if cap(e.Bytes()) < 64 || e.Len() != 0 {
		t.Fatalf("NewEncoder(64): len %d cap %d", e.Len(), cap(e.Bytes()))
	}
	e.U64(7)
	first := e.Bytes()
	e.Reset()
	if e.Len() != 0 {
		t.Fatalf("Len after Reset = %d", e.Len())
	}
	e.U32(0xdeadbeef)
	if want := unhex(t, "efbeadde"); !bytes.Equal(e.Bytes(), want) {
		t.Fatalf("after Reset got %x, want %x", e.Bytes(), want)
	}
	// Reset keeps the buffer: the old slice sees the new bytes.
	if &first[0] != &e.Bytes()[0] {
		t.Fatal("Reset did not reuse the buffer")
	}
}

func TestMarshal(t *testing.T) {
	got := bcs.Marshal(point{X: 0x0102, Y: math.MaxUint64})
	want := unhex(t, "0201000000000000 ffffffffffffffff")
	if !bytes.Equal(got, want) {
		t.Fatalf("Marshal = %x, want %x", got, want)
	}
}

func TestULEB128SizeMatchesAppend(t *testing.T) {
	for _, n := range []int{0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 0x1fffff, 0x200000, 0xfffffff, 0x10000000, bcs.MaxULEB128} {
		if got, want := bcs.ULEB128Size(n), len(bcs.AppendULEB128(nil, uint32(n))); got != want {
			t.Errorf("ULEB128Size(%#x) = %d, AppendULEB128 writes %d bytes", n, got, want)
		}
	}
}
