package verifier

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// refMessages explains the statuses of reference safety in errors.
var refMessages = map[onchain.StatusCode]string{
	onchain.COPYLOC_EXISTS_BORROW_ERROR:                    "copy of a local that is mutably borrowed",
	onchain.MOVELOC_EXISTS_BORROW_ERROR:                    "move of a local that is borrowed",
	onchain.BORROWLOC_EXISTS_BORROW_ERROR:                  "immutable borrow of a local that is mutably borrowed",
	onchain.BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR:        "field borrow of a reference with conflicting borrows",
	onchain.GLOBAL_REFERENCE_ERROR:                         "global storage access while the resource is borrowed",
	onchain.VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR: "mutable element borrow of a vector that is borrowed",
	onchain.VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR:         "vector update while the vector is borrowed",
	onchain.FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR:          "freeze of a reference that is mutably borrowed",
	onchain.READREF_EXISTS_MUTABLE_BORROW_ERROR:            "read of a reference that is mutably borrowed",
	onchain.WRITEREF_EXISTS_BORROW_ERROR:                   "write through a reference that is borrowed",
	onchain.CALL_BORROWED_MUTABLE_REFERENCE_ERROR:          "call with a mutable reference that is borrowed",
	onchain.UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED:    "return while a local or a resource is still borrowed",
	onchain.RET_BORROWED_MUTABLE_REFERENCE_ERROR:           "return of a mutable reference that is borrowed",
	onchain.STLOC_UNSAFE_TO_DESTROY_ERROR:                  "store into a local that is borrowed",
	onchain.CONSTRAINT_NOT_SATISFIED:                       "program too complex",
}

// isRefType reports whether a type of kind k is a reference.
func isRefType(k bytecode.TypeKind) bool {
	return k == bytecode.TypeReference || k == bytecode.TypeMutReference
}

func isMutRefType(k bytecode.TypeKind) bool { return k == bytecode.TypeMutReference }

// refKinds gives, for each type of sig, 0 (a value), 1 (&) or 2 (&mut).
func refKinds(sig []bytecode.SignatureToken) []uint8 {
	out := make([]uint8, len(sig))
	for i := range sig {
		switch sig[i].Kind {
		case bytecode.TypeReference:
			out[i] = 1
		case bytecode.TypeMutReference:
			out[i] = 2
		}
	}
	return out
}

// badCode marks code the earlier passes should have refused (a stack
// underflow, a value where a reference belongs, an index out of range).
type badCode string

// step executes one instruction on s with the analysis' stack.
func (a *refAnalysis) step(s *refState, off int, in bytecode.Instruction) error {
	if err := a.chargeStep(s); err != nil {
		return err
	}
	st, bad := a.transfer(s, in)
	if bad == "" && len(a.stack) > maxAbsStack {
		bad = "stack overflow"
	}
	switch {
	case bad != "":
		return a.fn.failAt(onchain.VERIFIER_INVARIANT_VIOLATION, off, "reference safety: %s at %s", string(bad), in)
	case st != 0:
		return a.fn.failAt(st, off, "%s", refMessages[st])
	}
	return nil
}

