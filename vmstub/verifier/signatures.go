package verifier

import (
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// typeContext gives the abilities of the type parameters in scope: the
// declared constraints of a function's or struct's parameters, or (all)
// every ability for any parameter, when the context is unknown.
type typeContext struct {
	params []bytecode.AbilitySet
	all    bool
}

var anyContext = typeContext{all: true}

func (c typeContext) param(i uint16) bytecode.AbilitySet {
	if c.all {
		return bytecode.AbilitiesAll
	}
	if int(i) < len(c.params) {
		return c.params[i]
	}
	return 0
}

// requiredOfArgs maps the abilities of a type argument to the abilities
// they allow its container to have: copy, drop and store each need the
// same, key needs store.
func allowedBy(a bytecode.AbilitySet) bytecode.AbilitySet {
	out := a & (bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore)
	if a&bytecode.AbilityStore != 0 {
		out |= bytecode.AbilityKey
	}
	return out
}

// wellFormed checks a type in a context and returns its abilities:
// references only at the top (allowRef) or at the top of a function
// type's parameters and results (INVALID_SIGNATURE_TOKEN), struct
// instances with as many arguments as parameters (1076) whose arguments
// have the declared constraints (CONSTRAINT_NOT_SATISFIED). Abilities are
// computed as unit.abilities does. The recursion is bounded by the
// reader's limit on type depth.
func (u *unit) wellFormed(t *bytecode.SignatureToken, allowRef bool, ctx typeContext) (bytecode.AbilitySet, *Error) {
	const prim = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	switch t.Kind {
	case bytecode.TypeReference, bytecode.TypeMutReference:
		if !allowRef {
			return 0, fail(onchain.INVALID_SIGNATURE_TOKEN, "reference inside a type")
		}
		if t.Elem == nil {
			return 0, fail(onchain.INVALID_SIGNATURE_TOKEN, "reference without a type")
		}
		if _, err := u.wellFormed(t.Elem, false, ctx); err != nil {
			return 0, err
		}
		return bytecode.AbilityCopy | bytecode.AbilityDrop, nil
	case bytecode.TypeVector:
		if t.Elem == nil {
			return 0, fail(onchain.INVALID_SIGNATURE_TOKEN, "vector without a type")
		}
		a, err := u.wellFormed(t.Elem, false, ctx)
		return a & prim, err
	case bytecode.TypeParam:
		return ctx.param(t.Param), nil
	case bytecode.TypeStruct, bytecode.TypeStructInst:
		h := u.structHandle(t.Struct)
		return u.instanceAbilities(h, t.Args, ctx)
	case bytecode.TypeFunction:
		for i := range t.Args {
			if _, err := u.wellFormed(&t.Args[i], true, ctx); err != nil {
				return 0, err
			}
		}
		for i := range t.Results {
			if _, err := u.wellFormed(&t.Results[i], true, ctx); err != nil {
				return 0, err
			}
		}
		return t.Abilities, nil
	case bytecode.TypeSigner:
		return bytecode.AbilityDrop, nil
	}
	return prim, nil
}

// instanceAbilities checks the type arguments of struct h (their count,
// each well formed without references and with the declared constraints)
// and returns the instance's abilities.
func (u *unit) instanceAbilities(h *bytecode.StructHandle, args []bytecode.SignatureToken, ctx typeContext) (bytecode.AbilitySet, *Error) {
	if len(args) != len(h.TypeParameters) {
		return 0, fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s takes %d type arguments, got %d",
			u.ident(h.Name), len(h.TypeParameters), len(args))
	}
	out := h.Abilities
	for i := range args {
		a, err := u.wellFormed(&args[i], false, ctx)
		if err != nil {
			return 0, err
		}
		tp := h.TypeParameters[i]
		if !a.Has(tp.Constraints) {
			return 0, fail(onchain.CONSTRAINT_NOT_SATISFIED, "type argument %d of %s lacks abilities %v",
				i, u.ident(h.Name), (tp.Constraints &^ a).Names())
		}
		if !tp.IsPhantom {
			out &= allowedBy(a)
		}
	}
	return out, nil
}

