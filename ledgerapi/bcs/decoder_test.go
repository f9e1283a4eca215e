package bcs_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// wantErr checks that err is a *bcs.Error of the given kind whose message
// names what, and returns it.
func wantErr(t *testing.T, err error, kind error, what string) *bcs.Error {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %v while decoding %s", kind, what)
	}
	if !errors.Is(err, kind) {
		t.Fatalf("error %q is not %v", err, kind)
	}
	var be *bcs.Error
	if !errors.As(err, &be) {
		t.Fatalf("error %T is not a *bcs.Error", err)
	}
	if be.What != what {
		t.Fatalf("Error.What = %q, want %q (message %q)", be.What, what, err)
	}
	if what != "" && !strings.Contains(err.Error(), "while decoding "+what) {
		t.Fatalf("message %q does not name %q", err, what)
	}
	return be
}

func TestDecoderPrimitives(t *testing.T) {
	const utf8Str = "çå∞≠¢õß∂ƒ∫"
	tests := []struct {
		name string
		in   string
		read func(d *bcs.Decoder) any
		want any
	}{
		{"bool 1", "01", func(d *bcs.Decoder) any { return d.Bool("b") }, true},
		{"bool 0", "00", func(d *bcs.Decoder) any { return d.Bool("b") }, false},
		{"u8", "ff", func(d *bcs.Decoder) any { return d.U8("x") }, uint8(255)},
		{"V8 u16", "34 12", func(d *bcs.Decoder) any { return d.U16("x") }, uint16(4660)},
		{"V8 u32", "78 56 34 12", func(d *bcs.Decoder) any { return d.U32("x") }, uint32(305419896)},
		{"u64 LE", "00 ef cd ab 78 56 34 12", func(d *bcs.Decoder) any { return d.U64("x") }, uint64(0x12345678ABCDEF00)},
		{"u128", "000102030405060708090a0b0c0d0e0f", func(d *bcs.Decoder) any {
			lo, hi := d.U128("x")
			return [2]uint64{lo, hi}
		}, [2]uint64{0x0706050403020100, 0x0f0e0d0c0b0a0908}},
		{"u256", "01000000000000000200000000000000030000000000000000000000000000ff", func(d *bcs.Decoder) any {
			return d.U256("x")
		}, [4]uint64{1, 2, 3, 0xff00000000000000}},
		{"V8 Vec<u16> [1,2]", "02 01 00 02 00", func(d *bcs.Decoder) any {
			n := d.SeqLen("v", 2)
			out := make([]uint16, n)
			for i := range out {
				out[i] = d.U16("v[]")
			}
			return fmt.Sprint(out)
		}, "[1 2]"},
		{"V8 Option<u8> Some(8)", "01 08", func(d *bcs.Decoder) any {
			if !d.Option("o") {
				return "none"
			}
			return d.U8("o.value")
		}, uint8(8)},
		{"option none", "00", func(d *bcs.Decoder) any { return d.Option("o") }, false},
		{"V8 enum variant 1 with u8 255", "01 ff", func(d *bcs.Decoder) any {
			return [2]uint32{d.Variant("e", 2), uint32(d.U8("e.1"))}
		}, [2]uint32{1, 255}},
		{"V8 UTF-8 string", "18" + fmt.Sprintf("%x", utf8Str), func(d *bcs.Decoder) any { return d.String("s") }, utf8Str},
		{"empty string", "00", func(d *bcs.Decoder) any { return d.String("s") }, ""},
		{"bytes", "03 00 01 02", func(d *bcs.Decoder) any { return fmt.Sprintf("%x", d.ReadBytes("b")) }, "000102"},
		{"fixed", "0a0b0c", func(d *bcs.Decoder) any {
			var a [3]byte
			d.Fixed(a[:], "f")
			return a
		}, [3]byte{0x0a, 0x0b, 0x0c}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := bcs.NewDecoder(unhex(t, tc.in))
			got := tc.read(d)
			if err := d.Finish(); err != nil {
				t.Fatalf("Finish: %v", err)
			}
			if got != tc.want {
				t.Fatalf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestDecoderULEB128Valid(t *testing.T) {
	for _, tc := range ulebVectors {
		in := unhex(t, tc.hex)
		d := bcs.NewDecoder(in)
		if got := d.ULEB128("len"); got != tc.v {
			t.Errorf("ULEB128(%s) = %d, want %d", tc.hex, got, tc.v)
		}
		if err := d.Finish(); err != nil {
			t.Errorf("ULEB128(%s): %v", tc.hex, err)
		}
		if d.Offset() != len(in) {
			t.Errorf("ULEB128(%s) consumed %d bytes, want %d", tc.hex, d.Offset(), len(in))
		}
	}
}

func TestDecoderULEB128Rejected(t *testing.T) {
	tests := []struct {
		in   string
		kind error
	}{
		{"80 80 80 80 80 01", bcs.ErrULEBOverflow}, // 2^35
		{"80 80 80 80 10", bcs.ErrULEBOverflow},    // 2^32
		{"80 80 80 80 20", bcs.ErrULEBOverflow},    // 2^33
		{"ff ff ff ff 1f", bcs.ErrULEBOverflow},    // 2^33 - 1
		{"ff ff ff ff 10", bcs.ErrULEBOverflow},    // 2^32 + (2^28-1)
		{"80 80 80 80 80", bcs.ErrULEBOverflow},    // a sixth byte announced
		{"ff ff ff ff 8f", bcs.ErrULEBOverflow},    // continuation on the fifth byte
		{"80 00", bcs.ErrNonMinimal},
		{"ff 00", bcs.ErrNonMinimal},
		{"81 80 00", bcs.ErrNonMinimal},
		{"80 80 80 80 00", bcs.ErrNonMinimal},
		{"", bcs.ErrTruncated},
		{"80", bcs.ErrTruncated},
		{"ff ff", bcs.ErrTruncated},
		{"ff ff ff ff", bcs.ErrTruncated},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			// A leading byte puts the ULEB at offset 1.
			in := append([]byte{0xaa}, unhex(t, tc.in)...)
			d := bcs.NewDecoder(in)
			d.U8("lead")
			if got := d.ULEB128("Thing.len"); got != 0 {
				t.Errorf("value on failure = %d, want 0", got)
			}
			be := wantErr(t, d.Err(), tc.kind, "Thing.len")
			if be.Offset != 1 {
				t.Errorf("error offset %d, want 1 (the start of the number)", be.Offset)
			}
			if d.Offset() != 1 {
				t.Errorf("decoder offset %d after failure, want 1", d.Offset())
			}
			if !errors.Is(d.Finish(), tc.kind) {
				t.Errorf("Finish() = %v, want the recorded %v", d.Finish(), tc.kind)
			}
		})
	}
}

// TestDecoderTruncatedEveryPrefix cuts valid encodings at every length: each
// cut must fail with ErrTruncated, never decode, never panic.
func TestDecoderTruncatedEveryPrefix(t *testing.T) {
	opt := uint64(99)
	full := record{
		Flag: true, Small: 1, Mid: 2, Word: 3, Big: 4, Lo: 5, Hi: 6, Wide: [4]uint64{7, 8, 9, 10},
		Name: strings.Repeat("n", 130), Blob: bytes.Repeat([]byte{0xb}, 129),
		Opt: &opt, Nums: []uint64{1, 2, 3},
		Shape: shape{Kind: 2, Points: []point{{1, 2}, {3, 4}}},
	}
	for _, r := range []record{full, {}, {Shape: shape{Kind: 1, Radius: 5}}} {
		enc := bcs.Marshal(r)
		var back record
		if err := bcs.Unmarshal(enc, &back); err != nil || !back.equal(r) {
			t.Fatalf("full input does not round-trip: %v", err)
		}
		for n := 0; n < len(enc); n++ {
			var got record
			err := bcs.Unmarshal(enc[:n], &got)
			if !errors.Is(err, bcs.ErrTruncated) {
				t.Fatalf("prefix of %d/%d bytes: err = %v, want ErrTruncated", n, len(enc), err)
			}
			var be *bcs.Error
			if !errors.As(err, &be) || !strings.HasPrefix(be.What, "record.") && !strings.HasPrefix(be.What, "shape") && !strings.HasPrefix(be.What, "point.") {
				t.Fatalf("prefix %d: error %q does not name a record item", n, err)
			}
			if be.Offset > n {
				t.Fatalf("prefix %d: error offset %d is past the input", n, be.Offset)
			}
		}
	}
}

func TestDecoderTrailing(t *testing.T) {
	enc := bcs.Marshal(point{1, 2})
	in := append(enc, 0x00, 0x01)
	var p point
	err := bcs.Unmarshal(in, &p)
	be := wantErr(t, err, bcs.ErrTrailing, "")
	if be.Offset != len(enc) {
		t.Fatalf("trailing offset %d, want %d", be.Offset, len(enc))
	}
	if !strings.Contains(err.Error(), "2 unread bytes") {
		t.Fatalf("message %q does not count the unread bytes", err)
	}
	// The value itself decoded; only the leftovers are the problem.
	if p != (point{1, 2}) {
		t.Fatalf("decoded %v", p)
	}
	if d := bcs.NewDecoder(nil); d.Finish() != nil {
		t.Fatalf("empty input, nothing read: Finish = %v", d.Finish())
	}
}

func TestDecoderBadBool(t *testing.T) {
	for _, b := range []byte{0x02, 0x80, 0xff} {
		d := bcs.NewDecoder([]byte{0x01, b})
		if !d.Bool("first") {
			t.Fatal("first bool")
		}
		if d.Bool("Txn.flag") {
			t.Fatalf("0x%02x decoded as true", b)
		}
		be := wantErr(t, d.Err(), bcs.ErrBadBool, "Txn.flag")
		if be.Offset != 1 || d.Offset() != 1 {
			t.Fatalf("offsets: error %d, decoder %d, want 1", be.Offset, d.Offset())
		}
		if !strings.Contains(be.Error(), fmt.Sprintf("0x%02x", b)) {
			t.Fatalf("message %q does not show the byte", be)
		}
	}
}

func TestDecoderBadOption(t *testing.T) {
	for _, b := range []byte{0x02, 0x10, 0xff} {
		d := bcs.NewDecoder([]byte{b, 0x08})
		if d.Option("Txn.expiry") {
			t.Fatalf("tag 0x%02x read as Some", b)
		}
		be := wantErr(t, d.Err(), bcs.ErrBadOption, "Txn.expiry")
		if be.Offset != 0 {
			t.Fatalf("offset %d, want 0", be.Offset)
		}
		if !strings.Contains(be.Error(), fmt.Sprintf("tag 0x%02x", b)) {
			t.Fatalf("message %q does not show the tag", be)
		}
	}
}

func TestDecoderVariant(t *testing.T) {
	tests := []struct {
		in    string
		count uint32
		want  uint32
		kind  error
	}{
		{"00", 1, 0, nil},
		{"02", 3, 2, nil},
		{"80 01", 129, 128, nil},
		{"03", 3, 0, bcs.ErrBadVariant},
		{"80 01", 128, 0, bcs.ErrBadVariant},
		{"ff ff ff ff 0f", 3, 0, bcs.ErrBadVariant},
		{"00", 0, 0, bcs.ErrBadVariant},
		{"80 00", 3, 0, bcs.ErrNonMinimal},
		{"80 80 80 80 10", 3, 0, bcs.ErrULEBOverflow},
		{"", 3, 0, bcs.ErrTruncated},
	}
	for _, tc := range tests {
		d := bcs.NewDecoder(unhex(t, tc.in))
		got := d.Variant("Payload", tc.count)
		if tc.kind == nil {
			if err := d.Finish(); err != nil || got != tc.want {
				t.Errorf("Variant(%s, %d) = %d, %v; want %d", tc.in, tc.count, got, err, tc.want)
			}
			continue
		}
		if got != 0 {
			t.Errorf("Variant(%s, %d) = %d on failure", tc.in, tc.count, got)
		}
		be := wantErr(t, d.Err(), tc.kind, "Payload")
		if be.Offset != 0 || d.Offset() != 0 {
			t.Errorf("Variant(%s): offsets error %d decoder %d, want 0", tc.in, be.Offset, d.Offset())
		}
		if tc.kind == bcs.ErrBadVariant {
			if tc.count > 0 && !strings.Contains(be.Error(), fmt.Sprintf("0..%d", tc.count-1)) {
				t.Errorf("message %q does not list the known variants", be)
			}
			if strings.Contains(be.Error(), "0..4294967295") {
				t.Errorf("message %q shows a wrapped-around variant count", be)
			}
		}
	}
}

// TestDecoderLengthClaims checks lengths that promise more than the input
// holds: they must fail before anything of that size is allocated.
func TestDecoderLengthClaims(t *testing.T) {
	maxLen := "ff ff ff ff 07" // 2^31 - 1
	tests := []struct {
		name string
		in   string
		read func(d *bcs.Decoder)
		what string
		kind error
	}{
		{"bytes 2^31-1 with 3 left", maxLen + "010203", func(d *bcs.Decoder) { d.ReadBytes("Script.code") }, "Script.code", bcs.ErrTruncated},
		{"string 2^31-1 with 3 left", maxLen + "616263", func(d *bcs.Decoder) { d.String("Module.name") }, "Module.name", bcs.ErrTruncated},
		{"seq 2^31-1 of u64", maxLen + "010203", func(d *bcs.Decoder) { d.SeqLen("args", 8) }, "args", bcs.ErrTruncated},
		{"bytes 4 with 3 left", "04 010203", func(d *bcs.Decoder) { d.ReadBytes("blob") }, "blob", bcs.ErrTruncated},
		{"seq 1 of u64 with 7 left", "01 01020304050607", func(d *bcs.Decoder) { d.SeqLen("nums", 8) }, "nums", bcs.ErrTruncated},
		// 8 elements of 2^61 bytes: the byte count wraps around in 64 bits.
		{"seq whose byte count overflows", "08 00", func(d *bcs.Decoder) { d.SeqLen("huge", math.MaxInt/4+1) }, "huge", bcs.ErrTruncated},
		{"length 2^31", "80 80 80 80 08", func(d *bcs.Decoder) { d.SeqLen("v", 0) }, "v", bcs.ErrLength},
		{"length 2^32-1", "ff ff ff ff 0f", func(d *bcs.Decoder) { d.ReadBytes("v") }, "v", bcs.ErrLength},
		{"non-minimal length", "80 00", func(d *bcs.Decoder) { d.ReadBytes("v") }, "v", bcs.ErrNonMinimal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := unhex(t, tc.in)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			d := bcs.NewDecoder(in)
			tc.read(d)
			runtime.ReadMemStats(&after)
			wantErr(t, d.Err(), tc.kind, tc.what)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
				t.Fatalf("allocated %d bytes before rejecting the length", grew)
			}
		})
	}

	// The exact claim that fits is accepted, with zero-size elements unchecked.
	d := bcs.NewDecoder(unhex(t, "02 0102030405060708 0102030405060708"))
	if n := d.SeqLen("nums", 8); n != 2 || d.Err() != nil {
		t.Fatalf("SeqLen = %d, %v", n, d.Err())
	}
	d = bcs.NewDecoder(unhex(t, maxLen))
	if n := d.SeqLen("units", 0); n != math.MaxInt32 || d.Finish() != nil {
		t.Fatalf("SeqLen of zero-size elements = %d, %v", n, d.Finish())
	}

	// Rejecting a huge claim costs a handful of small allocations, whatever
	// the claimed size.
	in := unhex(t, maxLen+"010203")
	allocs := testing.AllocsPerRun(100, func() {
		d := bcs.NewDecoder(in)
		d.ReadBytes("Script.code")
		if d.Err() == nil {
			panic("accepted")
		}
	})
	if allocs > 8 {
		t.Fatalf("%v allocations to reject a huge length", allocs)
	}
}

