package verifier

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// checkReferenceSafety checks fn's borrows with a borrow graph ([MBC]): no
// dangling references, no write or move of what is borrowed, no mutable
// aliasing, and references returned only when derived from reference
// parameters (never from a local or global storage), a returned &mut only
// from a &mut parameter.
//
// It is an abstract interpretation over fn's control-flow graph: each
// block runs from the join of its predecessors' end states until nothing
// changes. Blocks are taken in reverse post-order, always the earliest one
// whose entry state changed, so a loop is re-run before the code after it.
// The work is metered as Aptos meters it (cfg.MaxMeterUnits, if non-zero):
// per instruction, per join, per acquired resource of a call and per edge
// from a reference argument to a returned reference; the graph's own edge
// operations are counted against the same bound, so hostile code is
// refused (CONSTRAINT_NOT_SATISFIED, "program too complex") before the
// check turns super-linear.
func checkReferenceSafety(u *unit, fn *function) error {
	if fn.code == nil || len(fn.code.Code) == 0 {
		return nil
	}
	g := fn.cfg
	if g == nil {
		g = newCFG(fn.code.Code)
	}
	a := &refAnalysis{u: u, fn: fn, code: fn.code.Code, meter: refMeter{limit: u.meterLimit()}}
	defer func() { u.spend(a.meter.units) }()
	return a.run(g)
}

// refAnalysis is the reference safety check of one function.
type refAnalysis struct {
	u        *unit
	fn       *function
	code     []bytecode.Instruction
	meter    refMeter
	stack    []absValue
	acquires map[bytecode.FunctionHandleIndex][]uint16 // this module's functions' acquires, built on first use
}

// run interprets the blocks of g to a fixpoint.
func (a *refAnalysis) run(g *controlFlowGraph) error {
	if len(g.order) == 0 {
		return nil
	}
	pos := make([]int, len(g.blocks))
	for i := range pos {
		pos[i] = -1
	}
	for p, b := range g.order {
		if b < 0 || b >= len(g.blocks) || pos[b] >= 0 {
			return a.fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, -1, "reference safety: malformed block order")
		}
		pos[b] = p
	}
	pre := make([]*refState, len(g.blocks))
	pre[g.order[0]] = newRefState(a.fn, &a.meter.work)
	work := newPosQueue(len(g.order))
	work.add(0)
	for work.len() > 0 {
		p := work.next()
		b := g.order[p]
		post, err := a.runBlock(g.blocks[b], pre[b].clone())
		if err != nil {
			return err
		}
		for _, succ := range g.blocks[b].succs {
			q := -1
			if succ >= 0 && succ < len(pos) {
				q = pos[succ]
			}
			if q < 0 {
				return a.fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, g.blocks[b].end, "reference safety: successor out of the block order")
			}
			if pre[succ] == nil {
				pre[succ] = post.clone()
			} else {
				if err := a.chargeJoin(pre[succ]); err != nil {
					return err
				}
				if !pre[succ].join(post) {
					continue
				}
			}
			work.add(q)
		}
		if err := a.checkWork(); err != nil {
			return err
		}
	}
	return nil
}

// posQueue is the set of blocks (by position in the block order) whose
// entry state changed, taken smallest first.
type posQueue struct {
	queued []bool
	heap   []int
}

func newPosQueue(n int) *posQueue { return &posQueue{queued: make([]bool, n)} }

func (q *posQueue) len() int { return len(q.heap) }

// add queues position p unless it is queued already.
func (q *posQueue) add(p int) {
	if q.queued[p] {
		return
	}
	q.queued[p] = true
	h := append(q.heap, p)
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if h[parent] <= h[i] {
			break
		}
		h[parent], h[i] = h[i], h[parent]
		i = parent
	}
	q.heap = h
}

// next removes and returns the smallest queued position.
func (q *posQueue) next() int {
	h := q.heap
	p := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, small := 2*i+1, 2*i+2, i
		if l < len(h) && h[l] < h[small] {
			small = l
		}
		if r < len(h) && h[r] < h[small] {
			small = r
		}
		if small == i {
			break
		}
		h[i], h[small] = h[small], h[i]
		i = small
	}
	q.heap = h
	q.queued[p] = false
	return p
}

// runBlock executes a block from its entry state s and returns the
// canonical end state (nil for a block without successors).
func (a *refAnalysis) runBlock(blk block, s *refState) (*refState, error) {
	a.stack = a.stack[:0]
	if blk.start < 0 || blk.end >= len(a.code) || blk.start > blk.end {
		return nil, a.fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, -1, "reference safety: malformed block")
	}
	for off := blk.start; off <= blk.end; off++ {
		if err := a.step(s, off, a.code[off]); err != nil {
			return nil, err
		}
		if err := a.checkWork(); err != nil {
			return nil, err
		}
	}
	if len(a.stack) != 0 {
		return nil, a.fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, blk.end, "reference safety: values left on the stack at the end of a block")
	}
	if len(blk.succs) == 0 {
		return nil, nil
	}
	if !s.canonicalize() {
		return nil, a.fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, blk.end, "reference safety: a reference outside the locals at the end of a block")
	}
	return s, nil
}

func (a *refAnalysis) push(v absValue) { a.stack = append(a.stack, v) }

func (a *refAnalysis) pop() (absValue, bool) {
	if len(a.stack) == 0 {
		return nonRef, false
	}
	v := a.stack[len(a.stack)-1]
	a.stack = a.stack[:len(a.stack)-1]
	return v, true
}

// popValues pops n slots that must hold values.
func (a *refAnalysis) popValues(n int) badCode {
	if n > len(a.stack) {
		return "stack underflow"
	}
	for _, v := range a.stack[len(a.stack)-n:] {
		if v.isRef() {
			return "reference where a value belongs"
		}
	}
	a.stack = a.stack[:len(a.stack)-n]
	return ""
}

