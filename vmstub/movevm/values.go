package movevm

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// Value is a Move value with its runtime type. The zero Value is "no
// value" (a moved-out local). Which fields hold the data depends on the
// type:
//
//	bool, u8..u64         n (0/1 for bool)
//	i8..i64               n (the two's complement bits, sign-extended)
//	u128, u256, i128, i256 p: *big.Int, never modified once made
//	address, signer       p: *ledgerapi.Address
//	vector, struct, enum  p: *container holding the elements or fields
//	&T, &mut T            p: *container and n: the index of the slot
//
// A container is owned by exactly one value; copying a value copies its
// containers, moving it moves the pointer. References point at a slot of
// a container (a frame's locals, a struct's fields, a vector's elements, a
// global resource's cell), so writes through them are seen by every
// reader of the slot.
type Value struct {
	t *Type
	n uint64
	p any
}

// container holds the slots of a vector, a struct or an enum variant, a
// frame's locals or a global resource.
type container struct {
	vals    []Value
	variant uint16
	// dead marks a struct that was unpacked or a frame that returned:
	// references into it are no longer valid.
	dead bool
}

// Type is the value's runtime type (nil for no value).
func (v Value) Type() *Type { return v.t }

// IsValid reports whether v holds a value.
func (v Value) IsValid() bool { return v.t != nil }

// Bool makes a bool.
func Bool(b bool) Value {
	if b {
		return Value{t: TypeBool, n: 1}
	}
	return Value{t: TypeBool}
}

// U8 makes a u8; U16, U32 and U64 the wider ones.
func U8(x uint8) Value   { return Value{t: TypeU8, n: uint64(x)} }
func U16(x uint16) Value { return Value{t: TypeU16, n: uint64(x)} }
func U32(x uint32) Value { return Value{t: TypeU32, n: uint64(x)} }
func U64(x uint64) Value { return Value{t: TypeU64, n: x} }

// U128 makes a u128 from x, which must be in range.
func U128(x *big.Int) Value { return Value{t: TypeU128, p: new(big.Int).Set(x)} }

// U256 makes a u256 from x, which must be in range.
func U256(x *big.Int) Value { return Value{t: TypeU256, p: new(big.Int).Set(x)} }

// Address makes an address.
func Address(a ledgerapi.Address) Value { return Value{t: TypeAddress, p: &a} }

// Signer makes a signer for a.
func Signer(a ledgerapi.Address) Value { return Value{t: TypeSigner, p: &a} }

// intValue makes an integer of type t from its bits (t at most 64 bits).
func intValue(t *Type, n uint64) Value { return Value{t: t, n: n} }

// wideValue makes a 128- or 256-bit integer of type t.
func wideValue(t *Type, x *big.Int) Value { return Value{t: t, p: x} }

// AsBool returns a bool's value.
func (v Value) AsBool() bool { return v.n != 0 }

// AsU64 returns an integer of at most 64 bits as a uint64 (the bits for
// signed ones).
func (v Value) AsU64() uint64 { return v.n }

// AsBig returns any integer as a big number (a new one).
func (v Value) AsBig() *big.Int {
	if v.t.Kind.wide() {
		return new(big.Int).Set(v.p.(*big.Int))
	}
	if v.t.Kind.isSigned() {
		return big.NewInt(int64(v.n))
	}
	return new(big.Int).SetUint64(v.n)
}

// AsAddress returns an address's or a signer's address.
func (v Value) AsAddress() ledgerapi.Address {
	if a, ok := v.p.(*ledgerapi.Address); ok {
		return *a
	}
	return ledgerapi.Address{}
}

// Len is the number of elements of a vector or fields of a struct.
func (v Value) Len() int {
	if c, ok := v.p.(*container); ok {
		return len(c.vals)
	}
	return 0
}

// Elem returns element or field i of a vector or struct (not a copy).
func (v Value) Elem(i int) Value { return v.p.(*container).vals[i] }

// Variant is the variant index of an enum value.
func (v Value) Variant() uint16 { return v.p.(*container).variant }

// Bytes returns a vector<u8> as bytes.
func (v Value) Bytes() []byte {
	c := v.p.(*container)
	out := make([]byte, len(c.vals))
	for i, e := range c.vals {
		out[i] = byte(e.n)
	}
	return out
}

// Deref returns the value a reference points at (not a copy); ok is false
// when the reference no longer points at a value.
func (v Value) Deref() (Value, bool) {
	c, ok := v.p.(*container)
	if !ok || c.dead || int(v.n) >= len(c.vals) || !c.vals[v.n].IsValid() {
		return Value{}, false
	}
	return c.vals[v.n], true
}

// Set writes x through a mutable reference (natives use it); it reports
// false when the reference is not a valid mutable reference of x's type.
func (v Value) Set(x Value) bool {
	c, ok := v.p.(*container)
	if !ok || v.t.Kind != KindMutRef || v.t.Elem != x.t || c.dead || int(v.n) >= len(c.vals) {
		return false
	}
	c.vals[v.n] = x
	return true
}

// NewVector makes a vector of element type elem (made by the session)
// holding elems, which must be of that type.
func NewVector(vt *Type, elems []Value) Value {
	return Value{t: vt, p: &container{vals: elems}}
}

// NewStruct makes a struct value of struct type st from its fields.
func NewStruct(st *Type, fields []Value) Value {
	return Value{t: st, p: &container{vals: fields}}
}

// NewVariant makes an enum value of variant idx.
func NewVariant(st *Type, idx uint16, fields []Value) Value {
	return Value{t: st, p: &container{vals: fields, variant: idx}}
}
