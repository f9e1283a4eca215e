package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// sigCache holds, for one function, the abilities of the types of each
// signature used as type arguments, computed once in the function's
// context.
type sigCache struct {
	u    *unit
	ctx  typeContext
	sigs map[bytecode.SignatureIndex][]bytecode.AbilitySet
}

// abilities checks signature si as type arguments (well formed, no
// references) and returns their abilities.
func (c *sigCache) abilities(si bytecode.SignatureIndex) ([]bytecode.AbilitySet, *Error) {
	if as, ok := c.sigs[si]; ok {
		return as, nil
	}
	sig := c.u.pools.Signatures[si]
	as := make([]bytecode.AbilitySet, len(sig))
	for i := range sig {
		a, err := c.u.wellFormed(&sig[i], false, c.ctx)
		if err != nil {
			return nil, err
		}
		as[i] = a
	}
	c.sigs[si] = as
	return as, nil
}

// structInst checks struct handle hi instantiated with si and that the
// instance has want.
func (c *sigCache) structInst(hi bytecode.StructHandleIndex, si bytecode.SignatureIndex, want bytecode.AbilitySet) *Error {
	as, err := c.abilities(si)
	if err != nil {
		return err
	}
	h := c.u.structHandle(hi)
	if len(as) != len(h.TypeParameters) {
		return fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s takes %d type arguments, got %d", c.u.ident(h.Name), len(h.TypeParameters), len(as))
	}
	out := h.Abilities
	for i, a := range as {
		tp := h.TypeParameters[i]
		if !a.Has(tp.Constraints) {
			return fail(onchain.CONSTRAINT_NOT_SATISFIED, "type argument %d of %s lacks abilities %v", i, c.u.ident(h.Name), (tp.Constraints &^ a).Names())
		}
		if !tp.IsPhantom {
			out &= allowedBy(a)
		}
	}
	return c.u.instanceHas(h, out, want)
}

// checkFunctionSignatures checks a function's locals (and a script's
// parameters) and, for every instruction with type arguments or a type
// operand, the instantiation in the function's context.
func checkFunctionSignatures(u *unit, fn *function) error {
	ctx := typeContext{params: fn.typeParams}
	if fn.code == nil {
		return nil
	}
	locals := u.pools.Signatures[fn.code.Locals]
	if u.script != nil {
		locals = fn.locals
	}
	for i := range locals {
		if _, err := u.wellFormed(&locals[i], true, ctx); err != nil {
			err.Function = fn.index
			err.Message = "locals: " + err.Message
			return err
		}
	}
	c := &sigCache{u: u, ctx: ctx, sigs: map[bytecode.SignatureIndex][]bytecode.AbilitySet{}}
	for pc, in := range fn.code.Code {
		if err := c.instruction(in); err != nil {
			err.Function, err.Offset = fn.index, pc
			return err
		}
	}
	return nil
}

// instruction checks the type operands of one instruction.
func (c *sigCache) instruction(in bytecode.Instruction) *Error {
	u := c.u
	if u.module == nil && moduleOnly(in.Op) {
		return fail(onchain.INVALID_OPERATION_IN_SCRIPT, "%s in a script", in.Op)
	}
	p, m := u.pools, u.module
	switch in.Op {
	case bytecode.OpCallGeneric, bytecode.OpPackClosureGeneric:
		fi := p.FunctionInstantiations[in.Index]
		h := &p.FunctionHandles[fi.Handle]
		as, err := c.abilities(fi.TypeParameters)
		if err != nil {
			return err
		}
		if len(as) != len(h.TypeParameters) {
			return fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s takes %d type arguments, got %d", u.ident(h.Name), len(h.TypeParameters), len(as))
		}
		for i, a := range as {
			if !a.Has(h.TypeParameters[i]) {
				return fail(onchain.CONSTRAINT_NOT_SATISFIED, "type argument %d of %s lacks abilities %v", i, u.ident(h.Name), (h.TypeParameters[i] &^ a).Names())
			}
		}
	case bytecode.OpPackGeneric, bytecode.OpUnpackGeneric:
		x := m.StructDefInstantiations[in.Index]
		return c.structInst(m.StructDefs[x.Def].Handle, x.TypeParameters, 0)
	case bytecode.OpExistsGeneric, bytecode.OpMoveFromGeneric, bytecode.OpMoveToGeneric,
		bytecode.OpImmBorrowGlobalGeneric, bytecode.OpMutBorrowGlobalGeneric:
		x := m.StructDefInstantiations[in.Index]
		return c.structInst(m.StructDefs[x.Def].Handle, x.TypeParameters, bytecode.AbilityKey)
	case bytecode.OpImmBorrowFieldGeneric, bytecode.OpMutBorrowFieldGeneric:
		x := m.FieldInstantiations[in.Index]
		return c.structInst(m.StructDefs[m.FieldHandles[x.Handle].Owner].Handle, x.TypeParameters, 0)
	case bytecode.OpPackVariantGeneric, bytecode.OpUnpackVariantGeneric, bytecode.OpTestVariantGeneric:
		x := m.StructVariantInstantiations[in.Index]
		return c.structInst(m.StructDefs[m.StructVariantHandles[x.Handle].Struct].Handle, x.TypeParameters, 0)
	case bytecode.OpImmBorrowVariantFieldGeneric, bytecode.OpMutBorrowVariantFieldGeneric:
		x := m.VariantFieldInstantiations[in.Index]
		return c.structInst(m.StructDefs[m.VariantFieldHandles[x.Handle].Struct].Handle, x.TypeParameters, 0)
	case bytecode.OpVecPack, bytecode.OpVecLen, bytecode.OpVecImmBorrow, bytecode.OpVecMutBorrow,
		bytecode.OpVecPushBack, bytecode.OpVecPopBack, bytecode.OpVecUnpack, bytecode.OpVecSwap:
		si := bytecode.SignatureIndex(in.Index)
		if n := len(p.Signatures[si]); n != 1 {
			return fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s needs exactly one type, got %d", in.Op, n)
		}
		_, err := c.abilities(si)
		return err
	case bytecode.OpCallClosure:
		si := bytecode.SignatureIndex(in.Index)
		if sig := p.Signatures[si]; len(sig) != 1 || sig[0].Kind != bytecode.TypeFunction {
			return fail(onchain.CLOSURE_CALL_REQUIRES_FUNCTION, "CALL_CLOSURE needs exactly one function type")
		}
		_, err := c.abilities(si)
		return err
	}
	return nil
}

