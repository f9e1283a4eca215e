package verifier

import (
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// tsMaxVecCount is the largest element count of VecPack and VecUnpack.
const tsMaxVecCount = 65535

// globalOp handles Exists, the global borrows, MoveFrom and MoveTo: the
// struct must declare key, the address operand be an address, and MoveTo
// take exactly a &signer and a value of the struct.
func (c *tsChecker) globalOp(in *bc.Instruction) error {
	var generic bool
	var keySt, argSt onchain.StatusCode
	switch in.Op {
	case bc.OpExists, bc.OpExistsGeneric:
		generic, keySt, argSt = in.Op == bc.OpExistsGeneric, onchain.EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT, onchain.EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT
	case bc.OpMutBorrowGlobal, bc.OpImmBorrowGlobal, bc.OpMutBorrowGlobalGeneric, bc.OpImmBorrowGlobalGeneric:
		generic = in.Op == bc.OpMutBorrowGlobalGeneric || in.Op == bc.OpImmBorrowGlobalGeneric
		keySt, argSt = onchain.BORROWGLOBAL_WITHOUT_KEY_ABILITY, onchain.BORROWGLOBAL_TYPE_MISMATCH_ERROR
	case bc.OpMoveFrom, bc.OpMoveFromGeneric:
		generic, keySt, argSt = in.Op == bc.OpMoveFromGeneric, onchain.MOVEFROM_WITHOUT_KEY_ABILITY, onchain.MOVEFROM_TYPE_MISMATCH_ERROR
	default: // MoveTo
		generic, keySt, argSt = in.Op == bc.OpMoveToGeneric, onchain.MOVETO_WITHOUT_KEY_ABILITY, onchain.MOVETO_TYPE_MISMATCH_ERROR
	}
	s, err := c.structAt(in.Index, generic)
	if err != nil {
		return err
	}
	if !c.m.StructHandles[s.def.Handle].Abilities.Has(bc.AbilityKey) {
		return c.fail(keySt, "%s of %s, which has no key", in.Op, s.typ)
	}
	if in.Op == bc.OpMoveTo || in.Op == bc.OpMoveToGeneric {
		v, err := c.pop()
		if err != nil {
			return err
		}
		signer, err := c.pop()
		if err != nil {
			return err
		}
		if !tsEqual(&s.typ, nil, &v, 0) {
			return c.fail(argSt, "moving %s as %s", v, s.typ)
		}
		if signer.Kind != bc.TypeReference || signer.Elem == nil || signer.Elem.Kind != bc.TypeSigner {
			return c.fail(argSt, "moving to %s, not &signer", signer)
		}
		return nil
	}
	if err := c.expect(bc.TypeAddress, argSt); err != nil {
		return err
	}
	switch in.Op {
	case bc.OpExists, bc.OpExistsGeneric:
		return c.push(bc.Bool)
	case bc.OpMoveFrom, bc.OpMoveFromGeneric:
		return c.push(s.typ)
	case bc.OpMutBorrowGlobal, bc.OpMutBorrowGlobalGeneric:
		return c.push(bc.MutRef(s.typ))
	}
	return c.push(bc.Ref(s.typ))
}

// vectorOp handles the vector instructions, whose signature gives the
// element type.
func (c *tsChecker) vectorOp(in *bc.Instruction) error {
	p := c.u.pools
	if int(in.Index) >= len(p.Signatures) {
		return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", in.Index)
	}
	sig := p.Signatures[in.Index]
	if len(sig) != 1 {
		return c.fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s needs one element type, has %d", in.Op, len(sig))
	}
	elem := &sig[0]
	vec := bc.Vector(*elem)
	switch in.Op {
	case bc.OpVecPack:
		if in.Imm > tsMaxVecCount {
			return c.fail(onchain.CONSTRAINT_NOT_SATISFIED, "%s of %d elements", in.Op, in.Imm)
		}
		if in.Imm > uint64(len(c.stack)) {
			return c.fail(onchain.NEGATIVE_STACK_SIZE_WITHIN_BLOCK, "%s of %d elements, %d on the stack", in.Op, in.Imm, len(c.stack))
		}
		for i := in.Imm; i > 0; i-- {
			v, _ := c.pop()
			if !tsAssignable(elem, nil, &v) {
				return c.fail(onchain.TYPE_MISMATCH, "packing %s into %s", v, vec)
			}
		}
		return c.push(vec)
	case bc.OpVecUnpack:
		if in.Imm > tsMaxVecCount {
			return c.fail(onchain.CONSTRAINT_NOT_SATISFIED, "%s of %d elements", in.Op, in.Imm)
		}
		v, err := c.pop()
		if err != nil {
			return err
		}
		if !tsEqual(&vec, nil, &v, 0) {
			return c.fail(onchain.TYPE_MISMATCH, "unpacking %s as %s", v, vec)
		}
		for i := uint64(0); i < in.Imm; i++ {
			if err := c.push(*elem); err != nil {
				return err
			}
		}
		return nil
	case bc.OpVecLen:
		if err := c.vecRef(&vec, false); err != nil {
			return err
		}
		return c.push(bc.U64)
	case bc.OpVecImmBorrow, bc.OpVecMutBorrow:
		if err := c.expect(bc.TypeU64, onchain.TYPE_MISMATCH); err != nil {
			return err
		}
		mut := in.Op == bc.OpVecMutBorrow
		if err := c.vecRef(&vec, mut); err != nil {
			return err
		}
		if mut {
			return c.push(bc.MutRef(*elem))
		}
		return c.push(bc.Ref(*elem))
	case bc.OpVecPushBack:
		v, err := c.pop()
		if err != nil {
			return err
		}
		if !tsAssignable(elem, nil, &v) {
			return c.fail(onchain.TYPE_MISMATCH, "pushing %s onto %s", v, vec)
		}
		return c.vecRef(&vec, true)
	case bc.OpVecPopBack:
		if err := c.vecRef(&vec, true); err != nil {
			return err
		}
		return c.push(*elem)
	}
	// VecSwap
	for range 2 {
		if err := c.expect(bc.TypeU64, onchain.TYPE_MISMATCH); err != nil {
			return err
		}
	}
	return c.vecRef(&vec, true)
}

// vecRef pops a reference to vec, which must be mutable when mut.
func (c *tsChecker) vecRef(vec *bc.SignatureToken, mut bool) error {
	r, err := c.pop()
	if err != nil {
		return err
	}
	okRef := r.Kind == bc.TypeMutReference || (!mut && r.Kind == bc.TypeReference)
	if !okRef || r.Elem == nil || !tsEqual(vec, nil, r.Elem, 0) {
		want := "&"
		if mut {
			want = "&mut "
		}
		return c.fail(onchain.TYPE_MISMATCH, "found %s, expected %s%s", r, want, vec)
	}
	return nil
}
