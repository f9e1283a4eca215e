package aptosstdlib

// 0x1::smart_vector's Funcs on the smartVec of smart_vector.go.

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

func svOf(c *native.Context, targs []*movevm.Type, ref movevm.Value) *smartVec {
	return &smartVec{c: c, ref: ref, elem: targs[0]}
}

// svOwned is a smartVec over v, a SmartVector the Func was given by value.
func svOwned(c *native.Context, targs []*movevm.Type, v movevm.Value) (*smartVec, error) {
	ref, err := c.Ref(movevm.NewCell(v.Type(), v), true)
	return svOf(c, targs, ref), err
}

// svNew is smart_vector::new and empty (no arguments) and
// empty_with_config (inline capacity and bucket size).
func svNew(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if len(args) == 2 && args[1].AsU64() == 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EVecZeroBucketSize))
	}
	vt, err := c.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	bt, err := structOf(c, "big_vector", "BigVector", targs[0])
	if err != nil {
		return nil, err
	}
	big, err := movestdlib.None(c, bt)
	if err != nil {
		return nil, err
	}
	opts := make([]movevm.Value, 2)
	for i := range opts {
		if len(args) == 2 {
			opts[i], err = movestdlib.Some(c, args[i])
		} else {
			opts[i], err = movestdlib.None(c, movevm.TypeU64)
		}
		if err != nil {
			return nil, err
		}
	}
	t, err := structOf(c, "smart_vector", "SmartVector", targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.NewVector(vt, nil), big, opts[0], opts[1]})}, nil
}

func svSingleton(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := svNew(c, targs, nil)
	if err != nil {
		return nil, err
	}
	cell := movevm.NewCell(v[0].Type(), v[0])
	ref, err := c.Ref(cell, true)
	if err != nil {
		return nil, err
	}
	if err := svOf(c, targs, ref).push(args[0]); err != nil {
		return nil, err
	}
	return []movevm.Value{cell.Take()}, nil
}

func svDestroyEmpty(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, err := svOwned(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	if s.length() != 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EVecNotEmpty))
	}
	return nil, nil
}

func svDestroy(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, err := svOwned(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	_, err = s.takeAll()
	return nil, err
}

func svClear(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, err := svOf(c, targs, args[0]).takeAll()
	return nil, err
}

func svBorrow(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		s := svOf(c, targs, args[0])
		i := args[1].AsU64()
		if err := s.checkIndex(i); err != nil {
			return nil, err
		}
		if il := s.inlineLen(); i >= il {
			b, err := s.big(mut)
			if err != nil {
				return nil, err
			}
			r, err := b.elemRef(i-il, mut)
			return []movevm.Value{r}, err
		}
		r, err := c.InnerRef(args[0], mut, 0, int(i))
		return []movevm.Value{r}, err
	}
}

// svAppend is smart_vector::append: other's elements pushed in order.
func svAppend(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, err := svOwned(c, targs, args[1])
	if err != nil {
		return nil, err
	}
	xs, err := o.takeAll()
	if err != nil {
		return nil, err
	}
	return nil, svPushAll(c, targs, args[0], xs)
}

func svPushAll(c *native.Context, targs []*movevm.Type, ref movevm.Value, xs []movevm.Value) error {
	s := svOf(c, targs, ref)
	for _, x := range xs {
		if err := s.push(x); err != nil {
			return err
		}
	}
	return nil
}

func svAddAll(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	xs := movevm.Unpack(args[1])
	if err := c.ChargeElems(len(xs)); err != nil {
		return nil, err
	}
	return nil, svPushAll(c, targs, args[0], xs)
}

// svToVector is smart_vector::to_vector: copies of the elements in order.
func svToVector(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := svOf(c, targs, args[0])
	inl := s.val().Elem(0)
	vals := make([]movevm.Value, inl.Len())
	for i := range vals {
		vals[i] = inl.Elem(i)
	}
	out, err := copies(c, targs[0], vals)
	if err != nil {
		return nil, err
	}
	if s.hasBig() {
		b, err := s.big(false)
		if err != nil {
			return nil, err
		}
		rest, err := b.toVector(targs[0])
		if err != nil {
			return nil, err
		}
		out = append(out, rest...)
	}
	return []movevm.Value{movevm.NewVector(inl.Type(), out)}, nil
}

func svPushBack(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, svOf(c, targs, args[0]).push(args[1])
}

// svTake wraps a smartVec method that takes out one element.
func svTake(f func(s *smartVec, args []movevm.Value) (movevm.Value, error)) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		x, err := f(svOf(c, targs, args[0]), args)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{x}, nil
	}
}

func svSwap(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, svOf(c, targs, args[0]).swap(args[1].AsU64(), args[2].AsU64())
}

func svReverse(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, svOf(c, targs, args[0]).reverse()
}

// svIndexOf is smart_vector::index_of: inline first, then the BigVector,
// whose (false, 0) comes back as (false, the inline length).
func svIndexOf(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := svOf(c, targs, args[0])
	inl, err := c.InnerRef(args[0], false, 0)
	if err != nil {
		return nil, err
	}
	i, err := movestdlib.Find(c, inl, args[1])
	if err != nil || i >= 0 {
		return []movevm.Value{movevm.Bool(i >= 0), movevm.U64(uint64(max(i, 0)))}, err
	}
	if !s.hasBig() {
		return []movevm.Value{movevm.Bool(false), movevm.U64(0)}, nil
	}
	b, err := s.big(false)
	if err != nil {
		return nil, err
	}
	j, err := b.indexOf(args[1])
	return []movevm.Value{movevm.Bool(j >= 0), movevm.U64(uint64(max(j, 0)) + s.inlineLen())}, err
}

func svContains(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := svIndexOf(c, targs, args)
	if err != nil {
		return nil, err
	}
	return r[:1], nil
}

func svLength(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(svOf(c, targs, args[0]).length())}, nil
}

func svIsEmpty(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(svOf(c, targs, args[0]).length() == 0)}, nil
}
