package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// other runs the instructions on structs, enums, vectors, references into
// them and global storage.
func (s *Session) other(fr *frame, in *bytecode.Instruction) error {
	switch op := in.Op; op {
	case bytecode.OpPack, bytecode.OpPackGeneric, bytecode.OpUnpack, bytecode.OpUnpackGeneric:
		t, err := s.structInstr(fr, op == bytecode.OpPack || op == bytecode.OpUnpack, in.Index)
		if err != nil {
			return err
		}
		if t.Struct.IsEnum() {
			return errorf(onchain.TYPE_MISMATCH, "%s on enum %s", op, t)
		}
		if op == bytecode.OpPack || op == bytecode.OpPackGeneric {
			return s.pack(fr, t, 0)
		}
		return s.unpack(fr, t, -1)
	case bytecode.OpPackVariant, bytecode.OpPackVariantGeneric, bytecode.OpUnpackVariant,
		bytecode.OpUnpackVariantGeneric, bytecode.OpTestVariant, bytecode.OpTestVariantGeneric:
		generic := op == bytecode.OpPackVariantGeneric || op == bytecode.OpUnpackVariantGeneric || op == bytecode.OpTestVariantGeneric
		t, v, err := s.variantInstr(fr, generic, in.Index)
		if err != nil {
			return err
		}
		switch op {
		case bytecode.OpPackVariant, bytecode.OpPackVariantGeneric:
			return s.pack(fr, t, v)
		case bytecode.OpUnpackVariant, bytecode.OpUnpackVariantGeneric:
			return s.unpack(fr, t, int(v))
		}
		_, val, err := s.popRef(fr, false)
		if err != nil {
			return err
		}
		if val.t != t {
			return errorf(onchain.TYPE_MISMATCH, "testing variant of %s on %s", t, val.t)
		}
		s.stack = append(s.stack, Bool(val.Variant() == v))
		return nil
	case bytecode.OpMutBorrowField, bytecode.OpImmBorrowField, bytecode.OpMutBorrowFieldGeneric, bytecode.OpImmBorrowFieldGeneric:
		return s.borrowField(fr, in)
	case bytecode.OpMutBorrowVariantField, bytecode.OpImmBorrowVariantField, bytecode.OpMutBorrowVariantFieldGeneric,
		bytecode.OpImmBorrowVariantFieldGeneric:
		return s.borrowVariantField(fr, in)
	case bytecode.OpVecPack, bytecode.OpVecLen, bytecode.OpVecImmBorrow, bytecode.OpVecMutBorrow, bytecode.OpVecPushBack,
		bytecode.OpVecPopBack, bytecode.OpVecUnpack, bytecode.OpVecSwap:
		return s.vector(fr, in)
	case bytecode.OpExists, bytecode.OpExistsGeneric, bytecode.OpMutBorrowGlobal, bytecode.OpMutBorrowGlobalGeneric,
		bytecode.OpImmBorrowGlobal, bytecode.OpImmBorrowGlobalGeneric, bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric,
		bytecode.OpMoveTo, bytecode.OpMoveToGeneric:
		return s.global(fr, in)
	}
	return errorf(onchain.UNIMPLEMENTED_FUNCTIONALITY, "instruction %s is not supported", in.Op)
}

// structDef is struct definition i of the running module.
func (s *Session) structDef(fr *frame, i uint16) (*StructType, error) {
	return s.structAt(fr.fn.mod, bytecode.StructDefIndex(i))
}

// structInstr is the struct type a struct instruction names: a definition
// (plain) or a definition instantiation.
func (s *Session) structInstr(fr *frame, plain bool, idx uint16) (*Type, error) {
	k := cacheKey(cacheStructDef, idx)
	if !plain {
		k = cacheKey(cacheStructInst, idx)
	}
	if x, ok := fr.ctx.cache[k]; ok {
		return x.(*Type), nil
	}
	var t *Type
	var err error
	if plain {
		var st *StructType
		if st, err = s.structDef(fr, idx); err != nil {
			return nil, err
		}
		t, err = s.types.structOf(st, nil)
	} else {
		m := fr.fn.mod.m
		if m == nil || int(idx) >= len(m.StructDefInstantiations) {
			return nil, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "struct instantiation %d out of range", idx)
		}
		inst := m.StructDefInstantiations[idx]
		t, err = s.instantiate(fr, uint16(inst.Def), inst.TypeParameters)
	}
	if err != nil {
		return nil, err
	}
	fr.ctx.put(k, t)
	return t, nil
}

