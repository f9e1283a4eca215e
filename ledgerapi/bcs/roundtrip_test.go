package bcs_test

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"testing/quick"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// TestRecordRoundTrip: for random values, decode(encode(v)) == v, encoding is
// deterministic, and one extra byte is always reported as trailing.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		r := randomRecord(rng)
		enc := bcs.Marshal(r)
		var got record
		if err := bcs.Unmarshal(enc, &got); err != nil {
			t.Fatalf("case %d: %v\n%x", i, err, enc)
		}
		if !got.equal(r) {
			t.Fatalf("case %d: decoded %+v, want %+v", i, got, r)
		}
		if again := bcs.Marshal(got); !bytes.Equal(again, enc) {
			t.Fatalf("case %d: re-encoding differs", i)
		}
		err := bcs.Unmarshal(append(enc, byte(i)), &got)
		var be *bcs.Error
		if !errors.Is(err, bcs.ErrTrailing) || !errors.As(err, &be) || be.Offset != len(enc) {
			t.Fatalf("case %d: extra byte gave %v", i, err)
		}
	}
}

func TestPrimitivesRoundTripQuick(t *testing.T) {
	f := func(b bool, u8 uint8, u16 uint16, u32 uint32, u64 uint64, lo, hi uint64, w [4]uint64, s string, bs []byte, v uint32) bool {
		v %= math.MaxUint32 // so that v+1 is a valid variant count
		var e bcs.Encoder
		e.Bool(b)
		e.U8(u8)
		e.U16(u16)
		e.U32(u32)
		e.U64(u64)
		e.U128(lo, hi)
		e.U256(w)
		e.String(s)
		e.WriteBytes(bs)
		e.ULEB128(v)
		e.Variant(v)
		d := bcs.NewDecoder(e.Bytes())
		if d.Bool("b") != b || d.U8("u8") != u8 || d.U16("u16") != u16 ||
			d.U32("u32") != u32 || d.U64("u64") != u64 {
			return false
		}
		if gotLo, gotHi := d.U128("u128"); gotLo != lo || gotHi != hi {
			return false
		}
		return d.U256("u256") == w && d.String("s") == s &&
			bytes.Equal(d.ReadBytes("bs"), bs) && d.ULEB128("v") == v &&
			d.Variant("variant", v+1) == v && d.Finish() == nil
	}
	if err := quick.Check(f, &quick.Config{MaxCount: 3000}); err != nil {
		t.Fatal(err)
	}
}

// TestULEB128Canonical checks that the decoder accepts exactly the encoder's
// outputs: every 1- and 2-byte input exhaustively, and random longer ones.
func TestULEB128Canonical(t *testing.T) {
	check := func(in []byte) {
		d := bcs.NewDecoder(in)
		v := d.ULEB128("n")
		var e bcs.Encoder
		e.ULEB128(v)
		canonical := d.Err() == nil && bytes.Equal(e.Bytes(), in[:d.Offset()])
		if d.Err() == nil && !canonical {
			t.Fatalf("%x decoded to %d, which encodes as %x", in, v, e.Bytes())
		}
		if d.Err() == nil {
			return
		}
		// A rejected input must not be some value's encoding.
		if d.Offset() != 0 {
			t.Fatalf("%x: failure moved the offset to %d", in, d.Offset())
		}
	}
	for a := 0; a < 256; a++ {
		check([]byte{byte(a)})
		for b := 0; b < 256; b++ {
			check([]byte{byte(a), byte(b)})
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200000; i++ {
		in := make([]byte, 3+rng.IntN(4))
		for j := range in {
			in[j] = byte(rng.Uint32())
			if j < len(in)-1 && rng.IntN(4) != 0 {
				in[j] |= 0x80 // favour long numbers
			}
		}
		check(in)
	}
	// And every u32 the encoder can produce decodes back (sampled).
	for i := 0; i < 100000; i++ {
		v := rng.Uint32() >> rng.IntN(32)
		var e bcs.Encoder
		e.ULEB128(v)
		d := bcs.NewDecoder(e.Bytes())
		if got := d.ULEB128("n"); got != v || d.Finish() != nil {
			t.Fatalf("%d -> %x -> %d, %v", v, e.Bytes(), got, d.Finish())
		}
		if e.Len() > 5 {
			t.Fatalf("%d took %d bytes", v, e.Len())
		}
	}
}

func TestShapeRoundTrip(t *testing.T) {
	for _, s := range []shape{
		{Kind: 0},
		{Kind: 1, Radius: math.MaxUint32},
		{Kind: 2, Points: []point{{1, 2}}},
		{Kind: 2},
	} {
		enc := bcs.Marshal(s)
		var got shape
		if err := bcs.Unmarshal(enc, &got); err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		if got.Kind != s.Kind || got.Radius != s.Radius || len(got.Points) != len(s.Points) {
			t.Fatalf("got %+v, want %+v", got, s)
		}
	}
	var got shape
	err := bcs.Unmarshal([]byte{3}, &got)
	wantErr(t, err, bcs.ErrBadVariant, "shape")
}
