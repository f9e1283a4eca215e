package aptosstdlib

// 0x1::smart_table's Funcs on the smartTab of smart_table.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// smartNew is smart_table::new (no arguments: two buckets, the default
// threshold, the target size set by the first add) and new_with_config
// (initial buckets, threshold, target size; 0 for the defaults).
func smartNew(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	buckets, threshold, target := uint64(0), uint64(0), uint64(0)
	if len(args) == 3 {
		buckets, threshold, target = args[0].AsU64(), args[1].AsU64(), args[2].AsU64()
	}
	if threshold > 100 {
		return nil, c.Abort(native.Code(native.InvalidArgument, ESmartInvalidLoadThreshold))
	}
	if threshold == 0 {
		threshold = 75
	}
	if buckets == 0 {
		buckets = 2
	}
	st, err := structOf(c, "smart_table", "SmartTable", targs...)
	if err != nil {
		return nil, err
	}
	t, err := smartOf(c, targs, movevm.Value{})
	if err != nil {
		return nil, err
	}
	twl, err := twlNew(c, []*movevm.Type{movevm.TypeU64, t.vt}, nil)
	if err != nil {
		return nil, err
	}
	cell := movevm.NewCell(st, movevm.NewStruct(st, []movevm.Value{twl[0], movevm.U64(1), movevm.U8(0), movevm.U64(0),
		movevm.U8(uint8(threshold)), movevm.U64(target)}))
	if t.ref, err = c.Ref(cell, true); err != nil {
		return nil, err
	}
	if err := t.putBucket(0, nil); err != nil {
		return nil, err
	}
	if err := t.setNumBuckets(1); err != nil {
		return nil, err
	}
	for ; buckets > 1; buckets-- {
		if err := t.split(); err != nil {
			return nil, err
		}
	}
	return []movevm.Value{cell.Take()}, nil
}

// smartOwned is the smartTab of v, a SmartTable the Func was given.
func smartOwned(c *native.Context, targs []*movevm.Type, v movevm.Value) (*smartTab, error) {
	ref, err := c.Ref(movevm.NewCell(v.Type(), v), true)
	if err != nil {
		return nil, err
	}
	return smartOf(c, targs, ref)
}

// deleteAll deletes buckets from..num_buckets-1.
func (t *smartTab) deleteAll(from uint64) error {
	for i := from; i < t.num(); i++ {
		xs, err := t.deleteBucket(i)
		if err != nil {
			return err
		}
		if err := t.c.ChargeElems(len(xs)); err != nil {
			return err
		}
	}
	return nil
}