// checkInstantiationLoops refuses generic calls that instantiate a
// function of this module with ever bigger types
// (LOOP_IN_INSTANTIATION_GRAPH). The nodes are (function definition, type
// parameter); a CallGeneric or PackClosureGeneric of a function of this
// module adds an edge from each type parameter of the caller to each type
// parameter of the callee whose argument mentions it: an identity edge
// when the argument is the parameter itself, a growing edge otherwise. A
// strongly connected component with a growing edge is a loop.
func checkInstantiationLoops(u *unit) error {
	m := u.module
	if m == nil {
		return nil
	}
	defOf := make(map[bytecode.FunctionHandleIndex]int, len(m.FunctionDefs))
	base := make([]int, len(u.funcs)+1)
	for i, fn := range u.funcs {
		defOf[fn.def.Function] = i
		base[i+1] = base[i] + len(fn.typeParams)
	}
	n := base[len(u.funcs)]
	adj := make([][]int, n)
	type edge struct{ from, to int }
	var growing []edge
	seenEdge := map[edge]uint8{} // 1 identity, 2 growing
	add := func(e edge, grow bool) {
		kind := uint8(1)
		if grow {
			kind = 2
		}
		if seenEdge[e]&kind != 0 {
			return
		}
		if seenEdge[e] == 0 {
			adj[e.from] = append(adj[e.from], e.to)
		}
		seenEdge[e] |= kind
		if grow {
			growing = append(growing, e)
		}
	}
	for f, fn := range u.funcs {
		if fn.code == nil || len(fn.typeParams) == 0 {
			continue
		}
		done := map[uint16]bool{}
		for _, in := range fn.code.Code {
			if in.Op != bytecode.OpCallGeneric && in.Op != bytecode.OpPackClosureGeneric || done[in.Index] {
				continue
			}
			done[in.Index] = true
			fi := m.FunctionInstantiations[in.Index]
			g, ok := defOf[fi.Handle]
			if !ok || m.FunctionHandles[fi.Handle].Module != m.SelfHandle {
				continue
			}
			for i, arg := range m.Signatures[fi.TypeParameters] {
				if i >= len(u.funcs[g].typeParams) {
					break
				}
				to := base[g] + i
				if arg.Kind == bytecode.TypeParam {
					if int(arg.Param) < len(fn.typeParams) {
						add(edge{base[f] + int(arg.Param), to}, false)
					}
					continue
				}
				walkType(&arg, func(t *bytecode.SignatureToken) {
					if t.Kind == bytecode.TypeParam && int(t.Param) < len(fn.typeParams) {
						add(edge{base[f] + int(t.Param), to}, true)
					}
				})
			}
		}
	}
	comp := components(adj)
	for _, e := range growing {
		if comp[e.from] == comp[e.to] {
			f := 0
			for f+1 < len(base) && base[f+1] <= e.from {
				f++
			}
			return u.funcs[f].failAt(onchain.LOOP_IN_INSTANTIATION_GRAPH, -1,
				"type parameter T%d reaches itself through a growing instantiation", e.from-base[f])
		}
	}
	return nil
}

// components numbers the strongly connected components of a graph
// (Tarjan's algorithm with an explicit call stack).
func components(adj [][]int) []int {
	n := len(adj)
	index, low, comp := make([]int, n), make([]int, n), make([]int, n)
	onStack := make([]bool, n)
	var stack []int
	counter, ncomp := 0, 0
	type frame struct{ v, next int }
	visit := func(v int) {
		counter++
		index[v], low[v] = counter, counter
		stack = append(stack, v)
		onStack[v] = true
	}
	for r := range adj {
		if index[r] != 0 {
			continue
		}
		visit(r)
		calls := []frame{{r, 0}}
		for len(calls) > 0 {
			top := &calls[len(calls)-1]
			v := top.v
			if top.next < len(adj[v]) {
				w := adj[v][top.next]
				top.next++
				if index[w] == 0 {
					visit(w)
					calls = append(calls, frame{w, 0})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
		}
	}
	return comp
}
