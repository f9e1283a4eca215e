package verifier

import (
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// checkTypeSafety checks the operand types of every instruction: each basic
// block (reachable or not) is run over an abstract stack of types, which
// starts empty since the stack is empty at block boundaries. Values without
// copy are never duplicated and values without drop are never discarded by
// an instruction (locals safety deals with locals). Each pushed type is
// charged to the verifier's meter, which bounds the pass's work.
func checkTypeSafety(u *unit, fn *function) error {
	if fn.code == nil {
		return nil
	}
	if fn.cfg == nil {
		fn.cfg = newCFG(fn.code.Code)
	}
	c := &tsChecker{u: u, fn: fn, m: u.module, meter: newTSMeter(u)}
	defer func() { u.spend(uint64(c.meter.used)) }()
	code := fn.code.Code
	for _, b := range fn.cfg.blocks {
		c.stack = c.stack[:0]
		for pc := b.start; pc <= b.end && pc < len(code); pc++ {
			c.pc = pc
			if err := c.step(&code[pc]); err != nil {
				return err
			}
		}
	}
	return nil
}

// tsChecker is the state of the type safety pass over one function.
type tsChecker struct {
	u     *unit
	fn    *function
	m     *bc.Module // nil in a script
	stack []bc.SignatureToken
	meter tsMeter
	pc    int
}

func (c *tsChecker) fail(st onchain.StatusCode, format string, args ...any) error {
	return c.fn.failAt(st, c.pc, format, args...)
}

// pop takes the top of the stack; an empty stack means the block's stack
// usage is unbalanced.
func (c *tsChecker) pop() (bc.SignatureToken, error) {
	if len(c.stack) == 0 {
		return bc.SignatureToken{}, c.fail(onchain.NEGATIVE_STACK_SIZE_WITHIN_BLOCK, "the stack is empty")
	}
	t := c.stack[len(c.stack)-1]
	c.stack = c.stack[:len(c.stack)-1]
	return t, nil
}

// pop2 takes the top of the stack, then the value below it.
func (c *tsChecker) pop2() (top, below bc.SignatureToken, err error) {
	if top, err = c.pop(); err == nil {
		below, err = c.pop()
	}
	return top, below, err
}

// charge adds the cost of pushing a type of n nodes.
func (c *tsChecker) charge(n int64) error {
	if n > tsMaxBuiltTypeNodes || !c.meter.add(n*tsCostPerTypeNode) {
		return c.fail(onchain.CONSTRAINT_NOT_SATISFIED, "program too complex: type safety exceeds the verifier's budget")
	}
	return nil
}

// push pushes t, charging its nodes.
func (c *tsChecker) push(t bc.SignatureToken) error {
	if err := c.charge(tsNodes(&t, 0)); err != nil {
		return err
	}
	c.stack = append(c.stack, t)
	return nil
}

// pushSubst pushes t with its type parameters replaced by args (nil: t as
// it is), charging the nodes before building the type.
func (c *tsChecker) pushSubst(t *bc.SignatureToken, args []bc.SignatureToken) error {
	if args == nil {
		return c.push(*t)
	}
	if err := c.charge(tsSubstNodes(t, args, 0)); err != nil {
		return err
	}
	s, ok := tsSubst(t, args, 0)
	if !ok {
		return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "type parameter out of range in %s", t)
	}
	c.stack = append(c.stack, s)
	return nil
}

func (c *tsChecker) abilities(t *bc.SignatureToken) bc.AbilitySet {
	return c.u.abilities(t, c.fn.typeParams)
}

// local returns the type of local i.
func (c *tsChecker) local(i uint16) (*bc.SignatureToken, error) {
	if int(i) >= len(c.fn.locals) {
		return nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "local %d out of range", i)
	}
	return &c.fn.locals[i], nil
}

