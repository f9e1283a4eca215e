package bytecode

import (
	"encoding/binary"
	"fmt"
)

// writer appends the encodings of the format's items. It keeps the first
// error: things the format cannot express at the unit's version.
type writer struct {
	buf     []byte
	version uint32
	err     error
}

func (w *writer) failf(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("bytecode: "+format, args...)
	}
}

func (w *writer) byte(b byte) { w.buf = append(w.buf, b) }

func (w *writer) uleb(v uint64) {
	for v >= 0x80 {
		w.buf = append(w.buf, byte(v)|0x80)
		v >>= 7
	}
	w.buf = append(w.buf, byte(v))
}

func (w *writer) count(n int) { w.uleb(uint64(n)) }

func (w *writer) blob(b []byte) {
	w.count(len(b))
	w.buf = append(w.buf, b...)
}

func (w *writer) moduleHandle(h ModuleHandle) {
	w.uleb(uint64(h.Address))
	w.uleb(uint64(h.Name))
}

func (w *writer) structHandle(h StructHandle) {
	w.uleb(uint64(h.Module))
	w.uleb(uint64(h.Name))
	w.uleb(uint64(h.Abilities))
	w.count(len(h.TypeParameters))
	for _, p := range h.TypeParameters {
		w.uleb(uint64(p.Constraints))
		if p.IsPhantom {
			w.byte(1)
		} else {
			w.byte(0)
		}
	}
}

func (w *writer) abilitySets(sets []AbilitySet) {
	w.count(len(sets))
	for _, a := range sets {
		w.uleb(uint64(a))
	}
}

func (w *writer) functionHandle(h FunctionHandle) {
	w.uleb(uint64(h.Module))
	w.uleb(uint64(h.Name))
	w.uleb(uint64(h.Parameters))
	w.uleb(uint64(h.Return))
	w.abilitySets(h.TypeParameters)
	if w.version >= Version7 {
		w.accessSpecifiers(h.AccessSpecifiers)
	} else if h.AccessSpecifiers != nil {
		w.failf("access specifiers need bytecode version 7, the unit has version %d", w.version)
	}
	if w.version >= Version8 {
		w.count(len(h.Attributes))
		for _, a := range h.Attributes {
			w.byte(byte(a.Kind))
			if a.Kind.hasOperand() {
				w.buf = binary.LittleEndian.AppendUint16(w.buf, a.Operand)
			}
		}
	} else if len(h.Attributes) > 0 {
		w.failf("function attributes need bytecode version 8, the unit has version %d", w.version)
	}
}

func (w *writer) accessSpecifiers(specs *[]AccessSpecifier) {
	if specs == nil {
		w.byte(serNone)
		return
	}
	w.byte(serSome)
	w.count(len(*specs))
	for _, a := range *specs {
		w.byte(byte(a.Kind))
		if a.Negated {
			w.byte(serTrue)
		} else {
			w.byte(serFalse)
		}
		w.byte(byte(a.Resource.Kind))
		switch a.Resource.Kind {
		case ResourceAtAddress:
			w.uleb(uint64(a.Resource.Address))
		case ResourceInModule:
			w.uleb(uint64(a.Resource.Module))
		case ResourceStruct:
			w.uleb(uint64(a.Resource.Struct))
		case ResourceStructInstantiation:
			w.uleb(uint64(a.Resource.Struct))
			w.uleb(uint64(a.Resource.TypeArgs))
		}
		w.byte(byte(a.Address.Kind))
		switch a.Address.Kind {
		case AddressLiteral:
			w.uleb(uint64(a.Address.Literal))
		case AddressParameter:
			w.uleb(uint64(a.Address.Parameter))
			if a.Address.HasFunction {
				w.byte(serSome)
				w.uleb(uint64(a.Address.Function))
			} else {
				w.byte(serNone)
			}
		}
	}
}

func (w *writer) token(t *SignatureToken) {
	w.byte(byte(t.Kind))
	switch t.Kind {
	case TypeStruct:
		w.uleb(uint64(t.Struct))
	case TypeStructInst:
		w.uleb(uint64(t.Struct))
		w.count(len(t.Args))
	case TypeParam:
		w.uleb(uint64(t.Param))
	case TypeFunction:
		w.uleb(uint64(t.Abilities))
		w.count(len(t.Args))
		w.count(len(t.Results))
	case TypeVector, TypeReference, TypeMutReference:
		if t.Elem == nil {
			w.failf("%s type without an element type", t)
			return
		}
	}
	t.Children(w.token)
}

func (w *writer) signature(s Signature) {
	w.count(len(s))
	for i := range s {
		w.token(&s[i])
	}
}

func (w *writer) fieldDefs(fs []FieldDef) {
	w.count(len(fs))
	for i := range fs {
		w.uleb(uint64(fs[i].Name))
		w.token(&fs[i].Type)
	}
}

func (w *writer) structDef(d StructDef) {
	w.uleb(uint64(d.Handle))
	w.byte(byte(d.Layout))
	switch d.Layout {
	case StructFields:
		w.fieldDefs(d.Fields)
	case StructVariants:
		w.count(len(d.Variants))
		for _, v := range d.Variants {
			w.uleb(uint64(v.Name))
			w.fieldDefs(v.Fields)
		}
	}
}

func (w *writer) functionDef(d FunctionDef) {
	w.uleb(uint64(d.Function))
	w.byte(byte(d.Visibility))
	var flags byte
	if d.IsEntry {
		flags |= flagEntry
	}
	if d.Code == nil {
		flags |= flagNative
	}
	w.byte(flags)
	w.count(len(d.Acquires))
	for _, a := range d.Acquires {
		w.uleb(uint64(a))
	}
	if d.Code != nil {
		w.codeUnit(d.Code)
	}
}

func (w *writer) codeUnit(c *CodeUnit) {
	w.uleb(uint64(c.Locals))
	w.count(len(c.Code))
	for _, in := range c.Code {
		w.instruction(in)
	}
}

func (w *writer) instruction(in Instruction) {
	info := in.Op.info()
	if info == nil {
		w.failf("unknown opcode 0x%02x", uint8(in.Op))
		return
	}
	w.byte(byte(in.Op))
	switch info.arg {
	case argOffset, argLocal, argIndex:
		w.uleb(uint64(in.Index))
	case argIndexCount:
		w.uleb(uint64(in.Index))
		w.buf = binary.LittleEndian.AppendUint64(w.buf, in.Imm)
	case argIndexMask:
		w.uleb(uint64(in.Index))
		w.uleb(in.Imm)
	case argUint, argSint:
		if info.width > 8 {
			w.buf = append(w.buf, in.Wide[:info.width]...)
		} else {
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], in.Imm)
			w.buf = append(w.buf, b[:info.width]...)
		}
	}
}
