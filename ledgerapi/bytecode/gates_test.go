package bytecode_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	. "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// tableStart finds where table kind's contents start, reading the header
// independently of the package.
func tableStart(t *testing.T, b []byte, kind TableKind) int {
	t.Helper()
	off := 8
	next := func() uint64 {
		var v uint64
		for shift := 0; ; shift += 7 {
			c := b[off]
			off++
			v |= uint64(c&0x7F) << shift
			if c&0x80 == 0 {
				return v
			}
		}
	}
	n := int(next())
	found := -1
	for i := 0; i < n; i++ {
		k := TableKind(b[off])
		off++
		o, _ := next(), next()
		if k == kind {
			found = int(o)
		}
	}
	if found < 0 {
		t.Fatalf("no table %v", kind)
	}
	return off + found
}

// Features are gated by the version of the binary.
func TestVersionGates(t *testing.T) {
	cases := []struct {
		name    string
		version uint32 // the last version that lacks the feature
		mutate  func(m *Module)
		where   string
		value   byte // the byte at the reported offset
	}{
		{"enum", 6, func(m *Module) {
			m.StructDefs[0] = StructDef{Layout: StructVariants, Variants: []VariantDef{{Name: 3}}}
			m.FieldHandles = nil
		}, "STRUCT_DEFS[0].field_information", 3},
		{"u16 type", 5, func(m *Module) { m.Signatures[1] = Signature{U16} }, "SIGNATURES[1][0]", byte(TypeU16)},
		{"u256 type", 5, func(m *Module) { m.Signatures[1] = Signature{Vector(U256)} }, "SIGNATURES[1][0]", byte(TypeU256)},
		{"function type", 7, func(m *Module) {
			m.Signatures[1] = Signature{FunctionType([]SignatureToken{U64}, nil, AbilityDrop)}
		}, "SIGNATURES[1][0]", byte(TypeFunction)},
		{"signed type", 8, func(m *Module) { m.Signatures[1] = Signature{I64} }, "SIGNATURES[1][0]", byte(TypeI64)},
		{"u16 load", 5, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpLdU16, 7) }, "FUNCTION_DEFS[0].code[1]", byte(OpLdU16)},
		{"u256 cast", 5, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpCastU256) }, "FUNCTION_DEFS[0].code[1]", byte(OpCastU256)},
		{"variant test", 6, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpTestVariant, 0) }, "FUNCTION_DEFS[0].code[1]", byte(OpTestVariant)},
		{"closure", 7, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpPackClosure, 0, 1) }, "FUNCTION_DEFS[0].code[1]", byte(OpPackClosure)},
		{"closure call", 7, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpCallClosure, 1) }, "FUNCTION_DEFS[0].code[1]", byte(OpCallClosure)},
		{"signed load", 8, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpLdI8, 0xFF) }, "FUNCTION_DEFS[0].code[1]", byte(OpLdI8)},
		{"negate", 8, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpNegate) }, "FUNCTION_DEFS[0].code[1]", byte(OpNegate)},
		{"abort with message", 9, func(m *Module) { m.FunctionDefs[0].Code.Code[1] = I(OpAbortMsg) }, "FUNCTION_DEFS[0].code[1]", byte(OpAbortMsg)},
		{"dollar in identifiers", 8, func(m *Module) { m.Identifiers[3] = "x$y" }, "IDENTIFIERS[3]", 3},
		{"struct API attribute", 9, func(m *Module) {
			m.FunctionHandles[0].Attributes = []FunctionAttribute{{Kind: AttrPersistent}, {Kind: AttrBorrowFieldMutable, Operand: 2}}
		}, "FUNCTION_HANDLES[0].attributes[1]", byte(AttrBorrowFieldMutable)},
	}
	// later makes a unit valid one version later, where needed.
	later := map[string]func(m *Module){
		"variant test": func(m *Module) {
			m.StructDefs[0] = StructDef{Layout: StructVariants, Variants: []VariantDef{{Name: 3}}}
			m.FieldHandles = nil
			m.StructVariantHandles = []StructVariantHandle{{Struct: 0, Variant: 0}}
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(c.version)
			c.mutate(m)
			b := encode(t, m)
			_, err := DeserializeModule(b)
			e := wantErr(t, err, StatusMalformed, c.where, -2)
			if b[e.Offset] != c.value {
				t.Fatalf("byte %#x at %#x, want %#x", b[e.Offset], e.Offset, c.value)
			}
			// One version later the same unit reads and round-trips.
			m.Version = c.version + 1
			if f := later[c.name]; f != nil {
				f(m)
			}
			b = encode(t, m)
			m2, err := DeserializeModule(b)
			if err != nil {
				t.Fatalf("version %d: %v", m.Version, err)
			}
			if out, err := m2.Serialize(); err != nil || !bytes.Equal(out, b) {
				t.Fatalf("round trip: %v", err)
			}
		})
	}
}

