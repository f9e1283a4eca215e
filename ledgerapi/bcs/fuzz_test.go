package bcs_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

var sentinels = []error{
	bcs.ErrTruncated, bcs.ErrTrailing, bcs.ErrNonMinimal, bcs.ErrULEBOverflow,
	bcs.ErrBadBool, bcs.ErrBadOption, bcs.ErrBadVariant, bcs.ErrTooDeep,
	bcs.ErrLength, bcs.ErrInvalidUTF8, bcs.ErrInvalidValue, bcs.ErrNotCanonical,
}

// FuzzDecoderPrimitives drives a Decoder with a mix of reads chosen by the
// input itself (each read is preceded by an op byte). It checks that nothing
// panics, that offsets stay within the input and only move forward, that
// every successful read consumed exactly the bytes its value re-encodes to
// (so the decoder accepts canonical forms only), and that failures are
// *bcs.Error values naming the item, after which the decoder stays put.
func FuzzDecoderPrimitives(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 1, 0x34, 0x12})                                              // bool, u16
	f.Add([]byte{6, 0x80, 0x01, 6, 0x80, 0x00})                                     // ULEB ok, non-minimal
	f.Add([]byte{6, 0xff, 0xff, 0xff, 0xff, 0x0f, 6, 0xff, 0xff, 0xff, 0xff, 0x1f}) // max u32, overflow
	f.Add([]byte{9, 0x03, 'a', 'b', 'c', 9, 0x02, 0xc3, 0x28})                      // string ok, bad UTF-8
	f.Add([]byte{10, 0xff, 0xff, 0xff, 0xff, 0x07, 1, 2, 3})                        // huge byte-string claim
	f.Add([]byte{12, 12, 12, 12, 12, 13, 13, 12})                                   // Enter/Leave
	f.Add([]byte{8, 0x02, 8, 0x01, 0xff, 7, 0x05})                                  // option, bad tag, variant
	f.Add(append([]byte{5}, bytes.Repeat([]byte{0xee}, 32)...))                     // u256
	f.Fuzz(func(t *testing.T, data []byte) {
		d := bcs.NewDecoder(data)
		d.MaxDepth = 3
		depth := 0
		for steps := 0; !d.Failed() && d.Remaining() > 0 && steps < 4096; steps++ {
			op := d.U8("op")
			start := d.Offset()
			what := "item" + string(rune('a'+op%16))
			var re bcs.Encoder // the value read, encoded again
			switch op % 16 {
			case 0:
				re.Bool(d.Bool(what))
			case 1:
				re.U16(d.U16(what))
			case 2:
				re.U32(d.U32(what))
			case 3:
				re.U64(d.U64(what))
			case 4:
				re.U128(d.U128(what))
			case 5:
				re.U256(d.U256(what))
			case 6:
				re.ULEB128(d.ULEB128(what))
			case 7:
				count := uint32(op/16) + 1
				v := d.Variant(what, count)
				if !d.Failed() && v >= count {
					t.Fatalf("Variant returned %d, count %d", v, count)
				}
				re.Variant(v)
			case 8:
				re.Option(d.Option(what))
			case 9:
				s := d.String(what)
				if !d.Failed() && !utf8.ValidString(s) {
					t.Fatalf("String returned invalid UTF-8 %q", s)
				}
				re.String(s)
			case 10:
				re.WriteBytes(d.ReadBytes(what))
			case 11:
				n := d.SeqLen(what, int(op/16))
				if !d.Failed() && op/16 > 0 && n*int(op/16) > d.Remaining() {
					t.Fatalf("SeqLen %d of %d-byte elements with %d bytes left", n, op/16, d.Remaining())
				}
				re.SeqLen(n)
			case 12:
				if d.Enter(what) {
					depth++
				} else if !d.Failed() {
					t.Fatal("Enter refused without recording an error")
				}
				if depth > 3 {
					t.Fatalf("depth %d above MaxDepth 3", depth)
				}
			case 13:
				if depth > 0 {
					d.Leave()
					depth--
				}
			case 14:
				var buf [5]byte
				d.Fixed(buf[:], what)
				re.Fixed(buf[:])
			case 15:
				re.U8(d.U8(what))
			}
			off := d.Offset()
			if off < start || off > len(data) || d.Remaining() != len(data)-off {
				t.Fatalf("op %d: offset %d (start %d, len %d, remaining %d)", op, off, start, len(data), d.Remaining())
			}
			if d.Failed() {
				checkFailure(t, d, data, what)
				break
			}
			if got := d.Since(start); !bytes.Equal(got, re.Bytes()) {
				t.Fatalf("op %d: consumed %x but the value encodes as %x", op, got, re.Bytes())
			}
		}
		err := d.Finish()
		switch {
		case d.Failed():
			if err != d.Err() {
				t.Fatalf("Finish = %v, Err = %v", err, d.Err())
			}
		case d.Remaining() == 0:
			if err != nil {
				t.Fatalf("Finish with nothing left: %v", err)
			}
		default:
			if !errors.Is(err, bcs.ErrTrailing) {
				t.Fatalf("Finish with %d bytes left: %v", d.Remaining(), err)
			}
		}
	})
}

func checkFailure(t *testing.T, d *bcs.Decoder, data []byte, what string) {
	t.Helper()
	err := d.Err()
	var be *bcs.Error
	if !errors.As(err, &be) {
		t.Fatalf("error %T %v is not a *bcs.Error", err, err)
	}
	known := 0
	for _, s := range sentinels {
		if errors.Is(err, s) {
			known++
		}
	}
	if known != 1 {
		t.Fatalf("error %v matches %d sentinels", err, known)
	}
	if be.Offset < 0 || be.Offset > len(data) {
		t.Fatalf("error offset %d outside the %d-byte input", be.Offset, len(data))
	}
	if be.What != what || !strings.Contains(err.Error(), what) {
		t.Fatalf("error %q does not name %q", err, what)
	}
	// The decoder is stuck: more reads change nothing.
	off := d.Offset()
	if d.U64("x") != 0 || d.ULEB128("y") != 0 || d.String("z") != "" || d.Offset() != off || d.Err() != err {
		t.Fatal("decoder moved after a failure")
	}
}
