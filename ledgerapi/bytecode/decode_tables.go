package bytecode

import "encoding/binary"

func (r *reader) moduleHandle() ModuleHandle {
	r.field("address")
	a := AddressIndex(r.index())
	r.field("name")
	return ModuleHandle{Address: a, Name: IdentifierIndex(r.index())}
}

func (r *reader) structHandle() StructHandle {
	var h StructHandle
	r.field("module")
	h.Module = ModuleHandleIndex(r.index())
	r.field("name")
	h.Name = IdentifierIndex(r.index())
	r.field("abilities")
	h.Abilities = r.abilities()
	r.field("type_parameters")
	n := r.count(maxTypeParamCount)
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("type_parameters[%d]", i)
		p := StructTypeParameter{Constraints: r.abilities()}
		p.IsPhantom = r.uleb(1) == 1
		h.TypeParameters = append(h.TypeParameters, p)
	}
	return h
}

func (r *reader) functionHandle() FunctionHandle {
	var h FunctionHandle
	r.field("module")
	h.Module = ModuleHandleIndex(r.index())
	r.field("name")
	h.Name = IdentifierIndex(r.index())
	r.field("parameters")
	h.Parameters = SignatureIndex(r.index())
	r.field("return")
	h.Return = SignatureIndex(r.index())
	r.field("type_parameters")
	h.TypeParameters = r.abilitySets()
	if r.version >= Version7 {
		r.field("access_specifiers")
		h.AccessSpecifiers = r.accessSpecifiers()
	}
	if r.version >= Version8 {
		r.field("attributes")
		h.Attributes = r.attributes()
	}
	return h
}

// instantiation reads the (handle, type arguments) pair shared by the
// instantiation tables.
func (r *reader) instantiation() (uint16, SignatureIndex) {
	r.field("handle")
	h := r.index()
	r.field("type_parameters")
	return h, SignatureIndex(r.index())
}

func (r *reader) signature() Signature {
	n := r.count(maxSignatureSize)
	if n == 0 {
		return Signature{}
	}
	s := make(Signature, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("[%d]", i)
		s = append(s, r.token(1))
	}
	return s
}

func (r *reader) constant() Constant {
	r.field("type")
	t := r.token(1)
	r.field("data")
	return Constant{Type: t, Data: r.blob(maxConstantSize)}
}

func (r *reader) metadata() Metadata {
	r.field("key")
	k := r.blob(maxMetadataKeySize)
	r.field("value")
	return Metadata{Key: k, Value: r.blob(maxMetadataValueSize)}
}

// fieldDefs reads the fields of a struct (variant < 0) or of a variant.
func (r *reader) fieldDefs(variant int) []FieldDef {
	n := r.count(maxFieldCount)
	if n == 0 {
		return nil
	}
	out := make([]FieldDef, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		r.fieldPos(variant, i, false)
		f := FieldDef{Name: IdentifierIndex(r.index())}
		r.fieldPos(variant, i, true)
		f.Type = r.token(1)
		out = append(out, f)
	}
	return out
}

func (r *reader) fieldPos(variant, i int, typ bool) {
	switch {
	case variant < 0 && !typ:
		r.fieldN("fields[%d].name", i)
	case variant < 0:
		r.fieldN("fields[%d].type", i)
	case !typ:
		r.fieldNN("variants[%d].fields[%d].name", variant, i)
	default:
		r.fieldNN("variants[%d].fields[%d].type", variant, i)
	}
}

func (r *reader) structDef() StructDef {
	var d StructDef
	r.field("struct_handle")
	d.Handle = StructHandleIndex(r.index())
	r.field("field_information")
	start := r.off
	flag := r.u8()
	if !r.ok() {
		return d
	}
	switch flag {
	case structNative:
		d.Layout = StructNative
	case structDeclared:
		d.Layout = StructFields
		d.Fields = r.fieldDefs(-1)
	case structDeclaredVariants:
		if r.version < Version7 {
			r.failAt(StatusMalformed, start, "enum types not supported in bytecode version %d", r.version)
			return d
		}
		d.Layout = StructVariants
		n := r.count(maxVariantCount)
		for i := 0; i < n && r.ok(); i++ {
			r.fieldN("variants[%d].name", i)
			v := VariantDef{Name: IdentifierIndex(r.index())}
			v.Fields = r.fieldDefs(i)
			d.Variants = append(d.Variants, v)
		}
	default:
		r.failAt(StatusUnknownNativeStructFlag, start, "unknown struct flag 0x%02x", flag)
	}
	return d
}