// step checks one instruction against the stack and applies its effect.
func (c *tsChecker) step(in *bc.Instruction) error {
	switch in.Op {
	case bc.OpNop, bc.OpBranch:
		return nil
	case bc.OpPop:
		t, err := c.pop()
		if err != nil {
			return err
		}
		if !c.abilities(&t).Has(bc.AbilityDrop) {
			return c.fail(onchain.POP_WITHOUT_DROP_ABILITY, "popping %s, which has no drop", t)
		}
		return nil
	case bc.OpBrTrue, bc.OpBrFalse:
		return c.expect(bc.TypeBool, onchain.BR_TYPE_MISMATCH_ERROR)
	case bc.OpAbort:
		return c.expect(bc.TypeU64, onchain.ABORT_TYPE_MISMATCH_ERROR)
	case bc.OpAbortMsg:
		msg, err := c.pop()
		if err != nil {
			return err
		}
		want := bc.Ref(bc.Vector(bc.U8))
		if !msg.Equal(want) {
			return c.fail(onchain.ABORT_TYPE_MISMATCH_ERROR, "abort message is %s, not %s", msg, want)
		}
		return c.expect(bc.TypeU64, onchain.ABORT_TYPE_MISMATCH_ERROR)
	case bc.OpRet:
		return c.ret()
	case bc.OpLdTrue, bc.OpLdFalse:
		return c.push(bc.Bool)
	case bc.OpLdU8, bc.OpLdU16, bc.OpLdU32, bc.OpLdU64, bc.OpLdU128, bc.OpLdU256,
		bc.OpLdI8, bc.OpLdI16, bc.OpLdI32, bc.OpLdI64, bc.OpLdI128, bc.OpLdI256:
		return c.push(bc.SignatureToken{Kind: tsLoadKinds[in.Op]})
	case bc.OpLdConst:
		if int(in.Index) >= len(c.u.pools.ConstantPool) {
			return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "constant %d out of range", in.Index)
		}
		return c.push(c.u.pools.ConstantPool[in.Index].Type)
	case bc.OpCopyLoc, bc.OpMoveLoc, bc.OpStLoc, bc.OpMutBorrowLoc, bc.OpImmBorrowLoc:
		return c.localOp(in)
	case bc.OpFreezeRef:
		t, err := c.pop()
		if err != nil {
			return err
		}
		if t.Kind != bc.TypeMutReference || t.Elem == nil {
			return c.fail(onchain.FREEZEREF_TYPE_MISMATCH_ERROR, "freezing %s, not a mutable reference", t)
		}
		return c.push(bc.Ref(*t.Elem))
	case bc.OpReadRef:
		return c.readRef()
	case bc.OpWriteRef:
		return c.writeRef()
	case bc.OpAdd, bc.OpSub, bc.OpMul, bc.OpDiv, bc.OpMod, bc.OpBitOr, bc.OpBitAnd, bc.OpXor,
		bc.OpShl, bc.OpShr, bc.OpLt, bc.OpGt, bc.OpLe, bc.OpGe, bc.OpNegate:
		return c.integerOp(in.Op)
	case bc.OpCastU8, bc.OpCastU16, bc.OpCastU32, bc.OpCastU64, bc.OpCastU128, bc.OpCastU256,
		bc.OpCastI8, bc.OpCastI16, bc.OpCastI32, bc.OpCastI64, bc.OpCastI128, bc.OpCastI256:
		t, err := c.pop()
		if err != nil {
			return err
		}
		if !tsIsInteger(t.Kind) {
			return c.fail(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s of %s, not an integer", in.Op, t)
		}
		return c.push(bc.SignatureToken{Kind: tsCastKinds[in.Op]})
	case bc.OpAnd, bc.OpOr, bc.OpNot:
		n := 2
		if in.Op == bc.OpNot {
			n = 1
		}
		for range n {
			if err := c.expect(bc.TypeBool, onchain.BOOLEAN_OP_TYPE_MISMATCH_ERROR); err != nil {
				return err
			}
		}
		return c.push(bc.Bool)
	case bc.OpEq, bc.OpNeq:
		b, a, err := c.pop2()
		if err != nil {
			return err
		}
		if !a.Equal(b) || !c.abilities(&a).Has(bc.AbilityDrop) {
			return c.fail(onchain.EQUALITY_OP_TYPE_MISMATCH_ERROR, "comparing %s with %s (equal types with drop needed)", a, b)
		}
		return c.push(bc.Bool)
	case bc.OpCall, bc.OpCallGeneric:
		return c.call(in)
	}
	return c.step2(in)
}