// The reference reader has no version check for UnpackVariant; an old
// module is rejected by the bounds check instead (it cannot have variants).
func TestUnpackVariantInOldModule(t *testing.T) {
	m := base(6)
	m.FunctionDefs[0].Code.Code[1] = I(OpUnpackVariant, 0)
	b := encode(t, m)
	_, err := DeserializeModule(b)
	wantErr(t, err, StatusIndexOutOfBounds, "FUNCTION_DEFS[0].code[1]", afterMarker(t, b))
}

func TestWriterRejectsWhatTheVersionLacks(t *testing.T) {
	m := base(6)
	m.FunctionHandles[0].AccessSpecifiers = &[]AccessSpecifier{}
	if _, err := m.Serialize(); err == nil {
		t.Error("access specifiers written at version 6")
	}
	m = base(7)
	m.FunctionHandles[0].Attributes = []FunctionAttribute{{Kind: AttrPersistent}}
	if _, err := m.Serialize(); err == nil {
		t.Error("attributes written at version 7")
	}
	s := &Script{Version: 7, Pools: Pools{Signatures: []Signature{{}}}, AccessSpecifiers: &[]AccessSpecifier{},
		Code: CodeUnit{Code: []Instruction{I(OpRet)}}}
	if _, err := s.Serialize(); err == nil {
		t.Error("script access specifiers written at version 7")
	}
	s.Version = 8
	if _, err := s.Serialize(); err != nil {
		t.Error(err)
	}
	m = base(10)
	m.FunctionDefs[0].Code.Code[1] = Instruction{Op: 0x69}
	if _, err := m.Serialize(); err == nil {
		t.Error("unknown opcode written")
	}
}

func TestMalformedBytes(t *testing.T) {
	m := base(10)
	m.ConstantPool[0].Data = binary.LittleEndian.AppendUint64(nil, marker+1)
	m.Signatures = append(m.Signatures, Signature{TypeParameter(0xFFFF)}, Signature{{Kind: TypeStructInst, Struct: 0}})
	good := encode(t, m)
	if _, err := DeserializeModule(good); err == nil {
		t.Fatal("the struct instantiation without arguments was accepted")
	}
	code := afterMarker(t, good)
	var c [8]byte
	binary.LittleEndian.PutUint64(c[:], marker+1)
	constType := bytes.Index(good, c[:]) - 2
	param := bytes.Index(good, []byte{0x09, 0xFF, 0xFF, 0x03})
	inst := bytes.Index(good, []byte{0x01, 0x0B, 0x00, 0x00}) + 1
	if bytes.Count(good, []byte{0x01, 0x0B, 0x00, 0x00}) != 1 || bytes.Count(good, []byte{0x09, 0xFF, 0xFF, 0x03}) != 1 {
		t.Fatal("patterns not unique")
	}
	structs := tableStart(t, good, TableStructDefs)
	funcs := tableStart(t, good, TableFunctionDefs)
	patch := func(at int, v ...byte) []byte {
		b := bytes.Clone(good)
		copy(b[at:], v)
		return b
	}
	// fixInst turns the bad signature (1 token: 0b 00 00) into three bools.
	fixInst := func(b []byte) []byte { copy(b[inst-1:], []byte{3, 1, 1, 1}); return b }
	cases := []struct {
		name  string
		b     []byte
		st    Status
		where string
		off   int
	}{
		{"struct instantiation without arguments", good, StatusMalformed, "SIGNATURES[4][0]", inst},
		{"unknown opcode", fixInst(patch(code, 0x69)), StatusUnknownOpcode, "FUNCTION_DEFS[0].code[1]", code},
		{"opcode zero", fixInst(patch(code, 0x00)), StatusUnknownOpcode, "FUNCTION_DEFS[0].code[1]", code},
		{"unknown type", fixInst(patch(constType, 0x17)), StatusUnknownSerializedType, "CONSTANT_POOL[0].type", constType},
		{"type parameter 65536", fixInst(patch(param, 0x09, 0x80, 0x80, 0x04)), StatusUnknownInvariantViolation, "SIGNATURES[3][0]", param},
		{"type parameter past the maximum", fixInst(patch(param, 0x09, 0x81, 0x80, 0x04)), StatusMalformed, "SIGNATURES[3][0]", param + 1},
		{"unknown struct flag", fixInst(patch(structs+1, 0x04)), StatusUnknownNativeStructFlag, "STRUCT_DEFS[0].field_information", structs + 1},
		{"script visibility", fixInst(patch(funcs+1, 0x02)), StatusMalformed, "FUNCTION_DEFS[0].visibility", funcs + 1},
		{"unknown flag bits", fixInst(patch(funcs+2, 0x0C)), StatusInvalidFlagBits, "FUNCTION_DEFS[0].flags", funcs + 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DeserializeModule(c.b)
			wantErr(t, err, c.st, c.where, c.off)
		})
	}
}