func (r *reader) fieldHandle() FieldHandle {
	r.field("owner")
	o := StructDefIndex(r.index())
	r.field("field")
	return FieldHandle{Owner: o, Field: uint16(r.uleb(maxFieldOffset))}
}

func (r *reader) variantFieldHandle() VariantFieldHandle {
	var h VariantFieldHandle
	r.field("struct")
	h.Struct = StructDefIndex(r.index())
	r.field("field")
	h.Field = uint16(r.uleb(maxFieldOffset))
	r.field("variants")
	n := r.count(maxVariantCount)
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("variants[%d]", i)
		h.Variants = append(h.Variants, uint16(r.uleb(maxVariantOffset)))
	}
	return h
}

func (r *reader) structVariantHandle() StructVariantHandle {
	r.field("struct")
	s := StructDefIndex(r.index())
	r.field("variant")
	return StructVariantHandle{Struct: s, Variant: uint16(r.uleb(maxVariantOffset))}
}

func (r *reader) functionDef() FunctionDef {
	var d FunctionDef
	r.field("function")
	d.Function = FunctionHandleIndex(r.index())
	r.field("visibility")
	start := r.off
	vis := r.u8()
	if r.ok() {
		switch Visibility(vis) {
		case Private, Public, Friend:
			d.Visibility = Visibility(vis)
		default:
			r.failAt(StatusMalformed, start, "invalid visibility byte %d", vis)
		}
	}
	r.field("flags")
	flagsAt := r.off
	flags := r.u8()
	d.IsEntry = flags&flagEntry != 0
	r.field("acquires")
	n := r.count(maxAcquiresCount)
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("acquires[%d]", i)
		d.Acquires = append(d.Acquires, StructDefIndex(r.index()))
	}
	if flags&flagNative == 0 && r.ok() {
		c := r.codeUnit()
		d.Code = &c
	}
	if rest := flags &^ (flagEntry | flagNative); rest != 0 {
		r.field("flags")
		r.failAt(StatusInvalidFlagBits, flagsAt, "unknown flag bits 0x%02x", rest)
	}
	return d
}

func (r *reader) codeUnit() CodeUnit {
	var c CodeUnit
	r.field("locals")
	c.Locals = SignatureIndex(r.index())
	r.field("code")
	n := r.count(maxBytecodeCount)
	if !r.ok() || n == 0 {
		return c
	}
	c.Code = make([]Instruction, 0, r.capFor(n))
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("code[%d]", i)
		c.Code = append(c.Code, r.instruction())
	}
	return c
}

var truncStatus = map[int]Status{2: StatusBadU16, 4: StatusBadU32, 8: StatusBadU64, 16: StatusBadU128, 32: StatusBadU256}

func (r *reader) instruction() Instruction {
	start := r.off
	b := r.take(1)
	if b == nil {
		r.failAt(StatusMalformed, start, "unexpected end of data reading an instruction")
		return Instruction{}
	}
	op := Opcode(b[0])
	info := op.info()
	if info == nil {
		r.failAt(StatusUnknownOpcode, start, "unknown opcode 0x%02x", b[0])
		return Instruction{}
	}
	if r.version < info.gate {
		r.failAt(StatusMalformed, start, "%s not available before bytecode version %d", info.name, info.gate)
		return Instruction{}
	}
	in := Instruction{Op: op}
	switch info.arg {
	case argOffset:
		in.Index = uint16(r.uleb(maxCodeOffset))
	case argLocal:
		in.Index = uint16(r.uleb(maxLocalIndex))
	case argIndex:
		in.Index = r.index()
	case argIndexCount:
		in.Index = r.index()
		if v := r.fixed(8, StatusBadU64); v != nil {
			in.Imm = binary.LittleEndian.Uint64(v)
		}
	case argIndexMask:
		in.Index = r.index()
		in.Imm = r.uleb(^uint64(0))
	case argUint, argSint:
		st := StatusMalformed // LdU8 and the signed loads fail as MALFORMED
		if info.arg == argUint && info.width > 1 {
			st = truncStatus[info.width]
		}
		v := r.fixed(info.width, st)
		if v == nil {
			break
		}
		if info.width > 8 {
			copy(in.Wide[:], v)
		} else {
			var buf [8]byte
			copy(buf[:], v)
			in.Imm = binary.LittleEndian.Uint64(buf[:])
		}
	}
	return in
}