func TestDecoderDepth(t *testing.T) {
	for _, tc := range []struct {
		maxDepth, levels int
		ok               bool
	}{
		{3, 1, true}, {3, 3, true}, {3, 4, false}, {1, 1, true}, {1, 2, false},
		{0, bcs.DefaultMaxDepth, true}, {0, bcs.DefaultMaxDepth + 1, false},
		{-1, bcs.DefaultMaxDepth + 1, false},
	} {
		enc := bcs.Marshal(nest(tc.levels))
		var got tree
		var err error
		if tc.maxDepth == 0 {
			err = bcs.Unmarshal(enc, &got)
		} else {
			err = bcs.UnmarshalDepth(enc, tc.maxDepth, &got)
		}
		if tc.ok {
			if err != nil || got.depth() != tc.levels {
				t.Errorf("max %d, %d levels: %v (depth %d)", tc.maxDepth, tc.levels, err, got.depth())
			}
			continue
		}
		be := wantErr(t, err, bcs.ErrTooDeep, "tree")
		limit := tc.maxDepth
		if limit <= 0 {
			limit = bcs.DefaultMaxDepth
		}
		if !strings.Contains(be.Error(), fmt.Sprintf("more than %d levels", limit)) {
			t.Errorf("message %q does not state the limit %d", be, limit)
		}
		// The failure is found at the level that overflows, not at the end.
		if be.Offset != limit {
			t.Errorf("max %d: failure at byte %d, want %d", tc.maxDepth, be.Offset, limit)
		}
	}

	// Leave restores the budget: siblings may each go to the limit.
	d := bcs.NewDecoder(nil)
	d.MaxDepth = 2
	for i := 0; i < 5; i++ {
		if !d.Enter("a") || !d.Enter("b") {
			t.Fatalf("round %d: Enter failed: %v", i, d.Err())
		}
		d.Leave()
		d.Leave()
	}
	if !d.Enter("a") || !d.Enter("b") || d.Enter("c") {
		t.Fatal("third level accepted with MaxDepth 2")
	}
	wantErr(t, d.Err(), bcs.ErrTooDeep, "c")
	if d.Enter("d") {
		t.Fatal("Enter succeeded after a failure")
	}
}