// instantiate makes struct definition def of the running module with the
// type arguments of signature sig.
func (s *Session) instantiate(fr *frame, def uint16, sig bytecode.SignatureIndex) (*Type, error) {
	st, err := s.structDef(fr, def)
	if err != nil {
		return nil, err
	}
	args, err := s.typesOf(fr.fn.mod, fr.fn.mod.pools.Signatures[sig], fr.ctx.targs)
	if err != nil {
		return nil, err
	}
	return s.types.structOf(st, args)
}

// pack pops the fields of variant v of t (in order, the last on top) and
// pushes the value.
func (s *Session) pack(fr *frame, t *Type, v uint16) error {
	fts, err := s.fieldTypes(t, int(v))
	if err != nil {
		return err
	}
	n := len(fts)
	if len(s.stack)-fr.base < n {
		return errorf(onchain.EMPTY_VALUE_STACK, "packing %s needs %d fields", t, n)
	}
	fields := make([]Value, n)
	copy(fields, s.stack[len(s.stack)-n:])
	for i, f := range fields {
		if f.t != fts[i] {
			return errorf(onchain.TYPE_MISMATCH, "field %d of %s is %s, want %s", i, t, typeName(f), fts[i])
		}
	}
	if err := s.env.Gas.Charge(uint64(n) * elemCost); err != nil {
		return err
	}
	if fn, err := s.holdsFunction(t); err != nil {
		return err
	} else if fn {
		if _, err := s.containerDepth(fields); err != nil {
			return err
		}
	}
	if err := s.useMemory(nodeSize * uint64(n)); err != nil {
		return err
	}
	s.stack = s.stack[:len(s.stack)-n]
	s.stack = append(s.stack, NewVariant(t, v, fields))
	return nil
}

// unpack pops a value of t (of variant v unless v < 0) and pushes its fields.
func (s *Session) unpack(fr *frame, t *Type, v int) error {
	x, err := s.popType(fr, t)
	if err != nil {
		return err
	}
	c := x.p.(*container)
	if v >= 0 && int(c.variant) != v {
		return errorf(onchain.STRUCT_VARIANT_MISMATCH, "unpacking variant %d of %s holding variant %d", v, t, c.variant)
	}
	if len(s.stack)+len(c.vals) > s.vm.limits.MaxStack {
		return errorf(onchain.EXECUTION_STACK_OVERFLOW, "operand stack exceeds %d values", s.vm.limits.MaxStack)
	}
	if err := s.env.Gas.Charge(uint64(len(c.vals)) * elemCost); err != nil {
		return err
	}
	s.freeMemory(nodeSize * uint64(len(c.vals)))
	s.stack = append(s.stack, c.vals...)
	c.vals, c.dead = nil, true
	return nil
}

// variantInstr is the enum type and variant a variant instruction names.
func (s *Session) variantInstr(fr *frame, generic bool, idx uint16) (*Type, uint16, error) {
	m := fr.fn.mod.m
	if m == nil {
		return nil, 0, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant instruction in a script")
	}
	var h bytecode.StructVariantHandle
	var t *Type
	var err error
	if generic {
		if int(idx) >= len(m.StructVariantInstantiations) {
			return nil, 0, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant instantiation %d out of range", idx)
		}
		inst := m.StructVariantInstantiations[idx]
		if int(inst.Handle) >= len(m.StructVariantHandles) {
			return nil, 0, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant handle %d out of range", inst.Handle)
		}
		h = m.StructVariantHandles[inst.Handle]
		t, err = s.instantiate(fr, uint16(h.Struct), inst.TypeParameters)
	} else {
		if int(idx) >= len(m.StructVariantHandles) {
			return nil, 0, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant handle %d out of range", idx)
		}
		h = m.StructVariantHandles[idx]
		t, err = s.structInstr(fr, true, uint16(h.Struct))
	}
	if err != nil {
		return nil, 0, err
	}
	if !t.Struct.IsEnum() || int(h.Variant) >= len(t.Struct.Def.Variants) {
		return nil, 0, errorf(onchain.TYPE_MISMATCH, "%s has no variant %d", t, h.Variant)
	}
	return t, h.Variant, nil
}

