package bcs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
)

// Limits of the format.
const (
	// MaxSequenceLength is the largest element count a sequence may claim.
	MaxSequenceLength = math.MaxInt32
	// MaxULEB128 is the largest value a ULEB128 length or variant index may hold.
	MaxULEB128 = math.MaxUint32
	// DefaultMaxDepth is the container depth a Decoder allows unless told otherwise.
	DefaultMaxDepth = 500
)

// Sentinel errors. Every decoding failure wraps exactly one of them, so callers
// can classify failures with errors.Is while users still read a precise message.
var (
	ErrTruncated    = errors.New("input ends early")
	ErrTrailing     = errors.New("trailing bytes after value")
	ErrNonMinimal   = errors.New("ULEB128 is not minimally encoded")
	ErrULEBOverflow = errors.New("ULEB128 value does not fit in u32")
	ErrBadBool      = errors.New("invalid bool byte")
	ErrBadOption    = errors.New("invalid option tag")
	ErrBadVariant   = errors.New("unknown enum variant")
	ErrTooDeep      = errors.New("container nesting too deep")
	ErrLength       = errors.New("invalid length")
	ErrInvalidUTF8  = errors.New("string is not valid UTF-8")
	ErrInvalidValue = errors.New("invalid value")
	ErrNotCanonical = errors.New("not in canonical form")
)

// Error is a decoding failure: what went wrong, where, and while reading what.
type Error struct {
	Offset int    // byte offset where the problem was found
	What   string // the item being decoded, e.g. "RawTransaction.sender"
	Detail string // extra human-readable detail, may be empty
	Kind   error  // one of the sentinel errors above
}

