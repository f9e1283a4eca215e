package aptosstdlib

// 0x1::big_ordered_map's B+ tree: nodes (the root inline, the others in
// the map's storage slots), reading and changing their children in place,
// and the search for a key's leaf, which insertion (big_ordered_map_add.go),
// removal and look-ups work on.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// bomMaxDepth bounds a walk from the root to a leaf: with at least two
// children per inner node below the root, a tree this deep could not be
// paid for.
const bomMaxDepth = 64

// Fields of BigOrderedMap::BPlusTreeMap and of Node::V1.
const (
	bomRoot, bomNodes, bomMinLeaf, bomMaxLeaf, bomConstant, bomInnerDeg, bomLeafDeg = 0, 1, 2, 3, 4, 5, 6
	nodeIsLeaf, nodeChildren, nodePrev, nodeNext                                    = 0, 1, 2, 3
)

// bomap is a BigOrderedMap<K, V> a Func works on through ref (mutable for
// the Funcs that change it), with the types it builds values of.
type bomap struct {
	c     *native.Context
	ref   movevm.Value
	k     *movevm.Type
	node  *movevm.Type // Node<K, V>
	child *movevm.Type // Child<V>
	entry *movevm.Type // ordered_map::Entry<K, Child<V>>
	om    []*movevm.Type
	s     *slots
}

func bomOf(c *native.Context, targs []*movevm.Type, ref movevm.Value, mut bool) (*bomap, error) {
	m := &bomap{c: c, ref: ref, k: targs[0]}
	var err error
	if m.node, err = structOf(c, "big_ordered_map", "Node", targs...); err != nil {
		return nil, err
	}
	if m.child, err = structOf(c, "big_ordered_map", "Child", targs[1]); err != nil {
		return nil, err
	}
	m.om = []*movevm.Type{targs[0], m.child}
	if _, m.entry, err = omapTypes(c, m.om); err != nil {
		return nil, err
	}
	sref, err := c.InnerRef(ref, mut, bomNodes)
	if err != nil {
		return nil, err
	}
	m.s, err = newSlots(c, sref, m.node)
	return m, err
}

func (m *bomap) val() movevm.Value {
	v, _ := m.ref.Deref()
	return v
}

func (m *bomap) u64(i int) uint64 { return m.val().Elem(i).AsU64() }

func (m *bomap) maxDegree(leaf bool) uint64 {
	if leaf {
		return m.u64(bomLeafDeg)
	}
	return m.u64(bomInnerDeg)
}

// nodeRef is a reference to node i (the root, or a slot's node).
func (m *bomap) nodeRef(i uint64, mut bool) (movevm.Value, error) {
	if err := m.c.ChargeElems(1); err != nil {
		return movevm.Value{}, err
	}
	if i == BOMapRootIndex {
		return m.c.InnerRef(m.ref, mut, bomRoot)
	}
	return m.s.borrow(i, mut)
}

// Reading a node through a reference to it.

func nodeOf(n movevm.Value) movevm.Value {
	v, _ := n.Deref()
	return v
}

func isLeafNode(n movevm.Value) bool             { return nodeOf(n).Elem(nodeIsLeaf).AsBool() }
func nodeEntries(n movevm.Value) movevm.Value    { return nodeOf(n).Elem(nodeChildren).Elem(0) }
func nodeLen(n movevm.Value) int                 { return nodeEntries(n).Len() }
func nodeKey(n movevm.Value, i int) movevm.Value { return nodeEntries(n).Elem(i).Elem(0) }
func nodeLink(n movevm.Value, f int) uint64      { return nodeOf(n).Elem(f).AsU64() }

// childSlot is the slot of inner node n's child i.
func childSlot(n movevm.Value, i int) uint64 {
	return nodeEntries(n).Elem(i).Elem(1).Elem(0).Elem(0).AsU64()
}

// search is the index of n's first child whose key is not less than key,
// and whether it equals key.
func (m *bomap) search(n, key movevm.Value) (int, bool, error) {
	om, err := m.c.InnerRef(n, false, nodeChildren)
	if err != nil {
		return 0, false, err
	}
	return omapSearch(m.c, om, key)
}

// insertAt puts (key, child) at index i of n's children.
func (m *bomap) insertAt(n movevm.Value, i int, key, child movevm.Value) error {
	om, err := m.c.InnerRef(n, true, nodeChildren)
	if err != nil {
		return err
	}
	return omapInsert(m.c, m.om, om, i, key, child)
}

