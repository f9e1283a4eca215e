package bytecode_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	. "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// marker is an LdU64 operand that appears once in a binary, so tests can
// find the instruction that follows it.
const marker = 0x1122334455667788

// base is a small valid module (0x1::m) with a struct, a field handle, a
// constant and an entry function whose code starts with the marker.
func base(version uint32) *Module {
	code := []Instruction{I(OpLdU64, marker), I(OpStLoc, 1), I(OpLdConst, 0), I(OpPop), I(OpRet)}
	return &Module{
		Version: version,
		Pools: Pools{
			ModuleHandles:      []ModuleHandle{{Address: 0, Name: 0}},
			StructHandles:      []StructHandle{{Module: 0, Name: 1, Abilities: AbilityKey | AbilityStore}},
			FunctionHandles:    []FunctionHandle{{Module: 0, Name: 2, Parameters: 2, Return: 0}},
			Signatures:         []Signature{{}, {U64}, {Ref(Signer)}},
			Identifiers:        []string{"m", "S", "f", "x"},
			AddressIdentifiers: []ledgerapi.Address{ledgerapi.AddressOne},
			ConstantPool:       []Constant{{Type: U64, Data: make([]byte, 8)}},
		},
		StructDefs:   []StructDef{{Handle: 0, Layout: StructFields, Fields: []FieldDef{{Name: 3, Type: U64}}}},
		FieldHandles: []FieldHandle{{Owner: 0, Field: 0}},
		FunctionDefs: []FunctionDef{{Function: 0, Visibility: Public, IsEntry: true, Acquires: []StructDefIndex{0},
			Code: &CodeUnit{Locals: 1, Code: code}}},
	}
}

func encode(t *testing.T, m *Module) []byte {
	t.Helper()
	b, err := EncodeModule(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// afterMarker is the offset of the instruction after the marker's LdU64.
func afterMarker(t *testing.T, b []byte) int {
	t.Helper()
	var m [8]byte
	binary.LittleEndian.PutUint64(m[:], marker)
	i := bytes.Index(b, m[:])
	if i < 0 {
		t.Fatal("marker not found")
	}
	return i + 8
}

func TestBaseModuleReads(t *testing.T) {
	for _, v := range []uint32{5, 6, 7, 8, 9, 10} {
		b := encode(t, base(v))
		m, err := DeserializeModule(b)
		if err != nil {
			t.Fatalf("version %d: %v", v, err)
		}
		if out, err := m.Serialize(); err != nil || !bytes.Equal(out, b) {
			t.Fatalf("version %d: round trip %v", v, err)
		}
	}
}

// Every index is checked against its table; the error names the table,
// element and field, and its offset points at the bad value.
func TestIndexOutOfRange(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(m *Module)
		where  string
		value  byte // the byte at the reported offset (the bad index, or the opcode)
	}{
		{"function handle parameters", func(m *Module) { m.FunctionHandles[0].Parameters = 9 }, "FUNCTION_HANDLES[0].parameters", 9},
		{"function handle return", func(m *Module) { m.FunctionHandles[0].Return = 3 }, "FUNCTION_HANDLES[0].return", 3},
		{"function handle module", func(m *Module) { m.FunctionHandles[0].Module = 4 }, "FUNCTION_HANDLES[0].module", 4},
		{"struct handle module", func(m *Module) { m.StructHandles[0].Module = 5 }, "STRUCT_HANDLES[0].module", 5},
		{"struct handle name", func(m *Module) { m.StructHandles[0].Name = 7 }, "STRUCT_HANDLES[0].name", 7},
		{"field handle owner", func(m *Module) { m.FieldHandles[0].Owner = 3 }, "FIELD_HANDLES[0].owner", 3},
		{"field handle offset", func(m *Module) { m.FieldHandles[0].Field = 1 }, "FIELD_HANDLES[0].field", 1},
		{"friend address", func(m *Module) { m.FriendDecls = []ModuleHandle{{Address: 2, Name: 0}} }, "FRIEND_DECLS[0].address", 2},
		{"struct instantiation", func(m *Module) {
			m.StructDefInstantiations = []StructDefInstantiation{{Def: 6, TypeParameters: 1}}
		}, "STRUCT_DEF_INST[0].handle", 6},
		{"function instantiation", func(m *Module) {
			m.FunctionInstantiations = []FunctionInstantiation{{Handle: 0, TypeParameters: 8}}
		}, "FUNCTION_INST[0].type_parameters", 8},
		{"field instantiation", func(m *Module) {
			m.FieldInstantiations = []FieldInstantiation{{Handle: 4, TypeParameters: 1}}
		}, "FIELD_INST[0].handle", 4},
		{"struct definition handle", func(m *Module) { m.StructDefs[0].Handle = 2 }, "STRUCT_DEFS[0].struct_handle", 2},
		{"field name", func(m *Module) { m.StructDefs[0].Fields[0].Name = 9 }, "STRUCT_DEFS[0].fields[0].name", 9},
		{"field type", func(m *Module) { m.StructDefs[0].Fields[0].Type = StructOf(7) }, "STRUCT_DEFS[0].fields[0].type", byte(TypeStruct)},
		{"signature struct", func(m *Module) { m.Signatures[1] = Signature{U8, Vector(StructOf(3))} }, "SIGNATURES[1][1]", byte(TypeVector)},
		{"constant type", func(m *Module) { m.ConstantPool[0].Type = StructOf(2) }, "CONSTANT_POOL[0].type", byte(TypeStruct)},
		{"acquires", func(m *Module) { m.FunctionDefs[0].Acquires = []StructDefIndex{0, 4} }, "FUNCTION_DEFS[0].acquires[1]", 4},
		{"function definition handle", func(m *Module) { m.FunctionDefs[0].Function = 3 }, "FUNCTION_DEFS[0].function", 3},
		{"locals", func(m *Module) { m.FunctionDefs[0].Code.Locals = 5 }, "FUNCTION_DEFS[0].locals", 5},
		{"struct variant handle", func(m *Module) {
			m.Version = 7
			m.StructVariantHandles = []StructVariantHandle{{Struct: 0, Variant: 0}}
		}, "STRUCT_VARIANT_HANDLES[0].variant", 0},
		{"variant field handle", func(m *Module) {
			m.Version = 7
			m.VariantFieldHandles = []VariantFieldHandle{{Struct: 6, Variants: []uint16{0}}}
		}, "VARIANT_FIELD_HANDLES[0].struct", 6},
		{"struct variant instantiation", func(m *Module) {
			m.Version = 7
			m.StructVariantInstantiations = []StructVariantInstantiation{{Handle: 2, TypeParameters: 0}}
		}, "STRUCT_VARIANT_INST[0].handle", 2},
		{"variant field instantiation", func(m *Module) {
			m.Version = 7
			m.VariantFieldInstantiations = []VariantFieldInstantiation{{Handle: 1, TypeParameters: 0}}
		}, "VARIANT_FIELD_INST[0].handle", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(6)
			c.mutate(m)
			b := encode(t, m)
			_, err := DeserializeModule(b)
			e := wantErr(t, err, StatusIndexOutOfBounds, c.where, -2)
			if e.Offset < 0 || e.Offset >= len(b) || b[e.Offset] != c.value {
				t.Fatalf("offset %#x does not point at %#x: %v", e.Offset, c.value, err)
			}
			if _, err := m.Serialize(); err == nil {
				t.Fatal("Serialize accepted the module")
			}
		})
	}
}

