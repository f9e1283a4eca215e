package movevm

import "github.com/ledgernode/ledgernode/ledgerapi/onchain"

// In-place operations for natives. A native that changes a vector behind a
// mutable reference must change that vector's own container, as the vector
// instructions do, never write a new vector into the slot: a reference
// taken into the old container (v[i], or a field of an element) would keep
// seeing a stale copy, and a value without copy could then be used twice.
// These operations mutate the container the reference reaches; elements
// that leave a vector leave its length, so references to their old index
// fail as those to a popped element do, and values a native consumes
// (the vector appended, a struct it takes apart) are marked dead, as
// VecUnpack and Unpack mark them.

// inplaceVector returns the container of the vector a live mutable reference
// points at.
func inplaceVector(ref Value) (*container, *Type, error) {
	if ref.t == nil || ref.t.Kind != KindMutRef || ref.t.Elem == nil || ref.t.Elem.Kind != KindVector {
		return nil, nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "a mutable reference to a vector wanted, got %s", typeName(ref))
	}
	v, ok := ref.Deref()
	if !ok {
		return nil, nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "dangling reference %s", ref.t)
	}
	c, ok := v.p.(*container)
	if !ok || c.dead || v.t != ref.t.Elem {
		return nil, nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "%s does not point at a live vector", ref.t)
	}
	return c, v.t, nil
}

// inplaceElem reports whether x may be an element of a vector of type vt.
func inplaceElem(vt *Type, x Value) error {
	if x.t != vt.Elem {
		return errorf(onchain.TYPE_MISMATCH, "element of %s wanted, got %s", vt, typeName(x))
	}
	return nil
}

// inplaceAdopt checks elements about to join a vector of type vt that
// holds n already: the length limit and the depth limit, as VecPushBack
// checks them, and their memory. A native's arguments gave their memory
// back when it was called, so elements taken from them take their whole
// heap again besides their place in the vector.
func (c *NativeContext) inplaceAdopt(vt *Type, n int, elems []Value) error {
	if err := c.s.checkVectorLen(uint64(n) + uint64(len(elems))); err != nil {
		return err
	}
	if err := c.s.checkElems(vt, elems); err != nil {
		return err
	}
	for _, e := range elems {
		if err := c.s.takeHeap(e); err != nil {
			return err
		}
	}
	return nil
}

// inplaceRelease gives back the memory of an element that leaves a vector
// of type vt: its place and its heap (the native's result takes the heap
// again when it is returned).
func (c *NativeContext) inplaceRelease(vt *Type, x Value) error {
	c.s.freeMemory(elemsSize(vt.Elem, 1))
	return c.s.drop(x)
}

// VecLen returns the length of the vector ref (any live reference to a
// vector) points at, or -1 when it points at none.
func VecLen(ref Value) int {
	v, ok := ref.Deref()
	if !ok {
		return -1
	}
	c, ok := v.p.(*container)
	if !ok || v.t.Kind != KindVector {
		return -1
	}
	return len(c.vals)
}

// VecReverse reverses the vector ref points at, in place.
func (c *NativeContext) VecReverse(ref Value) error {
	vc, _, err := inplaceVector(ref)
	if err != nil {
		return err
	}
	for i, j := 0, len(vc.vals)-1; i < j; i, j = i+1, j-1 {
		vc.vals[i], vc.vals[j] = vc.vals[j], vc.vals[i]
	}
	return nil
}

// VecSwap exchanges elements i and j of the vector ref points at, in
// place, as the VecSwap instruction does.
func (c *NativeContext) VecSwap(ref Value, i, j uint64) error {
	vc, _, err := inplaceVector(ref)
	if err != nil {
		return err
	}
	if n := uint64(len(vc.vals)); i >= n || j >= n {
		return vecErr(vecIndexOutOfBounds, "swapping elements %d and %d of %d", i, j, n)
	}
	vc.vals[i], vc.vals[j] = vc.vals[j], vc.vals[i]
	return nil
}

// VecPushBack appends x to the vector ref points at, within the vector
// length limit.
func (c *NativeContext) VecPushBack(ref, x Value) error {
	return c.VecInsert(ref, uint64(VecLen(ref)), x)
}

// VecInsert puts x at index i of the vector ref points at, shifting the
// elements from i one place up; i may be the length.
func (c *NativeContext) VecInsert(ref Value, i uint64, x Value) error {
	vc, vt, err := inplaceVector(ref)
	if err != nil {
		return err
	}
	if err := inplaceElem(vt, x); err != nil {
		return err
	}
	if i > uint64(len(vc.vals)) {
		return vecErr(vecIndexOutOfBounds, "inserting at %d of %d", i, len(vc.vals))
	}
	if err := c.inplaceAdopt(vt, len(vc.vals), []Value{x}); err != nil {
		return err
	}
	vc.vals = append(vc.vals, Value{})
	copy(vc.vals[i+1:], vc.vals[i:])
	vc.vals[i] = x
	return nil
}

// VecSplice moves the elements of vector other (a value the native was
// given, of the same type) into the vector ref points at, starting at
// index i (the length to append). other is consumed: its container is
// dead afterwards, so no reference into it can see the elements again.
func (c *NativeContext) VecSplice(ref Value, i uint64, other Value) error {
	vc, vt, err := inplaceVector(ref)
	if err != nil {
		return err
	}
	oc, ok := other.p.(*container)
	if !ok || other.t != vt || oc.dead {
		return errorf(onchain.TYPE_MISMATCH, "a live %s wanted, got %s", vt, typeName(other))
	}
	if oc == vc {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "a vector spliced into itself")
	}
	if i > uint64(len(vc.vals)) {
		return vecErr(vecIndexOutOfBounds, "inserting at %d of %d", i, len(vc.vals))
	}
	if err := c.inplaceAdopt(vt, len(vc.vals), oc.vals); err != nil {
		return err
	}
	n := len(oc.vals)
	vc.vals = append(vc.vals, oc.vals...) // grows the slice; the tail is rewritten below
	copy(vc.vals[int(i)+n:], vc.vals[i:len(vc.vals)-n])
	copy(vc.vals[i:], oc.vals)
	oc.vals, oc.dead = nil, true
	return nil
}

