package verifier

import (
	"math/bits"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// call checks the arguments of Call and CallGeneric and pushes the returns.
func (c *tsChecker) call(in *bc.Instruction) error {
	h, targs, err := c.functionHandle(in)
	if err != nil {
		return err
	}
	p := c.u.pools
	params := p.Signatures[h.Parameters]
	for i := len(params) - 1; i >= 0; i-- {
		t, err := c.pop()
		if err != nil {
			return err
		}
		if !tsAssignable(&params[i], targs, &t) {
			return c.fail(onchain.CALL_TYPE_MISMATCH_ERROR, "argument %d is %s, the parameter is %s", i, t, params[i])
		}
	}
	for _, r := range p.Signatures[h.Return] {
		if err := c.pushSubst(&r, targs); err != nil {
			return err
		}
	}
	return nil
}

// functionHandle resolves the function of Call(Generic) or
// PackClosure(Generic) and its type arguments (nil when not generic), and
// checks that its parameter and return signatures exist.
func (c *tsChecker) functionHandle(in *bc.Instruction) (*bc.FunctionHandle, []bc.SignatureToken, error) {
	p := c.u.pools
	generic := in.Op == bc.OpCallGeneric || in.Op == bc.OpPackClosureGeneric
	hi := int(in.Index)
	var targs []bc.SignatureToken
	if generic {
		if hi >= len(p.FunctionInstantiations) {
			return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "function instantiation %d out of range", hi)
		}
		fi := p.FunctionInstantiations[hi]
		if int(fi.TypeParameters) >= len(p.Signatures) {
			return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", fi.TypeParameters)
		}
		hi, targs = int(fi.Handle), p.Signatures[fi.TypeParameters]
		if targs == nil {
			targs = bc.Signature{}
		}
	}
	if hi >= len(p.FunctionHandles) {
		return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "function handle %d out of range", hi)
	}
	h := &p.FunctionHandles[hi]
	if generic == (len(h.TypeParameters) == 0) {
		return nil, nil, c.fail(onchain.GENERIC_MEMBER_OPCODE_MISMATCH, "%s of a function with %d type parameters", in.Op, len(h.TypeParameters))
	}
	if generic && len(targs) != len(h.TypeParameters) {
		return nil, nil, c.fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%d type arguments for %d type parameters", len(targs), len(h.TypeParameters))
	}
	if int(h.Parameters) >= len(p.Signatures) || int(h.Return) >= len(p.Signatures) {
		return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "function signature out of range")
	}
	return h, targs, nil
}

// packClosure handles PackClosure(Generic): the parameters the mask selects
// are captured from the stack (never references), the others stay
// parameters of the function value, whose abilities are copy and drop, with
// store for a persistent function, restricted to the captured values'.
func (c *tsChecker) packClosure(in *bc.Instruction) error {
	h, targs, err := c.functionHandle(in)
	if err != nil {
		return err
	}
	p := c.u.pools
	params := p.Signatures[h.Parameters]
	mask := in.Imm
	if len(params) < 64 && mask>>uint(len(params)) != 0 {
		return c.fail(onchain.INVALID_CLOSURE_MASK, "closure mask %#x for %d parameters", mask, len(params))
	}
	abilities := bc.AbilityCopy | bc.AbilityDrop
	if c.persistent(h) {
		abilities |= bc.AbilityStore
	}
	if n := bits.OnesCount64(mask); n > len(c.stack) {
		return c.fail(onchain.NEGATIVE_STACK_SIZE_WITHIN_BLOCK, "closure captures %d values, %d on the stack", n, len(c.stack))
	}
	for i := min(len(params), 64) - 1; i >= 0; i-- {
		if mask&(1<<uint(i)) == 0 {
			continue
		}
		v, _ := c.pop()
		pt := &params[i]
		if pt.Kind == bc.TypeParam && targs != nil && int(pt.Param) < len(targs) {
			pt = &targs[pt.Param]
		}
		if pt.Kind == bc.TypeReference || pt.Kind == bc.TypeMutReference {
			return c.fail(onchain.PACK_TYPE_MISMATCH_ERROR, "capturing parameter %d, a reference", i)
		}
		if !tsAssignable(&params[i], targs, &v) {
			return c.fail(onchain.PACK_TYPE_MISMATCH_ERROR, "capturing %s for parameter %d of type %s", v, i, params[i])
		}
		abilities &= c.abilities(&v)
	}
	var rest []bc.SignatureToken
	for i := range params {
		if i >= 64 || mask&(1<<uint(i)) == 0 {
			rest = append(rest, params[i])
		}
	}
	ft := bc.FunctionType(rest, p.Signatures[h.Return], abilities)
	return c.pushSubst(&ft, targs)
}

// persistent reports whether closures of h may be stored: h carries the
// persistent attribute, or it is a public function of this module.
func (c *tsChecker) persistent(h *bc.FunctionHandle) bool {
	for _, a := range h.Attributes {
		if a.Kind == bc.AttrPersistent {
			return true
		}
	}
	if c.m == nil || h.Module != c.m.SelfHandle {
		return false
	}
	fn := c.u.defined[h]
	return fn != nil && fn.def.Visibility == bc.Public
}

// callClosure handles CallClosure: the function value on top must fit the
// signature's function type, then its arguments are popped and its
// results pushed.
func (c *tsChecker) callClosure(in *bc.Instruction) error {
	p := c.u.pools
	if int(in.Index) >= len(p.Signatures) {
		return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", in.Index)
	}
	sig := p.Signatures[in.Index]
	if len(sig) != 1 || sig[0].Kind != bc.TypeFunction {
		return c.fail(onchain.CLOSURE_CALL_REQUIRES_FUNCTION, "%s needs one function type", in.Op)
	}
	ft := &sig[0]
	f, err := c.pop()
	if err != nil {
		return err
	}
	if f.Kind != bc.TypeFunction || !tsAssignable(ft, nil, &f) {
		return c.fail(onchain.CALL_TYPE_MISMATCH_ERROR, "calling %s as %s", f, ft)
	}
	for i := len(ft.Args) - 1; i >= 0; i-- {
		v, err := c.pop()
		if err != nil {
			return err
		}
		if !tsAssignable(&ft.Args[i], nil, &v) {
			return c.fail(onchain.CALL_TYPE_MISMATCH_ERROR, "argument %d is %s, the parameter is %s", i, v, ft.Args[i])
		}
	}
	for i := range ft.Results {
		if err := c.push(ft.Results[i]); err != nil {
			return err
		}
	}
	return nil
}