// removeAt takes n's child i out: its key and its Child.
func (m *bomap) removeAt(n movevm.Value, i int) (movevm.Value, movevm.Value, error) {
	es, err := m.c.InnerRef(n, true, nodeChildren, 0)
	if err != nil {
		return movevm.Value{}, movevm.Value{}, err
	}
	if err := m.c.ChargeElems(movevm.VecLen(es) - i); err != nil {
		return movevm.Value{}, movevm.Value{}, err
	}
	e, err := m.c.VecRemove(es, uint64(i), false)
	if err != nil {
		return movevm.Value{}, movevm.Value{}, err
	}
	f, err := unpackN(e, 2)
	if err != nil {
		return movevm.Value{}, movevm.Value{}, err
	}
	return f[0], f[1], nil
}

// replaceAt puts child in place of n's child i (key equal to its key) and
// returns the Child it replaces.
func (m *bomap) replaceAt(n movevm.Value, i int, key, child movevm.Value) (movevm.Value, error) {
	es, err := m.c.InnerRef(n, true, nodeChildren, 0)
	if err != nil {
		return movevm.Value{}, err
	}
	old, err := m.c.VecReplace(es, uint64(i), movevm.NewStruct(m.entry, []movevm.Value{key, child}))
	if err != nil {
		return movevm.Value{}, err
	}
	f, err := unpackN(old, 2)
	if err != nil {
		return movevm.Value{}, err
	}
	return f[1], nil
}

// setKey writes key as the key of n's child i.
func (m *bomap) setKey(n movevm.Value, i int, key movevm.Value) error {
	r, err := m.c.InnerRef(n, true, nodeChildren, 0, i, 0)
	if err != nil {
		return err
	}
	_, err = m.c.WriteThrough(r, key)
	return err
}

// copyKey is a copy of key (K has copy).
func (m *bomap) copyKey(key movevm.Value) (movevm.Value, error) {
	out, err := copies(m.c, m.k, []movevm.Value{key})
	if err != nil {
		return movevm.Value{}, err
	}
	return out[0], nil
}

// lastKeyCopy is a copy of the largest key of n, which has children.
func (m *bomap) lastKeyCopy(n movevm.Value) (movevm.Value, error) {
	if nodeLen(n) == 0 {
		return movevm.Value{}, bomInvariant(m.c)
	}
	return m.copyKey(nodeKey(n, nodeLen(n)-1))
}

func (m *bomap) leafChild(v movevm.Value) movevm.Value {
	return movevm.NewVariant(m.child, 1, []movevm.Value{v})
}

func (m *bomap) innerChild(slot uint64) (movevm.Value, error) {
	s, err := slotOf(m.c, "StoredSlot", slot)
	return movevm.NewVariant(m.child, 0, []movevm.Value{s}), err
}

// childValue takes a Child apart: the value of a Leaf, the slot of an
// Inner.
func childValue(child movevm.Value) (movevm.Value, error) {
	f, err := unpackN(child, 1)
	if err != nil {
		return movevm.Value{}, err
	}
	if child.Variant() == 0 {
		i, err := slotIndex(f[0])
		return movevm.U64(i), err
	}
	return f[0], nil
}

// loose is a node outside the tree (taken out of its slot, or being made)
// behind a reference, so that the node functions work on it.
func (m *bomap) loose(v movevm.Value) (*movevm.Cell, movevm.Value, error) {
	cell := movevm.NewCell(m.node, v)
	r, err := m.c.Ref(cell, true)
	return cell, r, err
}

func (m *bomap) newNode(leaf bool, children movevm.Value, prev, next uint64) movevm.Value {
	return movevm.NewVariant(m.node, 0, []movevm.Value{movevm.Bool(leaf), children, movevm.U64(prev), movevm.U64(next)})
}

// leafPath is the path from the root to the leaf key falls in (the
// leftmost whose largest key is not less than key), or nil when key is
// larger than every key.
func (m *bomap) leafPath(key movevm.Value) ([]uint64, error) {
	cur := uint64(BOMapRootIndex)
	var path []uint64
	for range bomMaxDepth {
		path = append(path, cur)
		n, err := m.nodeRef(cur, false)
		if err != nil {
			return nil, err
		}
		if isLeafNode(n) {
			return path, nil
		}
		i, _, err := m.search(n, key)
		if err != nil {
			return nil, err
		}
		if i == nodeLen(n) {
			return nil, nil
		}
		cur = childSlot(n, i)
	}
	return nil, bomInvariant(m.c)
}
