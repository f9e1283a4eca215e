package aptosstdlib

// 0x1::big_ordered_map's look-ups and traversals: is_empty,
// compute_length, contains, borrow, borrow_mut, get, borrow_front,
// borrow_back, prev_key, next_key, to_ordered_map and keys. Positions are
// what Aptos's (friend-only) IteratorPtr holds: a leaf and an index in it,
// or the end; leaves are walked through their next links.

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// bomPos is a position in the map: entry i of leaf node, or the end.
type bomPos struct {
	node uint64
	i    int
	end  bool
}

var bomEnd = bomPos{end: true}

// lowerBound is the position of the first key not less than key.
func (m *bomap) lowerBound(key movevm.Value) (bomPos, error) {
	cur := uint64(BOMapRootIndex)
	for range bomMaxDepth {
		n, err := m.nodeRef(cur, false)
		if err != nil {
			return bomEnd, err
		}
		i, _, err := m.search(n, key)
		if err != nil || i == nodeLen(n) {
			return bomEnd, err
		}
		if isLeafNode(n) {
			return bomPos{node: cur, i: i}, nil
		}
		cur = childSlot(n, i)
	}
	return bomEnd, bomInvariant(m.c)
}

// find is the position of key, or the end.
func (m *bomap) find(key movevm.Value) (bomPos, error) {
	p, err := m.lowerBound(key)
	if err != nil || p.end {
		return p, err
	}
	n, err := m.nodeRef(p.node, false)
	if err != nil {
		return bomEnd, err
	}
	o, err := movestdlib.Compare(m.c, nodeKey(n, p.i), key)
	if err != nil || o != 0 {
		return bomEnd, err
	}
	return p, nil
}

// endPos is the first position (the end for an empty map), or with back
// the last one (EITER_OUT_OF_BOUNDS for an empty map).
func (m *bomap) endPos(back bool) (bomPos, error) {
	if back {
		return m.prev(bomEnd)
	}
	leaf := m.u64(bomMinLeaf)
	n, err := m.nodeRef(leaf, false)
	if err != nil || nodeLen(n) == 0 {
		return bomEnd, err
	}
	return bomPos{node: leaf}, nil
}

// next is the position after p, which is not the end.
func (m *bomap) next(p bomPos) (bomPos, error) {
	n, err := m.nodeRef(p.node, false)
	if err != nil {
		return bomEnd, err
	}
	if p.i+1 < nodeLen(n) {
		return bomPos{node: p.node, i: p.i + 1}, nil
	}
	if nx := nodeLink(n, nodeNext); nx != BOMapNullIndex {
		return bomPos{node: nx}, nil
	}
	return bomEnd, nil
}

// prev is the position before p: EITER_OUT_OF_BOUNDS at the first.
func (m *bomap) prev(p bomPos) (bomPos, error) {
	idx := m.u64(bomMaxLeaf)
	if !p.end {
		if p.i > 0 {
			return bomPos{node: p.node, i: p.i - 1}, nil
		}
		n, err := m.nodeRef(p.node, false)
		if err != nil {
			return bomEnd, err
		}
		idx = nodeLink(n, nodePrev)
	}
	if idx == BOMapNullIndex {
		return bomEnd, bomAbort(m.c, EBOMIterOutOfBounds)
	}
	n, err := m.nodeRef(idx, false)
	if err != nil {
		return bomEnd, err
	}
	if nodeLen(n) == 0 {
		return bomEnd, bomAbort(m.c, EBOMIterOutOfBounds)
	}
	return bomPos{node: idx, i: nodeLen(n) - 1}, nil
}

// isBegin reports whether p is the first position (the end of an empty
// map included).
func (m *bomap) isBegin(p bomPos) (bool, error) {
	if p.end {
		return m.isEmpty()
	}
	return p.node == m.u64(bomMinLeaf) && p.i == 0, nil
}