// step2 handles the instructions about structs, enums, globals, vectors
// and closures.
func (c *tsChecker) step2(in *bc.Instruction) error {
	switch in.Op {
	case bc.OpPack, bc.OpPackGeneric, bc.OpUnpack, bc.OpUnpackGeneric:
		return c.packOp(in)
	case bc.OpMutBorrowField, bc.OpImmBorrowField, bc.OpMutBorrowFieldGeneric, bc.OpImmBorrowFieldGeneric:
		return c.borrowField(in)
	case bc.OpPackVariant, bc.OpPackVariantGeneric, bc.OpUnpackVariant, bc.OpUnpackVariantGeneric,
		bc.OpTestVariant, bc.OpTestVariantGeneric:
		return c.variantOp(in)
	case bc.OpImmBorrowVariantField, bc.OpMutBorrowVariantField, bc.OpImmBorrowVariantFieldGeneric,
		bc.OpMutBorrowVariantFieldGeneric:
		return c.borrowVariantField(in)
	case bc.OpExists, bc.OpExistsGeneric, bc.OpMutBorrowGlobal, bc.OpMutBorrowGlobalGeneric,
		bc.OpImmBorrowGlobal, bc.OpImmBorrowGlobalGeneric, bc.OpMoveFrom, bc.OpMoveFromGeneric,
		bc.OpMoveTo, bc.OpMoveToGeneric:
		return c.globalOp(in)
	case bc.OpVecPack, bc.OpVecLen, bc.OpVecImmBorrow, bc.OpVecMutBorrow, bc.OpVecPushBack,
		bc.OpVecPopBack, bc.OpVecUnpack, bc.OpVecSwap:
		return c.vectorOp(in)
	case bc.OpPackClosure, bc.OpPackClosureGeneric:
		return c.packClosure(in)
	case bc.OpCallClosure:
		return c.callClosure(in)
	}
	return c.fail(onchain.VERIFIER_INVARIANT_VIOLATION, "unknown instruction %s", in.Op)
}

var tsLoadKinds = map[bc.Opcode]bc.TypeKind{
	bc.OpLdU8: bc.TypeU8, bc.OpLdU16: bc.TypeU16, bc.OpLdU32: bc.TypeU32, bc.OpLdU64: bc.TypeU64,
	bc.OpLdU128: bc.TypeU128, bc.OpLdU256: bc.TypeU256, bc.OpLdI8: bc.TypeI8, bc.OpLdI16: bc.TypeI16,
	bc.OpLdI32: bc.TypeI32, bc.OpLdI64: bc.TypeI64, bc.OpLdI128: bc.TypeI128, bc.OpLdI256: bc.TypeI256,
}

var tsCastKinds = map[bc.Opcode]bc.TypeKind{
	bc.OpCastU8: bc.TypeU8, bc.OpCastU16: bc.TypeU16, bc.OpCastU32: bc.TypeU32, bc.OpCastU64: bc.TypeU64,
	bc.OpCastU128: bc.TypeU128, bc.OpCastU256: bc.TypeU256, bc.OpCastI8: bc.TypeI8, bc.OpCastI16: bc.TypeI16,
	bc.OpCastI32: bc.TypeI32, bc.OpCastI64: bc.TypeI64, bc.OpCastI128: bc.TypeI128, bc.OpCastI256: bc.TypeI256,
}

// expect pops a value of primitive kind k, refusing with st otherwise.
func (c *tsChecker) expect(k bc.TypeKind, st onchain.StatusCode) error {
	t, err := c.pop()
	if err != nil {
		return err
	}
	if t.Kind != k {
		return c.fail(st, "found %s, expected %s", t, bc.SignatureToken{Kind: k})
	}
	return nil
}

// ret pops the function's return values.
func (c *tsChecker) ret() error {
	rs := c.fn.returns
	for i := len(rs) - 1; i >= 0; i-- {
		t, err := c.pop()
		if err != nil {
			return err
		}
		if !tsAssignable(&rs[i], nil, &t) {
			return c.fail(onchain.RET_TYPE_MISMATCH_ERROR, "returning %s as return value %d of type %s", t, i, rs[i])
		}
	}
	return nil
}