func smartDestroyEmpty(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOwned(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	if t.size() != 0 {
		return nil, t.abort(native.InvalidArgument, ESmartNotEmpty)
	}
	return nil, t.deleteAll(0)
}

func smartDestroy(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOwned(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	return nil, t.deleteAll(0)
}

// smartClear is smart_table::clear: bucket 0 emptied in place, the others
// deleted, the table back to one bucket.
func smartClear(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	r, err := t.bucketRef(0, true)
	if err != nil {
		return nil, err
	}
	if err := c.ChargeElems(movevm.VecLen(r)); err != nil {
		return nil, err
	}
	for movevm.VecLen(r) > 0 {
		if _, err := c.VecPopBack(r); err != nil {
			return nil, err
		}
	}
	if err := t.deleteAll(1); err != nil {
		return nil, err
	}
	for i, v := range map[int]movevm.Value{1: movevm.U64(1), 2: movevm.U8(0), 3: movevm.U64(0)} {
		if err := setField(c, args[0], i, v); err != nil {
			return nil, err
		}
	}
	return nil, t.setNumBuckets(1)
}

func smartAddFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	return nil, t.add(args[1], args[2])
}

// smartAddAll is smart_table::add_all: the pairs added in order; vectors
// of different lengths abort with std::vector's 0x20002, located here.
func smartAddAll(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[1].Len() != args[2].Len() {
		return nil, c.Abort(native.Code(native.OutOfRange, EVectorsLengthMismatch))
	}
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	keys, vals := movevm.Unpack(args[1]), movevm.Unpack(args[2])
	for i := range keys {
		if err := t.add(keys[i], vals[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// entries visits the entries bucket by bucket from bucket b, entry i,
// until f says stop.
func (t *smartTab) entries(b uint64, i int, f func(b uint64, i, n int, e movevm.Value) bool) error {
	for ; b < t.num(); b, i = b+1, 0 {
		r, err := t.bucketRef(b, false)
		if err != nil {
			return err
		}
		v, _ := r.Deref()
		for ; i < v.Len(); i++ {
			if err := t.c.ChargeElems(1); err != nil {
				return err
			}
			if f(b, i, v.Len(), v.Elem(i)) {
				return nil
			}
		}
	}
	return nil
}

func smartNotFound() error {
	return &movevm.NativeAbort{Code: native.Code(native.InvalidArgument, ESmartNotFound)}
}

// smartBorrow is smart_table::borrow and borrow_mut.
func smartBorrow(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		t, err := smartOf(c, targs, args[0])
		if err != nil {
			return nil, err
		}
		_, r, i, err := t.find(args[1], mut)
		if err != nil || i < 0 {
			return nil, firstErr(err, smartNotFound())
		}
		v, err := c.InnerRef(r, mut, i, 2)
		return []movevm.Value{v}, err
	}
}

func smartBorrowWithDefault(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	_, r, i, err := t.find(args[1], false)
	if err != nil || i < 0 {
		return []movevm.Value{args[2]}, err
	}
	v, err := c.InnerRef(r, false, i, 2)
	return []movevm.Value{v}, err
}

func smartBorrowMutWithDefault(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	_, _, i, err := t.find(args[1], false)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		if err := t.add(args[1], args[2]); err != nil {
			return nil, err
		}
	}
	return smartBorrow(true)(c, targs, args[:2])
}

func smartContains(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	_, _, i, err := t.find(args[1], false)
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

// smartRemove is smart_table::remove: the bucket's last entry takes the
// removed one's place, in place; the removed entry is taken apart.
func smartRemove(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	_, r, i, err := t.find(args[1], true)
	if err != nil || i < 0 {
		return nil, firstErr(err, smartNotFound())
	}
	e, err := c.VecRemove(r, uint64(i), true)
	if err != nil {
		return nil, err
	}
	f, err := unpackN(e, 3)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{f[2]}, setU64Field(c, args[0], 3, t.size()-1)
}

// smartUpsert is smart_table::upsert: add, or the value overwritten in
// place.
func smartUpsert(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	_, r, i, err := t.find(args[1], true)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return nil, t.add(args[1], args[2])
	}
	v, err := c.InnerRef(r, true, i, 2)
	if err != nil {
		return nil, err
	}
	_, err = c.WriteThrough(v, args[2])
	return nil, err
}

// smartField returns field i (length 3, num_buckets 1).
func smartField(i int) native.Func {
	return func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		t, _ := args[0].Deref()
		return []movevm.Value{t.Elem(i)}, nil
	}
}

// smartLoadFactor is size * 100 / num_buckets / target_bucket_size, an
// arithmetic error while the target size is unset, as on Aptos.
func smartLoadFactor(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, _ := args[0].Deref()
	target := t.Elem(5).AsU64()
	if target == 0 {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "smart_table::load_factor: division by a target bucket size of 0"}
	}
	return []movevm.Value{movevm.U64(t.Elem(3).AsU64() * 100 / t.Elem(1).AsU64() / target)}, nil
}

// smartUpdate is update_split_load_threshold (field 4, 1..100) and
// update_target_bucket_size (field 5, not 0).
func smartUpdate(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		x := args[1].AsU64()
		if i == 4 && (x == 0 || x > 100) {
			return nil, c.Abort(native.Code(native.InvalidArgument, ESmartInvalidLoadThreshold))
		}
		if i == 5 && x == 0 {
			return nil, c.Abort(native.Code(native.InvalidArgument, ESmartInvalidTargetSize))
		}
		return nil, setField(c, args[0], i, args[1])
	}
}

func smartBorrowKV(mut bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		k, err := c.InnerRef(args[0], mut, 1)
		if err != nil {
			return nil, err
		}
		v, err := c.InnerRef(args[0], mut, 2)
		return []movevm.Value{k, v}, err
	}
}

func smartBorrowBuckets(mut bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		r, err := c.InnerRef(args[0], mut, 0)
		return []movevm.Value{r}, err
	}
}