// VecPopBack removes the last element of the vector ref points at and
// returns it.
func (c *NativeContext) VecPopBack(ref Value) (Value, error) {
	return c.VecRemove(ref, uint64(VecLen(ref)-1), false)
}

// VecRemove removes element i of the vector ref points at and returns it:
// the elements after it move one place down or, with swap, the last
// element takes its place. References to the vector's last index are dead
// afterwards, as after VecPopBack.
func (c *NativeContext) VecRemove(ref Value, i uint64, swap bool) (Value, error) {
	vc, vt, err := inplaceVector(ref)
	if err != nil {
		return Value{}, err
	}
	n := uint64(len(vc.vals))
	if i >= n {
		if n == 0 {
			return Value{}, vecErr(vecPopEmpty, "removing from an empty vector")
		}
		return Value{}, vecErr(vecIndexOutOfBounds, "removing element %d of %d", i, n)
	}
	x := vc.vals[i]
	if swap {
		vc.vals[i] = vc.vals[n-1]
	} else {
		copy(vc.vals[i:], vc.vals[i+1:])
	}
	vc.vals[n-1] = Value{}
	vc.vals = vc.vals[:n-1]
	return x, c.inplaceRelease(vt, x)
}

// VecReplace writes x at index i of the vector ref points at and returns
// the element it replaces.
func (c *NativeContext) VecReplace(ref Value, i uint64, x Value) (Value, error) {
	vc, vt, err := inplaceVector(ref)
	if err != nil {
		return Value{}, err
	}
	if err := inplaceElem(vt, x); err != nil {
		return Value{}, err
	}
	if i >= uint64(len(vc.vals)) {
		return Value{}, vecErr(vecIndexOutOfBounds, "replacing element %d of %d", i, len(vc.vals))
	}
	if err := c.inplaceAdopt(vt, len(vc.vals)-1, []Value{x}); err != nil {
		return Value{}, err
	}
	old := vc.vals[i]
	vc.vals[i] = x
	return old, c.inplaceRelease(vt, old)
}

// Unpack takes a struct (or vector) value apart, as the Unpack instruction
// does: it returns the fields (elements) and marks the container dead, so
// references into the value no longer reach them. It returns nil for a
// value without fields or one already taken apart.
func Unpack(v Value) []Value {
	c, ok := v.p.(*container)
	if !ok || c.dead || v.t == nil || (v.t.Kind != KindStruct && v.t.Kind != KindVector) {
		return nil
	}
	out := c.vals
	c.vals, c.dead = nil, true
	return out
}

// WriteThrough writes x through the mutable reference ref into the slot it
// points at, as WriteRef does, and returns the value it replaces. x takes
// its memory again (it was a native's argument); the old value gives its
// heap back.
func (c *NativeContext) WriteThrough(ref, x Value) (Value, error) {
	cont, ok := ref.p.(*container)
	if !ok || ref.t == nil || ref.t.Kind != KindMutRef || cont.dead || int(ref.n) >= len(cont.vals) {
		return Value{}, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "writing through %s, not a live mutable reference", typeName(ref))
	}
	if ref.t.Elem != x.t {
		return Value{}, errorf(onchain.TYPE_MISMATCH, "writing %s through %s", typeName(x), ref.t)
	}
	if err := c.s.takeHeap(x); err != nil {
		return Value{}, err
	}
	old := cont.vals[ref.n]
	cont.vals[ref.n] = x
	return old, c.s.drop(old)
}

// FitsMemory fails with MEMORY_LIMIT_EXCEEDED when a result of n bytes
// (a vector<u8> or a string, n elements of elemSize units each) would not
// fit in the call's memory quota, without taking the memory: a native
// checks it before building the result, which the call takes from the
// quota when the native returns it.
func (c *NativeContext) FitsMemory(n int) error {
	limit := c.s.vm.limits.MaxMemory
	if n < 0 || uint64(n) > (limit-min(c.s.mem, limit))/elemSize {
		return errorf(onchain.MEMORY_LIMIT_EXCEEDED, "a native's result of %d bytes exceeds the memory quota of %d units", n, limit)
	}
	return nil
}

// Swap exchanges the values two live mutable references of the same type
// point at, as mem::swap does: each slot keeps its container and takes the
// other's value, so references into either value follow it. Memory is
// unchanged: both values stay reachable.
func (c *NativeContext) Swap(a, b Value) error {
	ca, okA := a.p.(*container)
	cb, okB := b.p.(*container)
	if !okA || !okB || a.t == nil || a.t.Kind != KindMutRef || b.t == nil || b.t.Kind != KindMutRef || b.t.Elem != a.t.Elem || ca.dead || cb.dead ||
		int(a.n) >= len(ca.vals) || int(b.n) >= len(cb.vals) {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "swapping through %s and %s, not two live mutable references of one type", typeName(a), typeName(b))
	}
	ca.vals[a.n], cb.vals[b.n] = cb.vals[b.n], ca.vals[a.n]
	return nil
}
