package bytecode

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// Serialize writes the module as the reference serializer does: magic, the
// version word (masked from version 7), the headers of the non-empty
// tables and their contents in the canonical order, then the self module
// handle. A module read from bytes carries its Layout, so serializing it
// gives back exactly those bytes. The result is read back before it is
// returned: a module the reader would reject (an index out of range, a
// feature its version lacks, a limit exceeded) is an error.
func (m *Module) Serialize() ([]byte, error) {
	if m == nil {
		return nil, fmt.Errorf("bytecode: serialize: nil module")
	}
	out, err := m.encode()
	if err != nil {
		return nil, err
	}
	if _, err := (Config{AllowTrailingBytes: hasTrailing(m.Layout)}).DeserializeModule(out); err != nil {
		return nil, fmt.Errorf("bytecode: serialize: the module does not read back: %w", err)
	}
	return out, nil
}

// encode writes the module without reading it back.
func (m *Module) encode() ([]byte, error) {
	w := &writer{version: m.Version}
	tables := commonTables(w, &m.Pools)
	add := func(k TableKind, n int, f func(i int)) { tables[k] = encodeTable(w, n, f) }
	add(TableStructDefs, len(m.StructDefs), func(i int) { w.structDef(m.StructDefs[i]) })
	add(TableStructDefInst, len(m.StructDefInstantiations), func(i int) {
		w.uleb(uint64(m.StructDefInstantiations[i].Def))
		w.uleb(uint64(m.StructDefInstantiations[i].TypeParameters))
	})
	add(TableFunctionDefs, len(m.FunctionDefs), func(i int) { w.functionDef(m.FunctionDefs[i]) })
	add(TableFieldHandles, len(m.FieldHandles), func(i int) {
		w.uleb(uint64(m.FieldHandles[i].Owner))
		w.uleb(uint64(m.FieldHandles[i].Field))
	})
	add(TableFieldInst, len(m.FieldInstantiations), func(i int) {
		w.uleb(uint64(m.FieldInstantiations[i].Handle))
		w.uleb(uint64(m.FieldInstantiations[i].TypeParameters))
	})
	add(TableFriendDecls, len(m.FriendDecls), func(i int) { w.moduleHandle(m.FriendDecls[i]) })
	add(TableVariantFieldHandles, len(m.VariantFieldHandles), func(i int) {
		h := m.VariantFieldHandles[i]
		w.uleb(uint64(h.Struct))
		w.uleb(uint64(h.Field))
		w.count(len(h.Variants))
		for _, v := range h.Variants {
			w.uleb(uint64(v))
		}
	})
	add(TableVariantFieldInst, len(m.VariantFieldInstantiations), func(i int) {
		w.uleb(uint64(m.VariantFieldInstantiations[i].Handle))
		w.uleb(uint64(m.VariantFieldInstantiations[i].TypeParameters))
	})
	add(TableStructVariantHandles, len(m.StructVariantHandles), func(i int) {
		w.uleb(uint64(m.StructVariantHandles[i].Struct))
		w.uleb(uint64(m.StructVariantHandles[i].Variant))
	})
	add(TableStructVariantInst, len(m.StructVariantInstantiations), func(i int) {
		w.uleb(uint64(m.StructVariantInstantiations[i].Handle))
		w.uleb(uint64(m.StructVariantInstantiations[i].TypeParameters))
	})
	tail := &writer{version: m.Version}
	tail.uleb(uint64(m.SelfHandle))
	return assemble(m.Version, m.Layout, tables, w, tail)
}

// Serialize writes the script like the reference serializer (see
// Module.Serialize); its main function follows the tables.
func (s *Script) Serialize() ([]byte, error) {
	if s == nil {
		return nil, fmt.Errorf("bytecode: serialize: nil script")
	}
	out, err := s.encode()
	if err != nil {
		return nil, err
	}
	if _, err := (Config{AllowTrailingBytes: hasTrailing(s.Layout)}).DeserializeScript(out); err != nil {
		return nil, fmt.Errorf("bytecode: serialize: the script does not read back: %w", err)
	}
	return out, nil
}

