package movevm

import (
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// frame is a running function: its locals and where it is.
type frame struct {
	fn     *Function
	ctx    *typeCtx
	locals *container
	ltypes []*Type // types of the locals, parameters first
	rtypes []*Type // return types
	pc     int
	base   int // operand stack height below which the caller's values lie
}

// sig holds the instantiated types of a function.
type sig struct {
	params, locals, returns []*Type
}

const (
	cacheSig uint32 = iota + 1
	cacheFunc
	cacheFuncInst
	cacheStructInst
	cacheStructDef
	cacheField
	cacheFieldInst
	cacheVariant
	cacheVariantInst
	cacheVariantField
	cacheVariantFieldInst
	cacheSignature
	cacheClosure
	cacheClosureInst
	cacheClosureSig
)

func cacheKey(kind uint32, idx uint16) uint32 { return kind<<16 | uint32(idx) }

// signature instantiates f's parameter, local and return types.
func (s *Session) signature(f *Function, ctx *typeCtx) (*sig, error) {
	k := cacheKey(cacheSig, f.index)
	if x, ok := ctx.cache[k]; ok && !f.mod.script {
		return x.(*sig), nil
	}
	if err := s.env.Gas.Charge(instantiationCost); err != nil {
		return nil, err
	}
	p, err := s.typesOf(f.mod, f.params, ctx.targs)
	if err != nil {
		return nil, err
	}
	r, err := s.typesOf(f.mod, f.returns, ctx.targs)
	if err != nil {
		return nil, err
	}
	l, err := s.typesOf(f.mod, f.locals, ctx.targs)
	if err != nil {
		return nil, err
	}
	all := make([]*Type, 0, len(p)+len(l))
	all = append(append(all, p...), l...)
	if len(all) > 255 {
		return nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "%s::%s has %d locals", f.Module, f.Name, len(all))
	}
	out := &sig{params: p, locals: all, returns: r}
	if !f.mod.script {
		ctx.put(k, out)
	}
	return out, nil
}

// checkTypeArgs checks type arguments against a function's type parameters.
func checkTypeArgs(f *Function, targs []*Type) error {
	if len(targs) != len(f.TypeParams) {
		return errorf(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s::%s takes %d type arguments, got %d", f.Module, f.Name, len(f.TypeParams), len(targs))
	}
	for i, t := range targs {
		if t.Kind == KindRef || t.Kind == KindMutRef {
			return errorf(onchain.INVALID_SIGNATURE_TOKEN, "type argument %s is a reference", t)
		}
		if !t.abilities.Has(f.TypeParams[i]) {
			return errorf(onchain.CONSTRAINT_NOT_SATISFIED, "type argument %s of %s::%s lacks abilities %v", t, f.Module, f.Name, f.TypeParams[i].Names())
		}
	}
	return nil
}

// assignable reports whether v may be stored where a want is expected (a
// mutable reference may be used as an immutable one) and gives the value
// as want.
func assignable(want *Type, v Value) (Value, bool) {
	if v.t == want {
		return v, true
	}
	if want.Kind == KindRef && v.t != nil && v.t.Kind == KindMutRef && v.t.Elem == want.Elem {
		v.t = want
		return v, true
	}
	return v, false
}

// execute runs f to its end and returns its results.
func (s *Session) execute(f *Function, targs []*Type, args []Value) ([]Value, error) {
	if err := checkTypeArgs(f, targs); err != nil {
		return nil, err
	}
	s.stack = append(s.stack, args...)
	if err := s.enter(f, targs); err != nil {
		return nil, err
	}
	if err := s.loop(0); err != nil {
		return nil, err
	}
	return append([]Value(nil), s.stack...), nil
}

// enter starts a call of f: its arguments are on the stack.
func (s *Session) enter(f *Function, targs []*Type) error {
	if s.dispatches > 0 {
		if err := s.checkReentry(f.Module); err != nil {
			return err
		}
	}
	ctx := s.ctxFor(f.mod, targs)
	sg, err := s.signature(f, ctx)
	if err != nil {
		return err
	}
	n := len(sg.params)
	base := 0
	if len(s.frames) > 0 {
		base = s.frames[len(s.frames)-1].base
	}
	if len(s.stack)-base < n {
		return errorf(onchain.EMPTY_VALUE_STACK, "call of %s::%s needs %d arguments, %d on the stack", f.Module, f.Name, n, len(s.stack)-base)
	}
	args := s.stack[len(s.stack)-n:]
	for i, a := range args {
		v, ok := assignable(sg.params[i], a)
		if !ok {
			return errorf(onchain.CALL_TYPE_MISMATCH_ERROR, "argument %d of %s::%s is %s, want %s", i, f.Module, f.Name, typeName(a), sg.params[i])
		}
		args[i] = v
	}
	if err := s.env.Gas.Charge(uint64(len(sg.locals)+len(targs)) * callArgCost); err != nil {
		return err
	}
	if f.isNative {
		return s.callNative(f, ctx, sg)
	}
	if len(s.frames) >= s.vm.limits.MaxCallDepth {
		return errorf(onchain.CALL_STACK_OVERFLOW, "call depth exceeds %d", s.vm.limits.MaxCallDepth)
	}
	if len(f.code) == 0 {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "%s::%s has no code", f.Module, f.Name)
	}
	locals := make([]Value, len(sg.locals))
	copy(locals, args)
	s.stack = s.stack[:len(s.stack)-n]
	s.frames = append(s.frames, &frame{fn: f, ctx: ctx, locals: &container{vals: locals}, ltypes: sg.locals,
		rtypes: sg.returns, base: len(s.stack)})
	return nil
}

