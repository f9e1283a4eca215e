package movevm

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Every walk over a value is bounded by a depth limit and fails with
// VM_MAX_VALUE_DEPTH_REACHED past it, so no value, however it was built,
// can make the interpreter recurse without bound. Values deeper than the
// session's MaxValueDepth cannot be made by Pack, VecPack, VecPushBack or
// PackClosure; the bound on walks is the last line of defence.

// maxSerializeDepth bounds Serialize, which has no session.
const maxSerializeDepth = 256

func depthErr(limit int) error {
	return errorf(onchain.VM_MAX_VALUE_DEPTH_REACHED, "value nests deeper than %d", limit)
}

// isPacked reports element types a vector holds unboxed in Aptos's
// accounting: integers, bool and address.
func isPacked(t *Type) bool { return t.Kind < KindVector && t.Kind != KindSigner }

// extent is what a walk over a value found: nodes (every value, field
// and element counts one), boxes (the structs, vectors, variants and
// closures among them, each an allocation) and the abstract size
// (memory.go).
type extent struct {
	nodes, boxes, size uint64
}

// cost is the gas of copying, comparing or loading a value of this extent.
func (x extent) cost() uint64 { return x.nodes*nodeCost + x.boxes*boxCost }

// measure walks v (references are not followed), failing on a value
// nested deeper than limit.
func measure(v Value, limit int) (extent, error) {
	var x extent
	err := x.add(v, 1, limit)
	return x, err
}

func (x *extent) add(v Value, depth, limit int) error {
	if depth > limit {
		return depthErr(limit)
	}
	x.nodes++
	x.size += nodeSize
	switch p := v.p.(type) {
	case *closure:
		x.boxes += 2 // the closure and its captured values
		for _, e := range p.captured {
			if err := x.add(e, depth+1, limit); err != nil {
				return err
			}
		}
	case *container:
		if isRef(v.t) {
			return nil
		}
		x.boxes++
		if v.t.Kind == KindVector && isPacked(v.t.Elem) {
			if len(p.vals) > 0 && depth+1 > limit {
				return depthErr(limit)
			}
			x.nodes += uint64(len(p.vals))
			x.size += packedSize(v.t.Elem) * uint64(len(p.vals))
			return nil
		}
		for _, e := range p.vals {
			if err := x.add(e, depth+1, limit); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyValue copies v deeply (containers are duplicated, references are
// not), failing on a value nested deeper than limit.
func copyValue(v Value, limit int) (Value, error) { return copyAt(v, 1, limit) }

func copyAt(v Value, depth, limit int) (Value, error) {
	if depth > limit {
		return Value{}, depthErr(limit)
	}
	switch p := v.p.(type) {
	case *closure:
		n := *p
		n.captured = make([]Value, len(p.captured))
		for i, e := range p.captured {
			c, err := copyAt(e, depth+1, limit)
			if err != nil {
				return Value{}, err
			}
			n.captured[i] = c
		}
		return Value{t: v.t, p: &n}, nil
	case *container:
		if isRef(v.t) {
			return v, nil
		}
		nc := &container{vals: make([]Value, len(p.vals)), variant: p.variant}
		if v.t.Kind == KindVector && isPacked(v.t.Elem) {
			if len(p.vals) > 0 && depth+1 > limit {
				return Value{}, depthErr(limit)
			}
			copy(nc.vals, p.vals) // primitives are immutable: share big numbers and addresses
			return Value{t: v.t, n: v.n, p: nc}, nil
		}
		for i, e := range p.vals {
			c, err := copyAt(e, depth+1, limit)
			if err != nil {
				return Value{}, err
			}
			nc.vals[i] = c
		}
		return Value{t: v.t, n: v.n, p: nc}, nil
	}
	return v, nil
}

// equalValues compares two values of the same type by content, failing on
// values nested deeper than limit.
func equalValues(a, b Value, limit int) (bool, error) { return equalAt(a, b, 1, limit) }

func equalAt(a, b Value, depth, limit int) (bool, error) {
	if depth > limit {
		return false, depthErr(limit)
	}
	switch a.t.Kind {
	case KindRef, KindMutRef:
		x, ok1 := a.Deref()
		y, ok2 := b.Deref()
		if !ok1 || !ok2 || x.t != y.t {
			return false, nil
		}
		return equalAt(x, y, depth, limit)
	case KindAddress, KindSigner:
		return *a.p.(*ledgerapi.Address) == *b.p.(*ledgerapi.Address), nil
	case KindU128, KindU256, KindI128, KindI256:
		return a.p.(*big.Int).Cmp(b.p.(*big.Int)) == 0, nil
	case KindFunction:
		x, y := a.p.(*closure), b.p.(*closure)
		if x.f != y.f || x.mask != y.mask || !sameTypes(x.targs, y.targs) || len(x.captured) != len(y.captured) {
			return false, nil
		}
		return equalSlices(x.captured, y.captured, depth, limit)
	case KindVector, KindStruct:
		ca, cb := a.p.(*container), b.p.(*container)
		if ca.variant != cb.variant || len(ca.vals) != len(cb.vals) {
			return false, nil
		}
		return equalSlices(ca.vals, cb.vals, depth, limit)
	}
	return a.n == b.n, nil
}

func equalSlices(xs, ys []Value, depth, limit int) (bool, error) {
	for i := range xs {
		eq, err := equalAt(xs[i], ys[i], depth+1, limit)
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// valueDepth is the nesting depth of v (1 for a primitive). Values whose
// type holds no function type take the depth of the type; a closure
// carries the depth it was made with; other values are walked, down to
// limit at most.
func (s *Session) valueDepth(v Value, limit int, visited *uint64) (int, error) {
	if cl, ok := v.p.(*closure); ok {
		return cl.depth, nil
	}
	if isRef(v.t) {
		return 1, nil
	}
	fn, err := s.holdsFunction(v.t)
	if err != nil {
		return 0, err
	}
	if !fn {
		return s.depthOf(v.t)
	}
	if limit <= 0 {
		return 0, depthErr(s.vm.limits.MaxValueDepth)
	}
	d := 1
	vals := v.p.(*container).vals
	*visited += uint64(len(vals))
	for _, e := range vals {
		ed, err := s.valueDepth(e, limit-1, visited)
		if err != nil {
			return 0, err
		}
		d = max(d, ed+1)
	}
	return d, nil
}

// holdsFunction reports whether values of t may hold closures.
func (s *Session) holdsFunction(t *Type) (bool, error) {
	switch t.Kind {
	case KindFunction:
		return true, nil
	case KindVector:
		return s.holdsFunction(t.Elem)
	case KindStruct:
		if err := s.layout(t); err != nil {
			return false, err
		}
		return t.hasFn, nil
	}
	return false, nil
}

// containerDepth is the depth of a container (a struct, a vector or a
// closure) holding vals, 1 + the deepest of them; it fails past the
// session's MaxValueDepth (VM_MAX_VALUE_DEPTH_REACHED). Only values that
// may hold closures are walked, at one gas unit per element visited; a
// closure is a node as a struct is, so one capturing a closure is one
// deeper.
func (s *Session) containerDepth(vals []Value) (int, error) {
	limit := s.vm.limits.MaxValueDepth
	d := 1
	var visited uint64
	for _, v := range vals {
		vd, err := s.valueDepth(v, limit-1, &visited)
		if err != nil {
			return 0, err
		}
		d = max(d, vd+1)
	}
	if d > limit {
		return 0, depthErr(limit)
	}
	return d, s.env.Gas.Charge(visited)
}
