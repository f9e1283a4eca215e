package aptosstdlib

// 0x1::big_ordered_map's removal with Aptos's rebalancing: remove,
// pop_front and pop_back. A node left with fewer than half its max degree
// of children borrows one from a sibling (the next node on its level, or
// the previous one when it is its parent's last child) that can spare it,
// or else is merged with it, the merged node keeping the slot of the
// larger keys; a root left with one inner child takes that child's place.

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// remove takes key's entry out of the map: its value.
func (m *bomap) remove(key movevm.Value) (movevm.Value, error) {
	root, err := m.nodeRef(BOMapRootIndex, true)
	if err != nil {
		return movevm.Value{}, err
	}
	var path []uint64
	if !isLeafNode(root) {
		if path, err = m.leafPath(key); err != nil {
			return movevm.Value{}, err
		}
		if path == nil {
			return movevm.Value{}, bomAbort(m.c, EBOMKeyNotFound)
		}
	} else {
		path = []uint64{BOMapRootIndex}
	}
	child, err := m.removeFrom(path, key)
	if err != nil {
		return movevm.Value{}, err
	}
	return childValue(child)
}

// removeFrom is Aptos's remove_at, iteratively: key's child taken out of
// the last node of path, then the tree rebalanced level by level up. Slots
// freed by merges are freed in Aptos's order (the upper levels' first).
func (m *bomap) removeFrom(path []uint64, key movevm.Value) (movevm.Value, error) {
	var removed movevm.Value
	var freed []uint64
	for level := 0; len(path) > 0; level++ {
		idx := path[len(path)-1]
		path = path[:len(path)-1]
		n, err := m.nodeRef(idx, true)
		if err != nil {
			return movevm.Value{}, err
		}
		i, found, err := m.search(n, key)
		if err != nil {
			return movevm.Value{}, err
		}
		if !found {
			return movevm.Value{}, bomAbort(m.c, EBOMKeyNotFound)
		}
		_, old, err := m.removeAt(n, i)
		if err != nil {
			return movevm.Value{}, err
		}
		if level == 0 {
			removed = old
		} else if _, err := childValue(old); err != nil { // the merged-away node's StoredSlot
			return movevm.Value{}, err
		}
		if idx == BOMapRootIndex {
			if err := m.collapseRoot(n); err != nil {
				return movevm.Value{}, err
			}
			break
		}
		next, err := m.rebalance(idx, n, key, path)
		if err != nil {
			return movevm.Value{}, err
		}
		if !next.IsValid() {
			break
		}
		freed = append(freed, next.slot)
		key = next.key
	}
	for i := len(freed) - 1; i >= 0; i-- {
		if err := m.s.pushReuse(freed[i]); err != nil {
			return movevm.Value{}, err
		}
	}
	return removed, nil
}

// collapseRoot replaces an inner root left with one child by that child.
func (m *bomap) collapseRoot(root movevm.Value) error {
	if isLeafNode(root) || nodeLen(root) != 1 {
		return nil
	}
	_, only, err := m.removeAt(root, 0)
	if err != nil {
		return err
	}
	slot, err := childValue(only)
	if err != nil {
		return err
	}
	child, err := m.s.take(slot.AsU64())
	if err != nil {
		return err
	}
	if err := m.s.pushReuse(slot.AsU64()); err != nil {
		return err
	}
	f := movevm.Unpack(child)
	if len(f) != 4 {
		return bomInvariant(m.c)
	}
	if f[nodeIsLeaf].AsBool() {
		if err := m.setLeaves(BOMapRootIndex, BOMapRootIndex); err != nil {
			return err
		}
	}
	if err := setField(m.c, root, nodeIsLeaf, f[nodeIsLeaf]); err != nil {
		return err
	}
	es, err := m.c.InnerRef(root, true, nodeChildren, 0)
	if err != nil {
		return err
	}
	moved := movevm.Unpack(f[nodeChildren])
	if len(moved) != 1 {
		return bomInvariant(m.c)
	}
	entries := movevm.Unpack(moved[0])
	if err := m.c.ChargeElems(len(entries)); err != nil {
		return err
	}
	for _, e := range entries {
		if err := m.c.VecPushBack(es, e); err != nil {
			return err
		}
	}
	return nil
}

// merged is what a merge leaves to do on the parent's level: remove the
// child under key, whose slot is then freed.
type merged struct {
	key  movevm.Value
	slot uint64
}

func (x merged) IsValid() bool { return x.key.IsValid() }

