package verifier

import (
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// tsStruct is a struct definition named by an instruction: the definition,
// its type (instantiated for the generic forms) and the type arguments
// (nil when not generic) that its field types take.
type tsStruct struct {
	def   *bc.StructDef
	typ   bc.SignatureToken
	targs []bc.SignatureToken
}

// structAt resolves a struct definition index (generic false) or a struct
// definition instantiation index (generic true). A script has no struct
// definitions: instructions naming one are refused there.
func (c *tsChecker) structAt(idx uint16, generic bool) (*tsStruct, error) {
	m := c.m
	if m == nil {
		return nil, c.fail(onchain.INVALID_OPERATION_IN_SCRIPT, "a script has no struct definitions")
	}
	di := int(idx)
	var targs []bc.SignatureToken
	if generic {
		if di >= len(m.StructDefInstantiations) {
			return nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "struct instantiation %d out of range", di)
		}
		si := m.StructDefInstantiations[di]
		if int(si.TypeParameters) >= len(m.Signatures) {
			return nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", si.TypeParameters)
		}
		di, targs = int(si.Def), m.Signatures[si.TypeParameters]
	}
	return c.structDef(di, targs, generic)
}

// structDef resolves definition di instantiated with targs.
func (c *tsChecker) structDef(di int, targs []bc.SignatureToken, generic bool) (*tsStruct, error) {
	m := c.m
	if di >= len(m.StructDefs) {
		return nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "struct definition %d out of range", di)
	}
	d := &m.StructDefs[di]
	if int(d.Handle) >= len(m.StructHandles) {
		return nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "struct handle %d out of range", d.Handle)
	}
	np := len(m.StructHandles[d.Handle].TypeParameters)
	switch {
	case generic != (np > 0):
		return nil, c.fail(onchain.GENERIC_MEMBER_OPCODE_MISMATCH, "generic and non-generic forms mixed for struct definition %d", di)
	case generic && len(targs) != np:
		return nil, c.fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH, "%d type arguments for %d type parameters", len(targs), np)
	}
	s := &tsStruct{def: d, typ: bc.StructOf(d.Handle)}
	if generic {
		s.targs = targs
		s.typ = bc.SignatureToken{Kind: bc.TypeStructInst, Struct: d.Handle, Args: targs}
	}
	return s, nil
}

// packOp handles Pack and Unpack (generic or not) of a struct with fields.
func (c *tsChecker) packOp(in *bc.Instruction) error {
	s, err := c.structAt(in.Index, in.Op == bc.OpPackGeneric || in.Op == bc.OpUnpackGeneric)
	if err != nil {
		return err
	}
	pack := in.Op == bc.OpPack || in.Op == bc.OpPackGeneric
	if s.def.Layout != bc.StructFields {
		if pack {
			return c.fail(onchain.PACK_TYPE_MISMATCH_ERROR, "packing a struct without declared fields")
		}
		return c.fail(onchain.UNPACK_TYPE_MISMATCH_ERROR, "unpacking a struct without declared fields")
	}
	if pack {
		return c.packFields(s, s.def.Fields)
	}
	return c.unpackFields(s, s.def.Fields)
}

// packFields pops values for fields and pushes the struct or enum.
func (c *tsChecker) packFields(s *tsStruct, fields []bc.FieldDef) error {
	for i := len(fields) - 1; i >= 0; i-- {
		v, err := c.pop()
		if err != nil {
			return err
		}
		if !tsAssignable(&fields[i].Type, s.targs, &v) {
			return c.fail(onchain.PACK_TYPE_MISMATCH_ERROR, "field %d is %s, given %s", i, fields[i].Type, v)
		}
	}
	return c.push(s.typ)
}

