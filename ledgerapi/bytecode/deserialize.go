package bytecode

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// Config adjusts the reader. The zero value reads like a node accepting
// every version up to VersionMax.
type Config struct {
	// MaxVersion is the highest file format version accepted (0: VersionMax),
	// as a node limits it by its on-chain configuration.
	MaxVersion uint32
	// AllowTrailingBytes accepts bytes after the last item of the unit and
	// keeps them in Layout.Trailing. The reference reader never looks past
	// the last item, so a node accepts such binaries; this reader rejects
	// them unless told otherwise.
	AllowTrailingBytes bool
}

// DeserializeModule reads a module binary with the default Config.
func DeserializeModule(b []byte) (*Module, error) { return Config{}.DeserializeModule(b) }

// DeserializeScript reads a script binary with the default Config.
func DeserializeScript(b []byte) (*Script, error) { return Config{}.DeserializeScript(b) }

// Deserialize reads a module or a script binary; exactly one of the results
// is non-nil when err is nil. A binary does not say what it holds: the
// unit is told apart by the size of what follows the tables (a module ends
// with one ULEB128 of at most three bytes, a script's main function takes
// at least four), which is exact as long as trailing bytes are rejected.
// Use DeserializeModule or DeserializeScript when the context says which.
func Deserialize(b []byte) (*Module, *Script, error) { return Config{}.Deserialize(b) }

// DeserializeModule reads a module binary.
func (c Config) DeserializeModule(b []byte) (*Module, error) {
	m, _, err := c.decode(b, unitModule)
	return m, err
}

// DeserializeScript reads a script binary.
func (c Config) DeserializeScript(b []byte) (*Script, error) {
	_, s, err := c.decode(b, unitScript)
	return s, err
}

// Deserialize reads a module or a script binary (see the function Deserialize).
func (c Config) Deserialize(b []byte) (*Module, *Script, error) { return c.decode(b, unitAuto) }

type unitKind int

const (
	unitAuto unitKind = iota
	unitModule
	unitScript
)

type tableEntry struct {
	kind         TableKind
	offset, size uint32
	hdrOff       int // offset of the header entry
}

// decoded holds what the reader learnt about the layout of a binary.
type decoded struct {
	buf                      []byte
	version, word            uint32
	header, sorted           []tableEntry
	contentStart, contentEnd int
	pos                      [numTableKinds][]int // element start offsets
	trailer                  int                  // offset of the self handle or the script's main
}

func (c Config) decode(b []byte, want unitKind) (*Module, *Script, error) {
	d := &decoded{buf: b}
	r := &reader{buf: b, end: len(b), found: -1}
	d.readHeader(r, c)
	if !r.ok() {
		return nil, nil, r.err
	}
	if want == unitAuto {
		want = unitModule
		if len(b)-d.contentEnd >= 4 {
			want = unitScript
		}
	}
	var pools *Pools
	var m *Module
	var s *Script
	r.off, r.end, d.trailer = d.contentEnd, len(b), d.contentEnd
	if want == unitModule {
		m = &Module{Version: d.version}
		pools = &m.Pools
		r.enter("SELF_MODULE_HANDLE", -1)
		m.SelfHandle = ModuleHandleIndex(r.index())
	} else {
		s = &Script{Version: d.version}
		pools = &s.Pools
		r.scriptMain(s)
	}
	end := r.off
	if !r.ok() {
		return nil, nil, r.err
	}
	d.readTables(r, pools, m)
	if !r.ok() {
		return nil, nil, r.err
	}
	ck := &checker{pools: pools, m: m, s: s, d: d}
	if err := ck.run(); err != nil {
		return nil, nil, err
	}
	layout := d.layout()
	if end != len(b) {
		if !c.AllowTrailingBytes {
			what := "module"
			if s != nil {
				what = "script"
			}
			return nil, nil, &Error{Status: StatusMalformed, Offset: end,
				Msg: formatTrailing(len(b)-end, what)}
		}
		if layout == nil {
			layout = &Layout{}
		}
		layout.Trailing = append([]byte{}, b[end:]...)
	}
	if m != nil {
		m.Layout = layout
		return m, nil, nil
	}
	s.Layout = layout
	return nil, s, nil
}

func formatTrailing(n int, what string) string {
	if n == 1 {
		return "1 trailing byte after the end of the " + what
	}
	return fmt.Sprintf("%d trailing bytes after the end of the %s", n, what)
}

