package vmstub

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// BCS encoders of Move values: the arguments of payloads and views, the
// results of the executor's direct calls.

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
