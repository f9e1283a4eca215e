package bytecode

// fieldCount is the number of fields of a struct definition (of one variant
// when variant >= 0); natives and enums have none outside a variant.
func fieldCount(d *StructDef, variant int) int {
	switch {
	case variant < 0 && d.Layout == StructFields:
		return len(d.Fields)
	case variant >= 0 && d.Layout == StructVariants && variant < len(d.Variants):
		return len(d.Variants[variant].Fields)
	}
	return 0
}

// moduleTables checks the tables only modules have, in the reference order
// (function instantiations sit among them).
func (c *checker) moduleTables() error {
	m := c.m
	for i, h := range m.FieldHandles {
		at := site{table: "FIELD_HANDLES", elem: i}
		if err := c.bound(TableStructDefs, uint16(h.Owner), field(at, "owner")); err != nil {
			return err
		}
		if n := fieldCount(&m.StructDefs[h.Owner], -1); int(h.Field) >= n {
			return c.fail(StatusIndexOutOfBounds, field(at, "field"), "field offset %d out of range (%d fields)", h.Field, n)
		}
	}
	if err := c.moduleHandles("FRIEND_DECLS", m.FriendDecls); err != nil {
		return err
	}
	for i, x := range m.StructDefInstantiations {
		at := site{table: "STRUCT_DEF_INST", elem: i}
		if err := c.all(c.idx(TableStructDefs, uint16(x.Def), at, "handle"), c.idx(TableSignatures, uint16(x.TypeParameters), at, "type_parameters")); err != nil {
			return err
		}
	}
	if err := c.functionInsts(); err != nil {
		return err
	}
	for i, x := range m.FieldInstantiations {
		at := site{table: "FIELD_INST", elem: i}
		if err := c.all(c.idx(TableFieldHandles, uint16(x.Handle), at, "handle"), c.idx(TableSignatures, uint16(x.TypeParameters), at, "type_parameters")); err != nil {
			return err
		}
	}
	for i := range m.StructDefs {
		if err := c.structDef(i); err != nil {
			return err
		}
	}
	for i, h := range m.VariantFieldHandles {
		at := site{table: "VARIANT_FIELD_HANDLES", elem: i}
		if err := c.bound(TableStructDefs, uint16(h.Struct), field(at, "struct")); err != nil {
			return err
		}
		if len(h.Variants) == 0 {
			return c.fail(StatusZeroVariants, field(at, "variants"), "variant field handle lists no variants")
		}
		def := &m.StructDefs[h.Struct]
		for j, v := range h.Variants {
			if n := len(def.Variants); int(v) >= n || def.Layout != StructVariants {
				return c.fail(StatusIndexOutOfBounds, site{table: at.table, elem: i, field: "variants[%d]", sub: j}, "variant %d out of range (%d variants)", v, len(def.Variants))
			}
			if n := fieldCount(def, int(v)); int(h.Field) >= n {
				return c.fail(StatusIndexOutOfBounds, field(at, "field"), "field offset %d out of range (%d fields in variant %d)", h.Field, n, v)
			}
		}
	}
	for i, h := range m.StructVariantHandles {
		at := site{table: "STRUCT_VARIANT_HANDLES", elem: i}
		if err := c.bound(TableStructDefs, uint16(h.Struct), field(at, "struct")); err != nil {
			return err
		}
		if def := &m.StructDefs[h.Struct]; int(h.Variant) >= len(def.Variants) || def.Layout != StructVariants {
			return c.fail(StatusIndexOutOfBounds, field(at, "variant"), "variant %d out of range (%d variants)", h.Variant, len(def.Variants))
		}
	}
	for i, x := range m.VariantFieldInstantiations {
		at := site{table: "VARIANT_FIELD_INST", elem: i}
		if err := c.all(c.idx(TableVariantFieldHandles, uint16(x.Handle), at, "handle"), c.idx(TableSignatures, uint16(x.TypeParameters), at, "type_parameters")); err != nil {
			return err
		}
	}
	for i, x := range m.StructVariantInstantiations {
		at := site{table: "STRUCT_VARIANT_INST", elem: i}
		if err := c.all(c.idx(TableStructVariantHandles, uint16(x.Handle), at, "handle"), c.idx(TableSignatures, uint16(x.TypeParameters), at, "type_parameters")); err != nil {
			return err
		}
	}
	for i := range m.FunctionDefs {
		if err := c.functionDef(i); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) structDef(i int) error {
	d := &c.m.StructDefs[i]
	at := site{table: "STRUCT_DEFS", elem: i}
	if err := c.bound(TableStructHandles, uint16(d.Handle), field(at, "struct_handle")); err != nil {
		return err
	}
	tpc := len(c.pools.StructHandles[d.Handle].TypeParameters)
	check := func(f *FieldDef, name, typ site) error {
		if err := c.bound(TableIdentifiers, uint16(f.Name), name); err != nil {
			return err
		}
		if err := c.checkType(&f.Type, typ); err != nil {
			return err
		}
		return c.typeParamsInType(&f.Type, tpc, typ)
	}
	switch d.Layout {
	case StructFields:
		for j := range d.Fields {
			name := site{table: at.table, elem: i, field: "fields[%d].name", sub: j}
			typ := site{table: at.table, elem: i, field: "fields[%d].type", sub: j}
			if err := check(&d.Fields[j], name, typ); err != nil {
				return err
			}
		}
	case StructVariants:
		for v := range d.Variants {
			if err := c.bound(TableIdentifiers, uint16(d.Variants[v].Name), site{table: at.table, elem: i, field: "variants[%d].name", sub: v}); err != nil {
				return err
			}
			for j := range d.Variants[v].Fields {
				name := site{table: at.table, elem: i, field: "variants[%d].fields[%d].name", sub: v, sub2: j}
				typ := site{table: at.table, elem: i, field: "variants[%d].fields[%d].type", sub: v, sub2: j}
				if err := check(&d.Variants[v].Fields[j], name, typ); err != nil {
					return err
				}
			}
		}
		if len(d.Variants) == 0 {
			return c.fail(StatusZeroVariants, field(at, "field_information"), "enum without variants")
		}
	}
	return nil
}

func (c *checker) functionDef(i int) error {
	d := &c.m.FunctionDefs[i]
	at := site{table: "FUNCTION_DEFS", elem: i}
	if err := c.bound(TableFunctionHandles, uint16(d.Function), field(at, "function")); err != nil {
		return err
	}
	for j, a := range d.Acquires {
		if err := c.bound(TableStructDefs, uint16(a), site{table: at.table, elem: i, field: "acquires[%d]", sub: j}); err != nil {
			return err
		}
	}
	if d.Code == nil {
		return nil
	}
	h := &c.pools.FunctionHandles[d.Function]
	return c.code(d.Code, len(h.TypeParameters), c.pools.Signatures[h.Parameters], at)
}

// code checks a code unit; tpc is the number of type parameters of the
// function and params its parameter types.
func (c *checker) code(cu *CodeUnit, tpc int, params Signature, at site) error {
	if err := c.bound(TableSignatures, uint16(cu.Locals), field(at, "locals")); err != nil {
		return err
	}
	locals := len(c.pools.Signatures[cu.Locals]) + len(params)
	if locals > maxLocalIndex {
		return c.fail(StatusTooManyLocals, field(at, "locals"), "%d locals and parameters, at most %d allowed", locals, maxLocalIndex)
	}
	if err := c.typeParamsIn(cu.Locals, tpc, field(at, "locals"))(); err != nil {
		return err
	}
	for pc, in := range cu.Code {
		ia := site{table: at.table, elem: at.elem, field: "code[%d]", sub: pc}
		info := in.Op.info()
		switch info.arg {
		case argOffset:
			if int(in.Index) >= len(cu.Code) {
				return c.fail(StatusIndexOutOfBounds, ia, "%s target %d out of range (%d instructions)", info.name, in.Index, len(cu.Code))
			}
		case argLocal:
			if int(in.Index) >= locals {
				return c.fail(StatusIndexOutOfBounds, ia, "%s local %d out of range (%d locals)", info.name, in.Index, locals)
			}
		case argIndex, argIndexCount, argIndexMask:
			if err := c.operand(info, in.Index, tpc, ia); err != nil {
				return err
			}
		}
	}
	return nil
}

// operand checks an instruction's table index and, for instantiations and
// vector or closure signatures, the type parameters they use.
func (c *checker) operand(info *opInfo, idx uint16, tpc int, at site) error {
	if _, ok := c.length(info.table); !ok {
		return nil // a script has no such table; the reference skips the check
	}
	if err := c.bound(info.table, idx, at); err != nil {
		return err
	}
	var sig SignatureIndex
	switch info.table {
	case TableSignatures:
		sig = SignatureIndex(idx)
	case TableFunctionInst:
		sig = c.pools.FunctionInstantiations[idx].TypeParameters
	case TableFieldInst:
		sig = c.m.FieldInstantiations[idx].TypeParameters
	case TableVariantFieldInst:
		sig = c.m.VariantFieldInstantiations[idx].TypeParameters
	case TableStructDefInst:
		sig = c.m.StructDefInstantiations[idx].TypeParameters
	case TableStructVariantInst:
		sig = c.m.StructVariantInstantiations[idx].TypeParameters
	default:
		return nil
	}
	return c.typeParamsIn(sig, tpc, at)()
}
