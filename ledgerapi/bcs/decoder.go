package bcs

import (
	"encoding/binary"
	"fmt"
	"unicode/utf8"
)

// Decoder reads canonical BCS from a byte slice. It keeps the first error it
// meets ("sticky" error): once failed, every read returns a zero value and
// Err reports the original failure. This keeps decoding code linear.
//
// Decoder is strict: ULEB128 must be minimal and fit in u32, bools must be 0
// or 1, option tags must be 0 or 1, sequence lengths are checked against the
// bytes that remain before anything is allocated, and the container depth is
// bounded by MaxDepth.
type Decoder struct {
	buf []byte
	off int
	err error

	depth int
	// MaxDepth bounds Enter calls that are open at once. Zero means DefaultMaxDepth.
	MaxDepth int
}

// NewDecoder returns a decoder over b. b is not copied; values that keep
// bytes (Bytes, Fixed) return copies, so b may be reused after decoding.
func NewDecoder(b []byte) *Decoder { return &Decoder{buf: b} }

// Err returns the first failure, or nil.
func (d *Decoder) Err() error { return d.err }

// Offset is the number of bytes consumed so far.
func (d *Decoder) Offset() int { return d.off }

// Remaining is the number of unread bytes.
func (d *Decoder) Remaining() int { return len(d.buf) - d.off }

// Finish reports the first error, or ErrTrailing if bytes remain unread.
func (d *Decoder) Finish() error {
	if d.err != nil {
		return d.err
	}
	if d.off != len(d.buf) {
		return &Error{Offset: d.off, Kind: ErrTrailing, Detail: fmt.Sprintf("%d unread bytes", len(d.buf)-d.off)}
	}
	return nil
}

// Failed reports whether an error has been recorded.
func (d *Decoder) Failed() bool { return d.err != nil }

// Fail records a failure of kind at the current offset unless one is recorded already.
func (d *Decoder) Fail(kind error, what, detail string) {
	if d.err == nil {
		d.err = &Error{Offset: d.off, What: what, Detail: detail, Kind: kind}
	}
}

// Failf is Fail with a formatted detail.
func (d *Decoder) Failf(kind error, what, format string, args ...any) {
	if d.err == nil {
		d.Fail(kind, what, fmt.Sprintf(format, args...))
	}
}

// Enter opens one container level (a struct or enum that can nest). It
// returns false, and records ErrTooDeep, when the limit is exceeded.
// Every successful Enter must be matched by Leave.
func (d *Decoder) Enter(what string) bool {
	if d.err != nil {
		return false
	}
	max := d.MaxDepth
	if max <= 0 {
		max = DefaultMaxDepth
	}
	if d.depth >= max {
		d.Failf(ErrTooDeep, what, "more than %d levels", max)
		return false
	}
	d.depth++
	return true
}

// Leave closes a level opened by Enter.
func (d *Decoder) Leave() { d.depth-- }

func (d *Decoder) take(n int, what string) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.buf)-d.off {
		d.Failf(ErrTruncated, what, "need %d bytes, %d left", n, len(d.buf)-d.off)
		return nil
	}
	b := d.buf[d.off : d.off+n]
	d.off += n
	return b
}

// Bool reads a bool; any byte other than 0 or 1 is an error.
func (d *Decoder) Bool(what string) bool {
	b := d.take(1, what)
	if b == nil {
		return false
	}
	switch b[0] {
	case 0:
		return false
	case 1:
		return true
	}
	d.off--
	d.Failf(ErrBadBool, what, "0x%02x", b[0])
	return false
}

// U8 reads one byte.
func (d *Decoder) U8(what string) uint8 {
	b := d.take(1, what)
	if b == nil {
		return 0
	}
	return b[0]
}

// U16 reads a little-endian u16.
func (d *Decoder) U16(what string) uint16 {
	b := d.take(2, what)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint16(b)
}

// U32 reads a little-endian u32.
func (d *Decoder) U32(what string) uint32 {
	b := d.take(4, what)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

// U64 reads a little-endian u64.
func (d *Decoder) U64(what string) uint64 {
	b := d.take(8, what)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

// U128 reads a 128-bit integer as little-endian limbs.
func (d *Decoder) U128(what string) (lo, hi uint64) {
	b := d.take(16, what)
	if b == nil {
		return 0, 0
	}
	return binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])
}