func TestDecoderInvalidUTF8(t *testing.T) {
	for _, in := range []string{
		"01 ff",          // never valid
		"02 c3 28",       // bad continuation
		"02 c0 80",       // overlong NUL
		"03 ed a0 80",    // UTF-16 surrogate
		"04 f4 90 80 80", // above U+10FFFF
		"02 e2 88",       // a 3-byte rune cut short inside the string
	} {
		d := bcs.NewDecoder(append([]byte{0x07}, unhex(t, in)...))
		d.U8("lead")
		if s := d.String("Identifier"); s != "" {
			t.Errorf("%s: returned %q", in, s)
		}
		be := wantErr(t, d.Err(), bcs.ErrInvalidUTF8, "Identifier")
		if be.Offset != 1 {
			t.Errorf("%s: offset %d, want 1 (the start of the string)", in, be.Offset)
		}
	}
	// Bytes are not strings: the same payload is fine as a byte vector.
	d := bcs.NewDecoder(unhex(t, "02 c3 28"))
	if b := d.ReadBytes("raw"); d.Finish() != nil || !bytes.Equal(b, []byte{0xc3, 0x28}) {
		t.Fatalf("ReadBytes = %x, %v", b, d.Finish())
	}
}

func TestDecoderStickyError(t *testing.T) {
	in := unhex(t, "02 0100000000000000 ff")
	d := bcs.NewDecoder(in)
	d.Bool("Txn.flag") // fails
	first := d.Err()
	wantErr(t, first, bcs.ErrBadBool, "Txn.flag")
	if !d.Failed() {
		t.Fatal("Failed() = false after an error")
	}
	off := d.Offset()
	// Every later read returns its zero value and moves nothing.
	if d.U8("a") != 0 || d.U16("b") != 0 || d.U32("c") != 0 || d.U64("d") != 0 ||
		d.ULEB128("e") != 0 || d.SeqLen("f", 1) != 0 || d.Variant("g", 5) != 0 ||
		d.Option("h") || d.Bool("i") || d.String("j") != "" || d.ReadBytes("k") != nil {
		t.Fatal("a read after failure returned a non-zero value")
	}
	lo, hi := d.U128("l")
	if lo != 0 || hi != 0 || d.U256("m") != [4]uint64{} {
		t.Fatal("a wide read after failure returned a non-zero value")
	}
	var fixed [2]byte
	d.Fixed(fixed[:], "n")
	if fixed != [2]byte{} {
		t.Fatal("Fixed wrote after failure")
	}
	called := false
	d.Value(unmarshalFunc(func(*bcs.Decoder) { called = true }))
	if called {
		t.Fatal("Value ran a decoder after failure")
	}
	d.Fail(bcs.ErrInvalidValue, "later", "ignored")
	d.Failf(bcs.ErrNotCanonical, "later", "%s", "ignored")
	if d.Err() != first || d.Offset() != off {
		t.Fatalf("error or offset changed: %v at %d", d.Err(), d.Offset())
	}
	if d.Finish() != first {
		t.Fatal("Finish does not return the first error")
	}
}

