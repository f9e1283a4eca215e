package aptosstdlib

// 0x1::bcs_stream: BCSStream, a byte buffer and a cursor, and new,
// has_remaining, deserialize_uleb128, deserialize_bool,
// deserialize_address, deserialize_u8 … deserialize_u256,
// deserialize_string and the entry deserialize_u256_entry. Each reads at
// the cursor and moves it forward in place; too few bytes abort with
// OUT_OF_RANGE(EOUT_OF_BYTES), a bad bool or ULEB128 (non-canonical, or
// beyond u64) with INVALID_ARGUMENT(EMALFORMED_DATA), string bytes that are
// not UTF-8 in 0x1::string with EINVALID_UTF8, and a cursor plus length
// beyond u64 fails with ARITHMETIC_ERROR, as Aptos's Move code does.
// (deserialize_vector and deserialize_option are inline on Aptos: they
// are in the caller's code, not in the module.)

import (
	"math/big"
	"slices"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::bcs_stream.
const (
	EMalformedData = 1
	EOutOfBytes    = 2
)

// BCSStream declares 0x1::bcs_stream.
func BCSStream() native.Module {
	const stream = "&mut 0x1::bcs_stream::BCSStream"
	read := func(name, ret string, n int) native.Function {
		return native.Function{Name: name, Params: []string{stream}, Return: []string{ret}, Impl: streamFixed(n, ret == "address")}
	}
	return native.Module{Address: addr, Name: "bcs_stream",
		Structs: []native.Struct{{Name: "BCSStream", Abilities: []string{native.AbilityDrop}, Fields: []string{"data: vector<u8>", "cur: u64"}}},
		Functions: []native.Function{
			{Name: "new", Params: []string{"vector<u8>"}, Return: []string{"0x1::bcs_stream::BCSStream"}, Impl: streamNew},
			{Name: "has_remaining", Params: []string{stream}, Return: []string{"bool"}, Impl: streamHasRemaining},
			{Name: "deserialize_uleb128", Params: []string{stream}, Return: []string{"u64"}, Impl: streamULEB128},
			{Name: "deserialize_bool", Params: []string{stream}, Return: []string{"bool"}, Impl: streamBool},
			read("deserialize_address", "address", 32),
			read("deserialize_u8", "u8", 1),
			read("deserialize_u16", "u16", 2),
			read("deserialize_u32", "u32", 4),
			read("deserialize_u64", "u64", 8),
			read("deserialize_u128", "u128", 16),
			read("deserialize_u256", "u256", 32),
			{Name: "deserialize_u256_entry", IsEntry: true, Params: []string{"vector<u8>", "u64"}, Impl: streamU256Entry},
			{Name: "deserialize_string", Params: []string{stream}, Return: []string{"0x1::string::String"}, Impl: streamString},
		},
		Errors: []native.AbortReason{
			{Reason: EMalformedData, Name: "EMALFORMED_DATA", Description: "The data does not fit the expected format."},
			{Reason: EOutOfBytes, Name: "EOUT_OF_BYTES", Description: "There are not enough bytes to deserialize for the given type."},
		},
	}
}

// cursor is a BCSStream's state while a Func reads it: its data (a
// vector<u8>), its cursor and, for a stream behind a reference, where to
// write the cursor back.
type cursor struct {
	data movevm.Value
	cur  uint64
	ref  movevm.Value
}

// streamAt reads the stream a &mut BCSStream points at.
func streamAt(ref movevm.Value) *cursor {
	s, _ := ref.Deref()
	return &cursor{data: s.Elem(0), cur: s.Elem(1).AsU64(), ref: ref}
}

// take returns the next n bytes and moves past them, charging per byte:
// OUT_OF_RANGE(EOUT_OF_BYTES) when fewer are left, ARITHMETIC_ERROR when
// cursor plus n overflows u64.
func (s *cursor) take(c *native.Context, n uint64) ([]byte, error) {
	end := s.cur + n
	if end < s.cur {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "bcs_stream: cursor overflows u64"}
	}
	if end > uint64(s.data.Len()) {
		return nil, c.Abort(native.Code(native.OutOfRange, EOutOfBytes))
	}
	if err := native.ChargeRead(c.NativeContext, int(n)+1); err != nil {
		return nil, err
	}
	out := make([]byte, n)
	for i := range out {
		out[i] = uint8(s.data.Elem(int(s.cur) + i).AsU64())
	}
	s.cur = end
	return out, nil
}

// commit writes the cursor back into the stream, in place.
func (s *cursor) commit(c *native.Context) error {
	r, err := c.InnerRef(s.ref, true, 1)
	if err != nil {
		return err
	}
	_, err = c.WriteThrough(r, movevm.U64(s.cur))
	return err
}

