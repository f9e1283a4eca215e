package vmstub

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// BCS encoders for the values natives take and return.

// BoolValue returns the BCS of a bool.
func BoolValue(v bool) []byte {
	if v {
		return []byte{1}
	}
	return []byte{0}
}

// U8Value returns the BCS of a u8.
func U8Value(v uint8) []byte { return []byte{v} }

// U64Value returns the BCS of a u64.
func U64Value(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// U128Value returns the BCS of a u128 below 2^64.
func U128Value(v uint64) []byte { return binary.LittleEndian.AppendUint64(U64Value(v), 0) }

// AddressValue returns the BCS of an address (32 raw bytes).
func AddressValue(a ledgerapi.Address) []byte { return append([]byte(nil), a[:]...) }

// BytesValue returns the BCS of a vector<u8>.
func BytesValue(b []byte) []byte {
	var e bcs.Encoder
	e.WriteBytes(b)
	return e.Bytes()
}

// StringValue returns the BCS of a 0x1::string::String.
func StringValue(s string) []byte {
	var e bcs.Encoder
	e.String(s)
	return e.Bytes()
}

// AddressesValue returns the BCS of a vector<address>.
func AddressesValue(as ...ledgerapi.Address) []byte {
	var e bcs.Encoder
	e.SeqLen(len(as))
	for _, a := range as {
		e.Fixed(a[:])
	}
	return e.Bytes()
}

// U64sValue returns the BCS of a vector<u64>.
func U64sValue(vs ...uint64) []byte {
	var e bcs.Encoder
	e.SeqLen(len(vs))
	for _, v := range vs {
		e.U64(v)
	}
	return e.Bytes()
}

// OptionValue returns the BCS of an Option<T> holding the BCS value v, or
// None when v is nil.
func OptionValue(v []byte) []byte {
	if v == nil {
		return []byte{0}
	}
	return append([]byte{1}, v...)
}

// Argument readers for natives. Arguments are checked against the
// function's parameter types before the native runs, so a reader matching
// the declared type cannot fail; a mismatched reader returns the zero value.

// ArgU8 reads argument i as a u8.
func (c *Call) ArgU8(i int) uint8 {
	d := c.arg(i)
	return d.U8("u8")
}

// ArgBool reads argument i as a bool.
func (c *Call) ArgBool(i int) bool {
	d := c.arg(i)
	return d.Bool("bool")
}

// ArgU64 reads argument i as a u64.
func (c *Call) ArgU64(i int) uint64 {
	d := c.arg(i)
	return d.U64("u64")
}

// ArgAddress reads argument i as an address (also an Object<T>).
func (c *Call) ArgAddress(i int) ledgerapi.Address {
	var a ledgerapi.Address
	d := c.arg(i)
	d.Fixed(a[:], "address")
	return a
}

// ArgBytes reads argument i as a vector<u8>.
func (c *Call) ArgBytes(i int) []byte {
	d := c.arg(i)
	return d.ReadBytes("vector<u8>")
}

// ArgString reads argument i as a 0x1::string::String.
func (c *Call) ArgString(i int) string {
	d := c.arg(i)
	return d.String("string")
}

// ArgAddresses reads argument i as a vector<address>.
func (c *Call) ArgAddresses(i int) []ledgerapi.Address {
	d := c.arg(i)
	n := d.SeqLen("vector<address>", 32)
	out := make([]ledgerapi.Address, 0, n)
	for j := 0; j < n && !d.Failed(); j++ {
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
		out = append(out, a)
	}
	return out
}

// ArgU64s reads argument i as a vector<u64>.
func (c *Call) ArgU64s(i int) []uint64 {
	d := c.arg(i)
	n := d.SeqLen("vector<u64>", 8)
	out := make([]uint64, 0, n)
	for j := 0; j < n && !d.Failed(); j++ {
		out = append(out, d.U64("u64"))
	}
	return out
}

// Arg returns a decoder over argument i for other types.
func (c *Call) Arg(i int) *bcs.Decoder { return c.arg(i) }

func (c *Call) arg(i int) *bcs.Decoder {
	if i < 0 || i >= len(c.Args) {
		return bcs.NewDecoder(nil)
	}
	return bcs.NewDecoder(c.Args[i])
}