// transfer applies the rule of in; it returns the status of a broken rule
// or, for code that is not type-correct and balanced, a description.
func (a *refAnalysis) transfer(s *refState, in bytecode.Instruction) (onchain.StatusCode, badCode) {
	op := in.Op
	switch op {
	case bytecode.OpNop, bytecode.OpBranch:
		return 0, ""
	case bytecode.OpPop:
		v, ok := a.pop()
		if !ok {
			return 0, "stack underflow"
		}
		s.release(v)
		return 0, ""
	case bytecode.OpLdTrue, bytecode.OpLdFalse, bytecode.OpLdU8, bytecode.OpLdU16, bytecode.OpLdU32, bytecode.OpLdU64,
		bytecode.OpLdU128, bytecode.OpLdU256, bytecode.OpLdI8, bytecode.OpLdI16, bytecode.OpLdI32, bytecode.OpLdI64,
		bytecode.OpLdI128, bytecode.OpLdI256, bytecode.OpLdConst:
		a.push(nonRef)
		return 0, ""
	case bytecode.OpCopyLoc, bytecode.OpMoveLoc, bytecode.OpStLoc, bytecode.OpMutBorrowLoc, bytecode.OpImmBorrowLoc:
		return a.local(s, in)
	case bytecode.OpBrTrue, bytecode.OpBrFalse, bytecode.OpAbort:
		return 0, a.popValues(1)
	case bytecode.OpAbortMsg:
		msg, ok := a.pop()
		if !ok || a.popValues(1) != "" {
			return 0, "stack underflow"
		}
		s.release(msg)
		return 0, ""
	case bytecode.OpNot, bytecode.OpNegate, bytecode.OpCastU8, bytecode.OpCastU16, bytecode.OpCastU32, bytecode.OpCastU64,
		bytecode.OpCastU128, bytecode.OpCastU256, bytecode.OpCastI8, bytecode.OpCastI16, bytecode.OpCastI32,
		bytecode.OpCastI64, bytecode.OpCastI128, bytecode.OpCastI256, bytecode.OpExists, bytecode.OpExistsGeneric:
		if bad := a.popValues(1); bad != "" {
			return 0, bad
		}
		a.push(nonRef)
		return 0, ""
	case bytecode.OpAdd, bytecode.OpSub, bytecode.OpMul, bytecode.OpMod, bytecode.OpDiv, bytecode.OpBitOr,
		bytecode.OpBitAnd, bytecode.OpXor, bytecode.OpShl, bytecode.OpShr, bytecode.OpOr, bytecode.OpAnd,
		bytecode.OpLt, bytecode.OpGt, bytecode.OpLe, bytecode.OpGe:
		if bad := a.popValues(2); bad != "" {
			return 0, bad
		}
		a.push(nonRef)
		return 0, ""
	case bytecode.OpEq, bytecode.OpNeq:
		return a.compare(s)
	case bytecode.OpReadRef, bytecode.OpTestVariant, bytecode.OpTestVariantGeneric:
		id, bad := a.popRef(s)
		if bad != "" {
			return 0, bad
		}
		a.push(nonRef)
		return s.readRef(id), ""
	case bytecode.OpWriteRef:
		id, bad := a.popRef(s)
		if bad == "" {
			bad = a.popValues(1)
		}
		if bad != "" {
			return 0, bad
		}
		return s.writeRef(id), ""
	case bytecode.OpFreezeRef:
		id, bad := a.popRef(s)
		if bad != "" {
			return 0, bad
		}
		v, st := s.freezeRef(id)
		a.push(v)
		return st, ""
	case bytecode.OpMutBorrowField, bytecode.OpImmBorrowField, bytecode.OpMutBorrowFieldGeneric,
		bytecode.OpImmBorrowFieldGeneric, bytecode.OpMutBorrowVariantField, bytecode.OpImmBorrowVariantField,
		bytecode.OpMutBorrowVariantFieldGeneric, bytecode.OpImmBorrowVariantFieldGeneric:
		return a.borrowField(s, in)
	case bytecode.OpMutBorrowGlobal, bytecode.OpImmBorrowGlobal, bytecode.OpMutBorrowGlobalGeneric,
		bytecode.OpImmBorrowGlobalGeneric, bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric:
		return a.global(s, in)
	case bytecode.OpMoveTo, bytecode.OpMoveToGeneric:
		if bad := a.popValues(1); bad != "" {
			return 0, bad
		}
		signer, ok := a.pop()
		if !ok {
			return 0, "stack underflow"
		}
		s.release(signer)
		return 0, ""
	case bytecode.OpPack, bytecode.OpPackGeneric, bytecode.OpUnpack, bytecode.OpUnpackGeneric,
		bytecode.OpPackVariant, bytecode.OpPackVariantGeneric, bytecode.OpUnpackVariant, bytecode.OpUnpackVariantGeneric:
		return a.packing(in)
	case bytecode.OpCall, bytecode.OpCallGeneric, bytecode.OpCallClosure:
		return a.call(s, in)
	case bytecode.OpPackClosure, bytecode.OpPackClosureGeneric:
		h, ok := a.handleOf(in)
		if !ok {
			return 0, "function handle out of range"
		}
		params, ok := a.signature(h.Parameters)
		if !ok {
			return 0, "signature out of range"
		}
		mask := in.Imm
		if len(params) < 64 {
			mask &= 1<<len(params) - 1
		}
		if bad := a.popValues(bits.OnesCount64(mask)); bad != "" {
			return 0, bad
		}
		a.push(nonRef)
		return 0, ""
	case bytecode.OpRet:
		n := len(a.fn.returns)
		if n > len(a.stack) {
			return 0, "stack underflow"
		}
		values := append([]absValue(nil), a.stack[len(a.stack)-n:]...)
		a.stack = a.stack[:len(a.stack)-n]
		return s.ret(values), ""
	}
	return a.vector(s, in)
}

