package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// loop runs instructions until the outermost frame returns.
func (s *Session) loop(stop int) error {
	for len(s.frames) > stop {
		fr := s.frames[len(s.frames)-1]
		if err := s.runFrame(fr); err != nil {
			return locate(fr, err)
		}
	}
	return nil
}

// runFrame runs fr until it calls, returns or fails.
func (s *Session) runFrame(fr *frame) error {
	code := fr.fn.code
	locals := fr.locals.vals
	gas := s.env.Gas
	for {
		if fr.pc >= len(code) {
			return errorf(onchain.PC_OVERFLOW, "fell off the end of the code")
		}
		in := &code[fr.pc]
		if err := gas.Charge(instrCost[in.Op]); err != nil {
			return err
		}
		switch in.Op {
		case bytecode.OpNop:
		case bytecode.OpPop:
			v, err := s.pop(fr)
			if err != nil {
				return err
			}
			if !v.t.abilities.Has(bytecode.AbilityDrop) {
				return errorf(onchain.POP_WITHOUT_DROP_ABILITY, "popping %s, which cannot be dropped", v.t)
			}
			if err := s.drop(v); err != nil {
				return err
			}
		case bytecode.OpRet:
			return s.ret(fr)
		case bytecode.OpBrTrue, bytecode.OpBrFalse:
			c, err := s.popType(fr, TypeBool)
			if err != nil {
				return err
			}
			if (c.n != 0) == (in.Op == bytecode.OpBrTrue) {
				fr.pc = int(in.Index)
				continue
			}
		case bytecode.OpBranch:
			fr.pc = int(in.Index)
			continue
		case bytecode.OpLdU8:
			if err := s.push(intValue(TypeU8, in.Imm)); err != nil {
				return err
			}
		case bytecode.OpLdU16:
			if err := s.push(intValue(TypeU16, in.Imm)); err != nil {
				return err
			}
		case bytecode.OpLdU32:
			if err := s.push(intValue(TypeU32, in.Imm)); err != nil {
				return err
			}
		case bytecode.OpLdU64:
			if err := s.push(intValue(TypeU64, in.Imm)); err != nil {
				return err
			}
		case bytecode.OpLdI8, bytecode.OpLdI16, bytecode.OpLdI32, bytecode.OpLdI64:
			t := primByKind[KindI8+Kind(in.Op-bytecode.OpLdI8)]
			if err := s.push(intValue(t, signExtend(in.Imm, t.Kind.bits()))); err != nil {
				return err
			}
		case bytecode.OpLdU128, bytecode.OpLdU256, bytecode.OpLdI128, bytecode.OpLdI256:
			t := map[bytecode.Opcode]*Type{bytecode.OpLdU128: TypeU128, bytecode.OpLdU256: TypeU256,
				bytecode.OpLdI128: TypeI128, bytecode.OpLdI256: TypeI256}[in.Op]
			x := readWide(in.Wide[:t.Kind.bits()/8], t.Kind.isSigned())
			if err := s.push(wideValue(t, x)); err != nil {
				return err
			}
		case bytecode.OpLdTrue, bytecode.OpLdFalse:
			if err := s.push(Bool(in.Op == bytecode.OpLdTrue)); err != nil {
				return err
			}
		case bytecode.OpLdConst:
			v, size, err := s.constant(fr.fn.mod, in.Index)
			if err != nil {
				return err
			}
			if err := gas.Charge(perUnits(uint64(size), constBytesPerUnit)); err != nil {
				return err
			}
			if v, err = s.copyOut(v); err != nil {
				return err
			}
			if err := s.push(v); err != nil {
				return err
			}
		case bytecode.OpCopyLoc:
			i := int(in.Index)
			if i >= len(locals) || !locals[i].IsValid() {
				return errorf(onchain.COPYLOC_UNAVAILABLE_ERROR, "local %d holds no value", i)
			}
			v := locals[i]
			if !v.t.abilities.Has(bytecode.AbilityCopy) {
				return errorf(onchain.COPYLOC_WITHOUT_COPY_ABILITY, "local %d of type %s cannot be copied", i, v.t)
			}
			v, err := s.copyOut(v)
			if err != nil {
				return err
			}
			if err := s.push(v); err != nil {
				return err
			}
		case bytecode.OpMoveLoc:
			i := int(in.Index)
			if i >= len(locals) || !locals[i].IsValid() {
				return errorf(onchain.MOVELOC_UNAVAILABLE_ERROR, "local %d holds no value", i)
			}
			if err := s.push(locals[i]); err != nil {
				return err
			}
			locals[i] = Value{}
		case bytecode.OpStLoc:
			i := int(in.Index)
			if i >= len(locals) {
				return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "local %d out of range", i)
			}
			v, err := s.pop(fr)
			if err != nil {
				return err
			}
			v, ok := assignable(fr.ltypes[i], v)
			if !ok {
				return errorf(onchain.TYPE_MISMATCH, "storing %s in local %d of type %s", typeName(v), i, fr.ltypes[i])
			}
			if old := locals[i]; old.IsValid() && !old.t.abilities.Has(bytecode.AbilityDrop) {
				return errorf(onchain.STLOC_UNSAFE_TO_DESTROY_ERROR, "overwriting local %d of type %s, which cannot be dropped", i, old.t)
			}
			if err := s.drop(locals[i]); err != nil {
				return err
			}
			locals[i] = v
		case bytecode.OpMutBorrowLoc, bytecode.OpImmBorrowLoc:
			i := int(in.Index)
			if i >= len(locals) || !locals[i].IsValid() {
				return errorf(onchain.BORROWLOC_UNAVAILABLE_ERROR, "local %d holds no value", i)
			}
			rt, err := s.types.refOf(fr.ltypes[i], in.Op == bytecode.OpMutBorrowLoc)
			if err != nil {
				return err
			}
			if err := s.push(Value{t: rt, p: fr.locals, n: uint64(i)}); err != nil {
				return err
			}
		case bytecode.OpReadRef:
			_, v, err := s.popRef(fr, false)
			if err != nil {
				return err
			}
			if !v.t.abilities.Has(bytecode.AbilityCopy) {
				return errorf(onchain.READREF_WITHOUT_COPY_ABILITY, "reading %s, which cannot be copied", v.t)
			}
			if v, err = s.copyOut(v); err != nil {
				return err
			}
			s.stack = append(s.stack, v)
		case bytecode.OpWriteRef:
			r, old, err := s.popRef(fr, true)
			if err != nil {
				return err
			}
			v, err := s.popType(fr, r.t.Elem)
			if err != nil {
				return err
			}
			if !old.t.abilities.Has(bytecode.AbilityDrop) {
				return errorf(onchain.WRITEREF_WITHOUT_DROP_ABILITY, "overwriting %s, which cannot be dropped", old.t)
			}
			if err := s.drop(old); err != nil {
				return err
			}
			r.p.(*container).vals[r.n] = v
		case bytecode.OpFreezeRef:
			r, err := s.pop(fr)
			if err != nil {
				return err
			}
			if r.t == nil || r.t.Kind != KindMutRef {
				return errorf(onchain.TYPE_MISMATCH, "freezing %s", typeName(r))
			}
			if r.t, err = s.types.refOf(r.t.Elem, false); err != nil {
				return err
			}
			s.stack = append(s.stack, r)
		case bytecode.OpAdd, bytecode.OpSub, bytecode.OpMul, bytecode.OpDiv, bytecode.OpMod,
			bytecode.OpBitOr, bytecode.OpBitAnd, bytecode.OpXor, bytecode.OpShl, bytecode.OpShr,
			bytecode.OpLt, bytecode.OpGt, bytecode.OpLe, bytecode.OpGe:
			if err := s.binary(fr, in.Op); err != nil {
				return err
			}
		case bytecode.OpOr, bytecode.OpAnd:
			b, err := s.popType(fr, TypeBool)
			if err != nil {
				return err
			}
			a, err := s.popType(fr, TypeBool)
			if err != nil {
				return err
			}
			if in.Op == bytecode.OpOr {
				s.stack = append(s.stack, Bool(a.n|b.n != 0))
			} else {
				s.stack = append(s.stack, Bool(a.n&b.n != 0))
			}
		case bytecode.OpNot:
			a, err := s.popType(fr, TypeBool)
			if err != nil {
				return err
			}
			s.stack = append(s.stack, Bool(a.n == 0))
		case bytecode.OpEq, bytecode.OpNeq:
			b, err := s.pop(fr)
			if err != nil {
				return err
			}
			a, err := s.pop(fr)
			if err != nil {
				return err
			}
			if a.t != b.t && !(isRef(a.t) && isRef(b.t) && a.t.Elem == b.t.Elem) {
				return errorf(onchain.EQUALITY_OP_TYPE_MISMATCH_ERROR, "comparing %s with %s", typeName(a), typeName(b))
			}
			if !a.t.abilities.Has(bytecode.AbilityDrop) {
				return errorf(onchain.EQUALITY_OP_TYPE_MISMATCH_ERROR, "comparing %s, which cannot be dropped", a.t)
			}
			if err := s.chargeCompare(a, b); err != nil {
				return err
			}
			eq, err := equalValues(a, b, s.vm.limits.MaxValueDepth)
			if err != nil {
				return err
			}
			if err := s.drop(a); err != nil {
				return err
			}
			if err := s.drop(b); err != nil {
				return err
			}
			s.stack = append(s.stack, Bool(eq == (in.Op == bytecode.OpEq)))
		case bytecode.OpCastU8, bytecode.OpCastU16, bytecode.OpCastU32, bytecode.OpCastU64, bytecode.OpCastU128,
			bytecode.OpCastU256, bytecode.OpCastI8, bytecode.OpCastI16, bytecode.OpCastI32, bytecode.OpCastI64,
			bytecode.OpCastI128, bytecode.OpCastI256, bytecode.OpNegate:
			if err := s.unary(fr, in.Op); err != nil {
				return err
			}
		case bytecode.OpAbort, bytecode.OpAbortMsg:
			msg := ""
			if in.Op == bytecode.OpAbortMsg {
				m, err := s.pop(fr)
				if err != nil {
					return err
				}
				if m.t == nil || m.t.Kind != KindVector || m.t.Elem != TypeU8 {
					return errorf(onchain.TYPE_MISMATCH, "abort message is %s, want vector<u8>", typeName(m))
				}
				msg = string(m.Bytes())
			}
			c, err := s.popType(fr, TypeU64)
			if err != nil {
				return err
			}
			return &Abort{Module: fr.fn.Module, Script: fr.fn.mod.script, Code: c.n, Message: msg}
		case bytecode.OpPackClosure, bytecode.OpPackClosureGeneric:
			if err := s.packClosure(fr, in); err != nil {
				return err
			}
		case bytecode.OpCall, bytecode.OpCallGeneric, bytecode.OpCallClosure:
			fr.pc++
			call := s.callInstr
			if in.Op == bytecode.OpCallClosure {
				call = s.callClosure
			}
			if err := call(fr, in); err != nil {
				fr.pc--
				return err
			}
			if s.frames[len(s.frames)-1] != fr {
				return nil // the callee runs next
			}
			continue
		default:
			if err := s.other(fr, in); err != nil {
				return err
			}
		}
		fr.pc++
	}
}