// unpackFields pops the struct or enum and pushes its fields.
func (c *tsChecker) unpackFields(s *tsStruct, fields []bc.FieldDef) error {
	v, err := c.pop()
	if err != nil {
		return err
	}
	if !tsEqual(&s.typ, nil, &v, 0) {
		return c.fail(onchain.UNPACK_TYPE_MISMATCH_ERROR, "unpacking %s as %s", v, s.typ)
	}
	for i := range fields {
		if err := c.pushSubst(&fields[i].Type, s.targs); err != nil {
			return err
		}
	}
	return nil
}

// borrowField handles the four field borrows of structs with fields.
func (c *tsChecker) borrowField(in *bc.Instruction) error {
	m := c.m
	if m == nil {
		return c.fail(onchain.INVALID_OPERATION_IN_SCRIPT, "a script has no field handles")
	}
	generic := in.Op == bc.OpMutBorrowFieldGeneric || in.Op == bc.OpImmBorrowFieldGeneric
	hi := int(in.Index)
	var targs []bc.SignatureToken
	if generic {
		if hi >= len(m.FieldInstantiations) {
			return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "field instantiation %d out of range", hi)
		}
		fi := m.FieldInstantiations[hi]
		if int(fi.TypeParameters) >= len(m.Signatures) {
			return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", fi.TypeParameters)
		}
		hi, targs = int(fi.Handle), m.Signatures[fi.TypeParameters]
	}
	if hi >= len(m.FieldHandles) {
		return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "field handle %d out of range", hi)
	}
	fh := m.FieldHandles[hi]
	s, err := c.structDef(int(fh.Owner), targs, generic)
	if err != nil {
		return err
	}
	if s.def.Layout != bc.StructFields || int(fh.Field) >= len(s.def.Fields) {
		return c.fail(onchain.BORROWFIELD_BAD_FIELD_ERROR, "struct definition %d has no field %d", fh.Owner, fh.Field)
	}
	mut := in.Op == bc.OpMutBorrowField || in.Op == bc.OpMutBorrowFieldGeneric
	return c.borrowFrom(s, &s.def.Fields[fh.Field].Type, mut)
}

// borrowFrom pops a reference to s (mutable when mut) and pushes a
// reference of the same mutability to a field of type ft.
func (c *tsChecker) borrowFrom(s *tsStruct, ft *bc.SignatureToken, mut bool) error {
	r, err := c.pop()
	if err != nil {
		return err
	}
	okRef := r.Kind == bc.TypeMutReference || (!mut && r.Kind == bc.TypeReference)
	if !okRef || r.Elem == nil || !tsEqual(&s.typ, nil, r.Elem, 0) {
		return c.fail(onchain.BORROWFIELD_TYPE_MISMATCH_ERROR, "borrowing a field of %s through %s", s.typ, r)
	}
	out := bc.Ref(*ft)
	if mut {
		out = bc.MutRef(*ft)
	}
	return c.pushSubst(&out, s.targs)
}

// variantAt resolves a struct variant handle or instantiation: the enum
// and the variant.
func (c *tsChecker) variantAt(idx uint16, generic bool) (*tsStruct, *bc.VariantDef, error) {
	m := c.m
	if m == nil {
		return nil, nil, c.fail(onchain.INVALID_OPERATION_IN_SCRIPT, "a script has no variant handles")
	}
	hi := int(idx)
	var targs []bc.SignatureToken
	if generic {
		if hi >= len(m.StructVariantInstantiations) {
			return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "variant instantiation %d out of range", hi)
		}
		vi := m.StructVariantInstantiations[hi]
		if int(vi.TypeParameters) >= len(m.Signatures) {
			return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", vi.TypeParameters)
		}
		hi, targs = int(vi.Handle), m.Signatures[vi.TypeParameters]
	}
	if hi >= len(m.StructVariantHandles) {
		return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "variant handle %d out of range", hi)
	}
	vh := m.StructVariantHandles[hi]
	s, err := c.structDef(int(vh.Struct), targs, generic)
	if err != nil {
		return nil, nil, err
	}
	if s.def.Layout != bc.StructVariants || int(vh.Variant) >= len(s.def.Variants) {
		return nil, nil, c.fail(onchain.INDEX_OUT_OF_BOUNDS, "struct definition %d has no variant %d", vh.Struct, vh.Variant)
	}
	return s, &s.def.Variants[vh.Variant], nil
}