func (d *decoded) readHeader(r *reader, c Config) {
	b := d.buf
	r.enter("HEADER", -1)
	r.field("magic")
	if len(b) < len(Magic) || [4]byte(b[:4]) != Magic {
		r.failAt(StatusBadMagic, 0, "binary does not start with a11ceb0b")
		return
	}
	r.off = 4
	r.field("version")
	w := r.fixed(4, StatusMalformed)
	if w == nil {
		return
	}
	d.word = binary.LittleEndian.Uint32(w)
	d.version = d.word &^ VersionMask
	max := c.MaxVersion
	if max == 0 || max > VersionMax {
		max = VersionMax
	}
	switch {
	case d.version == 0 || d.version > max:
		r.failAt(StatusUnknownVersion, 4, "bytecode version %d unsupported (accepted: %d to %d)", d.version, VersionMin, max)
		return
	case d.version < VersionMin:
		r.failAt(StatusUnknownVersion, 4, "bytecode version %d predates version %d, the oldest supported", d.version, VersionMin)
		return
	}
	r.version = d.version
	r.field("table_count")
	n := r.count(maxTableCount)
	for i := 0; i < n && r.ok(); i++ {
		r.fieldN("tables[%d]", i)
		e := tableEntry{hdrOff: r.off}
		kind := r.u8()
		e.offset = uint32(r.uleb(math.MaxUint32))
		e.size = uint32(r.uleb(math.MaxUint32))
		e.kind = TableKind(kind)
		if r.ok() && !e.kind.known() {
			r.failAt(StatusUnknownTableType, e.hdrOff, "unknown table type 0x%02x", kind)
		}
		d.header = append(d.header, e)
	}
	if !r.ok() {
		return
	}
	d.contentStart = r.off
	d.sorted = slices.Clone(d.header)
	slices.SortStableFunc(d.sorted, func(a, b tableEntry) int { return int(int64(a.offset) - int64(b.offset)) })
	var cur uint64
	var seen [numTableKinds]bool
	for _, e := range d.sorted {
		r.fieldN("tables[%d]", slices.Index(d.header, e))
		switch {
		case uint64(e.offset) != cur:
			r.failAt(StatusBadHeaderTable, e.hdrOff, "table %s starts at %d, expected %d (contents must be contiguous from 0)", e.kind, e.offset, cur)
		case e.size == 0:
			r.failAt(StatusBadHeaderTable, e.hdrOff, "table %s is empty", e.kind)
		case cur+uint64(e.size) > math.MaxUint32:
			r.failAt(StatusBadHeaderTable, e.hdrOff, "table %s ends past 2^32", e.kind)
		case seen[e.kind]:
			r.failAt(StatusDuplicateTable, e.hdrOff, "table %s appears twice", e.kind)
		case cur+uint64(e.size) > uint64(len(b)):
			r.failAt(StatusBadHeaderTable, e.hdrOff, "table %s ends at %d, past the %d-byte binary", e.kind, cur+uint64(e.size), len(b))
		}
		if !r.ok() {
			return
		}
		seen[e.kind] = true
		cur += uint64(e.size)
	}
	d.contentEnd = d.contentStart + int(cur)
	if d.contentEnd > len(b) {
		r.field("")
		r.failAt(StatusMalformed, d.contentStart, "table contents need %d bytes, %d remain", cur, len(b)-d.contentStart)
	}
}

// scriptMain reads what follows a script's tables: its type parameters,
// parameters, access specifiers (version 8 on) and code.
func (r *reader) scriptMain(s *Script) {
	r.enter("SCRIPT", -1)
	r.field("type_parameters")
	s.TypeParameters = r.abilitySets()
	r.field("parameters")
	s.Parameters = SignatureIndex(r.index())
	if r.version >= Version8 {
		r.field("access_specifiers")
		s.AccessSpecifiers = r.accessSpecifiers()
	}
	if r.ok() {
		s.Code = r.codeUnit()
	}
}

