// Package bcs encodes and decodes Binary Canonical Serialization.
//
// The decoder accepts canonical input only: minimal ULEB128 lengths that fit
// in u32, bools and option tags of 0 or 1, known enum variants, sequence
// lengths checked against the remaining bytes before allocating, a bounded
// container depth, and no trailing bytes. Every failure is an *Error naming
// the offset and the item, wrapping one sentinel (ErrTruncated, ...).
//
// Types implement Marshaler and Unmarshaler:
//
//	func (p Point) MarshalBCS(e *bcs.Encoder) { e.U64(p.X); e.U64(p.Y) }
//	func (p *Point) UnmarshalBCS(d *bcs.Decoder) { p.X = d.U64("x"); p.Y = d.U64("y") }
//
// The Decoder keeps the first error it meets; later reads return zero values,
// so decoding code reads straight through and checks Err (or Finish) once.
package bcs