// checkInstantiation checks type arguments given to parameters with the
// constraints want.
func (u *unit) checkInstantiation(args bytecode.Signature, want []bytecode.AbilitySet, ctx typeContext, what string) *Error {
	if len(args) != len(want) {
		return fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%s takes %d type arguments, got %d", what, len(want), len(args))
	}
	for i := range args {
		a, err := u.wellFormed(&args[i], false, ctx)
		if err != nil {
			return err
		}
		if !a.Has(want[i]) {
			return fail(onchain.CONSTRAINT_NOT_SATISFIED, "type argument %d of %s lacks abilities %v", i, what, (want[i] &^ a).Names())
		}
	}
	return nil
}

// ident returns identifier i, or a placeholder.
func (u *unit) ident(i bytecode.IdentifierIndex) string {
	if int(i) < len(u.pools.Identifiers) {
		return u.pools.Identifiers[i]
	}
	return "?"
}

// structConstraints lists the constraints of a struct's type parameters.
func structConstraints(h *bytecode.StructHandle) []bytecode.AbilitySet {
	out := make([]bytecode.AbilitySet, len(h.TypeParameters))
	for i, p := range h.TypeParameters {
		out[i] = p.Constraints
	}
	return out
}

// checkSignatures checks every type of the unit, in Aptos's order: the
// signature pool and the instantiation tables without a context, function
// handles in their type parameters' context, per function the locals and
// the instructions' instantiations, then struct fields (well formed, with
// the abilities the struct declares, phantom parameters only in phantom
// positions).
func checkSignatures(u *unit) error {
	p := u.pools
	for i, sig := range p.Signatures {
		for j := range sig {
			if _, err := u.wellFormed(&sig[j], true, anyContext); err != nil {
				err.Message = "signature " + strconv.Itoa(i) + ": " + err.Message
				return err
			}
		}
	}
	for i, fi := range p.FunctionInstantiations {
		h := &p.FunctionHandles[fi.Handle]
		if err := u.checkInstantiation(p.Signatures[fi.TypeParameters], h.TypeParameters, anyContext, "function "+u.ident(h.Name)); err != nil {
			err.Message = "function instantiation " + strconv.Itoa(i) + ": " + err.Message
			return err
		}
	}
	if u.module != nil {
		if err := checkModuleInstantiations(u); err != nil {
			return err
		}
	}
	for i := range p.FunctionHandles {
		h := &p.FunctionHandles[i]
		ctx := typeContext{params: h.TypeParameters}
		for _, s := range []bytecode.SignatureIndex{h.Parameters, h.Return} {
			for j := range p.Signatures[s] {
				if _, err := u.wellFormed(&p.Signatures[s][j], true, ctx); err != nil {
					err.Message = "function handle " + strconv.Itoa(i) + ": " + err.Message
					return err
				}
			}
		}
	}
	for _, fn := range u.funcs {
		if err := checkFunctionSignatures(u, fn); err != nil {
			return err
		}
	}
	if u.module != nil {
		return checkStructSignatures(u)
	}
	return nil
}

// checkStructSignatures checks the fields of every struct definition.
func checkStructSignatures(u *unit) error {
	m := u.module
	for i := range m.StructDefs {
		d := &m.StructDefs[i]
		h := &m.StructHandles[d.Handle]
		ctx := typeContext{params: structConstraints(h)}
		// For the abilities a field needs, the struct's type parameters
		// count as having every ability.
		allParams := make([]bytecode.AbilitySet, len(h.TypeParameters))
		for j := range allParams {
			allParams[j] = bytecode.AbilitiesAll
		}
		var err *Error
		forEachField(d, func(f *bytecode.FieldDef) {
			if err != nil {
				return
			}
			if _, err = u.wellFormed(&f.Type, false, ctx); err != nil {
				return
			}
			a := u.abilities(&f.Type, allParams)
			for _, want := range []bytecode.AbilitySet{bytecode.AbilityCopy, bytecode.AbilityDrop, bytecode.AbilityStore, bytecode.AbilityKey} {
				need := want
				if want == bytecode.AbilityKey {
					need = bytecode.AbilityStore
				}
				if h.Abilities.Has(want) && !a.Has(need) {
					err = fail(onchain.FIELD_MISSING_TYPE_ABILITY, "field %s lacks %v, which %s needs", u.ident(f.Name), need.Names(), want.Names())
					return
				}
			}
			err = u.checkPhantomPositions(&f.Type, false, h)
		})
		if err != nil {
			err.Message = "struct " + u.ident(h.Name) + ": " + err.Message
			return err
		}
	}
	return nil
}