// localOp handles CopyLoc, MoveLoc, StLoc and the local borrows.
func (c *tsChecker) localOp(in *bc.Instruction) error {
	lt, err := c.local(in.Index)
	if err != nil {
		return err
	}
	switch in.Op {
	case bc.OpCopyLoc:
		if !c.abilities(lt).Has(bc.AbilityCopy) {
			return c.fail(onchain.COPYLOC_WITHOUT_COPY_ABILITY, "copying local %d of type %s, which has no copy", in.Index, lt)
		}
		return c.push(*lt)
	case bc.OpMoveLoc:
		return c.push(*lt)
	case bc.OpStLoc:
		t, err := c.pop()
		if err != nil {
			return err
		}
		if !tsAssignable(lt, nil, &t) {
			return c.fail(onchain.STLOC_TYPE_MISMATCH_ERROR, "storing %s in local %d of type %s", t, in.Index, lt)
		}
		return nil
	}
	if lt.Kind == bc.TypeReference || lt.Kind == bc.TypeMutReference {
		return c.fail(onchain.BORROWLOC_REFERENCE_ERROR, "borrowing local %d, a reference", in.Index)
	}
	if in.Op == bc.OpMutBorrowLoc {
		return c.push(bc.MutRef(*lt))
	}
	return c.push(bc.Ref(*lt))
}

// readRef pops a reference and pushes a copy of what it points to.
func (c *tsChecker) readRef() error {
	r, err := c.pop()
	if err != nil {
		return err
	}
	if !tsIsRef(&r) {
		return c.fail(onchain.READREF_TYPE_MISMATCH_ERROR, "reading %s, not a reference", r)
	}
	if !c.abilities(r.Elem).Has(bc.AbilityCopy) {
		return c.fail(onchain.READREF_WITHOUT_COPY_ABILITY, "reading %s, which has no copy", r.Elem)
	}
	return c.push(*r.Elem)
}

// writeRef pops a mutable reference, then the value written through it.
func (c *tsChecker) writeRef() error {
	r, v, err := c.pop2()
	if err != nil {
		return err
	}
	if r.Kind != bc.TypeMutReference || r.Elem == nil {
		return c.fail(onchain.WRITEREF_NO_MUTABLE_REFERENCE_ERROR, "writing through %s, not a mutable reference", r)
	}
	if !c.abilities(r.Elem).Has(bc.AbilityDrop) {
		return c.fail(onchain.WRITEREF_WITHOUT_DROP_ABILITY, "overwriting %s, which has no drop", r.Elem)
	}
	if !tsAssignable(r.Elem, nil, &v) {
		return c.fail(onchain.WRITEREF_TYPE_MISMATCH_ERROR, "writing %s through %s", v, r)
	}
	return nil
}

// integerOp handles arithmetic, bitwise, shift, comparison and negation.
func (c *tsChecker) integerOp(op bc.Opcode) error {
	if op == bc.OpNegate {
		t, err := c.pop()
		if err != nil {
			return err
		}
		if !tsIsSigned(t.Kind) {
			return c.fail(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "negating %s, not a signed integer", t)
		}
		return c.push(t)
	}
	b, a, err := c.pop2()
	if err != nil {
		return err
	}
	switch op {
	case bc.OpShl, bc.OpShr:
		if b.Kind != bc.TypeU8 || !tsIsUnsigned(a.Kind) {
			return c.fail(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s of %s by %s (unsigned integer by u8 needed)", op, a, b)
		}
		return c.push(a)
	case bc.OpBitOr, bc.OpBitAnd, bc.OpXor:
		if !tsIsUnsigned(a.Kind) || a.Kind != b.Kind {
			return c.fail(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s of %s and %s (same unsigned integers needed)", op, a, b)
		}
		return c.push(a)
	}
	if !tsIsInteger(a.Kind) || a.Kind != b.Kind {
		return c.fail(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s of %s and %s (same integers needed)", op, a, b)
	}
	switch op {
	case bc.OpLt, bc.OpGt, bc.OpLe, bc.OpGe:
		return c.push(bc.Bool)
	}
	return c.push(a)
}
