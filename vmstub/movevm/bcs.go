package movevm

import (
	"encoding/binary"
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Serialize appends the BCS of v, as Aptos serializes a value of its type:
// integers little endian, addresses and signers as 32 bytes, vectors with a
// ULEB128 length, structs as their fields in order, enum values as the
// ULEB128 variant index then the variant's fields. References cannot be
// serialized, nor values nested deeper than maxSerializeDepth.
func Serialize(dst []byte, v Value) ([]byte, error) { return serializeAt(dst, v, 1) }

func serializeAt(dst []byte, v Value, depth int) ([]byte, error) {
	if depth > maxSerializeDepth {
		return nil, depthErr(maxSerializeDepth)
	}
	if !v.IsValid() {
		return nil, errorf(onchain.VALUE_SERIALIZATION_ERROR, "no value")
	}
	switch k := v.t.Kind; k {
	case KindBool, KindU8, KindI8:
		return append(dst, byte(v.n)), nil
	case KindU16, KindI16:
		return binary.LittleEndian.AppendUint16(dst, uint16(v.n)), nil
	case KindU32, KindI32:
		return binary.LittleEndian.AppendUint32(dst, uint32(v.n)), nil
	case KindU64, KindI64:
		return binary.LittleEndian.AppendUint64(dst, v.n), nil
	case KindU128, KindU256, KindI128, KindI256:
		return appendWide(dst, v.p.(*big.Int), int(k.bits()/8)), nil
	case KindAddress, KindSigner:
		a := v.p.(*ledgerapi.Address)
		return append(dst, a[:]...), nil
	case KindVector, KindStruct:
		c := v.p.(*container)
		if k == KindVector {
			dst = bcs.AppendSeqLen(dst, len(c.vals))
		} else if v.t.Struct.IsEnum() {
			dst = bcs.AppendULEB128(dst, uint32(c.variant))
		}
		var err error
		for _, e := range c.vals {
			if dst, err = serializeAt(dst, e, depth+1); err != nil {
				return nil, err
			}
		}
		return dst, nil
	}
	return nil, errorf(onchain.VALUE_SERIALIZATION_ERROR, "cannot serialize a value of type %s", v.t)
}

// appendWide appends x as n bytes little endian, two's complement when negative.
func appendWide(dst []byte, x *big.Int, n int) []byte {
	y := x
	if x.Sign() < 0 {
		y = new(big.Int).Add(x, new(big.Int).Lsh(big.NewInt(1), uint(8*n)))
	}
	var buf [32]byte
	y.FillBytes(buf[32-n:])
	for i := 31; i >= 32-n; i-- {
		dst = append(dst, buf[i])
	}
	return dst
}

// readWide reads n little-endian bytes as an integer, signed or not.
func readWide(b []byte, signed bool) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	x := new(big.Int).SetBytes(be)
	if signed && len(b) > 0 && b[len(b)-1]&0x80 != 0 {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return x
}

// Deserialize reads a value of type t from b, which must hold exactly one.
func (s *Session) Deserialize(t *Type, b []byte) (Value, error) {
	d := bcs.NewDecoder(b)
	v, err := s.decode(d, t, 0)
	if err != nil {
		return Value{}, err
	}
	if err := d.Finish(); err != nil {
		return Value{}, errorf(onchain.FAILED_TO_DESERIALIZE_RESOURCE, "%v", err)
	}
	return v, nil
}

func (s *Session) decode(d *bcs.Decoder, t *Type, depth int) (Value, error) {
	if depth >= s.vm.limits.MaxValueDepth {
		return Value{}, errorf(onchain.VM_MAX_VALUE_DEPTH_REACHED, "value nests deeper than %d", s.vm.limits.MaxValueDepth)
	}
	fail := func() (Value, error) { return Value{}, errorf(onchain.FAILED_TO_DESERIALIZE_RESOURCE, "%v", d.Err()) }
	switch k := t.Kind; k {
	case KindBool:
		b := d.Bool("bool")
		if d.Failed() {
			return fail()
		}
		return Bool(b), nil
	case KindU8, KindI8:
		x := d.U8("u8")
		if k == KindI8 {
			return intValue(t, uint64(int64(int8(x)))), nil
		}
		return intValue(t, uint64(x)), nil
	case KindU16, KindI16:
		x := d.U16("u16")
		if k == KindI16 {
			return intValue(t, uint64(int64(int16(x)))), nil
		}
		return intValue(t, uint64(x)), nil
	case KindU32, KindI32:
		x := d.U32("u32")
		if k == KindI32 {
			return intValue(t, uint64(int64(int32(x)))), nil
		}
		return intValue(t, uint64(x)), nil
	case KindU64, KindI64:
		return intValue(t, d.U64("u64")), nil
	case KindU128, KindU256, KindI128, KindI256:
		buf := make([]byte, k.bits()/8)
		d.Fixed(buf, "integer")
		if d.Failed() {
			return fail()
		}
		return wideValue(t, readWide(buf, k.isSigned())), nil
	case KindAddress, KindSigner:
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
		if d.Failed() {
			return fail()
		}
		return Value{t: t, p: &a}, nil
	case KindVector:
		n := d.SeqLen("vector", 1)
		if d.Failed() {
			return fail()
		}
		if n > s.vm.limits.MaxVectorLen {
			return Value{}, errorf(onchain.FAILED_TO_DESERIALIZE_RESOURCE, "vector of %d elements, longer than %d", n, s.vm.limits.MaxVectorLen)
		}
		elems := make([]Value, 0, n) // n ≤ the bytes left and MaxVectorLen
		for i := 0; i < n; i++ {
			e, err := s.decode(d, t.Elem, depth+1)
			if err != nil {
				return Value{}, err
			}
			elems = append(elems, e)
		}
		return NewVector(t, elems), nil
	case KindStruct:
		variant := 0
		if t.Struct.IsEnum() {
			variant = int(d.Variant("enum", uint32(len(t.Struct.Def.Variants))))
			if d.Failed() {
				return fail()
			}
		}
		fts, err := s.fieldTypes(t, variant)
		if err != nil {
			return Value{}, err
		}
		fields := make([]Value, len(fts))
		for i, ft := range fts {
			if fields[i], err = s.decode(d, ft, depth+1); err != nil {
				return Value{}, err
			}
		}
		return NewVariant(t, uint16(variant), fields), nil
	}
	return Value{}, errorf(onchain.FAILED_TO_DESERIALIZE_RESOURCE, "cannot deserialize a value of type %s", t)
}