// variantOp handles PackVariant, UnpackVariant and TestVariant.
func (c *tsChecker) variantOp(in *bc.Instruction) error {
	generic := in.Op == bc.OpPackVariantGeneric || in.Op == bc.OpUnpackVariantGeneric || in.Op == bc.OpTestVariantGeneric
	s, v, err := c.variantAt(in.Index, generic)
	if err != nil {
		return err
	}
	switch in.Op {
	case bc.OpPackVariant, bc.OpPackVariantGeneric:
		return c.packFields(s, v.Fields)
	case bc.OpUnpackVariant, bc.OpUnpackVariantGeneric:
		return c.unpackFields(s, v.Fields)
	}
	r, err := c.pop()
	if err != nil {
		return err
	}
	if !tsIsRef(&r) || !tsEqual(&s.typ, nil, r.Elem, 0) {
		return c.fail(onchain.TEST_VARIANT_TYPE_MISMATCH_ERROR, "testing the variant of %s as %s", r, s.typ)
	}
	return c.push(bc.Bool)
}

// borrowVariantField handles the borrows of a field shared by variants:
// every listed variant has the field, with one type.
func (c *tsChecker) borrowVariantField(in *bc.Instruction) error {
	m := c.m
	if m == nil {
		return c.fail(onchain.INVALID_OPERATION_IN_SCRIPT, "a script has no variant field handles")
	}
	generic := in.Op == bc.OpImmBorrowVariantFieldGeneric || in.Op == bc.OpMutBorrowVariantFieldGeneric
	hi := int(in.Index)
	var targs []bc.SignatureToken
	if generic {
		if hi >= len(m.VariantFieldInstantiations) {
			return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "variant field instantiation %d out of range", hi)
		}
		vi := m.VariantFieldInstantiations[hi]
		if int(vi.TypeParameters) >= len(m.Signatures) {
			return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "signature %d out of range", vi.TypeParameters)
		}
		hi, targs = int(vi.Handle), m.Signatures[vi.TypeParameters]
	}
	if hi >= len(m.VariantFieldHandles) {
		return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "variant field handle %d out of range", hi)
	}
	vh := &m.VariantFieldHandles[hi]
	s, err := c.structDef(int(vh.Struct), targs, generic)
	if err != nil {
		return err
	}
	if s.def.Layout != bc.StructVariants {
		return c.fail(onchain.BORROWFIELD_BAD_FIELD_ERROR, "struct definition %d is not an enum", vh.Struct)
	}
	if len(vh.Variants) == 0 {
		return c.fail(onchain.ZERO_VARIANTS_ERROR, "variant field handle %d lists no variant", hi)
	}
	var ft *bc.SignatureToken
	for _, vi := range vh.Variants {
		if int(vi) >= len(s.def.Variants) {
			return c.fail(onchain.INDEX_OUT_OF_BOUNDS, "struct definition %d has no variant %d", vh.Struct, vi)
		}
		fs := s.def.Variants[vi].Fields
		if int(vh.Field) >= len(fs) {
			return c.fail(onchain.BORROWFIELD_BAD_FIELD_ERROR, "variant %d has no field %d", vi, vh.Field)
		}
		if ft == nil {
			ft = &fs[vh.Field].Type
		} else if !ft.Equal(fs[vh.Field].Type) {
			return c.fail(onchain.BORROWFIELD_BAD_FIELD_ERROR, "field %d has different types in the variants", vh.Field)
		}
	}
	mut := in.Op == bc.OpMutBorrowVariantField || in.Op == bc.OpMutBorrowVariantFieldGeneric
	return c.borrowFrom(s, ft, mut)
}