func (e *Error) Error() string {
	s := fmt.Sprintf("bcs: %v at byte %d", e.Kind, e.Offset)
	if e.What != "" {
		s += " while decoding " + e.What
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the sentinel kind so errors.Is works.
func (e *Error) Unwrap() error { return e.Kind }

// Marshaler is implemented by types that write their own BCS form.
type Marshaler interface {
	MarshalBCS(e *Encoder)
}

// Unmarshaler is implemented by types that read their own BCS form. The
// implementation reports failures through the Decoder (see Decoder.Fail).
type Unmarshaler interface {
	UnmarshalBCS(d *Decoder)
}

// Marshal returns the BCS bytes of v.
func Marshal(v Marshaler) []byte {
	var e Encoder
	v.MarshalBCS(&e)
	return e.Bytes()
}

// Unmarshal decodes b into v, requiring that every byte is consumed.
func Unmarshal(b []byte, v Unmarshaler) error { return UnmarshalDepth(b, 0, v) }

// UnmarshalDepth is Unmarshal with an explicit container depth limit (0:
// DefaultMaxDepth). The decoder comes from a pool: an Unmarshaler must not
// keep it beyond its UnmarshalBCS call.
func UnmarshalDepth(b []byte, maxDepth int, v Unmarshaler) error {
	d := decoders.Get().(*Decoder)
	*d = Decoder{buf: b, MaxDepth: maxDepth}
	v.UnmarshalBCS(d)
	err := d.Finish()
	*d = Decoder{}
	decoders.Put(d)
	return err
}

var decoders = sync.Pool{New: func() any { return new(Decoder) }}

// Encoder appends BCS values to an in-memory buffer. The zero value is ready to use.
type Encoder struct {
	buf []byte
}

// NewEncoder returns an encoder whose buffer starts with capacity n.
func NewEncoder(n int) *Encoder { return &Encoder{buf: make([]byte, 0, n)} }

// Bytes returns the encoded bytes. The slice aliases the encoder's buffer.
func (e *Encoder) Bytes() []byte { return e.buf }

// Len is the number of bytes written so far.
func (e *Encoder) Len() int { return len(e.buf) }

// Reset empties the buffer, keeping its capacity.
func (e *Encoder) Reset() { e.buf = e.buf[:0] }

// Bool writes 0x01 or 0x00.
func (e *Encoder) Bool(v bool) {
	if v {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

// U8 writes one byte.
func (e *Encoder) U8(v uint8) { e.buf = append(e.buf, v) }

// U16 writes v little-endian.
func (e *Encoder) U16(v uint16) { e.buf = binary.LittleEndian.AppendUint16(e.buf, v) }

// U32 writes v little-endian.
func (e *Encoder) U32(v uint32) { e.buf = binary.LittleEndian.AppendUint32(e.buf, v) }

// U64 writes v little-endian.
func (e *Encoder) U64(v uint64) { e.buf = binary.LittleEndian.AppendUint64(e.buf, v) }

// U128 writes a 128-bit integer given as little-endian 64-bit limbs.
func (e *Encoder) U128(lo, hi uint64) {
	e.U64(lo)
	e.U64(hi)
}

// U256 writes a 256-bit integer given as little-endian 64-bit limbs.
func (e *Encoder) U256(limbs [4]uint64) {
	for _, l := range limbs {
		e.U64(l)
	}
}

// ULEB128 writes v as an unsigned LEB128 number (minimal form).
func (e *Encoder) ULEB128(v uint32) { e.buf = AppendULEB128(e.buf, v) }

// AppendULEB128 appends v as an unsigned LEB128 number (minimal form).
//
// The Append functions write what the Encoder methods of the same name
// write, onto a caller's slice: a stack buffer of enough capacity keeps an
// encoding off the heap, which an Encoder passed to a method cannot.
func AppendULEB128(dst []byte, v uint32) []byte {
	for v >= 0x80 {
		dst = append(dst, byte(v)|0x80)
		v >>= 7
	}
	return append(dst, byte(v))
}

// AppendString appends a length-prefixed string (see String).
func AppendString(dst []byte, s string) []byte {
	return append(AppendSeqLen(dst, len(s)), s...)
}

// AppendBytes appends a length-prefixed byte string (see WriteBytes).
func AppendBytes(dst []byte, b []byte) []byte {
	return append(AppendSeqLen(dst, len(b)), b...)
}

// Append lets f append an encoding to the buffer: f receives the bytes
// written so far and returns them extended.
func (e *Encoder) Append(f func(dst []byte) []byte) { e.buf = f(e.buf) }

// SeqLen writes a sequence length. It panics if n is negative or above
// MaxSequenceLength, which no in-memory value can reach in practice.
func (e *Encoder) SeqLen(n int) { e.buf = AppendSeqLen(e.buf, n) }

// AppendSeqLen appends a sequence length (see SeqLen).
func AppendSeqLen(dst []byte, n int) []byte {
	if n < 0 || n > MaxSequenceLength {
		panic(fmt.Sprintf("bcs: sequence length %d out of range", n))
	}
	return AppendULEB128(dst, uint32(n))
}

// Variant writes an enum variant index.
func (e *Encoder) Variant(idx uint32) { e.ULEB128(idx) }

// Option writes the option tag: 1 when present, 0 when absent.
func (e *Encoder) Option(present bool) { e.Bool(present) }

// WriteBytes writes a length-prefixed byte string.
func (e *Encoder) WriteBytes(b []byte) { e.buf = AppendBytes(e.buf, b) }

// Fixed writes bytes without a length prefix (fixed-size arrays such as addresses).
func (e *Encoder) Fixed(b []byte) { e.buf = append(e.buf, b...) }

// String writes a length-prefixed UTF-8 string.
func (e *Encoder) String(s string) { e.buf = AppendString(e.buf, s) }

// Value writes a nested Marshaler.
func (e *Encoder) Value(v Marshaler) { v.MarshalBCS(e) }

// ULEB128Size is the number of bytes AppendULEB128 writes for n (n ≥ 0).
func ULEB128Size(n int) int {
	size := 1
	for ; n >= 0x80; n >>= 7 {
		size++
	}
	return size
}
