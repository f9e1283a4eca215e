package verifier

import (
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// lsState is what is known of a local at a point of the code.
type lsState uint8

const (
	lsUnavailable    lsState = iota // holds no value
	lsAvailable                     // holds a value
	lsMaybeAvailable                // holds a value on some paths only
)

// checkLocalsSafety checks that locals hold a value when used and are not
// dropped without drop: a forward dataflow over the reachable blocks, from
// parameters available and other locals unavailable, where paths that
// disagree about a local make it maybe available. Copying, moving or
// borrowing needs an available local; storing over, or returning with, a
// (maybe) available local whose type has no drop would destroy a value.
// Aborting leaves locals as they are.
func checkLocalsSafety(u *unit, fn *function) error {
	if fn.code == nil {
		return nil
	}
	if fn.cfg == nil {
		fn.cfg = newCFG(fn.code.Code)
	}
	g := fn.cfg
	if len(g.blocks) == 0 {
		return nil
	}
	ls := &lsChecker{u: u, fn: fn, meter: newTSMeter(u)}
	defer func() { u.spend(uint64(ls.meter.used)) }()
	ls.drop = make([]bool, len(fn.locals))
	for i := range fn.locals {
		ls.drop[i] = u.abilities(&fn.locals[i], fn.typeParams).Has(bc.AbilityDrop)
	}
	in := make([][]lsState, len(g.blocks))
	in[0] = make([]lsState, len(fn.locals))
	for i := range fn.params {
		if i < len(in[0]) {
			in[0][i] = lsAvailable
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.order {
			if in[b] == nil {
				continue
			}
			out, err := ls.run(&g.blocks[b], in[b])
			if err != nil {
				return err
			}
			for _, s := range g.blocks[b].succs {
				grew, err := ls.join(&in[s], out)
				if err != nil {
					return err
				}
				changed = changed || grew
			}
		}
	}
	return nil
}

// lsChecker is the state of the locals safety pass over one function.
type lsChecker struct {
	u     *unit
	fn    *function
	drop  []bool // whether each local's type has drop
	meter tsMeter
}

func (ls *lsChecker) charge(pc int, units int64) error {
	if !ls.meter.add(units) {
		return ls.fn.failAt(onchain.CONSTRAINT_NOT_SATISFIED, pc, "program too complex: locals safety exceeds the verifier's budget")
	}
	return nil
}

// join merges the state out flowing along an edge into the block's entry
// state *dst, reporting whether *dst changed.
func (ls *lsChecker) join(dst *[]lsState, out []lsState) (bool, error) {
	if err := ls.charge(-1, lsCostJoinBase+lsCostJoinPerLocal*int64(len(out))); err != nil {
		return false, err
	}
	if *dst == nil {
		*dst = make([]lsState, len(out)) // never nil: nil marks a block not reached yet
		copy(*dst, out)
		return true, nil
	}
	changed := false
	d := *dst
	for i := range d {
		if i < len(out) && d[i] != out[i] && d[i] != lsMaybeAvailable {
			d[i] = lsMaybeAvailable
			changed = true
		}
	}
	return changed, nil
}

// run applies block b's instructions to a copy of the entry state.
func (ls *lsChecker) run(b *block, entry []lsState) ([]lsState, error) {
	st := make([]lsState, len(entry))
	copy(st, entry)
	code := ls.fn.code.Code
	for pc := b.start; pc <= b.end && pc < len(code); pc++ {
		if err := ls.charge(pc, lsCostPerStep); err != nil {
			return nil, err
		}
		in := &code[pc]
		switch in.Op {
		case bc.OpCopyLoc, bc.OpMoveLoc, bc.OpStLoc, bc.OpMutBorrowLoc, bc.OpImmBorrowLoc:
		case bc.OpRet:
			if err := ls.ret(pc, st); err != nil {
				return nil, err
			}
			continue
		default:
			continue
		}
		i := int(in.Index)
		if i >= len(st) {
			return nil, ls.fn.failAt(onchain.INDEX_OUT_OF_BOUNDS, pc, "local %d out of range", i)
		}
		switch in.Op {
		case bc.OpCopyLoc:
			if st[i] != lsAvailable {
				return nil, ls.fn.failAt(onchain.COPYLOC_UNAVAILABLE_ERROR, pc, "copying local %d, which may hold no value", i)
			}
		case bc.OpMoveLoc:
			if st[i] != lsAvailable {
				return nil, ls.fn.failAt(onchain.MOVELOC_UNAVAILABLE_ERROR, pc, "moving local %d, which may hold no value", i)
			}
			st[i] = lsUnavailable
		case bc.OpStLoc:
			if st[i] != lsUnavailable && !ls.drop[i] {
				return nil, ls.fn.failAt(onchain.STLOC_UNSAFE_TO_DESTROY_ERROR, pc,
					"storing over local %d, which may hold a value of %s without drop", i, ls.fn.locals[i])
			}
			st[i] = lsAvailable
		default: // the local borrows
			if st[i] != lsAvailable {
				return nil, ls.fn.failAt(onchain.BORROWLOC_UNAVAILABLE_ERROR, pc, "borrowing local %d, which may hold no value", i)
			}
		}
	}
	return st, nil
}

// ret refuses to return while a local may still hold a value without drop.
func (ls *lsChecker) ret(pc int, st []lsState) error {
	if err := ls.charge(pc, lsCostPerLocalAtRet*int64(len(st))); err != nil {
		return err
	}
	for i, s := range st {
		if s != lsUnavailable && !ls.drop[i] {
			return ls.fn.failAt(onchain.UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP, pc,
				"returning while local %d may hold a value of %s without drop", i, ls.fn.locals[i])
		}
	}
	return nil
}
