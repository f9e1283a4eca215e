package bytecode_test

import (
	"bytes"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	. "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// kitchenSink builds a version-10 module with every table, every type,
// every attribute and access specifier kind, and one function holding
// every instruction (with operands that are in range).
func kitchenSink(t testing.TB) (*ModuleBuilder, map[Opcode]bool) {
	t.Helper()
	b := NewModuleBuilder(cafe, "sink").Version(Version10)
	b.Friend(cafe, "friendly")
	b.Metadata([]byte("note"), []byte{1, 2, 3})
	phantom := []StructTypeParameter{{Constraints: AbilityCopy | AbilityDrop, IsPhantom: true}}
	tp := []StructTypeParameter{{Constraints: AbilityStore}}
	s := b.Struct("S", AbilityKey|AbilityStore, Field("a", U64), Field("b", Bool))
	g := b.GenericStruct("G", AbilityDrop, tp, Field("x", TypeParameter(0)))
	b.GenericStruct("P", AbilityCopy|AbilityDrop, phantom)
	b.NativeStruct("N", AbilitiesAll)
	e := b.Enum("E", AbilityDrop, nil, Variant("A", Field("x", U64)), Variant("B", Field("x", U64), Field("y", Bool)))
	ge := b.Enum("GE", AbilityDrop, tp, Variant("V", Field("v", TypeParameter(0))))
	every := Signature{Bool, U8, U16, U32, U64, U128, U256, I8, I16, I32, I64, I128, I256, Address, Signer,
		Vector(U8), Ref(U64), MutRef(Bool), TypeParameter(0), b.StructType(s), b.StructType(g, Vector(U16)),
		FunctionType([]SignatureToken{Ref(U8), TypeParameter(0)}, []SignatureToken{U64, Bool}, AbilityCopy|AbilityDrop),
		FunctionType(nil, nil, 0)}
	b.Signature(every...)
	other := b.ModuleRef(ledgerapi.AddressOne, "other")
	ext := b.ImportStruct(other, "R", AbilityKey, StructTypeParameter{})
	access := []AccessSpecifier{
		{Kind: AccessReads, Resource: ResourceSpecifier{Kind: ResourceAny}, Address: AddressSpecifier{Kind: AddressAny}},
		{Kind: AccessWrites, Negated: true, Resource: ResourceSpecifier{Kind: ResourceAtAddress, Address: 0},
			Address: AddressSpecifier{Kind: AddressLiteral, Literal: 0}},
		{Kind: AccessReads, Resource: ResourceSpecifier{Kind: ResourceInModule, Module: other},
			Address: AddressSpecifier{Kind: AddressParameter, Parameter: 1}},
		{Kind: AccessReads, Resource: ResourceSpecifier{Kind: ResourceStruct, Struct: b.StructHandle(s)},
			Address: AddressSpecifier{Kind: AddressParameter, Parameter: 0, HasFunction: true, Function: 0}},
		{Kind: AccessWrites, Resource: ResourceSpecifier{Kind: ResourceStructInstantiation, Struct: ext, TypeArgs: b.Signature(U8)},
			Address: AddressSpecifier{Kind: AddressAny}},
	}
	attrs := []FunctionAttribute{{Kind: AttrPersistent}, {Kind: AttrModuleLock}, {Kind: AttrPack},
		{Kind: AttrPackVariant, Operand: 1}, {Kind: AttrUnpack}, {Kind: AttrUnpackVariant, Operand: 0x1234},
		{Kind: AttrTestVariant, Operand: 2}, {Kind: AttrBorrowFieldImmutable, Operand: 3}, {Kind: AttrBorrowFieldMutable, Operand: 0xFFFF}}
	gen := b.ImportFunction(other, "gen", Fn{TypeParams: []AbilitySet{AbilityDrop}, Params: []SignatureToken{TypeParameter(0)},
		Access: &access, Attributes: attrs})
	fi := b.FunctionInst(gen, U64)
	b.ImportFunction(other, "pure", Fn{Access: &[]AccessSpecifier{}})
	b.Constant(Vector(U8), []byte{2, 0xAB, 0xCD})
	b.ConstantBytes([]byte("hello"))
	operands := map[TableKind]uint64{
		TableConstantPool:         uint64(b.Constant(U64, make([]byte, 8))),
		TableFieldHandles:         uint64(b.FieldHandle(s, "b")),
		TableFieldInst:            uint64(b.FieldInst(g, "x", U64)),
		TableFunctionHandles:      uint64(gen),
		TableFunctionInst:         uint64(fi),
		TableStructDefs:           uint64(s),
		TableStructDefInst:        uint64(b.StructInst(g, Address)),
		TableSignatures:           uint64(b.Signature(U8)),
		TableVariantFieldHandles:  uint64(b.VariantFieldHandle(e, "x", "A", "B")),
		TableVariantFieldInst:     uint64(b.VariantFieldInst(ge, "v", []string{"V"}, U8)),
		TableStructVariantHandles: uint64(b.VariantHandle(e, "B")),
		TableStructVariantInst:    uint64(b.VariantInst(ge, "V", U32)),
	}
	var code []Instruction
	seen := map[Opcode]bool{}
	for op := Opcode(1); op.Since() != 0; op++ {
		seen[op] = true
		var in Instruction
		switch name := op.String(); {
		case op == OpBrTrue || op == OpBrFalse || op == OpBranch:
			in = I(op, 0)
		case op >= OpCopyLoc && op <= OpImmBorrowLoc:
			in = I(op, 2)
		case op == OpLdU128 || op == OpLdI128:
			in = I(op, 0x0102030405060708, 0x1112131415161718)
		case op == OpLdU256 || op == OpLdI256:
			in = I(op, 1, 2, 3, 0x8000000000000000)
		case op == OpLdU8 || op == OpLdU16 || op == OpLdU32 || op == OpLdU64 || op == OpLdI8 || op == OpLdI16 ||
			op == OpLdI32 || op == OpLdI64:
			in = I(op, 0xFEDCBA9876543210)
		case op == OpVecPack || op == OpVecUnpack:
			in = I(op, operands[TableSignatures], 3)
		case op == OpPackClosure || op == OpPackClosureGeneric:
			idx := operands[TableFunctionHandles]
			if op == OpPackClosureGeneric {
				idx = operands[TableFunctionInst]
			}
			in = I(op, idx, 1<<63|5)
		case op == OpCallClosure:
			in = I(op, uint64(b.Signature(FunctionType([]SignatureToken{U64}, nil, AbilityDrop))))
		default:
			in = operandFor(t, op, name, operands)
		}
		code = append(code, in)
	}
	b.Function("all", Public|Entry, Fn{TypeParams: []AbilitySet{AbilityStore | AbilityDrop},
		Params: []SignatureToken{U64, Address}, Locals: []SignatureToken{U8}, Code: code, Acquires: []StructDefIndex{s}})
	b.Function("native_one", Friend, Fn{Native: true, Params: []SignatureToken{Vector(U8)}, Returns: []SignatureToken{U64}})
	b.Function("private_entry", Private|Entry, Fn{Params: []SignatureToken{Ref(Signer)}, Code: []Instruction{I(OpRet)}})
	b.Function("types", Private, Fn{TypeParams: []AbilitySet{0}, Params: []SignatureToken{every[18]},
		Locals: every, Code: []Instruction{I(OpRet)}})
	return b, seen
}

// operandFor gives an instruction with a single table index operand.
func operandFor(t testing.TB, op Opcode, name string, operands map[TableKind]uint64) Instruction {
	t.Helper()
	table := map[string]TableKind{"LD_CONST": TableConstantPool, "CALL": TableFunctionHandles, "CALL_GENERIC": TableFunctionInst}
	k, ok := table[name]
	switch {
	case ok:
	case contains(name, "VARIANT_FIELD"):
		k = map[bool]TableKind{false: TableVariantFieldHandles, true: TableVariantFieldInst}[contains(name, "GENERIC")]
	case contains(name, "VARIANT"):
		k = map[bool]TableKind{false: TableStructVariantHandles, true: TableStructVariantInst}[contains(name, "GENERIC")]
	case contains(name, "FIELD"):
		k = map[bool]TableKind{false: TableFieldHandles, true: TableFieldInst}[contains(name, "GENERIC")]
	case contains(name, "VEC_"):
		k = TableSignatures
	case contains(name, "PACK") || contains(name, "EXISTS") || contains(name, "GLOBAL") || contains(name, "MOVE_FROM") || contains(name, "MOVE_TO"):
		k = map[bool]TableKind{false: TableStructDefs, true: TableStructDefInst}[contains(name, "GENERIC")]
	default:
		return I(op)
	}
	return I(op, operands[k])
}

func contains(s, sub string) bool { return bytes.Contains([]byte(s), []byte(sub)) }

func TestEveryInstructionAndTableRoundTrips(t *testing.T) {
	b, seen := kitchenSink(t)
	if len(seen) != 104 {
		t.Fatalf("%d opcodes", len(seen))
	}
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	built, _ := b.Module()
	m := roundTrip(t, built, code)
	for k := TableKind(1); k <= TableStructVariantInst; k++ {
		if k != 9 {
			tableStart(t, code, k) // fails when the table is missing
		}
	}
	got := map[Opcode]bool{}
	for _, in := range m.FunctionDefs[0].Code.Code {
		got[in.Op] = true
	}
	if len(got) != len(seen) {
		t.Fatalf("%d distinct opcodes read back, built %d", len(got), len(seen))
	}
	// The same module one version down is rejected: it holds version-10 features.
	m.Version = Version9
	if _, err := m.Serialize(); err == nil {
		t.Fatal("version 9 accepted AbortMsg and struct-API attributes")
	}
}
