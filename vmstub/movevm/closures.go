package movevm

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// closure is a function value (file format 8): a function, its type
// arguments, and the arguments it captured (mask bit i set: parameter i).
type closure struct {
	f        *Function
	targs    []*Type
	mask     uint64
	captured []Value
	depth    int // nesting of the closure and what it captured, 1 + the deepest capture
}

// closureShape is what a PackClosure instruction makes, worked out once
// per instantiation context.
type closureShape struct {
	mask   uint64
	f      *Function
	targs  []*Type
	params []*Type // the function's parameters
	ft     *Type   // the closure's type
}

// closureShape works out (or takes from the cache) what in packs.
func (s *Session) closureShape(fr *frame, in *bytecode.Instruction) (*closureShape, error) {
	kind := cacheClosure
	if in.Op != bytecode.OpPackClosure {
		kind = cacheClosureInst
	}
	k := cacheKey(kind, in.Index)
	if x, ok := fr.ctx.cache[k]; ok && x.(*closureShape).mask == in.Imm {
		return x.(*closureShape), nil
	}
	var f *Function
	var targs []*Type
	var err error
	lm := fr.fn.mod
	if in.Op == bytecode.OpPackClosure {
		f, err = s.functionHandle(lm, bytecode.FunctionHandleIndex(in.Index))
	} else {
		if int(in.Index) >= len(lm.pools.FunctionInstantiations) {
			return nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "function instantiation %d out of range", in.Index)
		}
		inst := lm.pools.FunctionInstantiations[in.Index]
		if f, err = s.functionHandle(lm, inst.Handle); err == nil {
			targs, err = s.typesOf(lm, lm.pools.Signatures[inst.TypeParameters], fr.ctx.targs)
		}
	}
	if err != nil {
		return nil, err
	}
	if err := checkTypeArgs(f, targs); err != nil {
		return nil, err
	}
	sg, err := s.signature(f, s.ctxFor(f.mod, targs))
	if err != nil {
		return nil, err
	}
	n := len(sg.params)
	if n < 64 && in.Imm>>uint(n) != 0 {
		return nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "closure mask %#x captures beyond the %d parameters", in.Imm, n)
	}
	ab := bytecode.AbilityCopy | bytecode.AbilityDrop
	if f.IsPublic() || hasAttr(f, bytecode.AttrPersistent) {
		ab |= bytecode.AbilityStore
	}
	var rest []*Type
	for i, p := range sg.params {
		if in.Imm&(1<<uint(i)) == 0 {
			rest = append(rest, p)
			continue
		}
		if isRef(p) {
			return nil, errorf(onchain.TYPE_MISMATCH, "parameter %d captured by a closure is a reference %s", i, p)
		}
		ab &= p.abilities
	}
	ft, err := s.types.functionOf(rest, sg.returns, ab)
	if err != nil {
		return nil, err
	}
	sh := &closureShape{mask: in.Imm, f: f, targs: targs, params: sg.params, ft: ft}
	if !f.mod.script && !fr.fn.mod.script {
		fr.ctx.put(k, sh)
	}
	return sh, nil
}

// packClosure runs PackClosure and PackClosureGeneric.
func (s *Session) packClosure(fr *frame, in *bytecode.Instruction) error {
	sh, err := s.closureShape(fr, in)
	if err != nil {
		return err
	}
	m := bits.OnesCount64(in.Imm)
	if len(s.stack)-fr.base < m {
		return errorf(onchain.EMPTY_VALUE_STACK, "closure captures %d values", m)
	}
	captured := make([]Value, m)
	copy(captured, s.stack[len(s.stack)-m:])
	j := 0
	for i, p := range sh.params {
		if in.Imm&(1<<uint(i)) == 0 {
			continue
		}
		if v := captured[j]; v.t != p {
			return errorf(onchain.TYPE_MISMATCH, "captured value %d is %s, parameter %d is %s", j, typeName(v), i, p)
		}
		j++
	}
	depth, err := s.containerDepth(captured)
	if err != nil {
		return err
	}
	if err := s.env.Gas.Charge(uint64(m) * elemCost); err != nil {
		return err
	}
	if err := s.useMemory(nodeSize * uint64(m)); err != nil {
		return err
	}
	s.stack = s.stack[:len(s.stack)-m]
	s.stack = append(s.stack, Value{t: sh.ft, p: &closure{f: sh.f, targs: sh.targs, mask: in.Imm, captured: captured, depth: depth}})
	return nil
}

func hasAttr(f *Function, k bytecode.AttributeKind) bool {
	if f.def == nil {
		return false
	}
	for _, a := range f.mod.pools.FunctionHandles[f.def.Function].Attributes {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// callClosure runs CallClosure: the closure is on top, its remaining
// arguments under it.
func (s *Session) callClosure(fr *frame, in *bytecode.Instruction) error {
	p := fr.fn.mod.pools
	if int(in.Index) >= len(p.Signatures) || len(p.Signatures[in.Index]) != 1 {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "signature %d is not one type", in.Index)
	}
	var want *Type
	ck := cacheKey(cacheClosureSig, in.Index)
	if x, ok := fr.ctx.cache[ck]; ok {
		want = x.(*Type)
	} else {
		var err error
		if want, err = s.typeOf(fr.fn.mod, &p.Signatures[in.Index][0], fr.ctx.targs); err != nil {
			return err
		}
		if !fr.fn.mod.script {
			fr.ctx.put(ck, want)
		}
	}
	c, err := s.pop(fr)
	if err != nil {
		return err
	}
	cl, ok := c.p.(*closure)
	if !ok || want.Kind != KindFunction || !sameTypes(c.t.Args, want.Args) || !sameTypes(c.t.Result, want.Result) ||
		!c.t.abilities.Has(want.abilities) {
		return errorf(onchain.CALL_TYPE_MISMATCH_ERROR, "calling %s as %s", typeName(c), want)
	}
	k := len(c.t.Args)
	if len(s.stack)-fr.base < k {
		return errorf(onchain.EMPTY_VALUE_STACK, "closure call needs %d arguments", k)
	}
	given := append([]Value(nil), s.stack[len(s.stack)-k:]...)
	s.stack = s.stack[:len(s.stack)-k]
	ci, gi := 0, 0
	for i := 0; ci < len(cl.captured) || gi < len(given); i++ {
		if i < 64 && cl.mask&(1<<uint(i)) != 0 {
			s.stack = append(s.stack, cl.captured[ci])
			ci++
		} else {
			s.stack = append(s.stack, given[gi])
			gi++
		}
	}
	if len(s.stack) > s.vm.limits.MaxStack {
		return errorf(onchain.EXECUTION_STACK_OVERFLOW, "operand stack exceeds %d values", s.vm.limits.MaxStack)
	}
	return s.enter(cl.f, cl.targs)
}

func sameTypes(a, b []*Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