func (m *bomap) isEmpty() (bool, error) {
	n, err := m.nodeRef(m.u64(bomMinLeaf), false)
	if err != nil {
		return false, err
	}
	return nodeLen(n) == 0, nil
}

// posKey is a copy of the key at p; the end aborts with
// EITER_OUT_OF_BOUNDS.
func (m *bomap) posKey(p bomPos) (movevm.Value, error) {
	if p.end {
		return movevm.Value{}, bomAbort(m.c, EBOMIterOutOfBounds)
	}
	n, err := m.nodeRef(p.node, false)
	if err != nil {
		return movevm.Value{}, err
	}
	return m.copyKey(nodeKey(n, p.i))
}

// valueRef is a reference to the value at p, which is not the end.
func (m *bomap) valueRef(p bomPos, mut bool) (movevm.Value, error) {
	n, err := m.nodeRef(p.node, mut)
	if err != nil {
		return movevm.Value{}, err
	}
	return m.c.InnerRef(n, mut, nodeChildren, 0, p.i, 1, 0)
}

// leaves calls f on each leaf, in key order.
func (m *bomap) leaves(f func(n movevm.Value) error) error {
	for cur := m.u64(bomMinLeaf); cur != BOMapNullIndex; {
		n, err := m.nodeRef(cur, false)
		if err != nil {
			return err
		}
		if err := f(n); err != nil {
			return err
		}
		cur = nodeLink(n, nodeNext)
	}
	return nil
}

// bomRead runs f on the map args[0] points at (read only).
func bomRead(f func(m *bomap, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error)) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, err := bomOf(c, targs, args[0], false)
		if err != nil {
			return nil, err
		}
		return f(m, targs, args)
	}
}

var bomIsEmpty = bomRead(func(m *bomap, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	e, err := m.isEmpty()
	return []movevm.Value{movevm.Bool(e)}, err
})

var bomComputeLength = bomRead(func(m *bomap, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	var total uint64
	err := m.leaves(func(n movevm.Value) error { total += uint64(nodeLen(n)); return nil })
	return []movevm.Value{movevm.U64(total)}, err
})

var bomContains = bomRead(func(m *bomap, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, _ := args[1].Deref()
	p, err := m.find(key)
	return []movevm.Value{movevm.Bool(!p.end)}, err
})

// bomBorrow is borrow and borrow_mut: EKEY_NOT_FOUND for a missing key,
// then (borrow_mut) EBORROW_MUT_REQUIRES_CONSTANT_KV_SIZE unless keys and
// values have a constant size.
func bomBorrow(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, err := bomOf(c, targs, args[0], mut)
		if err != nil {
			return nil, err
		}
		key, _ := args[1].Deref()
		p, err := m.find(key)
		if err != nil {
			return nil, err
		}
		if p.end {
			return nil, bomAbort(c, EBOMKeyNotFound)
		}
		if mut && !m.val().Elem(bomConstant).AsBool() {
			return nil, bomAbort(c, EBOMBorrowMutNeedsConstant)
		}
		r, err := m.valueRef(p, mut)
		return []movevm.Value{r}, err
	}
}

var bomGet = bomRead(func(m *bomap, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, _ := args[1].Deref()
	p, err := m.find(key)
	if err != nil {
		return nil, err
	}
	if p.end {
		v, err := movestdlib.None(m.c, targs[1])
		return []movevm.Value{v}, err
	}
	r, err := m.valueRef(p, false)
	if err != nil {
		return nil, err
	}
	v, _ := r.Deref()
	cp, err := copies(m.c, targs[1], []movevm.Value{v})
	if err != nil {
		return nil, err
	}
	o, err := movestdlib.Some(m.c, cp[0])
	return []movevm.Value{o}, err
})