// A type may nest MaxSignatureDepth nodes deep, not one more.
func TestSignatureDepthLimit(t *testing.T) {
	nest := func(n int) SignatureToken {
		tok := U8
		for i := 1; i < n; i++ {
			tok = Vector(tok)
		}
		return tok
	}
	m := base(6)
	m.Signatures = append(m.Signatures, Signature{U64, nest(MaxSignatureDepth)})
	if _, err := m.Serialize(); err != nil {
		t.Fatalf("depth %d: %v", MaxSignatureDepth, err)
	}
	m.Signatures[3] = Signature{U64, nest(MaxSignatureDepth + 1)}
	b := encode(t, m)
	_, err := DeserializeModule(b)
	start := bytes.Index(b, bytes.Repeat([]byte{0x0A}, MaxSignatureDepth))
	e := wantErr(t, err, StatusMalformed, "SIGNATURES[3][1]", start+MaxSignatureDepth)
	if b[e.Offset] != byte(TypeU8) {
		t.Fatalf("offset %#x holds %#x", e.Offset, b[e.Offset])
	}
}

// Truncated instruction operands report the reference status of each width.
func TestTruncatedOperands(t *testing.T) {
	cases := []struct {
		in Instruction
		st Status
	}{
		{I(OpLdU8, 1), StatusMalformed},
		{I(OpLdU16, 1), StatusBadU16},
		{I(OpLdU32, 1), StatusBadU32},
		{I(OpLdU64, 1), StatusBadU64},
		{I(OpLdU128, 1, 0), StatusBadU128},
		{I(OpLdU256, 1, 0, 0, 0), StatusBadU256},
		{I(OpLdI16, 1), StatusMalformed},
		{I(OpLdI256, 1, 0, 0, 0), StatusMalformed},
		{I(OpVecPack, 0, 2), StatusBadU64},
	}
	for _, c := range cases {
		t.Run(c.in.Op.String(), func(t *testing.T) {
			s := &Script{Version: 10, Pools: Pools{Signatures: []Signature{{}}}, Code: CodeUnit{Code: []Instruction{c.in}}}
			b, err := EncodeScript(s)
			if err != nil {
				t.Fatal(err)
			}
			_, err = DeserializeScript(b[:len(b)-1])
			e := wantErr(t, err, c.st, "SCRIPT.code[0]", -2)
			if e.Offset <= len(b)-34 || e.Offset >= len(b) {
				t.Fatalf("offset %#x of %d bytes", e.Offset, len(b))
			}
		})
	}
}
