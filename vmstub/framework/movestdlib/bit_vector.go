package movestdlib

// 0x1::bit_vector: BitVector (a length and a vector<bool>) and new, set,
// unset, shift_left, is_index_set, length and
// longest_set_sequence_starting_at, writing through the reference in place.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort codes of 0x1::bit_vector (raw constants, not built with
// std::error).
const (
	EBitVectorIndex  = 0x20000 // EINDEX
	EBitVectorLength = 0x20001 // ELENGTH
	// bitVectorMaxSize bounds new's length (exclusive): MAX_SIZE.
	bitVectorMaxSize = 1024
)

// BitVector declares 0x1::bit_vector.
func BitVector() native.Module {
	const bv = "0x1::bit_vector::BitVector"
	return native.Module{Address: addr, Name: "bit_vector",
		Structs: []native.Struct{{Name: "BitVector", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"length: u64", "bit_field: vector<bool>"}}},
		Functions: []native.Function{
			{Name: "new", Params: []string{"u64"}, Return: []string{bv}, Impl: bitVectorNew},
			{Name: "set", Params: []string{"&mut " + bv, "u64"}, Impl: bitVectorPut(true)},
			{Name: "unset", Params: []string{"&mut " + bv, "u64"}, Impl: bitVectorPut(false)},
			{Name: "shift_left", Params: []string{"&mut " + bv, "u64"}, Impl: bitVectorShiftLeft},
			{Name: "is_index_set", Params: []string{"&" + bv, "u64"}, Return: []string{"bool"}, Impl: bitVectorIsSet},
			{Name: "length", Params: []string{"&" + bv}, Return: []string{"u64"}, Impl: bitVectorLength},
			{Name: "longest_set_sequence_starting_at", Params: []string{"&" + bv, "u64"}, Return: []string{"u64"}, Impl: bitVectorLongest},
		},
		Errors: []native.AbortReason{
			{Reason: EBitVectorIndex & 0xffff, Name: "EINDEX", Description: "The provided index is out of bounds"},
			{Reason: EBitVectorLength & 0xffff, Name: "ELENGTH", Description: "An invalid length of bitvector was given"},
		}}
}

// bitVectorNew is new(length): length false bits; ELENGTH unless
// 0 < length < 1024.
func bitVectorNew(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n := args[0].AsU64()
	if n == 0 || n >= bitVectorMaxSize {
		return nil, c.Abort(EBitVectorLength)
	}
	if err := native.ChargeOutput(c.NativeContext, int(n), int(n)); err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "bit_vector", Name: "BitVector"}))
	if err != nil {
		return nil, err
	}
	vt, err := c.VectorOf(movevm.TypeBool)
	if err != nil {
		return nil, err
	}
	bits := make([]movevm.Value, n)
	for i := range bits {
		bits[i] = movevm.Bool(false)
	}
	v, err := c.Struct(t, movevm.U64(n), movevm.NewVector(vt, bits))
	return []movevm.Value{v}, err
}

// bitField returns the BitVector a reference points at, its bit_field and
// a reference to the bit_field (mutable when mut).
func bitField(c *native.Context, ref movevm.Value, mut bool) (bv, field, fieldRef movevm.Value, err error) {
	bv, _ = ref.Deref()
	fieldRef, err = c.InnerRef(ref, mut, 1)
	return bv, bv.Elem(1), fieldRef, err
}

// bitVectorPut is set (true) and unset (false): EINDEX past the bits.
func bitVectorPut(bit bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		_, field, ref, err := bitField(c, args[0], true)
		if err != nil {
			return nil, err
		}
		i := args[1].AsU64()
		if i >= uint64(field.Len()) {
			return nil, c.Abort(EBitVectorIndex)
		}
		_, err = c.VecReplace(ref, i, movevm.Bool(bit))
		return nil, err
	}
}

// bitVectorShiftLeft is shift_left(&mut BitVector, amount): bit i takes
// bit i+amount, the last amount bits are cleared (all of them when amount
// is the length or more).
func bitVectorShiftLeft(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	bv, field, ref, err := bitField(c, args[0], true)
	if err != nil {
		return nil, err
	}
	n, amount := bv.Elem(0).AsU64(), args[1].AsU64()
	size := uint64(field.Len())
	if err := c.ChargeElems(int(size)); err != nil {
		return nil, err
	}
	if amount >= n {
		amount, n = size, size
	}
	for i := uint64(0); i < n; i++ {
		bit := false
		if i+amount < n {
			if i+amount >= size {
				return nil, c.Abort(EBitVectorIndex)
			}
			bit = field.Elem(int(i + amount)).AsBool()
		}
		if i >= size {
			return nil, c.Abort(EBitVectorIndex)
		}
		if _, err := c.VecReplace(ref, i, movevm.Bool(bit)); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// bitVectorIsSet is is_index_set(&BitVector, i): EINDEX past the bits.
func bitVectorIsSet(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	bv, _ := args[0].Deref()
	field, i := bv.Elem(1), args[1].AsU64()
	if i >= uint64(field.Len()) {
		return nil, c.Abort(EBitVectorIndex)
	}
	return []movevm.Value{movevm.Bool(field.Elem(int(i)).AsBool())}, nil
}

// bitVectorLength is length(&BitVector): the number of bits.
func bitVectorLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	bv, _ := args[0].Deref()
	return []movevm.Value{movevm.U64(uint64(bv.Elem(1).Len()))}, nil
}

// bitVectorLongest is longest_set_sequence_starting_at(&BitVector, start):
// the number of consecutive set bits from start; EINDEX when start is not
// below the length.
func bitVectorLongest(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	bv, _ := args[0].Deref()
	n, field, start := bv.Elem(0).AsU64(), bv.Elem(1), args[1].AsU64()
	if start >= n {
		return nil, c.Abort(EBitVectorIndex)
	}
	i := start
	for ; i < n; i++ {
		if i >= uint64(field.Len()) {
			return nil, c.Abort(EBitVectorIndex)
		}
		if !field.Elem(int(i)).AsBool() {
			break
		}
	}
	return []movevm.Value{movevm.U64(i - start)}, c.ChargeElems(int(i - start))
}