// popRef pops a slot that must hold a reference of the graph.
func (a *refAnalysis) popRef(s *refState) (refID, badCode) {
	v, ok := a.pop()
	switch {
	case !ok:
		return 0, "stack underflow"
	case !v.isRef() || !s.g.has(v.id()):
		return 0, "value where a reference belongs"
	}
	return v.id(), ""
}

// signature returns a signature of the pools.
func (a *refAnalysis) signature(i bytecode.SignatureIndex) (bytecode.Signature, bool) {
	if int(i) >= len(a.u.pools.Signatures) {
		return nil, false
	}
	return a.u.pools.Signatures[i], true
}

// handleOf returns the function handle of a Call, CallGeneric, PackClosure
// or PackClosureGeneric.
func (a *refAnalysis) handleOf(in bytecode.Instruction) (*bytecode.FunctionHandle, bool) {
	h, ok := a.handleIndexOf(in)
	if !ok {
		return nil, false
	}
	return &a.u.pools.FunctionHandles[h], true
}

func (a *refAnalysis) handleIndexOf(in bytecode.Instruction) (bytecode.FunctionHandleIndex, bool) {
	p := a.u.pools
	h := bytecode.FunctionHandleIndex(in.Index)
	if in.Op == bytecode.OpCallGeneric || in.Op == bytecode.OpPackClosureGeneric {
		if int(in.Index) >= len(p.FunctionInstantiations) {
			return 0, false
		}
		h = p.FunctionInstantiations[in.Index].Handle
	}
	return h, int(h) < len(p.FunctionHandles)
}

// structDefOf returns the struct definition a global storage instruction
// names.
func (a *refAnalysis) structDefOf(in bytecode.Instruction) (uint16, bool) {
	m := a.u.module
	if m == nil {
		return 0, false
	}
	def := bytecode.StructDefIndex(in.Index)
	switch in.Op {
	case bytecode.OpMutBorrowGlobalGeneric, bytecode.OpImmBorrowGlobalGeneric, bytecode.OpMoveFromGeneric:
		if int(in.Index) >= len(m.StructDefInstantiations) {
			return 0, false
		}
		def = m.StructDefInstantiations[in.Index].Def
	}
	return uint16(def), int(def) < len(m.StructDefs)
}

// fieldCount returns the number of fields a Pack or Unpack (of a struct or
// a variant) moves.
func (a *refAnalysis) fieldCount(in bytecode.Instruction) (int, bool) {
	m := a.u.module
	if m == nil {
		return 0, false
	}
	switch in.Op {
	case bytecode.OpPack, bytecode.OpUnpack, bytecode.OpPackGeneric, bytecode.OpUnpackGeneric:
		def := bytecode.StructDefIndex(in.Index)
		if in.Op == bytecode.OpPackGeneric || in.Op == bytecode.OpUnpackGeneric {
			if int(in.Index) >= len(m.StructDefInstantiations) {
				return 0, false
			}
			def = m.StructDefInstantiations[in.Index].Def
		}
		if int(def) >= len(m.StructDefs) {
			return 0, false
		}
		return len(m.StructDefs[def].Fields), true
	}
	h := bytecode.StructVariantHandleIndex(in.Index)
	if in.Op == bytecode.OpPackVariantGeneric || in.Op == bytecode.OpUnpackVariantGeneric {
		if int(in.Index) >= len(m.StructVariantInstantiations) {
			return 0, false
		}
		h = m.StructVariantInstantiations[in.Index].Handle
	}
	if int(h) >= len(m.StructVariantHandles) {
		return 0, false
	}
	vh := m.StructVariantHandles[h]
	if int(vh.Struct) >= len(m.StructDefs) || int(vh.Variant) >= len(m.StructDefs[vh.Struct].Variants) {
		return 0, false
	}
	return len(m.StructDefs[vh.Struct].Variants[vh.Variant].Fields), true
}

// acquiredBy returns the resources a Call or CallGeneric's callee acquires:
// its acquires list when it is a function of this module, nothing
// otherwise. Duplicates are left out.
func (a *refAnalysis) acquiredBy(in bytecode.Instruction) []uint16 {
	if a.u.module == nil {
		return nil
	}
	h, ok := a.handleIndexOf(in)
	if !ok {
		return nil
	}
	if a.acquires == nil {
		a.acquires = moduleAcquires(a.u.module)
	}
	return a.acquires[h]
}

// moduleAcquires maps the handle of each function defined by m to its
// acquires list, without duplicates.
func moduleAcquires(m *bytecode.Module) map[bytecode.FunctionHandleIndex][]uint16 {
	out := make(map[bytecode.FunctionHandleIndex][]uint16, len(m.FunctionDefs))
	for i := range m.FunctionDefs {
		d := &m.FunctionDefs[i]
		if int(d.Function) >= len(m.FunctionHandles) || m.FunctionHandles[d.Function].Module != m.SelfHandle {
			continue
		}
		if _, dup := out[d.Function]; dup {
			continue
		}
		out[d.Function] = dedupDefs(d.Acquires)
	}
	return out
}

// dedupDefs returns the struct definitions of list without duplicates, in
// increasing order.
func dedupDefs(list []bytecode.StructDefIndex) []uint16 {
	seen := make(map[uint16]bool, len(list))
	out := make([]uint16, 0, len(list))
	for _, r := range list {
		if !seen[uint16(r)] {
			seen[uint16(r)] = true
			out = append(out, uint16(r))
		}
	}
	slices.Sort(out)
	return out
}
