package movestdlib

// 0x1::string: String (UTF-8 bytes) and all of its natives and public
// functions: utf8, try_utf8, length, is_empty, index_of, sub_string,
// append, append_utf8, insert, internal_check_utf8, bytes. Exported
// helpers build and read String values for the other framework packages.

import (
	"bytes"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of std::string (raw codes, no category).
const (
	EInvalidUTF8  = 1
	EInvalidIndex = 2
)

// StringTag is the type of 0x1::string::String.
var StringTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "string", Name: "String"}

// tString is String's type in declarations.
const tString = "0x1::string::String"

// stringMoveRate is the units per byte append, append_utf8 and insert
// move into a string (checked as UTF-8, each its memory counted).
const stringMoveRate = 14

// String declares 0x1::string.
func String() native.Module {
	s, rs, ms := tString, "&"+tString, "&mut "+tString
	str := []string{s}
	return native.Module{Address: addr, Name: "string",
		Structs: []native.Struct{{Name: "String", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"bytes: vector<u8>"}}},
		Functions: []native.Function{
			{Name: "utf8", Params: []string{"vector<u8>"}, Return: str, Impl: utf8String},
			{Name: "try_utf8", Params: []string{"vector<u8>"}, Return: []string{"0x1::option::Option<" + s + ">"}, Impl: tryUTF8},
			{Name: "length", Params: []string{rs}, Return: []string{"u64"}, Impl: stringLength},
			{Name: "is_empty", Params: []string{rs}, Return: []string{"bool"}, Impl: stringIsEmpty},
			{Name: "index_of", Params: []string{rs, rs}, Return: []string{"u64"}, Impl: stringIndexOf},
			{Name: "sub_string", Params: []string{rs, "u64", "u64"}, Return: str, Impl: subString},
			{Name: "append", Params: []string{ms, s}, Impl: stringAppend},
			{Name: "append_utf8", Params: []string{ms, "vector<u8>"}, Impl: stringAppend},
			{Name: "insert", Params: []string{ms, "u64", s}, Impl: stringInsert},
			{Name: "internal_check_utf8", Params: []string{"&vector<u8>"}, Return: []string{"bool"}, Impl: checkUTF8},
			{Name: "bytes", Params: []string{rs}, Return: []string{"&vector<u8>"}, Impl: stringBytesRef},
		},
		Errors: []native.AbortReason{
			{Reason: EInvalidUTF8, Name: "EINVALID_UTF8", Description: "An invalid UTF8 encoding."},
			{Reason: EInvalidIndex, Name: "EINVALID_INDEX", Description: "Index out of range."},
		},
	}
}

// StringType returns the runtime type of 0x1::string::String.
func StringType(c *native.Context) (*movevm.Type, error) {
	return c.TypeOf(ledgerapi.StructType(StringTag))
}

// NewString returns a String holding b, which must be UTF-8, charged as a
// result of len(b) bytes (native.ChargeOutput) before it is built.
func NewString(c *native.Context, b []byte) (movevm.Value, error) {
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return movevm.Value{}, err
	}
	v, err := c.Bytes(b)
	if err != nil {
		return movevm.Value{}, err
	}
	return wrapString(c, v)
}

// wrapString makes a String of the vector<u8> value v (not copied).
func wrapString(c *native.Context, v movevm.Value) (movevm.Value, error) {
	t, err := StringType(c)
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Struct(t, v)
}

// StringBytes returns the bytes of a String value or of the String a
// reference points at.
func StringBytes(v movevm.Value) []byte {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v.Elem(0).Bytes()
}

// stringLen is the length in bytes of a String or a vector<u8>, or of the
// one a reference points at.
func stringLen(v movevm.Value) int {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	if v.Type().Kind == movevm.KindStruct {
		return v.Elem(0).Len()
	}
	return v.Len()
}

// validUTF8 reports whether the vector<u8> v is UTF-8, charged per byte
// read.
func validUTF8(c *native.Context, v movevm.Value) (bool, error) {
	if err := native.ChargeRead(c.NativeContext, v.Len()); err != nil {
		return false, err
	}
	return utf8.Valid(v.Bytes()), nil
}