// rebalance is the part of remove_at after the child under key left
// non-root node idx (n): the parents' keys updated when n's largest key
// went, then n refilled from a sibling or merged with it.
func (m *bomap) rebalance(idx uint64, n movevm.Value, key movevm.Value, path []uint64) (merged, error) {
	leaf := isLeafNode(n)
	maxDeg, degree := m.maxDegree(leaf), uint64(nodeLen(n))
	newMax, err := m.lastKeyCopy(n)
	if err != nil {
		return merged{}, err
	}
	if o, err := movestdlib.Compare(m.c, newMax, key); err != nil {
		return merged{}, err
	} else if o < 0 {
		if err := m.updateKey(path, key, newMax); err != nil {
			return merged{}, err
		}
	}
	if degree*2 >= maxDeg {
		return merged{}, nil
	}
	if len(path) == 0 {
		return merged{}, bomInvariant(m.c)
	}
	nv, err := m.s.take(idx)
	if err != nil {
		return merged{}, err
	}
	ncell, n, err := m.loose(nv)
	if err != nil {
		return merged{}, err
	}
	prev, next := nodeLink(n, nodePrev), nodeLink(n, nodeNext)
	parent, err := m.nodeRef(path[len(path)-1], false)
	if err != nil {
		return merged{}, err
	}
	if nodeLen(parent) < 2 {
		return merged{}, bomInvariant(m.c)
	}
	sib := next
	if childSlot(parent, nodeLen(parent)-1) == idx {
		sib = prev
	}
	sv, err := m.s.take(sib)
	if err != nil {
		return merged{}, err
	}
	scell, s, err := m.loose(sv)
	if err != nil {
		return merged{}, err
	}
	if isLeafNode(s) != leaf || nodeLen(s) == 0 {
		return merged{}, bomInvariant(m.c)
	}
	if uint64(nodeLen(s)-1)*2 >= maxDeg {
		if err := m.borrowFrom(n, s, sib == next, path); err != nil {
			return merged{}, err
		}
		if err := m.s.fill(idx, ncell.Take()); err != nil {
			return merged{}, err
		}
		return merged{}, m.s.fill(sib, scell.Take())
	}
	// Merge into the node of smaller keys, kept in the slot of larger ones.
	small, large, keep, drop, smallCell := n, s, sib, idx, ncell
	if sib != next {
		small, large, keep, drop, smallCell = s, n, idx, sib, scell
	}
	gone, err := m.lastKeyCopy(small)
	if err != nil {
		return merged{}, err
	}
	les, err := m.c.InnerRef(large, true, nodeChildren, 0)
	if err != nil {
		return merged{}, err
	}
	entries, err := popAll(m.c, les)
	if err != nil {
		return merged{}, err
	}
	ses, err := m.c.InnerRef(small, true, nodeChildren, 0)
	if err != nil {
		return merged{}, err
	}
	for _, e := range entries {
		if err := m.c.VecPushBack(ses, e); err != nil {
			return merged{}, err
		}
	}
	if err := setU64Field(m.c, small, nodeNext, nodeLink(large, nodeNext)); err != nil {
		return merged{}, err
	}
	if p := nodeLink(small, nodePrev); p != BOMapNullIndex {
		pn, err := m.s.borrow(p, true)
		if err != nil {
			return merged{}, err
		}
		if err := setU64Field(m.c, pn, nodeNext, keep); err != nil {
			return merged{}, err
		}
	}
	if m.u64(bomMinLeaf) == drop {
		if err := setU64Field(m.c, m.ref, bomMinLeaf, keep); err != nil {
			return merged{}, err
		}
	}
	if err := m.s.fill(keep, smallCell.Take()); err != nil {
		return merged{}, err
	}
	return merged{key: gone, slot: drop}, nil
}

// borrowFrom moves one child from sibling s to n: s's first when s is the
// next node, its last otherwise, and updates the parents' keys.
func (m *bomap) borrowFrom(n, s movevm.Value, fromNext bool, path []uint64) error {
	if fromNext {
		oldMax, err := m.lastKeyCopy(n)
		if err != nil {
			return err
		}
		k, child, err := m.removeAt(s, 0)
		if err != nil {
			return err
		}
		kc, err := m.copyKey(k)
		if err != nil {
			return err
		}
		if err := m.insertAt(n, nodeLen(n), k, child); err != nil {
			return err
		}
		return m.updateKey(path, oldMax, kc)
	}
	k, child, err := m.removeAt(s, nodeLen(s)-1)
	if err != nil {
		return err
	}
	kc, err := m.copyKey(k)
	if err != nil {
		return err
	}
	if err := m.insertAt(n, 0, k, child); err != nil {
		return err
	}
	newMax, err := m.lastKeyCopy(s)
	if err != nil {
		return err
	}
	return m.updateKey(path, kc, newMax)
}

// updateKey replaces oldKey by newKey in the nodes of path, from the last
// up, as long as it is their largest key.
func (m *bomap) updateKey(path []uint64, oldKey, newKey movevm.Value) error {
	for j := len(path) - 1; j >= 0; j-- {
		n, err := m.nodeRef(path[j], true)
		if err != nil {
			return err
		}
		i, found, err := m.search(n, oldKey)
		if err != nil {
			return err
		}
		if !found {
			return bomAbort(m.c, EBOMKeyNotFound)
		}
		k, err := m.copyKey(newKey)
		if err != nil {
			return err
		}
		if err := m.setKey(n, i, k); err != nil {
			return err
		}
		if i != nodeLen(n)-1 {
			return nil
		}
	}
	return nil
}

func bomRemove(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, err := bomMut(c, targs, args)
	if err != nil {
		return nil, err
	}
	key, _ := args[1].Deref()
	v, err := m.remove(key)
	return []movevm.Value{v}, err
}

// bomPop is pop_front and pop_back (back): the first (last) key and its
// value, taken out; an empty map aborts with EITER_OUT_OF_BOUNDS.
func bomPop(back bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		m, err := bomMut(c, targs, args)
		if err != nil {
			return nil, err
		}
		p, err := m.endPos(back)
		if err != nil {
			return nil, err
		}
		k, err := m.posKey(p)
		if err != nil {
			return nil, err
		}
		v, err := m.remove(k)
		return []movevm.Value{k, v}, err
	}
}