// bomBorrowEnd is borrow_front and borrow_back (back): the first (last)
// key and a reference to its value; EITER_OUT_OF_BOUNDS when empty.
func bomBorrowEnd(back bool) native.Func {
	return bomRead(func(m *bomap, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		p, err := m.endPos(back)
		if err != nil {
			return nil, err
		}
		k, err := m.posKey(p)
		if err != nil {
			return nil, err
		}
		r, err := m.valueRef(p, false)
		return []movevm.Value{k, r}, err
	})
}

// someKey is option::some of a copy of the key at p.
func (m *bomap) someKey(p bomPos) ([]movevm.Value, error) {
	k, err := m.posKey(p)
	if err != nil {
		return nil, err
	}
	v, err := movestdlib.Some(m.c, k)
	return []movevm.Value{v}, err
}

func (m *bomap) noKey() ([]movevm.Value, error) {
	v, err := movestdlib.None(m.c, m.k)
	return []movevm.Value{v}, err
}

// bomPrevKey is prev_key: the largest key smaller than key, if any.
var bomPrevKey = bomRead(func(m *bomap, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, _ := args[1].Deref()
	p, err := m.lowerBound(key)
	if err != nil {
		return nil, err
	}
	if begin, err := m.isBegin(p); err != nil || begin {
		if err != nil {
			return nil, err
		}
		return m.noKey()
	}
	if p, err = m.prev(p); err != nil {
		return nil, err
	}
	return m.someKey(p)
})

// bomNextKey is next_key: the smallest key larger than key, if any.
var bomNextKey = bomRead(func(m *bomap, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	key, _ := args[1].Deref()
	p, err := m.lowerBound(key)
	if err != nil || p.end {
		if err != nil {
			return nil, err
		}
		return m.noKey()
	}
	n, err := m.nodeRef(p.node, false)
	if err != nil {
		return nil, err
	}
	if o, err := movestdlib.Compare(m.c, nodeKey(n, p.i), key); err != nil {
		return nil, err
	} else if o == 0 {
		if p, err = m.next(p); err != nil {
			return nil, err
		}
		if p.end {
			return m.noKey()
		}
	}
	return m.someKey(p)
})

// entriesInOrder is the keys (and values, with vals) of every leaf in
// order, not copied.
func (m *bomap) entriesInOrder(vals bool) ([]movevm.Value, []movevm.Value, error) {
	var ks, vs []movevm.Value
	err := m.leaves(func(n movevm.Value) error {
		es := nodeEntries(n)
		if err := m.c.ChargeElems(es.Len()); err != nil {
			return err
		}
		for i := range es.Len() {
			ks = append(ks, es.Elem(i).Elem(0))
			if vals {
				vs = append(vs, es.Elem(i).Elem(1).Elem(0))
			}
		}
		return nil
	})
	return ks, vs, err
}

// bomToOrderedMap is to_ordered_map: copies of every entry, in order.
var bomToOrderedMap = bomRead(func(m *bomap, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	ks, vs, err := m.entriesInOrder(true)
	if err != nil {
		return nil, err
	}
	if ks, err = copies(m.c, targs[0], ks); err != nil {
		return nil, err
	}
	if vs, err = copies(m.c, targs[1], vs); err != nil {
		return nil, err
	}
	_, et, err := omapTypes(m.c, targs)
	if err != nil {
		return nil, err
	}
	entries := make([]movevm.Value, len(ks))
	for i := range ks {
		entries[i] = movevm.NewStruct(et, []movevm.Value{ks[i], vs[i]})
	}
	v, err := omapOf(m.c, targs, entries)
	return []movevm.Value{v}, err
})

// bomKeys is keys: copies of every key, in order.
var bomKeys = bomRead(func(m *bomap, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	ks, _, err := m.entriesInOrder(false)
	if err != nil {
		return nil, err
	}
	if ks, err = copies(m.c, targs[0], ks); err != nil {
		return nil, err
	}
	vt, err := m.c.VectorOf(targs[0])
	return []movevm.Value{movevm.NewVector(vt, ks)}, err
})
