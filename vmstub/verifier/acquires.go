package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// checkAcquires checks the acquires list of a function of a module: every
// resource its code moves from or borrows from global storage, directly or
// through a call to a function of the same module, must be listed
// (MISSING_ACQUIRES_ANNOTATION at the instruction); every listed resource
// must be acquired that way (EXTRANEOUS_ACQUIRES_ANNOTATION) and have key
// (INVALID_ACQUIRES_ANNOTATION). Every instruction counts, reachable or
// not. Closures acquire nothing statically: the interpreter checks them
// when they are called. Duplicates in the list are the duplication pass's.
func checkAcquires(u *unit, fn *function) error {
	m := u.module
	if m == nil || fn.def == nil || fn.code == nil {
		return nil
	}
	annotated := make(map[uint16]bool, len(fn.def.Acquires))
	for _, r := range fn.def.Acquires {
		annotated[uint16(r)] = true
	}
	actual := make(map[uint16]bool, len(annotated))
	var byHandle map[bytecode.FunctionHandleIndex][]uint16
	for off, in := range fn.code.Code {
		var direct []uint16 // resources the instruction acquires
		switch in.Op {
		case bytecode.OpMoveFrom, bytecode.OpMutBorrowGlobal, bytecode.OpImmBorrowGlobal:
			direct = []uint16{in.Index}
		case bytecode.OpMoveFromGeneric, bytecode.OpMutBorrowGlobalGeneric, bytecode.OpImmBorrowGlobalGeneric:
			if int(in.Index) >= len(m.StructDefInstantiations) {
				return fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, off, "acquires: struct instantiation out of range")
			}
			direct = []uint16{uint16(m.StructDefInstantiations[in.Index].Def)}
		case bytecode.OpCall, bytecode.OpCallGeneric:
			h := bytecode.FunctionHandleIndex(in.Index)
			if in.Op == bytecode.OpCallGeneric {
				if int(in.Index) >= len(m.FunctionInstantiations) {
					return fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, off, "acquires: function instantiation out of range")
				}
				h = m.FunctionInstantiations[in.Index].Handle
			}
			if byHandle == nil {
				byHandle = moduleAcquires(m)
			}
			direct = byHandle[h]
		default:
			continue
		}
		for _, r := range direct {
			if !annotated[r] {
				return fn.failAt(onchain.MISSING_ACQUIRES_ANNOTATION, off, "struct definition %d is acquired but not in the acquires list", r)
			}
			actual[r] = true
		}
	}
	for _, r := range dedupDefs(fn.def.Acquires) {
		if !actual[r] {
			return fn.failAt(onchain.EXTRANEOUS_ACQUIRES_ANNOTATION, -1, "struct definition %d is in the acquires list but never acquired", r)
		}
		if int(r) >= len(m.StructDefs) || int(m.StructDefs[r].Handle) >= len(m.StructHandles) {
			return fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, -1, "acquires: struct definition %d out of range", r)
		}
		if m.StructHandles[m.StructDefs[r].Handle].Abilities&bytecode.AbilityKey == 0 {
			return fn.failAt(onchain.INVALID_ACQUIRES_ANNOTATION, -1, "struct definition %d in the acquires list has no key ability", r)
		}
	}
	return nil
}
