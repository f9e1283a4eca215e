package bytecode

import (
	"fmt"
	"math/bits"
)

// reader walks a binary. It keeps the first error (later reads return zero
// values without moving), the site being read (for error messages) and,
// in find mode, records the offset where a wanted site starts: the bounds
// checker uses that to point at the byte of a bad index by reading the
// element again.
type reader struct {
	buf     []byte
	off     int
	end     int // reads stop here (the end of the current table)
	version uint32
	at      site
	err     *Error

	want  *site
	found int
}

func (r *reader) ok() bool { return r.err == nil }

func (r *reader) failAt(st Status, off int, format string, args ...any) {
	if r.err == nil {
		r.err = &Error{Status: st, Where: r.at.String(), Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
}

// enter starts reading element elem of a table.
func (r *reader) enter(table string, elem int) {
	r.at = site{table: table, elem: elem}
	r.mark()
}

// field, fieldN and fieldNN name the item about to be read.
func (r *reader) field(f string) { r.at.field, r.at.sub, r.at.sub2 = f, 0, 0; r.mark() }

func (r *reader) fieldN(f string, sub int) { r.at.field, r.at.sub, r.at.sub2 = f, sub, 0; r.mark() }

func (r *reader) fieldNN(f string, sub, sub2 int) {
	r.at.field, r.at.sub, r.at.sub2 = f, sub, sub2
	r.mark()
}

func (r *reader) mark() {
	if r.want != nil && r.found < 0 && r.at == *r.want {
		r.found = r.off
	}
}

// take returns the next n bytes, or nil (without an error) at the end.
func (r *reader) take(n int) []byte {
	if r.err != nil || n < 0 || n > r.end-r.off {
		return nil
	}
	b := r.buf[r.off : r.off+n]
	r.off += n
	return b
}

// u8 reads a byte; at the end it fails with MALFORMED.
func (r *reader) u8() byte {
	start := r.off
	b := r.take(1)
	if b == nil {
		r.failAt(StatusMalformed, start, "unexpected end of data")
		return 0
	}
	return b[0]
}

// fixed reads n little-endian bytes; at the end it fails with status st.
func (r *reader) fixed(n int, st Status) []byte {
	start := r.off
	b := r.take(n)
	if b == nil {
		r.failAt(st, start, "unexpected end of data reading %d bytes", n)
	}
	return b
}

// uleb reads a canonical ULEB128 of at most 64 bits and checks it is at most
// max; both failures are MALFORMED, as in the reference reader.
func (r *reader) uleb(max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	start := r.off
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if shift > 63 || r.off >= r.end {
			r.failAt(StatusMalformed, start, "bad ULEB128")
			return 0
		}
		c := r.buf[r.off]
		r.off++
		low := uint64(c & 0x7F)
		if shift > 0 && bits.Len64(low)+int(shift) > 64 {
			r.failAt(StatusMalformed, start, "bad ULEB128: overflows 64 bits")
			return 0
		}
		v |= low << shift
		if c&0x80 == 0 {
			if shift > 0 && low == 0 {
				r.failAt(StatusMalformed, start, "bad ULEB128: not minimally encoded")
				return 0
			}
			break
		}
	}
	if v > max {
		r.failAt(StatusMalformed, start, "ULEB128 value %d exceeds maximum %d", v, max)
		return 0
	}
	return v
}

// index reads a table index.
func (r *reader) index() uint16 { return uint16(r.uleb(maxTableIndex)) }

// count reads a ULEB128 count of at most max.
func (r *reader) count(max uint64) int { return int(r.uleb(max)) }

// option reads an option marker: 1 none, 2 some.
func (r *reader) option() bool {
	start := r.off
	switch r.u8() {
	case serNone:
		return false
	case serSome:
		return true
	}
	r.failAt(StatusMalformed, start, "malformed option marker")
	return false
}

// capFor bounds a preallocation for n elements (of at least one byte each)
// by the bytes that remain, so that no allocation exceeds the input.
func (r *reader) capFor(n int) int {
	if left := r.end - r.off; n > left {
		return left
	}
	return n
}
