package movestdlib

// 0x1::vector: the functions of std::vector that are not bytecode
// instructions (is_empty, contains, index_of, reverse, append, singleton,
// remove, swap_remove, insert here; the range functions in
// vector_ranges.go; the natives that compile to bytecode instructions,
// empty, length, borrow, push_back, borrow_mut, pop_back, destroy_empty
// and swap, in vector_instructions.go). The rest is inline on Aptos.

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// EIndexOutOfBounds is std::vector's EINDEX_OUT_OF_BOUNDS (category
// OUT_OF_RANGE).
const EIndexOutOfBounds = native.OutOfRange << 16

// Vector declares 0x1::vector.
func Vector() native.Module {
	v, e := "vector<T0>", "T0"
	fs := []native.Function{
		{Name: "is_empty", Params: []string{"&" + v}, Return: []string{"bool"}, Impl: isEmpty},
		{Name: "contains", Params: []string{"&" + v, "&" + e}, Return: []string{"bool"}, Impl: contains},
		{Name: "index_of", Params: []string{"&" + v, "&" + e}, Return: []string{"bool", "u64"}, Impl: indexOf},
		{Name: "reverse", Params: []string{"&mut " + v}, Impl: reverse},
		{Name: "append", Params: []string{"&mut " + v, v}, Impl: appendVec},
		{Name: "singleton", Params: []string{e}, Return: []string{v}, Impl: singleton},
		{Name: "remove", Params: []string{"&mut " + v, "u64"}, Return: []string{e}, Impl: remove(false)},
		{Name: "swap_remove", Params: []string{"&mut " + v, "u64"}, Return: []string{e}, Impl: remove(true)},
		{Name: "insert", Params: []string{"&mut " + v, "u64", e}, Impl: insert},
	}
	for i := range fs {
		fs[i].TypeParams = []native.TypeParam{{}}
	}
	fs = append(fs, vectorRanges()...)
	fs = append(vectorInstructions(), fs...)
	return native.Module{Address: addr, Name: "vector", Functions: fs,
		Errors: []native.AbortReason{
			{Reason: EIndexOutOfBounds & 0xFFFF, Name: "EINDEX_OUT_OF_BOUNDS", Description: "The index into the vector is out of bounds"},
			{Reason: EInvalidRange & 0xFFFF, Name: "EINVALID_RANGE", Description: "The index into the vector is out of bounds"},
			{Reason: EVectorsLengthMismatch & 0xFFFF, Name: "EVECTORS_LENGTH_MISMATCH", Description: "The length of the vectors are not equal."},
			{Reason: EInvalidStep & 0xFFFF, Name: "EINVALID_STEP", Description: "The step provided in `range` is invalid, must be greater than zero."},
			{Reason: EInvalidSliceRange & 0xFFFF, Name: "EINVALID_SLICE_RANGE", Description: "The range in `slice` is invalid."},
		}}
}

func isEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(movevm.VecLen(args[0]) == 0)}, nil
}

// Find finds the first element of the vector vec points at equal to what
// ref points at (Move equality is equality of the BCS encodings),
// charging per byte compared.
func Find(c *native.Context, vec, ref movevm.Value) (int, error) {
	x, _ := ref.Deref()
	want, err := native.SerializeCharged(c.NativeContext, x)
	if err != nil {
		return -1, err
	}
	v, _ := vec.Deref()
	for i := range v.Len() {
		b, err := native.SerializeCharged(c.NativeContext, v.Elem(i))
		if err != nil {
			return -1, err
		}
		if bytes.Equal(b, want) {
			return i, nil
		}
	}
	return -1, nil
}

func contains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := Find(c, args[0], args[1])
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

func indexOf(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := Find(c, args[0], args[1])
	if i < 0 {
		return []movevm.Value{movevm.Bool(false), movevm.U64(0)}, err
	}
	return []movevm.Value{movevm.Bool(true), movevm.U64(uint64(i))}, err
}

// reverse is vector::reverse, in place: a reference to v[i] reads the
// element now at i.
func reverse(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.ChargeElems(movevm.VecLen(args[0])); err != nil {
		return nil, err
	}
	return nil, c.VecReverse(args[0])
}

// appendRate is the units per element vector::append moves (each is
// checked, and its memory counted, as it joins the vector).
const appendRate = 12

// appendVec is vector::append: other's elements move to the end of the
// vector, within the vector length limit; other is consumed.
func appendVec(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.ChargeElems(args[1].Len() * appendRate); err != nil {
		return nil, err
	}
	return nil, c.VecSplice(args[0], uint64(movevm.VecLen(args[0])), args[1])
}

func singleton(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vt, err := c.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(vt, []movevm.Value{args[0]})}, nil
}

// remove is vector::remove (order kept) or, with swap, vector::swap_remove
// (the last element takes the removed one's place), in place. An index out
// of bounds aborts with EINDEX_OUT_OF_BOUNDS, except that swap_remove on a
// non-empty vector fails as vector::swap does.
func remove(swap bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		n, i := movevm.VecLen(args[0]), args[1].AsU64()
		switch {
		case swap && n > 0 && i >= uint64(n):
			// Aptos's swap_remove checks only that the vector is not
			// empty; vector::swap then fails on the index.
			return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: "vector::swap_remove: index out of bounds"}
		case n < 0:
			return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "vector::remove through a dead reference"}
		case i >= uint64(n):
			return nil, c.Abort(EIndexOutOfBounds)
		}
		moved := 1
		if !swap {
			moved = n - int(i)
		}
		if err := c.ChargeElems(moved); err != nil {
			return nil, err
		}
		x, err := c.VecRemove(args[0], i, swap)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{x}, nil
	}
}

// insert is vector::insert, in place, within the vector length limit.
func insert(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, i := movevm.VecLen(args[0]), args[1].AsU64()
	if n >= 0 && i > uint64(n) {
		return nil, c.Abort(EIndexOutOfBounds)
	}
	if err := c.ChargeElems(n - int(i) + 1); err != nil {
		return nil, err
	}
	return nil, c.VecInsert(args[0], i, args[2])
}