// encode writes the script without reading it back.
func (s *Script) encode() ([]byte, error) {
	w := &writer{version: s.Version}
	tables := commonTables(w, &s.Pools)
	tail := &writer{version: s.Version}
	tail.abilitySets(s.TypeParameters)
	tail.uleb(uint64(s.Parameters))
	if s.Version >= Version8 {
		tail.accessSpecifiers(s.AccessSpecifiers)
	} else if s.AccessSpecifiers != nil {
		tail.failf("script access specifiers need bytecode version 8, the script has version %d", s.Version)
	}
	tail.codeUnit(&s.Code)
	return assemble(s.Version, s.Layout, tables, w, tail)
}

func hasTrailing(l *Layout) bool { return l != nil && len(l.Trailing) > 0 }

// encodeTable encodes n elements with f; it returns nil for an empty table.
func encodeTable(w *writer, n int, f func(i int)) []byte {
	if n == 0 {
		return nil
	}
	w.buf = w.buf[:0]
	for i := 0; i < n; i++ {
		f(i)
	}
	return slices.Clone(w.buf)
}

func commonTables(w *writer, p *Pools) map[TableKind][]byte {
	t := map[TableKind][]byte{}
	add := func(k TableKind, n int, f func(i int)) { t[k] = encodeTable(w, n, f) }
	add(TableModuleHandles, len(p.ModuleHandles), func(i int) { w.moduleHandle(p.ModuleHandles[i]) })
	add(TableStructHandles, len(p.StructHandles), func(i int) { w.structHandle(p.StructHandles[i]) })
	add(TableFunctionHandles, len(p.FunctionHandles), func(i int) { w.functionHandle(p.FunctionHandles[i]) })
	add(TableFunctionInst, len(p.FunctionInstantiations), func(i int) {
		w.uleb(uint64(p.FunctionInstantiations[i].Handle))
		w.uleb(uint64(p.FunctionInstantiations[i].TypeParameters))
	})
	add(TableSignatures, len(p.Signatures), func(i int) { w.signature(p.Signatures[i]) })
	add(TableIdentifiers, len(p.Identifiers), func(i int) { w.blob([]byte(p.Identifiers[i])) })
	add(TableAddressIdentifiers, len(p.AddressIdentifiers), func(i int) { w.buf = append(w.buf, p.AddressIdentifiers[i][:]...) })
	add(TableConstantPool, len(p.ConstantPool), func(i int) {
		w.token(&p.ConstantPool[i].Type)
		w.blob(p.ConstantPool[i].Data)
	})
	add(TableMetadata, len(p.Metadata), func(i int) {
		w.blob(p.Metadata[i].Key)
		w.blob(p.Metadata[i].Value)
	})
	return t
}

// order lists the present tables: first as the layout has them, then the
// others in the canonical order.
func order(present map[TableKind][]byte, layout []TableKind) []TableKind {
	var out []TableKind
	for _, k := range append(slices.Clone(layout), canonicalOrder...) {
		if len(present[k]) > 0 && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func assemble(version uint32, l *Layout, tables map[TableKind][]byte, body, tail *writer) ([]byte, error) {
	if version < VersionMin || version > VersionMax {
		return nil, fmt.Errorf("bytecode: serialize: version %d not supported (%d to %d)", version, VersionMin, VersionMax)
	}
	if body.err != nil {
		return nil, body.err
	}
	if tail.err != nil {
		return nil, tail.err
	}
	if l == nil {
		l = &Layout{}
	}
	content := order(tables, l.ContentOrder)
	offsets := map[TableKind]uint64{}
	var size uint64
	for _, k := range content {
		offsets[k] = size
		size += uint64(len(tables[k]))
	}
	if size > 0xFFFFFFFF {
		return nil, fmt.Errorf("bytecode: serialize: table contents of %d bytes exceed 2^32-1", size)
	}
	word := canonicalWord(version)
	if l.VersionWord != 0 && l.VersionWord&^VersionMask == version {
		word = l.VersionWord
	}
	out := &writer{buf: append(make([]byte, 0, 64+int(size)+len(tail.buf)), Magic[:]...)}
	out.buf = binary.LittleEndian.AppendUint32(out.buf, word)
	headers := order(tables, l.HeaderOrder)
	out.count(len(headers))
	for _, k := range headers {
		out.byte(byte(k))
		out.uleb(offsets[k])
		out.count(len(tables[k]))
	}
	for _, k := range content {
		out.buf = append(out.buf, tables[k]...)
	}
	out.buf = append(out.buf, tail.buf...)
	out.buf = append(out.buf, l.Trailing...)
	return out.buf, nil
}
