package movestdlib

// 0x1::vector's functions on ranges of a vector, as in Aptos's std::vector:
// reverse_slice, reverse_append, trim, trim_reverse, remove_value,
// replace, rotate, rotate_slice, range, range_with_step, slice and the
// native move_range. They work in place on the vector a reference points
// at (the elements after the range taken off and put back), charged per
// element moved. Their aborts are std::vector's bare codes 0x20000 …
// 0x20004; a slice past the end that Aptos would reach through
// vector::swap fails as swap does (VECTOR_OPERATION_ERROR).

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// std::vector's bare abort codes besides EINDEX_OUT_OF_BOUNDS.
const (
	EInvalidRange          = native.OutOfRange<<16 + 1
	EVectorsLengthMismatch = native.OutOfRange<<16 + 2
	EInvalidStep           = native.OutOfRange<<16 + 3
	EInvalidSliceRange     = native.OutOfRange<<16 + 4
)

// vectorRanges declares the functions of this file.
func vectorRanges() []native.Function {
	v, mv, e := "vector<T0>", "&mut vector<T0>", "T0"
	one := []native.TypeParam{{}}
	return []native.Function{
		{Name: "reverse_slice", TypeParams: one, Params: []string{mv, "u64", "u64"}, Impl: reverseSlice},
		{Name: "reverse_append", TypeParams: one, Params: []string{mv, v}, Impl: reverseAppend},
		{Name: "trim", TypeParams: one, Params: []string{mv, "u64"}, Return: []string{v}, Impl: trim(false)},
		{Name: "trim_reverse", TypeParams: one, Params: []string{mv, "u64"}, Return: []string{v}, Impl: trim(true)},
		{Name: "remove_value", TypeParams: one, Params: []string{mv, "&" + e}, Return: []string{v}, Impl: removeValue},
		{Name: "replace", TypeParams: one, Params: []string{mv, "u64", e}, Return: []string{e}, Impl: replace},
		{Name: "rotate", TypeParams: one, Params: []string{mv, "u64"}, Return: []string{"u64"}, Impl: rotate},
		{Name: "rotate_slice", TypeParams: one, Params: []string{mv, "u64", "u64", "u64"}, Return: []string{"u64"}, Impl: rotateSlice},
		{Name: "range", Params: []string{"u64", "u64"}, Return: []string{"vector<u64>"}, Impl: rangeWithStep},
		{Name: "range_with_step", Params: []string{"u64", "u64", "u64"}, Return: []string{"vector<u64>"}, Impl: rangeWithStep},
		{Name: "slice", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy}}}, Params: []string{"&" + v, "u64", "u64"},
			Return: []string{v}, Impl: slice},
		{Name: "move_range", TypeParams: one, Params: []string{mv, "u64", "u64", mv, "u64"}, Impl: moveRange},
	}
}

// popFrom removes the elements from index i to the end of the vector ref
// points at and returns them in order.
func popFrom(c *native.Context, ref movevm.Value, i int) ([]movevm.Value, error) {
	n := movevm.VecLen(ref)
	if err := c.ChargeElems(n - i); err != nil {
		return nil, err
	}
	out := make([]movevm.Value, max(n-i, 0))
	for k := len(out) - 1; k >= 0; k-- {
		x, err := c.VecPopBack(ref)
		if err != nil {
			return nil, err
		}
		out[k] = x
	}
	return out, nil
}

// pushAll appends xs in order to the vector ref points at.
func pushAll(c *native.Context, ref movevm.Value, xs []movevm.Value) error {
	for _, x := range xs {
		if err := c.VecPushBack(ref, x); err != nil {
			return err
		}
	}
	return nil
}

// rewrite replaces the elements [l, len) of the vector ref points at with
// what f makes of them.
func rewrite(c *native.Context, ref movevm.Value, l int, f func(xs []movevm.Value) []movevm.Value) error {
	xs, err := popFrom(c, ref, l)
	if err != nil {
		return err
	}
	return pushAll(c, ref, f(xs))
}

func reversed(xs []movevm.Value) []movevm.Value {
	for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
		xs[i], xs[j] = xs[j], xs[i]
	}
	return xs
}

// checkSlice checks [l, r) as reverse_slice does: l > r aborts
// EINVALID_RANGE, and a range reaching past the end fails as swap does
// once it has two elements to swap.
func checkSlice(c *native.Context, ref movevm.Value, l, r uint64) error {
	if l > r {
		return c.Abort(EInvalidRange)
	}
	if r > uint64(movevm.VecLen(ref)) && r-l >= 2 {
		return &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: "vector::swap: index out of bounds"}
	}
	return nil
}

func reverseSlice(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	l, r := args[1].AsU64(), args[2].AsU64()
	if err := checkSlice(c, args[0], l, r); err != nil || r-l < 2 {
		return nil, err
	}
	return nil, rewrite(c, args[0], int(l), func(xs []movevm.Value) []movevm.Value {
		reversed(xs[:r-l])
		return xs
	})
}

func reverseAppend(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	xs := movevm.Unpack(args[1])
	if err := c.ChargeElems(len(xs)); err != nil {
		return nil, err
	}
	return nil, pushAll(c, args[0], reversed(xs))
}

