package aptosstdlib

// 0x1::big_ordered_map's insertion with Aptos's splits: add, upsert,
// add_all (the size checks that set degrees from the first entry, the
// walk down to the key's leaf, and full nodes split from the leaf up).

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// checkSizes is validate_dynamic_size_and_init_max_degrees: degrees set
// from the first entry's sizes when configured with 0, and
// EARGUMENT_BYTES_TOO_LARGE for an entry too large for a full node.
func (m *bomap) checkSizes(key, value movevm.Value) error {
	kb, err := native.SerializeCharged(m.c.NativeContext, key)
	if err != nil {
		return err
	}
	vb, err := native.SerializeCharged(m.c.NativeContext, value)
	if err != nil {
		return err
	}
	inner, leaf := m.u64(bomInnerDeg), m.u64(bomLeafDeg)
	di, dl := BOMapDegrees(len(kb), len(vb))
	if inner == 0 {
		inner = uint64(di)
		if err := setField(m.c, m.ref, bomInnerDeg, movevm.U16(di)); err != nil {
			return err
		}
	}
	if leaf == 0 {
		leaf = uint64(dl)
		if err := setField(m.c, m.ref, bomLeafDeg, movevm.U16(dl)); err != nil {
			return err
		}
	}
	return checkNodeBytes(m.c, uint64(len(kb)), uint64(len(vb)), inner, leaf)
}

// putIn adds (key, child) to node n, which has room, or replaces the
// child of an equal key (a leaf's, when overwrite): the Child replaced.
func (m *bomap) putIn(n, key, child movevm.Value, overwrite bool) (movevm.Value, error) {
	i, found, err := m.search(n, key)
	if err != nil {
		return movevm.Value{}, err
	}
	if !found {
		return movevm.Value{}, m.insertAt(n, i, key, child)
	}
	if !isLeafNode(n) {
		return movevm.Value{}, bomInvariant(m.c)
	}
	if !overwrite {
		return movevm.Value{}, bomAbort(m.c, EBOMKeyAlreadyExists)
	}
	return m.replaceAt(n, i, key, child)
}

// upsert is add (overwrite false) and upsert: the value replaced, if any.
func (m *bomap) upsert(key, value movevm.Value, overwrite bool) (movevm.Value, error) {
	if !m.val().Elem(bomConstant).AsBool() {
		if err := m.checkSizes(key, value); err != nil {
			return movevm.Value{}, err
		}
	}
	root, err := m.nodeRef(BOMapRootIndex, true)
	if err != nil {
		return movevm.Value{}, err
	}
	var old movevm.Value
	if isLeafNode(root) && uint64(nodeLen(root)) < m.maxDegree(true) {
		old, err = m.putIn(root, key, m.leafChild(value), overwrite)
	} else {
		old, err = m.addAt(key, m.leafChild(value), overwrite)
	}
	if err != nil || !old.IsValid() {
		return movevm.Value{}, err
	}
	return childValue(old)
}

// addAt adds a leaf child below the root as Aptos's add_at does, splitting
// full nodes from the leaf up (iteratively): the Child replaced, if any.
func (m *bomap) addAt(key, child movevm.Value, overwrite bool) (movevm.Value, error) {
	path, err := m.leafPath(key)
	if err != nil {
		return movevm.Value{}, err
	}
	if path == nil {
		// key is larger than every key: it becomes the largest key of the
		// rightmost child on each inner level.
		cur := uint64(BOMapRootIndex)
		for depth := 0; ; depth++ {
			if depth == bomMaxDepth {
				return movevm.Value{}, bomInvariant(m.c)
			}
			path = append(path, cur)
			n, err := m.nodeRef(cur, true)
			if err != nil {
				return movevm.Value{}, err
			}
			if isLeafNode(n) {
				break
			}
			last := nodeLen(n) - 1
			if last < 0 {
				return movevm.Value{}, bomInvariant(m.c)
			}
			k, err := m.copyKey(key)
			if err != nil {
				return movevm.Value{}, err
			}
			if err := m.setKey(n, last, k); err != nil {
				return movevm.Value{}, err
			}
			cur = childSlot(n, last)
		}
	}
	for len(path) > 0 {
		idx := path[len(path)-1]
		path = path[:len(path)-1]
		n, err := m.nodeRef(idx, true)
		if err != nil {
			return movevm.Value{}, err
		}
		leaf, maxDeg := isLeafNode(n), m.maxDegree(isLeafNode(n))
		if uint64(nodeLen(n)) < maxDeg {
			return m.putIn(n, key, child, overwrite)
		}
		if i, found, err := m.search(n, key); err != nil || found {
			if err != nil {
				return movevm.Value{}, err
			}
			if !leaf {
				return movevm.Value{}, bomInvariant(m.c)
			}
			if !overwrite {
				return movevm.Value{}, bomAbort(m.c, EBOMKeyAlreadyExists)
			}
			return m.replaceAt(n, i, key, child)
		}
		key, child, path, err = m.split(idx, n, leaf, maxDeg, key, child, path)
		if err != nil {
			return movevm.Value{}, err
		}
		overwrite = false
	}
	return movevm.Value{}, nil
}