// derefOr is what a reference points at (for gas), or v itself.
func derefOr(v Value) Value {
	if isRef(v.t) {
		if x, ok := v.Deref(); ok {
			return x
		}
	}
	return v
}

func isRef(t *Type) bool { return t != nil && (t.Kind == KindRef || t.Kind == KindMutRef) }

// signExtend widens the low bits of x as a signed number.
func signExtend(x uint64, bits uint) uint64 {
	sh := 64 - bits
	return uint64(int64(x<<sh) >> sh)
}

// callInstr calls the function an instruction names.
func (s *Session) callInstr(fr *frame, in *bytecode.Instruction) error {
	var f *Function
	var targs []*Type
	if in.Op == bytecode.OpCall {
		k := cacheKey(cacheFunc, in.Index)
		if x, ok := fr.ctx.cache[k]; ok {
			f = x.(*Function)
		} else {
			var err error
			if f, err = s.functionHandle(fr.fn.mod, bytecode.FunctionHandleIndex(in.Index)); err != nil {
				return err
			}
			fr.ctx.put(k, f)
		}
	} else {
		k := cacheKey(cacheFuncInst, in.Index)
		if x, ok := fr.ctx.cache[k]; ok {
			fi := x.(*funcInst)
			f, targs = fi.f, fi.targs
		} else {
			p := fr.fn.mod.pools
			if int(in.Index) >= len(p.FunctionInstantiations) {
				return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "function instantiation %d out of range", in.Index)
			}
			inst := p.FunctionInstantiations[in.Index]
			var err error
			if f, err = s.functionHandle(fr.fn.mod, inst.Handle); err != nil {
				return err
			}
			if targs, err = s.typesOf(fr.fn.mod, p.Signatures[inst.TypeParameters], fr.ctx.targs); err != nil {
				return err
			}
			fr.ctx.put(k, &funcInst{f, targs})
		}
	}
	if err := checkTypeArgs(f, targs); err != nil {
		return err
	}
	return s.enter(f, targs)
}

type funcInst struct {
	f     *Function
	targs []*Type
}

// constant decodes constant i of lm and gives its size in bytes.
func (s *Session) constant(lm *loadedModule, i uint16) (Value, int, error) {
	if int(i) >= len(lm.consts) {
		return Value{}, 0, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "constant %d out of range", i)
	}
	c := lm.pools.ConstantPool[i]
	if v := lm.consts[i]; v != nil {
		return *v, len(c.Data), nil
	}
	t, err := s.typeOf(lm, &c.Type, nil)
	if err != nil {
		return Value{}, 0, err
	}
	if isRef(t) || t.Kind == KindSigner {
		return Value{}, 0, errorf(onchain.MALFORMED_CONSTANT_DATA, "constant of type %s", t)
	}
	v, err := s.Deserialize(t, c.Data)
	if err != nil {
		return Value{}, 0, errorf(onchain.MALFORMED_CONSTANT_DATA, "constant %d: %v", i, err)
	}
	lm.consts[i] = &v
	return v, len(c.Data), nil
}