// Instruction operands are checked too; the offset is the instruction's.
func TestCodeOperandsOutOfRange(t *testing.T) {
	cases := []struct {
		name string
		in   Instruction
		st   Status
	}{
		{"call", I(OpCall, 1), StatusIndexOutOfBounds},
		{"constant", I(OpLdConst, 1), StatusIndexOutOfBounds},
		{"local", I(OpCopyLoc, 2), StatusIndexOutOfBounds},
		{"branch", I(OpBranch, 5), StatusIndexOutOfBounds},
		{"vector signature", I(OpVecPack, 3, 0), StatusIndexOutOfBounds},
		{"field", I(OpImmBorrowField, 1), StatusIndexOutOfBounds},
		{"struct", I(OpPack, 1), StatusIndexOutOfBounds},
		{"generic call", I(OpCallGeneric, 0), StatusIndexOutOfBounds},
		{"closure", I(OpPackClosure, 2, 1), StatusIndexOutOfBounds},
		{"closure call", I(OpCallClosure, 3), StatusIndexOutOfBounds},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(8)
			m.FunctionDefs[0].Code.Code[1] = c.in
			b := encode(t, m)
			_, err := DeserializeModule(b)
			at := afterMarker(t, b)
			wantErr(t, err, c.st, "FUNCTION_DEFS[0].code[1]", at)
			if b[at] != byte(c.in.Op) {
				t.Fatalf("byte %#x at %#x", b[at], at)
			}
		})
	}
}

func TestSemanticChecks(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(m *Module)
		st     Status
		where  string
	}{
		{"type arguments for a plain struct", func(m *Module) { m.Signatures[1] = Signature{StructOf(0, U8)} },
			StatusNumberOfTypeArgumentsMismatch, "SIGNATURES[1][0]"},
		{"missing type arguments", func(m *Module) {
			m.StructHandles[0].TypeParameters = []StructTypeParameter{{IsPhantom: true}}
			m.Signatures[1] = Signature{StructOf(0)}
		}, StatusNumberOfTypeArgumentsMismatch, "SIGNATURES[1][0]"},
		{"type parameter of a non-generic function", func(m *Module) { m.Signatures[2] = Signature{TypeParameter(0)} },
			StatusIndexOutOfBounds, "FUNCTION_HANDLES[0].parameters"},
		{"type parameter in locals", func(m *Module) { m.Signatures[1] = Signature{TypeParameter(1)} },
			StatusIndexOutOfBounds, "FUNCTION_DEFS[0].locals"},
		{"type parameter in a field", func(m *Module) { m.StructDefs[0].Fields[0].Type = Vector(TypeParameter(0)) },
			StatusIndexOutOfBounds, "STRUCT_DEFS[0].fields[0].type"},
		{"too many locals", func(m *Module) {
			m.Signatures[1] = make(Signature, 255)
			for i := range m.Signatures[1] {
				m.Signatures[1][i] = U64
			}
		}, StatusTooManyLocals, "FUNCTION_DEFS[0].locals"},
		{"enum without variants", func(m *Module) {
			m.Version = 7
			m.StructDefs[0] = StructDef{Handle: 0, Layout: StructVariants}
			m.FieldHandles = nil
		}, StatusZeroVariants, "STRUCT_DEFS[0].field_information"},
		{"variant field handle without variants", func(m *Module) {
			m.Version = 7
			m.VariantFieldHandles = []VariantFieldHandle{{Struct: 0}}
		}, StatusZeroVariants, "VARIANT_FIELD_HANDLES[0].variants"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(6)
			c.mutate(m)
			_, err := DeserializeModule(encode(t, m))
			wantErr(t, err, c.st, c.where, -2)
		})
	}
}