type unmarshalFunc func(*bcs.Decoder)

func (f unmarshalFunc) UnmarshalBCS(d *bcs.Decoder) { f(d) }

func TestDecoderFail(t *testing.T) {
	d := bcs.NewDecoder([]byte{1, 2, 3})
	d.U8("x")
	d.Failf(bcs.ErrInvalidValue, "Coin.amount", "zero amount %d", 0)
	be := wantErr(t, d.Err(), bcs.ErrInvalidValue, "Coin.amount")
	want := "bcs: invalid value at byte 1 while decoding Coin.amount: zero amount 0"
	if be.Error() != want {
		t.Fatalf("Error() = %q, want %q", be.Error(), want)
	}
	if be.Detail != "zero amount 0" || be.Offset != 1 {
		t.Fatalf("fields %+v", be)
	}
	// Without item and detail, the message is just the kind and place.
	e := &bcs.Error{Offset: 7, Kind: bcs.ErrTrailing}
	if e.Error() != "bcs: trailing bytes after value at byte 7" {
		t.Fatalf("Error() = %q", e.Error())
	}
}

func TestDecoderTruncationMessage(t *testing.T) {
	d := bcs.NewDecoder([]byte{1, 2, 3})
	d.U8("x")
	d.U64("RawTransaction.sequence_number")
	be := wantErr(t, d.Err(), bcs.ErrTruncated, "RawTransaction.sequence_number")
	want := "bcs: input ends early at byte 1 while decoding RawTransaction.sequence_number: need 8 bytes, 2 left"
	if be.Error() != want {
		t.Fatalf("Error() = %q, want %q", be.Error(), want)
	}
	if d.Remaining() != 2 || d.Offset() != 1 {
		t.Fatalf("Remaining %d Offset %d after a failed read", d.Remaining(), d.Offset())
	}
}