// trim is vector::trim (the elements from new_len, in order) and
// trim_reverse (the same, last first).
func trim(rev bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		n := args[1].AsU64()
		if n > uint64(movevm.VecLen(args[0])) {
			return nil, c.Abort(EIndexOutOfBounds)
		}
		xs, err := popFrom(c, args[0], int(n))
		if err != nil {
			return nil, err
		}
		if rev {
			reversed(xs)
		}
		vt, err := c.VectorOf(targs[0])
		return []movevm.Value{movevm.NewVector(vt, xs)}, err
	}
}

func removeValue(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := Find(c, args[0], args[1])
	if err != nil {
		return nil, err
	}
	vt, err := c.VectorOf(targs[0])
	if err != nil || i < 0 {
		return []movevm.Value{movevm.NewVector(vt, nil)}, err
	}
	x, err := remove(false)(c, targs, []movevm.Value{args[0], movevm.U64(uint64(i))})
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(vt, x)}, nil
}

func replace(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[1].AsU64() >= uint64(movevm.VecLen(args[0])) {
		return nil, c.Abort(EIndexOutOfBounds)
	}
	old, err := c.VecReplace(args[0], args[1].AsU64(), args[2])
	return []movevm.Value{old}, err
}

// rotateRange rotates [l, r) of the vector ref points at so that rot
// comes first, and returns where the old first element went.
func rotateRange(c *native.Context, ref movevm.Value, l, rot, r uint64) ([]movevm.Value, error) {
	if l > rot || rot > r {
		return nil, c.Abort(EInvalidRange)
	}
	if err := checkSlice(c, ref, l, r); err != nil {
		return nil, err
	}
	if r-l >= 2 {
		if err := rewrite(c, ref, int(l), func(xs []movevm.Value) []movevm.Value {
			out := append(append([]movevm.Value{}, xs[rot-l:r-l]...), xs[:rot-l]...)
			return append(out, xs[r-l:]...)
		}); err != nil {
			return nil, err
		}
	}
	return []movevm.Value{movevm.U64(l + (r - rot))}, nil
}

func rotate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return rotateRange(c, args[0], 0, args[1].AsU64(), uint64(movevm.VecLen(args[0])))
}

func rotateSlice(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return rotateRange(c, args[0], args[1].AsU64(), args[2].AsU64(), args[3].AsU64())
}

// rangeWithStep is vector::range (step 1) and range_with_step: start,
// start + step, … below end; a step of 0 aborts EINVALID_STEP, and a next
// value past u64 fails with an arithmetic error, as the Move loop does.
func rangeWithStep(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	start, end, step := args[0].AsU64(), args[1].AsU64(), uint64(1)
	if len(args) == 3 {
		step = args[2].AsU64()
	}
	if step == 0 {
		return nil, c.Abort(EInvalidStep)
	}
	var n uint64
	if start < end {
		n = (end-start-1)/step + 1
	}
	if err := c.CheckVectorLen(int(min(n, 1<<40))); err != nil {
		return nil, err
	}
	if err := c.ChargeElems(int(n)); err != nil {
		return nil, err
	}
	xs := make([]movevm.Value, n)
	for i := range xs {
		xs[i] = movevm.U64(start + uint64(i)*step)
	}
	if n > 0 && start+(n-1)*step > ^uint64(0)-step {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "vector::range_with_step: the next value overflows u64"}
	}
	vt, err := c.VectorOf(movevm.TypeU64)
	return []movevm.Value{movevm.NewVector(vt, xs)}, err
}

// slice is vector::slice: copies of the elements [start, end).
func slice(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	start, end := args[1].AsU64(), args[2].AsU64()
	if start > end || end > uint64(v.Len()) {
		return nil, c.Abort(EInvalidSliceRange)
	}
	out := make([]movevm.Value, 0, end-start)
	total := 0
	for i := start; i < end; i++ {
		b, err := native.SerializeCharged(c.NativeContext, v.Elem(int(i)))
		if err != nil {
			return nil, err
		}
		total += len(b)
		if err := native.ChargeOutput(c.NativeContext, len(b), total); err != nil {
			return nil, err
		}
		x, err := c.Deserialize(targs[0], b)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return []movevm.Value{movevm.NewVector(v.Type(), out)}, nil
}

// moveRange is vector::move_range: the elements [rp, rp+n) of from move to
// to at ip, both vectors keeping the order of the rest; a range past
// either end aborts EINDEX_OUT_OF_BOUNDS.
func moveRange(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	from, rp, n, to, ip := args[0], args[1].AsU64(), args[2].AsU64(), args[3], args[4].AsU64()
	if rp+n < rp || rp+n > uint64(movevm.VecLen(from)) || ip > uint64(movevm.VecLen(to)) {
		return nil, c.Abort(EIndexOutOfBounds)
	}
	xs, err := popFrom(c, from, int(rp))
	if err != nil {
		return nil, err
	}
	if err := pushAll(c, from, xs[n:]); err != nil {
		return nil, err
	}
	return nil, rewrite(c, to, int(ip), func(tail []movevm.Value) []movevm.Value {
		return append(append([]movevm.Value{}, xs[:n]...), tail...)
	})
}