// U256 reads a 256-bit integer as little-endian limbs.
func (d *Decoder) U256(what string) (limbs [4]uint64) {
	b := d.take(32, what)
	if b == nil {
		return limbs
	}
	for i := range limbs {
		limbs[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return limbs
}

// ULEB128 reads a minimal ULEB128 number that fits in u32.
func (d *Decoder) ULEB128(what string) uint32 {
	if d.err != nil {
		return 0
	}
	start := d.off
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if d.off >= len(d.buf) {
			d.off = start
			d.Fail(ErrTruncated, what, "ULEB128 ends early")
			return 0
		}
		b := d.buf[d.off]
		d.off++
		if shift == 28 && b&0x70 != 0 {
			d.off = start
			d.Fail(ErrULEBOverflow, what, "")
			return 0
		}
		v |= uint64(b&0x7f) << shift
		if b&0x80 == 0 {
			if b == 0 && shift > 0 {
				d.off = start
				d.Fail(ErrNonMinimal, what, "")
				return 0
			}
			return uint32(v)
		}
		if shift >= 28 {
			d.off = start
			d.Fail(ErrULEBOverflow, what, "")
			return 0
		}
	}
}

// SeqLen reads a sequence length and checks that n elements of at least
// minElemSize bytes each can still follow. Use minElemSize 1 when unsure
// (every BCS value occupies at least one byte, except unit-like empty
// structs, for which pass 0).
func (d *Decoder) SeqLen(what string, minElemSize int) int {
	n := d.ULEB128(what)
	if d.err != nil {
		return 0
	}
	if uint64(n) > MaxSequenceLength {
		d.Failf(ErrLength, what, "length %d exceeds %d", n, MaxSequenceLength)
		return 0
	}
	// n*minElemSize > left, written so that the product cannot overflow.
	if left := len(d.buf) - d.off; minElemSize > 0 && uint64(n) > uint64(left)/uint64(minElemSize) {
		d.Failf(ErrTruncated, what, "length %d claims more than the %d bytes left", n, left)
		return 0
	}
	return int(n)
}

// Variant reads an enum variant index and checks it is below count.
func (d *Decoder) Variant(what string, count uint32) uint32 {
	start := d.off
	v := d.ULEB128(what)
	if d.err == nil && v >= count {
		d.off = start
		if count == 0 {
			d.Failf(ErrBadVariant, what, "index %d, the enum has no variants", v)
		} else {
			d.Failf(ErrBadVariant, what, "index %d, known variants 0..%d", v, count-1)
		}
		return 0
	}
	return v
}

// Option reads an option tag: true for Some, false for None.
func (d *Decoder) Option(what string) bool {
	b := d.take(1, what)
	if b == nil {
		return false
	}
	switch b[0] {
	case 0:
		return false
	case 1:
		return true
	}
	d.off--
	d.Failf(ErrBadOption, what, "tag 0x%02x", b[0])
	return false
}

// ReadBytes reads a length-prefixed byte string and returns a copy.
func (d *Decoder) ReadBytes(what string) []byte {
	n := d.SeqLen(what, 1)
	b := d.take(n, what)
	if b == nil {
		return nil
	}
	out := make([]byte, n)
	copy(out, b)
	return out
}

// Fixed reads exactly len(dst) bytes into dst.
func (d *Decoder) Fixed(dst []byte, what string) {
	b := d.take(len(dst), what)
	if b != nil {
		copy(dst, b)
	}
}

// String reads a length-prefixed UTF-8 string.
func (d *Decoder) String(what string) string {
	start := d.off
	n := d.SeqLen(what, 1)
	b := d.take(n, what)
	if b == nil {
		return ""
	}
	if !utf8.Valid(b) {
		d.off = start
		d.Fail(ErrInvalidUTF8, what, "")
		return ""
	}
	return string(b)
}

// Value decodes a nested Unmarshaler.
func (d *Decoder) Value(v Unmarshaler) {
	if d.err == nil {
		v.UnmarshalBCS(d)
	}
}

// Since returns a copy of the bytes consumed from offset start to now.
func (d *Decoder) Since(start int) []byte {
	if start < 0 || start > d.off {
		return nil
	}
	out := make([]byte, d.off-start)
	copy(out, d.buf[start:d.off])
	return out
}