// TestDecoderCopies checks that values keeping bytes do not alias the input.
func TestDecoderCopies(t *testing.T) {
	in := unhex(t, "02 aabb ccdd 0102")
	d := bcs.NewDecoder(in)
	b := d.ReadBytes("b")
	var f [2]byte
	d.Fixed(f[:], "f")
	since := d.Since(0)
	s := d.String("s")
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	for i := range in {
		in[i] = 0
	}
	if !bytes.Equal(b, []byte{0xaa, 0xbb}) || f != [2]byte{0xcc, 0xdd} || s != "\x02" {
		t.Fatalf("decoded values changed with the input: %x %x %q", b, f, s)
	}
	if !bytes.Equal(since, unhex(t, "02aabbccdd")) {
		t.Fatalf("Since(0) = %x", since)
	}
}

func TestDecoderSince(t *testing.T) {
	d := bcs.NewDecoder(unhex(t, "01 02 03 04"))
	d.U8("a")
	start := d.Offset()
	d.U16("b")
	if got := d.Since(start); !bytes.Equal(got, []byte{2, 3}) {
		t.Fatalf("Since(%d) = %x", start, got)
	}
	if got := d.Since(d.Offset()); got == nil || len(got) != 0 {
		t.Fatalf("Since(now) = %#v, want empty", got)
	}
	for _, bad := range []int{-1, d.Offset() + 1, 100} {
		if got := d.Since(bad); got != nil {
			t.Errorf("Since(%d) = %x, want nil", bad, got)
		}
	}
}