// borrowAt pops a reference to a value of type t and pushes a reference to
// its field i of type ft, as mutable as asked (a mutable one needs a
// mutable reference).
func (s *Session) borrowAt(fr *frame, t *Type, mut bool, check func(c *container) error, i int, ft *Type) error {
	r, v, err := s.popRef(fr, mut)
	if err != nil {
		return err
	}
	if r.t.Elem != t {
		return errorf(onchain.TYPE_MISMATCH, "borrowing a field of %s through %s", t, r.t)
	}
	c := v.p.(*container)
	if check != nil {
		if err := check(c); err != nil {
			return err
		}
	}
	if i >= len(c.vals) {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field %d out of range", i)
	}
	rt, err := s.types.refOf(ft, mut)
	if err != nil {
		return err
	}
	s.stack = append(s.stack, Value{t: rt, p: c, n: uint64(i)})
	return nil
}

func (s *Session) borrowField(fr *frame, in *bytecode.Instruction) error {
	m := fr.fn.mod.m
	if m == nil {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field instruction in a script")
	}
	mut := in.Op == bytecode.OpMutBorrowField || in.Op == bytecode.OpMutBorrowFieldGeneric
	var h bytecode.FieldHandle
	var t *Type
	var err error
	if in.Op == bytecode.OpMutBorrowField || in.Op == bytecode.OpImmBorrowField {
		if int(in.Index) >= len(m.FieldHandles) {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field handle %d out of range", in.Index)
		}
		h = m.FieldHandles[in.Index]
		t, err = s.structInstr(fr, true, uint16(h.Owner))
	} else {
		if int(in.Index) >= len(m.FieldInstantiations) {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field instantiation %d out of range", in.Index)
		}
		fi := m.FieldInstantiations[in.Index]
		if int(fi.Handle) >= len(m.FieldHandles) {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field handle %d out of range", fi.Handle)
		}
		h = m.FieldHandles[fi.Handle]
		t, err = s.instantiate(fr, uint16(h.Owner), fi.TypeParameters)
	}
	if err != nil {
		return err
	}
	if t.Struct.IsEnum() {
		return errorf(onchain.TYPE_MISMATCH, "field borrow on enum %s", t)
	}
	fts, err := s.fieldTypes(t, 0)
	if err != nil {
		return err
	}
	if int(h.Field) >= len(fts) {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "%s has no field %d", t, h.Field)
	}
	return s.borrowAt(fr, t, mut, nil, int(h.Field), fts[h.Field])
}

func (s *Session) borrowVariantField(fr *frame, in *bytecode.Instruction) error {
	m := fr.fn.mod.m
	if m == nil {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field instruction in a script")
	}
	mut := in.Op == bytecode.OpMutBorrowVariantField || in.Op == bytecode.OpMutBorrowVariantFieldGeneric
	var h bytecode.VariantFieldHandle
	var t *Type
	var err error
	if in.Op == bytecode.OpMutBorrowVariantField || in.Op == bytecode.OpImmBorrowVariantField {
		if int(in.Index) >= len(m.VariantFieldHandles) {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant field handle %d out of range", in.Index)
		}
		h = m.VariantFieldHandles[in.Index]
		t, err = s.structInstr(fr, true, uint16(h.Struct))
	} else {
		if int(in.Index) >= len(m.VariantFieldInstantiations) {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant field instantiation %d out of range", in.Index)
		}
		fi := m.VariantFieldInstantiations[in.Index]
		if int(fi.Handle) >= len(m.VariantFieldHandles) {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "variant field handle %d out of range", fi.Handle)
		}
		h = m.VariantFieldHandles[fi.Handle]
		t, err = s.instantiate(fr, uint16(h.Struct), fi.TypeParameters)
	}
	if err != nil {
		return err
	}
	if !t.Struct.IsEnum() || len(h.Variants) == 0 {
		return errorf(onchain.TYPE_MISMATCH, "variant field borrow on %s", t)
	}
	fts, err := s.fieldTypes(t, int(h.Variants[0]))
	if err != nil {
		return err
	}
	if int(h.Field) >= len(fts) {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "%s has no field %d", t, h.Field)
	}
	for _, v := range h.Variants {
		o, err := s.fieldTypes(t, int(v))
		if err != nil {
			return err
		}
		if int(h.Field) >= len(o) || o[h.Field] != fts[h.Field] {
			return errorf(onchain.TYPE_MISMATCH, "field %d of %s differs between variants", h.Field, t)
		}
	}
	check := func(c *container) error {
		for _, v := range h.Variants {
			if c.variant == v {
				return nil
			}
		}
		return errorf(onchain.STRUCT_VARIANT_MISMATCH, "borrowing field %d of %s holding variant %d", h.Field, t, c.variant)
	}
	return s.borrowAt(fr, t, mut, check, int(h.Field), fts[h.Field])
}
