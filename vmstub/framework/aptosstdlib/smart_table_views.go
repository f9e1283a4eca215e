package aptosstdlib

// 0x1::smart_table's functions that copy out of a table: to_simple_map,
// keys, keys_paginated.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// smartToSimpleMap is smart_table::to_simple_map: copies of the entries,
// bucket by bucket, as a SimpleMap.
func smartToSimpleMap(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	var ks, vs []movevm.Value
	if err := t.entries(0, 0, func(_ uint64, _, _ int, e movevm.Value) bool {
		ks, vs = append(ks, e.Elem(1)), append(vs, e.Elem(2))
		return false
	}); err != nil {
		return nil, err
	}
	if ks, err = copies(c, targs[0], ks); err != nil {
		return nil, err
	}
	if vs, err = copies(c, targs[1], vs); err != nil {
		return nil, err
	}
	m, err := mapNew(c, targs, nil)
	if err != nil {
		return nil, err
	}
	dt := m[0].Elem(0).Type()
	elems := make([]movevm.Value, len(ks))
	for i := range ks {
		elems[i] = movevm.NewStruct(dt.Elem, []movevm.Value{ks[i], vs[i]})
	}
	return []movevm.Value{movevm.NewStruct(m[0].Type(), []movevm.Value{movevm.NewVector(dt, elems)})}, nil
}

// smartKeys is smart_table::keys: keys_paginated(0, 0, length).
func smartKeys(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, _ := args[0].Deref()
	out, err := smartKeysPaginated(c, targs, []movevm.Value{args[0], movevm.U64(0), movevm.U64(0), t.Elem(3)})
	if err != nil {
		return nil, err
	}
	return out[:1], nil
}

// smartKeysPaginated is smart_table::keys_paginated: up to n keys from
// bucket b, entry i, and where the next page starts ((0, 0) after the
// last key). A starting bucket past the last, or a non-zero starting
// entry past its bucket's, aborts with the bare codes 8 and 9, as on
// Aptos.
func smartKeysPaginated(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := smartOf(c, targs, args[0])
	if err != nil {
		return nil, err
	}
	b, i, n := args[1].AsU64(), args[2].AsU64(), args[3].AsU64()
	var keys []movevm.Value
	nextB, nextI := uint64(0), uint64(0)
	if n > 0 {
		if b >= t.num() {
			return nil, c.Abort(ESmartInvalidBucketIndex)
		}
		r, err := t.bucketRef(b, false)
		if err != nil {
			return nil, err
		}
		if i != 0 && i >= uint64(movevm.VecLen(r)) {
			return nil, c.Abort(ESmartInvalidVectorIndex)
		}
		if err := t.entries(b, int(i), func(eb uint64, ei, blen int, e movevm.Value) bool {
			keys = append(keys, e.Elem(1))
			if uint64(len(keys)) < n {
				return false
			}
			nextB, nextI = eb, uint64(ei+1)
			if ei+1 == blen {
				nextB, nextI = eb+1, 0
				if nextB >= t.num() {
					nextB = 0
				}
			}
			return true
		}); err != nil {
			return nil, err
		}
	}
	if keys, err = copies(c, targs[0], keys); err != nil {
		return nil, err
	}
	vt, err := c.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(vt, keys), movevm.U64(nextB), movevm.U64(nextI)}, nil
}