func TestDecoderRemaining(t *testing.T) {
	d := bcs.NewDecoder(make([]byte, 10))
	if d.Remaining() != 10 {
		t.Fatal(d.Remaining())
	}
	d.U32("x")
	if d.Remaining() != 6 || d.Offset() != 4 {
		t.Fatalf("Remaining %d Offset %d", d.Remaining(), d.Offset())
	}
	if err := d.Finish(); !errors.Is(err, bcs.ErrTrailing) {
		t.Fatalf("Finish = %v", err)
	}
}

// TestSentinelsDistinct guards against two kinds sharing one error value.
func TestSentinelsDistinct(t *testing.T) {
	all := []error{
		bcs.ErrTruncated, bcs.ErrTrailing, bcs.ErrNonMinimal, bcs.ErrULEBOverflow,
		bcs.ErrBadBool, bcs.ErrBadOption, bcs.ErrBadVariant, bcs.ErrTooDeep,
		bcs.ErrLength, bcs.ErrInvalidUTF8, bcs.ErrInvalidValue, bcs.ErrNotCanonical,
	}
	for i, a := range all {
		for j, b := range all {
			if i != j && (errors.Is(a, b) || a.Error() == b.Error()) {
				t.Errorf("%v and %v are not distinct", a, b)
			}
		}
		if !errors.Is(&bcs.Error{Kind: a}, a) {
			t.Errorf("*Error does not unwrap to %v", a)
		}
	}
}
