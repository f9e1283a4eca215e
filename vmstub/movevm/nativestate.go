package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Exists reports whether a resource of type t is under addr as the running
// call sees it (its own moves included), as the Exists instruction does.
func (c *NativeContext) Exists(addr ledgerapi.Address, t *Type) (bool, error) {
	r, err := c.s.load(addr, t)
	if err != nil {
		return false, err
	}
	return r.cell.vals[0].IsValid(), nil
}

// Cell is a storage slot a native keeps for Move code (a table item):
// natives hand out references into it and read back what code wrote
// through them. An empty cell holds no value.
type Cell struct {
	c *container
	t *Type
}

// NewCell makes a cell for values of type t, holding v (the zero Value for
// an empty cell).
func NewCell(t *Type, v Value) *Cell { return &Cell{c: &container{vals: []Value{v}}, t: t} }

// Value returns what the cell holds (IsValid is false when it is empty).
func (c *Cell) Value() Value { return c.c.vals[0] }

// Take empties the cell and returns what it held.
func (c *Cell) Take() Value {
	v := c.c.vals[0]
	c.c.vals[0] = Value{}
	return v
}

// Put stores v in the cell.
func (c *Cell) Put(v Value) { c.c.vals[0] = v }

// Ref returns a reference (mutable when mut) to the value in cell.
func (c *NativeContext) Ref(cell *Cell, mut bool) (Value, error) {
	rt, err := c.s.types.refOf(cell.t, mut)
	if err != nil {
		return Value{}, err
	}
	return Value{t: rt, p: cell.c}, nil
}

// InnerRef returns a reference (mutable when mut) into the value ref
// points at, following path: each step takes that field of a struct or
// that element of a vector. With an empty path it is ref with the
// mutability asked for. Natives use it to return references into their
// arguments (option::borrow, a map's value).
func (c *NativeContext) InnerRef(ref Value, mut bool, path ...int) (Value, error) {
	cont, ok := ref.p.(*container)
	if !ok || (ref.t.Kind != KindRef && ref.t.Kind != KindMutRef) || cont.dead || int(ref.n) >= len(cont.vals) {
		return Value{}, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "InnerRef of a value that is not a live reference")
	}
	idx := int(ref.n)
	for _, i := range path {
		next, ok := cont.vals[idx].p.(*container)
		if !ok || next.dead || i < 0 || i >= len(next.vals) {
			return Value{}, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "InnerRef: no slot %d", i)
		}
		cont, idx = next, i
	}
	rt, err := c.s.types.refOf(cont.vals[idx].t, mut)
	if err != nil {
		return Value{}, err
	}
	return Value{t: rt, p: cont, n: uint64(idx)}, nil
}