// readTables reads every table, in the order of their contents, in two
// passes like the reference reader: the tables modules and scripts share,
// then the others (which a script may not have).
func (d *decoded) readTables(r *reader, p *Pools, m *Module) {
	for pass := 0; pass < 2; pass++ {
		for _, e := range d.sorted {
			if !r.ok() {
				return
			}
			if pass == 0 && e.kind.variantTable() && d.version < Version7 {
				r.enter("HEADER", -1)
				r.fieldN("tables[%d]", slices.Index(d.header, e))
				r.failAt(StatusMalformed, e.hdrOff, "table %s not available in bytecode version %d", e.kind, d.version)
				return
			}
			if e.kind.moduleOnly() != (pass == 1) {
				continue
			}
			if m == nil && pass == 1 {
				r.enter("HEADER", -1)
				r.fieldN("tables[%d]", slices.Index(d.header, e))
				r.failAt(StatusMalformed, e.hdrOff, "table %s not allowed in a script", e.kind)
				return
			}
			r.off = d.contentStart + int(e.offset)
			r.end = r.off + int(e.size)
			for i := 0; r.off < r.end && r.ok(); i++ {
				r.enter(e.kind.String(), i)
				d.pos[e.kind] = append(d.pos[e.kind], r.off)
				r.readElement(e.kind, p, m)
			}
		}
	}
}

// readElement reads one element of table k into p or m.
func (r *reader) readElement(k TableKind, p *Pools, m *Module) {
	switch k {
	case TableModuleHandles:
		p.ModuleHandles = append(p.ModuleHandles, r.moduleHandle())
	case TableStructHandles:
		p.StructHandles = append(p.StructHandles, r.structHandle())
	case TableFunctionHandles:
		p.FunctionHandles = append(p.FunctionHandles, r.functionHandle())
	case TableFunctionInst:
		h, sig := r.instantiation()
		p.FunctionInstantiations = append(p.FunctionInstantiations, FunctionInstantiation{FunctionHandleIndex(h), sig})
	case TableSignatures:
		p.Signatures = append(p.Signatures, r.signature())
	case TableIdentifiers:
		p.Identifiers = append(p.Identifiers, r.identifier())
	case TableAddressIdentifiers:
		p.AddressIdentifiers = append(p.AddressIdentifiers, r.address())
	case TableConstantPool:
		p.ConstantPool = append(p.ConstantPool, r.constant())
	case TableMetadata:
		p.Metadata = append(p.Metadata, r.metadata())
	case TableStructDefs:
		m.StructDefs = append(m.StructDefs, r.structDef())
	case TableStructDefInst:
		h, sig := r.instantiation()
		m.StructDefInstantiations = append(m.StructDefInstantiations, StructDefInstantiation{StructDefIndex(h), sig})
	case TableFunctionDefs:
		m.FunctionDefs = append(m.FunctionDefs, r.functionDef())
	case TableFieldHandles:
		m.FieldHandles = append(m.FieldHandles, r.fieldHandle())
	case TableFieldInst:
		h, sig := r.instantiation()
		m.FieldInstantiations = append(m.FieldInstantiations, FieldInstantiation{FieldHandleIndex(h), sig})
	case TableFriendDecls:
		m.FriendDecls = append(m.FriendDecls, r.moduleHandle())
	case TableVariantFieldHandles:
		m.VariantFieldHandles = append(m.VariantFieldHandles, r.variantFieldHandle())
	case TableVariantFieldInst:
		h, sig := r.instantiation()
		m.VariantFieldInstantiations = append(m.VariantFieldInstantiations, VariantFieldInstantiation{VariantFieldHandleIndex(h), sig})
	case TableStructVariantHandles:
		m.StructVariantHandles = append(m.StructVariantHandles, r.structVariantHandle())
	case TableStructVariantInst:
		h, sig := r.instantiation()
		m.StructVariantInstantiations = append(m.StructVariantInstantiations, StructVariantInstantiation{StructVariantHandleIndex(h), sig})
	}
}

// layout returns the binary's layout when it is not the canonical one.
func (d *decoded) layout() *Layout {
	present := func(k TableKind) bool {
		return slices.ContainsFunc(d.header, func(e tableEntry) bool { return e.kind == k })
	}
	var canon []TableKind
	for _, k := range canonicalOrder {
		if present(k) {
			canon = append(canon, k)
		}
	}
	kinds := func(es []tableEntry) []TableKind {
		out := make([]TableKind, len(es))
		for i, e := range es {
			out[i] = e.kind
		}
		return out
	}
	l := &Layout{HeaderOrder: kinds(d.header), ContentOrder: kinds(d.sorted)}
	if d.word != canonicalWord(d.version) {
		l.VersionWord = d.word
	}
	if l.VersionWord == 0 && slices.Equal(l.HeaderOrder, canon) && slices.Equal(l.ContentOrder, canon) {
		return nil
	}
	return l
}

// canonicalWord is the version word the reference serializer writes.
func canonicalWord(v uint32) uint32 {
	if v >= Version7 {
		return v | VersionMask
	}
	return v
}