// split adds (key, child) to full node idx (n) by splitting it: its first
// (maxDeg+1)/2 children go to a node in a new slot on its left, the others
// stay in its slot (a full root first moves down to a new slot under a new
// root). It returns the child to add to the parent (the left node under
// its largest key) and the path to the parent.
func (m *bomap) split(idx uint64, n movevm.Value, leaf bool, maxDeg uint64, key, child movevm.Value, path []uint64) (movevm.Value, movevm.Value, []uint64, error) {
	fail := func(err error) (movevm.Value, movevm.Value, []uint64, error) {
		return movevm.Value{}, movevm.Value{}, nil, err
	}
	var right uint64
	var left movevm.Value
	if idx == BOMapRootIndex {
		var err error
		if right, err = m.s.reserve(); err != nil {
			return fail(err)
		}
		maxKey, err := m.lastKeyCopy(n)
		if err != nil {
			return fail(err)
		}
		if o, err := movestdlib.Compare(m.c, maxKey, key); err != nil {
			return fail(err)
		} else if o < 0 {
			if maxKey, err = m.copyKey(key); err != nil {
				return fail(err)
			}
		}
		es, err := m.c.InnerRef(n, true, nodeChildren, 0)
		if err != nil {
			return fail(err)
		}
		entries, err := popAll(m.c, es)
		if err != nil {
			return fail(err)
		}
		children, err := omapOf(m.c, m.om, entries)
		if err != nil {
			return fail(err)
		}
		left = m.newNode(leaf, children, BOMapNullIndex, BOMapNullIndex)
		down, err := m.innerChild(right)
		if err != nil {
			return fail(err)
		}
		if err := setField(m.c, n, nodeIsLeaf, movevm.Bool(false)); err != nil {
			return fail(err)
		}
		if err := m.c.VecPushBack(es, movevm.NewStruct(m.entry, []movevm.Value{maxKey, down})); err != nil {
			return fail(err)
		}
		path = append(path, BOMapRootIndex)
		if leaf {
			if err := m.setLeaves(right, right); err != nil {
				return fail(err)
			}
		}
	} else {
		var err error
		if left, err = m.s.take(idx); err != nil {
			return fail(err)
		}
		right = idx
	}
	if len(path) == 0 {
		return fail(bomInvariant(m.c))
	}
	lcell, l, err := m.loose(left)
	if err != nil {
		return fail(err)
	}
	i, _, err := m.search(l, key)
	if err != nil {
		return fail(err)
	}
	if err := m.insertAt(l, i, key, child); err != nil {
		return fail(err)
	}
	om, err := m.c.InnerRef(l, true, nodeChildren)
	if err != nil {
		return fail(err)
	}
	trimmed, err := omapTrim(m.c, m.om, []movevm.Value{om, movevm.U64((maxDeg + 1) / 2)})
	if err != nil {
		return fail(err)
	}
	b, err := m.s.reserve()
	if err != nil {
		return fail(err)
	}
	rnode := m.newNode(leaf, trimmed[0], b, nodeLink(l, nodeNext))
	if err := setU64Field(m.c, l, nodeNext, right); err != nil {
		return fail(err)
	}
	if prev := nodeLink(l, nodePrev); prev != BOMapNullIndex {
		p, err := m.s.borrow(prev, true)
		if err != nil {
			return fail(err)
		}
		if err := setU64Field(m.c, p, nodeNext, b); err != nil {
			return fail(err)
		}
	} else if right == m.u64(bomMinLeaf) {
		if err := setU64Field(m.c, m.ref, bomMinLeaf, b); err != nil {
			return fail(err)
		}
	}
	maxLeft, err := m.lastKeyCopy(l)
	if err != nil {
		return fail(err)
	}
	if err := m.s.fill(b, lcell.Take()); err != nil {
		return fail(err)
	}
	if err := m.s.fill(right, rnode); err != nil {
		return fail(err)
	}
	up, err := m.innerChild(b)
	return maxLeft, up, path, err
}

// setLeaves writes min_leaf_index and max_leaf_index.
func (m *bomap) setLeaves(minLeaf, maxLeaf uint64) error {
	if err := setU64Field(m.c, m.ref, bomMinLeaf, minLeaf); err != nil {
		return err
	}
	return setU64Field(m.c, m.ref, bomMaxLeaf, maxLeaf)
}

// bomMut runs f on the map args[0] points at (mutably).
func bomMut(c *native.Context, targs []*movevm.Type, args []movevm.Value) (*bomap, error) {
	return bomOf(c, targs, args[0], true)
}

func bomAdd(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := bomMut(c, targs, args)
	if err != nil {
		return nil, err
	}
	_, err = m.upsert(args[1], args[2], false)
	return nil, err
}

func bomUpsert(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := bomMut(c, targs, args)
	if err != nil {
		return nil, err
	}
	old, err := m.upsert(args[1], args[2], true)
	if err != nil {
		return nil, err
	}
	var v movevm.Value
	if old.IsValid() {
		v, err = movestdlib.Some(c, old)
	} else {
		v, err = movestdlib.None(c, targs[1])
	}
	return []movevm.Value{v}, err
}

// bomAddAll is add_all: vector::zip's EVECTORS_LENGTH_MISMATCH (located
// here) for vectors of different lengths, then add of each pair in order.
func bomAddAll(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[1].Len() != args[2].Len() {
		return nil, c.Abort(native.Code(native.OutOfRange, EVectorsLengthMismatch))
	}
	m, err := bomMut(c, targs, args)
	if err != nil {
		return nil, err
	}
	keys, vals := movevm.Unpack(args[1]), movevm.Unpack(args[2])
	if len(keys) != len(vals) {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "add_all: vectors taken apart twice"}
	}
	for i := range keys {
		if _, err := m.upsert(keys[i], vals[i], false); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