// checkPhantomPositions refuses a phantom type parameter of owner outside
// a phantom argument position (a field type itself, a vector element, a
// function type's parameter or result, a non-phantom struct argument).
func (u *unit) checkPhantomPositions(t *bytecode.SignatureToken, phantomPos bool, owner *bytecode.StructHandle) *Error {
	switch t.Kind {
	case bytecode.TypeParam:
		if int(t.Param) < len(owner.TypeParameters) && owner.TypeParameters[t.Param].IsPhantom && !phantomPos {
			return fail(onchain.INVALID_PHANTOM_TYPE_PARAM_POSITION, "phantom type parameter T%d in a non-phantom position", t.Param)
		}
	case bytecode.TypeStructInst:
		h := u.structHandle(t.Struct)
		for i := range t.Args {
			ph := i < len(h.TypeParameters) && h.TypeParameters[i].IsPhantom
			if err := u.checkPhantomPositions(&t.Args[i], ph, owner); err != nil {
				return err
			}
		}
	default:
		var err *Error
		t.Children(func(c *bytecode.SignatureToken) {
			if err == nil {
				err = u.checkPhantomPositions(c, false, owner)
			}
		})
		return err
	}
	return nil
}

// checkModuleInstantiations checks the struct, field and variant
// instantiation tables without a context: argument counts, no references
// and the constraints concrete arguments must meet.
func checkModuleInstantiations(u *unit) error {
	m := u.module
	for i, x := range m.StructDefInstantiations {
		if err := u.checkStructInst(m.StructDefs[x.Def].Handle, x.TypeParameters, anyContext, 0); err != nil {
			err.Message = "struct instantiation " + strconv.Itoa(i) + ": " + err.Message
			return err
		}
	}
	for i, x := range m.FieldInstantiations {
		def := m.FieldHandles[x.Handle].Owner
		if err := u.checkStructInst(m.StructDefs[def].Handle, x.TypeParameters, anyContext, 0); err != nil {
			err.Message = "field instantiation " + strconv.Itoa(i) + ": " + err.Message
			return err
		}
	}
	for i, x := range m.StructVariantInstantiations {
		def := m.StructVariantHandles[x.Handle].Struct
		if err := u.checkStructInst(m.StructDefs[def].Handle, x.TypeParameters, anyContext, 0); err != nil {
			err.Message = "struct variant instantiation " + strconv.Itoa(i) + ": " + err.Message
			return err
		}
	}
	for i, x := range m.VariantFieldInstantiations {
		def := m.VariantFieldHandles[x.Handle].Struct
		if err := u.checkStructInst(m.StructDefs[def].Handle, x.TypeParameters, anyContext, 0); err != nil {
			err.Message = "variant field instantiation " + strconv.Itoa(i) + ": " + err.Message
			return err
		}
	}
	return nil
}

// checkStructInst checks struct h instantiated with signature args in ctx,
// and that the instance has the abilities want.
func (u *unit) checkStructInst(hi bytecode.StructHandleIndex, args bytecode.SignatureIndex, ctx typeContext, want bytecode.AbilitySet) *Error {
	h := u.structHandle(hi)
	a, err := u.instanceAbilities(h, u.pools.Signatures[args], ctx)
	if err != nil {
		return err
	}
	return u.instanceHas(h, a, want)
}

// instanceHas refuses an instance of h whose abilities a lack want.
func (u *unit) instanceHas(h *bytecode.StructHandle, a, want bytecode.AbilitySet) *Error {
	if !a.Has(want) {
		return fail(onchain.CONSTRAINT_NOT_SATISFIED, "%s instance lacks %v", u.ident(h.Name), (want &^ a).Names())
	}
	return nil
}
