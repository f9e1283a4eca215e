package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Sub-statuses of VECTOR_OPERATION_ERROR, as Aptos numbers them.
const (
	vecIndexOutOfBounds = 1
	vecPopEmpty         = 2
	vecUnpackMismatch   = 3
)

func vecErr(sub int, format string, args ...any) error {
	e := errorf(onchain.VECTOR_OPERATION_ERROR, format, args...)
	e.Message += map[int]string{vecIndexOutOfBounds: " (index out of bounds)", vecPopEmpty: " (pop from an empty vector)",
		vecUnpackMismatch: " (length differs from the unpacked count)"}[sub]
	return e
}

// vectorType is the vector type a vector instruction's signature names.
func (s *Session) vectorType(fr *frame, idx uint16) (*Type, error) {
	k := cacheKey(cacheSignature, idx)
	if x, ok := fr.ctx.cache[k]; ok {
		return x.(*Type), nil
	}
	p := fr.fn.mod.pools
	if int(idx) >= len(p.Signatures) || len(p.Signatures[idx]) != 1 {
		return nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "signature %d is not one type", idx)
	}
	e, err := s.typeOf(fr.fn.mod, &p.Signatures[idx][0], fr.ctx.targs)
	if err != nil {
		return nil, err
	}
	vt, err := s.types.vectorOf(e)
	if err != nil {
		return nil, err
	}
	fr.ctx.put(k, vt)
	return vt, nil
}

// popIndex pops a u64 index.
func (s *Session) popIndex(fr *frame) (uint64, error) {
	v, err := s.popType(fr, TypeU64)
	return v.n, err
}

// popVecRef pops a reference to a vector of type vt and returns its container.
func (s *Session) popVecRef(fr *frame, vt *Type, mut bool) (*container, error) {
	r, v, err := s.popRef(fr, mut)
	if err != nil {
		return nil, err
	}
	if r.t.Elem != vt {
		return nil, errorf(onchain.TYPE_MISMATCH, "%s through %s", vt, r.t)
	}
	return v.p.(*container), nil
}

