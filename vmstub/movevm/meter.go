package movevm

// copyOut copies v for CopyLoc and ReadRef: nodeCost gas units per node
// copied and the copy's heap size from the memory quota.
func (s *Session) copyOut(v Value) (Value, error) {
	if v.t.Kind < KindVector || isRef(v.t) {
		return v, nil // nothing below the top node: no walk, no heap
	}
	limit := s.vm.limits.MaxValueDepth
	nodes, size, err := measure(v, limit)
	if err != nil {
		return Value{}, err
	}
	if err := s.env.Gas.Charge(nodes * nodeCost); err != nil {
		return Value{}, err
	}
	if err := s.useMemory(size - nodeSize); err != nil {
		return Value{}, err
	}
	return copyValue(v, limit)
}

// heapOf is the heap size of v (memory.go); references are not followed.
func (s *Session) heapOf(v Value) (uint64, error) {
	if !v.IsValid() || v.t.Kind < KindVector || isRef(v.t) {
		return 0, nil
	}
	_, size, err := measure(v, s.vm.limits.MaxValueDepth)
	return size - nodeSize, err
}

// drop gives back the memory of a value that goes away.
func (s *Session) drop(v Value) error {
	h, err := s.heapOf(v)
	s.freeMemory(h)
	return err
}

// takeHeap takes the memory of a value that arrives from outside the
// interpreter (a loaded resource, a native's result).
func (s *Session) takeHeap(v Value) error {
	h, err := s.heapOf(v)
	if err != nil {
		return err
	}
	return s.useMemory(h)
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
		n, _, err := measure(v, limit)
		if err != nil {
			return err
		}
		total += n
	}
	return s.env.Gas.Charge(total * nodeCost)
}