// utf8String is string::utf8: the bytes as a String (EINVALID_UTF8 when
// they are not UTF-8).
func utf8String(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := validUTF8(c, args[0])
	if err != nil || !ok {
		return nil, firstErr(err, c.Abort(EInvalidUTF8))
	}
	s, err := wrapString(c, args[0])
	return []movevm.Value{s}, err
}

// tryUTF8 is string::try_utf8: Some(String) of UTF-8 bytes, else None.
func tryUTF8(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := validUTF8(c, args[0])
	if err != nil {
		return nil, err
	}
	st, err := StringType(c)
	if err != nil {
		return nil, err
	}
	if !ok {
		o, err := None(c, st)
		return []movevm.Value{o}, err
	}
	s, err := c.Struct(st, args[0])
	if err != nil {
		return nil, err
	}
	o, err := Some(c, s)
	return []movevm.Value{o}, err
}

func stringLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(uint64(stringLen(args[0])))}, nil
}

func stringIsEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(stringLen(args[0]) == 0)}, nil
}

// stringIndexOf is string::index_of: the byte index of the first
// occurrence of r in s, or the length of s.
func stringIndexOf(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := native.ChargeRead(c.NativeContext, stringLen(args[0])+stringLen(args[1])); err != nil {
		return nil, err
	}
	s, r := StringBytes(args[0]), StringBytes(args[1])
	i := bytes.Index(s, r)
	if i < 0 {
		i = len(s)
	}
	return []movevm.Value{movevm.U64(uint64(i))}, nil
}

// subString is string::sub_string(s, i, j): bytes i to j, which must be
// within s, in order and on character boundaries (EINVALID_INDEX).
func subString(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := native.ChargeRead(c.NativeContext, stringLen(args[0])); err != nil {
		return nil, err
	}
	s, i, j := StringBytes(args[0]), args[1].AsU64(), args[2].AsU64()
	if j > uint64(len(s)) || i > j || !utf8.Valid(s[i:j]) || (i < uint64(len(s)) && !utf8.RuneStart(s[i])) ||
		(j < uint64(len(s)) && !utf8.RuneStart(s[j])) {
		return nil, c.Abort(EInvalidIndex)
	}
	v, err := NewString(c, s[i:j])
	return []movevm.Value{v}, err
}

// stringAppend is string::append (a String) and string::append_utf8
// (bytes, which must be UTF-8): the bytes move to the end of the string's
// own vector, charged per byte.
func stringAppend(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	add := args[1]
	if err := c.ChargeElems(stringLen(add) * stringMoveRate); err != nil {
		return nil, err
	}
	if add.Type().Kind == movevm.KindStruct {
		f, err := unpackString(add)
		if err != nil {
			return nil, err
		}
		add = f
	} else if !utf8.Valid(add.Bytes()) {
		return nil, c.Abort(EInvalidUTF8)
	}
	bytesRef, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	return nil, c.VecSplice(bytesRef, uint64(movevm.VecLen(bytesRef)), add)
}

// stringInsert is string::insert(s, at, o): at must be at most the length
// and on a character boundary (EINVALID_INDEX); o's bytes move into the
// string's own vector, charged per byte moved.
func stringInsert(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	bytesRef, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	b, _ := bytesRef.Deref()
	n, at := uint64(b.Len()), args[1].AsU64()
	if at > n || (at < n && !utf8.RuneStart(byte(b.Elem(int(at)).AsU64()))) {
		return nil, c.Abort(EInvalidIndex)
	}
	if err := c.ChargeElems((int(n-at) + stringLen(args[2])) * stringMoveRate); err != nil {
		return nil, err
	}
	o, err := unpackString(args[2])
	if err != nil {
		return nil, err
	}
	return nil, c.VecSplice(bytesRef, at, o)
}

// unpackString takes a String value apart (movevm.Unpack) and returns its
// bytes.
func unpackString(v movevm.Value) (movevm.Value, error) {
	f := movevm.Unpack(v)
	if len(f) != 1 {
		return movevm.Value{}, errInvariant("a String value that is not one field")
	}
	return f[0], nil
}

// checkUTF8 is string::internal_check_utf8.
func checkUTF8(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	ok, err := validUTF8(c, v)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// stringBytesRef is string::bytes: a reference to the string's bytes.
func stringBytesRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := c.InnerRef(args[0], false, 0)
	return []movevm.Value{r}, err
}