func (s *Session) vector(fr *frame, in *bytecode.Instruction) error {
	vt, err := s.vectorType(fr, in.Index)
	if err != nil {
		return err
	}
	switch in.Op {
	case bytecode.OpVecPack:
		if in.Imm > uint64(len(s.stack)-fr.base) {
			return errorf(onchain.EMPTY_VALUE_STACK, "packing %d elements", in.Imm)
		}
		if err := s.checkVectorLen(in.Imm); err != nil {
			return err
		}
		n := int(in.Imm)
		if err := s.env.Gas.Charge(uint64(n) * elemCost); err != nil {
			return err
		}
		elems := make([]Value, n)
		copy(elems, s.stack[len(s.stack)-n:])
		for i, e := range elems {
			if e.t != vt.Elem {
				return errorf(onchain.TYPE_MISMATCH, "element %d is %s, want %s", i, typeName(e), vt.Elem)
			}
		}
		if err := s.checkElems(vt, elems); err != nil {
			return err
		}
		s.stack = s.stack[:len(s.stack)-n]
		s.stack = append(s.stack, NewVector(vt, elems))
	case bytecode.OpVecUnpack:
		v, err := s.popType(fr, vt)
		if err != nil {
			return err
		}
		c := v.p.(*container)
		if uint64(len(c.vals)) != in.Imm {
			return vecErr(vecUnpackMismatch, "unpacking %d elements from a vector of %d", in.Imm, len(c.vals))
		}
		if len(s.stack)+len(c.vals) > s.vm.limits.MaxStack {
			return errorf(onchain.EXECUTION_STACK_OVERFLOW, "operand stack exceeds %d values", s.vm.limits.MaxStack)
		}
		if err := s.env.Gas.Charge(uint64(len(c.vals)) * elemCost); err != nil {
			return err
		}
		s.freeMemory(elemsSize(vt.Elem, len(c.vals)))
		s.stack = append(s.stack, c.vals...)
		c.vals, c.dead = nil, true
	case bytecode.OpVecLen:
		c, err := s.popVecRef(fr, vt, false)
		if err != nil {
			return err
		}
		s.stack = append(s.stack, U64(uint64(len(c.vals))))
	case bytecode.OpVecImmBorrow, bytecode.OpVecMutBorrow:
		mut := in.Op == bytecode.OpVecMutBorrow
		i, err := s.popIndex(fr)
		if err != nil {
			return err
		}
		c, err := s.popVecRef(fr, vt, mut)
		if err != nil {
			return err
		}
		if i >= uint64(len(c.vals)) {
			return vecErr(vecIndexOutOfBounds, "borrowing element %d of %d", i, len(c.vals))
		}
		rt, err := s.types.refOf(vt.Elem, mut)
		if err != nil {
			return err
		}
		s.stack = append(s.stack, Value{t: rt, p: c, n: i})
	case bytecode.OpVecPushBack:
		e, err := s.popType(fr, vt.Elem)
		if err != nil {
			return err
		}
		c, err := s.popVecRef(fr, vt, true)
		if err != nil {
			return err
		}
		if err := s.checkVectorLen(uint64(len(c.vals)) + 1); err != nil {
			return err
		}
		if err := s.checkElems(vt, []Value{e}); err != nil {
			return err
		}
		c.vals = append(c.vals, e)
	case bytecode.OpVecPopBack:
		c, err := s.popVecRef(fr, vt, true)
		if err != nil {
			return err
		}
		if len(c.vals) == 0 {
			return vecErr(vecPopEmpty, "popping from an empty vector")
		}
		e := c.vals[len(c.vals)-1]
		c.vals[len(c.vals)-1] = Value{}
		c.vals = c.vals[:len(c.vals)-1]
		s.freeMemory(elemsSize(vt.Elem, 1))
		s.stack = append(s.stack, e)
	case bytecode.OpVecSwap:
		j, err := s.popIndex(fr)
		if err != nil {
			return err
		}
		i, err := s.popIndex(fr)
		if err != nil {
			return err
		}
		c, err := s.popVecRef(fr, vt, true)
		if err != nil {
			return err
		}
		if i >= uint64(len(c.vals)) || j >= uint64(len(c.vals)) {
			return vecErr(vecIndexOutOfBounds, "swapping elements %d and %d of %d", i, j, len(c.vals))
		}
		c.vals[i], c.vals[j] = c.vals[j], c.vals[i]
	}
	return nil
}

// checkElems checks elements about to join a vector of type vt: the depth
// of the vector (its type, or its values when they may hold closures) and
// the memory they take.
func (s *Session) checkElems(vt *Type, elems []Value) error {
	if _, err := s.depthOf(vt); err != nil {
		return err
	}
	fn, err := s.holdsFunction(vt.Elem)
	if err != nil {
		return err
	}
	if fn {
		if _, err := s.containerDepth(elems); err != nil {
			return err
		}
	}
	return s.useMemory(elemsSize(vt.Elem, len(elems)))
}

// checkVectorLen fails when a vector would hold more than MaxVectorLen
// elements (VECTOR_OPERATION_ERROR). VecPack, VecPushBack, deserialized
// values and natives (NativeContext.CheckVectorLen) all keep to it.
func (s *Session) checkVectorLen(n uint64) error {
	if n > uint64(s.vm.limits.MaxVectorLen) {
		return vecErr(vecIndexOutOfBounds, "vector of %d elements, longer than %d", n, s.vm.limits.MaxVectorLen)
	}
	return nil
}

// CheckVectorLen fails when a vector a native is about to make or grow
// would hold n elements, more than the session allows
// (VECTOR_OPERATION_ERROR).
func (c *NativeContext) CheckVectorLen(n int) error {
	if n < 0 {
		return c.s.checkVectorLen(^uint64(0))
	}
	return c.s.checkVectorLen(uint64(n))
}