func typeName(v Value) string {
	if v.t == nil {
		return "no value"
	}
	return v.t.String()
}

// ret ends the running frame: the stack must hold exactly its results.
func (s *Session) ret(fr *frame) error {
	if len(s.stack)-fr.base != len(fr.rtypes) {
		return errorf(onchain.RET_TYPE_MISMATCH_ERROR, "returning %d values, the function returns %d", len(s.stack)-fr.base, len(fr.rtypes))
	}
	for i, t := range fr.rtypes {
		v, ok := assignable(t, s.stack[fr.base+i])
		if !ok {
			return errorf(onchain.RET_TYPE_MISMATCH_ERROR, "return value %d is %s, want %s", i, typeName(s.stack[fr.base+i]), t)
		}
		s.stack[fr.base+i] = v
	}
	for i, v := range fr.locals.vals {
		if v.IsValid() && !v.t.abilities.Has(bytecode.AbilityDrop) {
			return errorf(onchain.UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP, "local %d of type %s cannot be dropped", i, v.t)
		}
		if err := s.drop(v); err != nil {
			return err
		}
	}
	fr.locals.dead = true
	s.frames = s.frames[:len(s.frames)-1]
	return nil
}

// locate records where a failure happened.
func locate(fr *frame, err error) error {
	if e, ok := err.(*Error); ok && !e.InCode {
		// A copy: the error may be shared (ErrOutOfGas is one value for
		// every session).
		c := *e
		c.InCode, c.Module, c.Script, c.Function, c.Offset = true, fr.fn.Module, fr.fn.mod.script, fr.fn.index, uint16(fr.pc)
		return &c
	}
	var e *Error
	if errors.As(err, &e) && !e.InCode {
		e.InCode, e.Module, e.Script, e.Function, e.Offset = true, fr.fn.Module, fr.fn.mod.script, fr.fn.index, uint16(fr.pc)
	}
	var na *NativeAbort
	if errors.As(err, &na) {
		return &Abort{Module: fr.fn.Module, Script: fr.fn.mod.script, Code: na.Code, Message: na.Message}
	}
	return err
}

// pop takes the top of the running frame's operand stack.
func (s *Session) pop(fr *frame) (Value, error) {
	n := len(s.stack)
	if n <= fr.base {
		return Value{}, errorf(onchain.EMPTY_VALUE_STACK, "operand stack is empty")
	}
	v := s.stack[n-1]
	s.stack = s.stack[:n-1]
	return v, nil
}

// popType takes the top of the stack, which must be of type t.
func (s *Session) popType(fr *frame, t *Type) (Value, error) {
	v, err := s.pop(fr)
	if err == nil && v.t != t {
		err = errorf(onchain.TYPE_MISMATCH, "operand is %s, want %s", typeName(v), t)
	}
	return v, err
}

// popRef takes a reference (mut: a mutable one) and returns it with the
// value it points at.
func (s *Session) popRef(fr *frame, mut bool) (Value, Value, error) {
	r, err := s.pop(fr)
	if err != nil {
		return r, Value{}, err
	}
	if r.t == nil || !(r.t.Kind == KindMutRef || (!mut && r.t.Kind == KindRef)) {
		if mut && r.t != nil && r.t.Kind == KindRef {
			return r, Value{}, errorf(onchain.WRITEREF_NO_MUTABLE_REFERENCE_ERROR, "mutable reference wanted, got %s", r.t)
		}
		return r, Value{}, errorf(onchain.TYPE_MISMATCH, "reference wanted, got %s", typeName(r))
	}
	v, ok := r.Deref()
	if !ok {
		return r, Value{}, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "dangling reference %s", r.t)
	}
	return r, v, nil
}

func (s *Session) push(v Value) error {
	if len(s.stack) >= s.vm.limits.MaxStack {
		return errorf(onchain.EXECUTION_STACK_OVERFLOW, "operand stack exceeds %d values", s.vm.limits.MaxStack)
	}
	s.stack = append(s.stack, v)
	return nil
}