// local executes the instructions on locals.
func (a *refAnalysis) local(s *refState, in bytecode.Instruction) (onchain.StatusCode, badCode) {
	i := in.Index
	if int(i) >= len(s.locals) {
		return 0, "local out of range"
	}
	var v absValue
	var st onchain.StatusCode
	switch in.Op {
	case bytecode.OpCopyLoc:
		v, st = s.copyLoc(i)
	case bytecode.OpMoveLoc:
		v, st = s.moveLoc(i)
	case bytecode.OpMutBorrowLoc, bytecode.OpImmBorrowLoc:
		v, st = s.borrowLoc(in.Op == bytecode.OpMutBorrowLoc, i)
	default: // StLoc
		v, ok := a.pop()
		if !ok {
			return 0, "stack underflow"
		}
		return s.stLoc(i, v), ""
	}
	a.push(v)
	return st, ""
}

// compare executes Eq and Neq: two values, or two references that are read.
func (a *refAnalysis) compare(s *refState) (onchain.StatusCode, badCode) {
	v2, ok2 := a.pop()
	v1, ok1 := a.pop()
	if !ok1 || !ok2 {
		return 0, "stack underflow"
	}
	a.push(nonRef)
	switch {
	case !v1.isRef() && !v2.isRef():
		return 0, ""
	case v1.isRef() && v2.isRef() && s.g.has(v1.id()) && s.g.has(v2.id()):
		return s.compareRefs(v1.id(), v2.id()), ""
	}
	return 0, "comparison of a reference with a value"
}

// borrowField executes the field borrows, labelled by the field's offset.
func (a *refAnalysis) borrowField(s *refState, in bytecode.Instruction) (onchain.StatusCode, badCode) {
	m := a.u.module
	if m == nil {
		return 0, "field access in a script"
	}
	var field uint16
	ok := false
	switch in.Op {
	case bytecode.OpMutBorrowField, bytecode.OpImmBorrowField:
		if int(in.Index) < len(m.FieldHandles) {
			field, ok = m.FieldHandles[in.Index].Field, true
		}
	case bytecode.OpMutBorrowFieldGeneric, bytecode.OpImmBorrowFieldGeneric:
		if int(in.Index) < len(m.FieldInstantiations) {
			if h := m.FieldInstantiations[in.Index].Handle; int(h) < len(m.FieldHandles) {
				field, ok = m.FieldHandles[h].Field, true
			}
		}
	case bytecode.OpMutBorrowVariantField, bytecode.OpImmBorrowVariantField:
		if int(in.Index) < len(m.VariantFieldHandles) {
			field, ok = m.VariantFieldHandles[in.Index].Field, true
		}
	default: // variant field instantiations
		if int(in.Index) < len(m.VariantFieldInstantiations) {
			if h := m.VariantFieldInstantiations[in.Index].Handle; int(h) < len(m.VariantFieldHandles) {
				field, ok = m.VariantFieldHandles[h].Field, true
			}
		}
	}
	if !ok {
		return 0, "field handle out of range"
	}
	id, bad := a.popRef(s)
	if bad != "" {
		return 0, bad
	}
	mutable := false
	switch in.Op {
	case bytecode.OpMutBorrowField, bytecode.OpMutBorrowFieldGeneric, bytecode.OpMutBorrowVariantField,
		bytecode.OpMutBorrowVariantFieldGeneric:
		mutable = true
	}
	v, st := s.borrowField(mutable, id, field)
	a.push(v)
	return st, ""
}

// global executes BorrowGlobal and MoveFrom, labelled by struct definition
// (whatever the type arguments).
func (a *refAnalysis) global(s *refState, in bytecode.Instruction) (onchain.StatusCode, badCode) {
	def, ok := a.structDefOf(in)
	if !ok {
		return 0, "struct definition out of range"
	}
	if bad := a.popValues(1); bad != "" {
		return 0, bad
	}
	switch in.Op {
	case bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric:
		a.push(nonRef)
		return s.moveFrom(def), ""
	}
	mutable := in.Op == bytecode.OpMutBorrowGlobal || in.Op == bytecode.OpMutBorrowGlobalGeneric
	v, st := s.borrowGlobal(mutable, def)
	a.push(v)
	return st, ""
}
