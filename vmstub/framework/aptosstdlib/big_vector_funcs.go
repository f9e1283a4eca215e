package aptosstdlib

// 0x1::big_vector's Funcs on the bigVec of big_vector.go.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// bvOf is the bigVec args[0] points at, of element type targs[0].
func bvOf(c *native.Context, targs []*movevm.Type, args []movevm.Value) (*bigVec, error) {
	return newBigVec(c, args[0], targs[0])
}

// bvOwned is a bigVec over v, a BigVector the Func was given by value.
func bvOwned(c *native.Context, elem *movevm.Type, v movevm.Value) (*bigVec, error) {
	ref, err := c.Ref(movevm.NewCell(v.Type(), v), true)
	if err != nil {
		return nil, err
	}
	return newBigVec(c, ref, elem)
}

// newBigVector makes an empty BigVector<elem> with the transaction's next
// table handle.
func newBigVector(c *native.Context, elem *movevm.Type, size uint64) (movevm.Value, error) {
	if size == 0 {
		return movevm.Value{}, c.Abort(native.Code(native.InvalidArgument, EVecZeroBucketSize))
	}
	vt, err := c.VectorOf(elem)
	if err != nil {
		return movevm.Value{}, err
	}
	twl, err := twlNew(c, []*movevm.Type{movevm.TypeU64, vt}, nil)
	if err != nil {
		return movevm.Value{}, err
	}
	t, err := structOf(c, "big_vector", "BigVector", elem)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(t, []movevm.Value{twl[0], movevm.U64(0), movevm.U64(size)}), nil
}

func bvEmpty(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := newBigVector(c, targs[0], args[0].AsU64())
	return []movevm.Value{v}, err
}

func bvDestroyEmpty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if bigVecEnd(args[0]) != 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EVecNotEmpty))
	}
	return nil, nil
}

// bvDestroy is big_vector::destroy: every bucket item deleted.
func bvDestroy(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOwned(c, targs[0], args[0])
	if err != nil {
		return nil, err
	}
	_, err = b.takeAll()
	return nil, err
}

func bvBorrow(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		b, err := bvOf(c, targs, args)
		if err != nil {
			return nil, err
		}
		i := args[1].AsU64()
		if err := b.checkIndex(i); err != nil {
			return nil, err
		}
		r, err := b.elemRef(i, mut)
		return []movevm.Value{r}, err
	}
}

// bvAppend is big_vector::append: other's elements pushed in order, its
// buckets deleted.
func bvAppend(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	o, err := bvOwned(c, targs[0], args[1])
	if err != nil {
		return nil, err
	}
	xs, err := o.takeAll()
	if err != nil {
		return nil, err
	}
	for _, x := range xs {
		if err := b.push(x); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

func bvPushBack(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	return nil, b.push(args[1])
}

// bvTake wraps a bigVec method that takes out one element.
func bvTake(f func(b *bigVec, args []movevm.Value) (movevm.Value, error)) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		b, err := bvOf(c, targs, args)
		if err != nil {
			return nil, err
		}
		x, err := f(b, args)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{x}, nil
	}
}

var (
	bvPopBack    = bvTake(func(b *bigVec, _ []movevm.Value) (movevm.Value, error) { return b.pop() })
	bvRemove     = bvTake(func(b *bigVec, args []movevm.Value) (movevm.Value, error) { return b.remove(args[1].AsU64()) })
	bvSwapRemove = bvTake(func(b *bigVec, args []movevm.Value) (movevm.Value, error) { return b.swapRemove(args[1].AsU64()) })
)

func bvSwap(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	return nil, b.swap(args[1].AsU64(), args[2].AsU64())
}

// reverse reverses the elements in place: every bucket keeps its
// container and its number of elements.
func (b *bigVec) reverse() error {
	nb := b.numBuckets()
	if err := b.c.ChargeElems(2 * int(b.length())); err != nil {
		return err
	}
	refs := make([]movevm.Value, nb)
	counts := make([]int, nb)
	popped := make([][]movevm.Value, nb)
	for k := range nb {
		r, err := b.bucketRef(k, true)
		if err != nil {
			return err
		}
		refs[k], counts[k] = r, movevm.VecLen(r)
		for range counts[k] {
			x, err := b.c.VecPopBack(r)
			if err != nil {
				return err
			}
			popped[k] = append(popped[k], x) // the bucket's elements last first
		}
	}
	var rev []movevm.Value
	for k := int(nb) - 1; k >= 0; k-- {
		rev = append(rev, popped[k]...)
	}
	for k := range refs {
		for _, x := range rev[:counts[k]] {
			if err := b.c.VecPushBack(refs[k], x); err != nil {
				return err
			}
		}
		rev = rev[counts[k]:]
	}
	return nil
}

func bvReverse(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	return nil, b.reverse()
}

func bvIndexOf(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	i, err := b.indexOf(args[1])
	return []movevm.Value{movevm.Bool(i >= 0), movevm.U64(uint64(max(i, 0)))}, err
}

func bvContains(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := bvIndexOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	return r[:1], nil
}

// copies are copies of the values of type t in vals, each serialized and
// read back, charged as a result of their size.
func copies(c *native.Context, t *movevm.Type, vals []movevm.Value) ([]movevm.Value, error) {
	out := make([]movevm.Value, len(vals))
	total := 0
	for i, v := range vals {
		b, err := native.SerializeCharged(c.NativeContext, v)
		if err != nil {
			return nil, err
		}
		total += len(b)
		if err := native.ChargeOutput(c.NativeContext, len(b), total); err != nil {
			return nil, err
		}
		if out[i], err = c.Deserialize(t, b); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// toVector is copies of the elements in order.
func (b *bigVec) toVector(elem *movevm.Type) ([]movevm.Value, error) {
	var vals []movevm.Value
	if err := b.elems(func(_ uint64, x movevm.Value) (bool, error) { vals = append(vals, x); return false, b.c.ChargeElems(1) }); err != nil {
		return nil, err
	}
	return copies(b.c, elem, vals)
}

func bvToVector(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := bvOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	out, err := b.toVector(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(b.vt, out)}, nil
}

func bvLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{movevm.U64(bigVecEnd(v))}, nil
}

func bvIsEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{movevm.Bool(bigVecEnd(v) == 0)}, nil
}