// streamNew is new(data): a stream at 0.
func streamNew(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "bcs_stream", Name: "BCSStream"}))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, args[0], movevm.U64(0))
	return []movevm.Value{v}, err
}

// streamHasRemaining is has_remaining(stream): the cursor before the end.
func streamHasRemaining(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := streamAt(args[0])
	return []movevm.Value{movevm.Bool(s.cur < uint64(s.data.Len()))}, nil
}

// uleb128 reads a canonical ULEB128 of at most u64: a last byte of 0
// after others, bits beyond 64 or more than ten bytes are
// INVALID_ARGUMENT(EMALFORMED_DATA); running out of bytes
// OUT_OF_RANGE(EOUT_OF_BYTES).
func (s *cursor) uleb128(c *native.Context) (uint64, error) {
	var res uint64
	for shift := uint(0); ; shift += 7 {
		if shift > 63 {
			return 0, c.Abort(native.Code(native.InvalidArgument, EMalformedData))
		}
		b, err := s.take(c, 1)
		if err != nil {
			return 0, err
		}
		val := uint64(b[0] & 0x7f)
		if (val<<shift)>>shift != val {
			return 0, c.Abort(native.Code(native.InvalidArgument, EMalformedData))
		}
		res |= val << shift
		if b[0]&0x80 == 0 {
			if shift > 0 && val == 0 {
				return 0, c.Abort(native.Code(native.InvalidArgument, EMalformedData))
			}
			return res, nil
		}
	}
}

// streamULEB128 is deserialize_uleb128(stream).
func streamULEB128(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := streamAt(args[0])
	n, err := s.uleb128(c)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(n)}, s.commit(c)
}

// streamBool is deserialize_bool(stream): 0 or 1, any other byte
// INVALID_ARGUMENT(EMALFORMED_DATA).
func streamBool(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := streamAt(args[0])
	b, err := s.take(c, 1)
	if err != nil {
		return nil, err
	}
	if b[0] > 1 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EMalformedData))
	}
	return []movevm.Value{movevm.Bool(b[0] == 1)}, s.commit(c)
}

// fixedValue is the value of n little-endian bytes: an address for 32
// bytes read as address, else the unsigned integer of that width.
func fixedValue(b []byte, address bool) movevm.Value {
	if address {
		return movevm.Address(ledgerapi.Address(b))
	}
	var x uint64
	if len(b) <= 8 {
		for i := len(b) - 1; i >= 0; i-- {
			x = x<<8 | uint64(b[i])
		}
	}
	switch len(b) {
	case 1:
		return movevm.U8(uint8(x))
	case 2:
		return movevm.U16(uint16(x))
	case 4:
		return movevm.U32(uint32(x))
	case 8:
		return movevm.U64(x)
	}
	be := slices.Clone(b)
	slices.Reverse(be)
	if len(b) == 16 {
		return movevm.U128(new(big.Int).SetBytes(be))
	}
	return movevm.U256(new(big.Int).SetBytes(be))
}

// streamFixed is deserialize_<type>(stream) of a type of n bytes:
// deserialize_address with address, else the unsigned integer's.
func streamFixed(n int, address bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		s := streamAt(args[0])
		b, err := s.take(c, uint64(n))
		if err != nil {
			return nil, err
		}
		return []movevm.Value{fixedValue(b, address)}, s.commit(c)
	}
}

// streamU256Entry is the entry deserialize_u256_entry(data, cursor): a u256
// read at cursor, and dropped.
func streamU256Entry(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := &cursor{data: args[0], cur: args[1].AsU64()}
	_, err := s.take(c, 32)
	return nil, err
}

// streamString is deserialize_string(stream): a ULEB128 length, then that
// many bytes, which must be UTF-8 (0x1::string's EINVALID_UTF8).
func streamString(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := streamAt(args[0])
	n, err := s.uleb128(c)
	if err != nil {
		return nil, err
	}
	if n > uint64(s.data.Len()) {
		if s.cur+n < s.cur {
			return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "bcs_stream: cursor overflows u64"}
		}
		return nil, c.Abort(native.Code(native.OutOfRange, EOutOfBytes))
	}
	if err := native.ChargeOutput(c.NativeContext, int(n), int(n)); err != nil {
		return nil, err
	}
	b, err := s.take(c, n)
	if err != nil {
		return nil, err
	}
	if !utf8.Valid(b) {
		return nil, &movevm.Abort{Module: ledgerapi.ModuleId{Address: addr, Name: "string"}, Code: movestdlib.EInvalidUTF8}
	}
	v, err := moveString(c, string(b))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, s.commit(c)
}
