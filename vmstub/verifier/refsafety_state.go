package verifier

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// absValue is what reference safety knows of a local or a stack slot:
// nonRef for a value, otherwise the id of a reference in the borrow graph.
type absValue int32

const nonRef absValue = -1

func (v absValue) isRef() bool { return v >= 0 }
func (v absValue) id() refID   { return refID(v) }

// refState is the abstract state: the locals and the borrow graph. Ids
// 0..n-1 are reserved for references held in locals at block boundaries
// (canonical form: local i holds id i), n is the frame root and new
// references get ids from next on.
type refState struct {
	locals []absValue
	g      *borrowGraph
	next   refID
}

// newRefState is the state at function entry: reference parameter i holds
// id i, every other local a value.
func newRefState(fn *function, work *uint64) *refState {
	s := &refState{locals: make([]absValue, len(fn.locals)), g: newBorrowGraph(work)}
	for i := range s.locals {
		s.locals[i] = nonRef
		if i < len(fn.params) && isRefType(fn.params[i].Kind) {
			s.locals[i] = absValue(i)
			s.g.newRef(refID(i), isMutRefType(fn.params[i].Kind))
		}
	}
	s.g.newRef(s.root(), true)
	s.next = s.root() + 1
	return s
}

func (s *refState) root() refID { return refID(len(s.locals)) }

func (s *refState) clone() *refState {
	return &refState{locals: append([]absValue(nil), s.locals...), g: s.g.clone(), next: s.next}
}

// newRef adds a fresh reference to the graph.
func (s *refState) newRef(mutable bool) refID {
	id := s.next
	s.next++
	s.g.newRef(id, mutable)
	return id
}

// release drops v if it is a reference.
func (s *refState) release(v absValue) {
	if v.isRef() {
		s.g.release(v.id())
	}
}

// Predicates ([MBC]). A reference is writable when nothing borrows from
// it, freezable when no mutable reference borrows from it (at field f, or
// anywhere), readable when immutable or freezable.

func (s *refState) writable(id refID) bool { return !s.g.hasBorrows(id, nil, false) }

func (s *refState) freezable(id refID, f *bgLabel) bool { return !s.g.hasBorrows(id, f, true) }

func (s *refState) readable(id refID, f *bgLabel) bool {
	return !s.g.isMutable(id) || s.freezable(id, f)
}

func (s *refState) localBorrowed(i uint16) bool {
	return s.g.hasBorrows(s.root(), &bgLabel{labelLocal, i}, false)
}

func (s *refState) localMutBorrowed(i uint16) bool {
	return s.g.hasBorrows(s.root(), &bgLabel{labelLocal, i}, true)
}

func (s *refState) globalBorrowed(def uint16) bool {
	return s.g.hasBorrows(s.root(), &bgLabel{labelGlobal, def}, false)
}

func (s *refState) globalMutBorrowed(def uint16) bool {
	return s.g.hasBorrows(s.root(), &bgLabel{labelGlobal, def}, true)
}

// Transfer functions. Each returns the status of the rule broken, or 0.
// The caller has checked local indexes and that reference operands are
// references of the graph.

func (s *refState) copyLoc(i uint16) (absValue, onchain.StatusCode) {
	if v := s.locals[i]; v.isRef() {
		id := s.newRef(s.g.isMutable(v.id()))
		s.g.addStrong(v.id(), id, nil)
		return absValue(id), 0
	}
	if s.localMutBorrowed(i) {
		return nonRef, onchain.COPYLOC_EXISTS_BORROW_ERROR
	}
	return nonRef, 0
}

func (s *refState) moveLoc(i uint16) (absValue, onchain.StatusCode) {
	v := s.locals[i]
	s.locals[i] = nonRef
	if !v.isRef() && s.localBorrowed(i) {
		return nonRef, onchain.MOVELOC_EXISTS_BORROW_ERROR
	}
	return v, 0
}

func (s *refState) stLoc(i uint16, v absValue) onchain.StatusCode {
	old := s.locals[i]
	s.locals[i] = v
	if old.isRef() {
		s.g.release(old.id())
		return 0
	}
	if s.localBorrowed(i) {
		return onchain.STLOC_UNSAFE_TO_DESTROY_ERROR
	}
	return 0
}

func (s *refState) borrowLoc(mutable bool, i uint16) (absValue, onchain.StatusCode) {
	// The frame root never has empty-path edges of its own making, so a
	// mutable borrow needs no check: older borrows of the local are
	// factored under it and block its use.
	if !mutable && s.localMutBorrowed(i) {
		return nonRef, onchain.BORROWLOC_EXISTS_BORROW_ERROR
	}
	id := s.newRef(mutable)
	s.g.addStrong(s.root(), id, bgPath{{labelLocal, i}})
	return absValue(id), 0
}

func (s *refState) borrowField(mutable bool, parent refID, field uint16) (absValue, onchain.StatusCode) {
	f := bgLabel{labelField, field}
	if mutable && s.g.hasFullBorrows(parent) || !mutable && !s.readable(parent, &f) {
		return nonRef, onchain.BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR
	}
	id := s.newRef(mutable)
	s.g.addStrong(parent, id, bgPath{f})
	s.g.release(parent)
	return absValue(id), 0
}

func (s *refState) borrowGlobal(mutable bool, def uint16) (absValue, onchain.StatusCode) {
	if mutable && s.globalBorrowed(def) || s.globalMutBorrowed(def) {
		return nonRef, onchain.GLOBAL_REFERENCE_ERROR
	}
	id := s.newRef(mutable)
	s.g.addWeak(s.root(), id, bgPath{{labelGlobal, def}})
	return absValue(id), 0
}

