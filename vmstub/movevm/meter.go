package movevm

// copyOut copies v for CopyLoc and ReadRef: nodeCost gas units per node
// copied and the copy's heap size from the memory quota.
func (s *Session) copyOut(v Value) (Value, error) {
	if v.t.Kind < KindVector || isRef(v.t) {
		return v, nil // nothing below the top node: no walk, no heap
	}
	limit := s.vm.limits.MaxValueDepth
	x, err := measure(v, limit)
	if err != nil {
		return Value{}, err
	}
	if err := s.env.Gas.Charge(x.cost()); err != nil {
		return Value{}, err
	}
	if err := s.useMemory(x.size - nodeSize); err != nil {
		return Value{}, err
	}
	return copyValue(v, limit)
}

// heapOf is the heap size of v (memory.go); references are not followed.
func (s *Session) heapOf(v Value) (uint64, error) {
	if !v.IsValid() || v.t.Kind < KindVector || isRef(v.t) {
		return 0, nil
	}
	x, err := measure(v, s.vm.limits.MaxValueDepth)
	return x.size - nodeSize, err
}

// drop gives back the memory of a value that goes away.
func (s *Session) drop(v Value) error {
	h, err := s.heapOf(v)
	s.freeMemory(h)
	return err
}

// chargeLoaded charges a resource just read from storage as a copy of it:
// its nodes and boxes in gas, its heap size in memory.
func (s *Session) chargeLoaded(v Value) error {
	x, err := measure(v, s.vm.limits.MaxValueDepth)
	if err != nil {
		return err
	}
	if err := s.env.Gas.Charge(x.cost()); err != nil {
		return err
	}
	return s.useMemory(x.size - nodeSize)
}

// elemsSize is the memory n elements of type et take in a container.
func elemsSize(et *Type, n int) uint64 {
	if isPacked(et) {
		return packedSize(et) * uint64(n)
	}
	return nodeSize * uint64(n)
}

// chargeCompare charges Eq and Neq: nodeCost per node of both operands
// (what references point at for references).
func (s *Session) chargeCompare(a, b Value) error {
	limit := s.vm.limits.MaxValueDepth
	var total uint64
	for _, v := range []Value{derefOr(a), derefOr(b)} {
		x, err := measure(v, limit)
		if err != nil {
			return err
		}
		total += x.nodes * compareCost // comparing allocates nothing: no box cost
	}
	return s.env.Gas.Charge(total)
}

// takeHeap takes the memory of a value that arrives from outside the
// interpreter or joins a container through a native (in-place operations).
func (s *Session) takeHeap(v Value) error {
	h, err := s.heapOf(v)
	if err != nil {
		return err
	}
	return s.useMemory(h)
}