func (s *refState) moveFrom(def uint16) onchain.StatusCode {
	if s.globalBorrowed(def) {
		return onchain.GLOBAL_REFERENCE_ERROR
	}
	return 0
}

func (s *refState) freezeRef(id refID) (absValue, onchain.StatusCode) {
	if !s.freezable(id, nil) {
		return nonRef, onchain.FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR
	}
	frozen := s.newRef(false)
	s.g.addStrong(id, frozen, nil)
	s.g.release(id)
	return absValue(frozen), 0
}

// readRef also serves TestVariant, which reads the reference.
func (s *refState) readRef(id refID) onchain.StatusCode {
	if !s.readable(id, nil) {
		return onchain.READREF_EXISTS_MUTABLE_BORROW_ERROR
	}
	s.g.release(id)
	return 0
}

func (s *refState) writeRef(id refID) onchain.StatusCode {
	if !s.writable(id) {
		return onchain.WRITEREF_EXISTS_BORROW_ERROR
	}
	s.g.release(id)
	return 0
}

// compareRefs is Eq/Neq of two references: both are read.
func (s *refState) compareRefs(a, b refID) onchain.StatusCode {
	if !s.readable(a, nil) || !s.readable(b, nil) {
		return onchain.READREF_EXISTS_MUTABLE_BORROW_ERROR
	}
	s.g.release(a)
	s.g.release(b)
	return 0
}

// vectorOp is VecLen (mutating false) or PushBack/PopBack/Swap.
func (s *refState) vectorOp(vec refID, mutating bool) onchain.StatusCode {
	if mutating && !s.writable(vec) {
		return onchain.VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR
	}
	s.g.release(vec)
	return 0
}

func (s *refState) vectorBorrow(vec refID, mutable bool) (absValue, onchain.StatusCode) {
	if mutable && !s.writable(vec) {
		return nonRef, onchain.VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR
	}
	id := s.newRef(mutable)
	s.g.addWeak(vec, id, nil)
	s.g.release(vec)
	return absValue(id), 0
}

// call passes args to a function that acquires the resources acquired and
// returns values of the given kinds (0 value, 1 immutable, 2 mutable
// reference). A returned &mut borrows (weakly) from every &mut argument, a
// returned & from every reference argument.
func (s *refState) call(args []absValue, acquired []uint16, returns []uint8) ([]absValue, onchain.StatusCode) {
	for _, def := range acquired {
		if s.globalBorrowed(def) {
			return nil, onchain.GLOBAL_REFERENCE_ERROR
		}
	}
	var all, muts []refID
	for _, a := range args {
		if !a.isRef() || containsRef(all, a.id()) {
			continue
		}
		if s.g.isMutable(a.id()) {
			if !s.writable(a.id()) {
				return nil, onchain.CALL_BORROWED_MUTABLE_REFERENCE_ERROR
			}
			muts = append(muts, a.id())
		}
		all = append(all, a.id())
	}
	out := make([]absValue, len(returns))
	for i, k := range returns {
		out[i] = nonRef
		if k == 0 {
			continue
		}
		id := s.newRef(k == 2)
		parents := all
		if k == 2 {
			parents = muts
		}
		for _, p := range parents {
			s.g.addWeak(p, id, nil)
		}
		out[i] = absValue(id)
	}
	for _, id := range all {
		s.g.release(id)
	}
	return out, 0
}

func containsRef(ids []refID, id refID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// ret releases the references in locals, then requires that nothing of
// the frame is still borrowed and that each returned &mut is writable.
func (s *refState) ret(values []absValue) onchain.StatusCode {
	var held []refID
	for _, v := range s.locals {
		if v.isRef() {
			held = append(held, v.id())
		}
	}
	slices.Sort(held)
	for _, id := range held {
		s.g.release(id)
	}
	if s.g.hasBorrows(s.root(), nil, false) {
		return onchain.UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED
	}
	for _, v := range values {
		if v.isRef() && s.g.isMutable(v.id()) && !s.writable(v.id()) {
			return onchain.RET_BORROWED_MUTABLE_REFERENCE_ERROR
		}
	}
	return 0
}

// canonicalize renames the references of a block-end state (stack empty)
// so that local i holds id i. It reports false if a reference is neither
// in a local nor the root, which a balanced stack rules out.
func (s *refState) canonicalize() bool {
	ids := map[refID]refID{s.root(): s.root()}
	for i, v := range s.locals {
		if v.isRef() {
			ids[v.id()] = refID(i)
			s.locals[i] = absValue(i)
		}
	}
	g, ok := s.g.remap(ids)
	if !ok {
		return false
	}
	s.g = g
	s.next = s.root() + 1
	return true
}

// join merges o (canonical, not modified) into s (canonical) and reports
// whether s changed. A local that is a reference on one side only becomes a
// value; the graph gains the edges of o it does not cover.
func (s *refState) join(o *refState) bool {
	changed := false
	var other *borrowGraph
	for i := range s.locals {
		a, b := s.locals[i], o.locals[i]
		switch {
		case a.isRef() && !b.isRef():
			s.g.release(a.id())
			s.locals[i] = nonRef
			changed = true
		case !a.isRef() && b.isRef():
			if other == nil {
				other = o.g.clone()
			}
			other.release(b.id())
		}
	}
	if other == nil {
		other = o.g
	}
	if !changed && s.g.coversAll(other) {
		return false
	}
	s.g.absorb(other)
	return true
}
