package verifier

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// stackEffectUnit is a module in which index 0 of every table an
// instruction can name is valid: signature 0 is a function type
// |u64, u8| u64, function handle 0 takes (u64, u8) and returns u64, struct
// definition 0 has two fields, variant handle 0 names a variant with
// three fields.
func stackEffectUnit(t *testing.T) (*unit, *function) {
	t.Helper()
	b := bytecode.NewModuleBuilder(ledgerapi.MustParseAddress("0xcafe"), "m").Version(bytecode.Version9)
	ft := bytecode.FunctionType([]bytecode.SignatureToken{bytecode.U64, bytecode.U8}, []bytecode.SignatureToken{bytecode.U64}, bytecode.AbilityDrop)
	b.Signature(ft)
	g := b.GenericStruct("S", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}},
		bytecode.Field("a", bytecode.U64), bytecode.Field("b", bytecode.U8))
	e := b.Enum("E", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}},
		bytecode.Variant("V", bytecode.Field("x", bytecode.U64), bytecode.Field("y", bytecode.U64), bytecode.Field("z", bytecode.U64)))
	f := b.Function("f", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{0},
		Params: []bytecode.SignatureToken{bytecode.U64, bytecode.U8}, Returns: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpCopyLoc, 0), bytecode.I(bytecode.OpRet)}})
	b.FunctionInst(f, bytecode.U64)
	b.StructInst(g, bytecode.U64)
	b.FieldInst(g, "a", bytecode.U64)
	b.VariantInst(e, "V", bytecode.U64)
	b.VariantFieldInst(e, "x", []string{"V"}, bytecode.U64)
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	u := newModuleUnit(m, Production())
	return u, u.funcs[0]
}

// TestStackEffectCoversEveryOpcode: every instruction but Nop and Branch
// moves values, and the counts that come from tables are right.
func TestStackEffectCoversEveryOpcode(t *testing.T) {
	u, fn := stackEffectUnit(t)
	known := 0
	for i := 1; i < 256; i++ {
		op := bytecode.Opcode(i)
		if op.Since() == 0 {
			continue
		}
		known++
		pops, pushes := stackEffect(u, fn, bytecode.Instruction{Op: op, Imm: 1})
		if (pops == 0 && pushes == 0) != (op == bytecode.OpNop || op == bytecode.OpBranch) {
			t.Errorf("%s: pops %d, pushes %d", op, pops, pushes)
		}
	}
	if known < int(bytecode.OpAbortMsg) {
		t.Fatalf("only %d opcodes known", known)
	}
	for _, c := range []struct {
		in           bytecode.Instruction
		pops, pushes int
	}{
		{bytecode.I(bytecode.OpRet), 1, 0},
		{bytecode.I(bytecode.OpCall, 0), 2, 1},
		{bytecode.I(bytecode.OpCallGeneric, 0), 2, 1},
		{bytecode.I(bytecode.OpPack, 0), 2, 1},
		{bytecode.I(bytecode.OpPackGeneric, 0), 2, 1},
		{bytecode.I(bytecode.OpUnpackGeneric, 0), 1, 2},
		{bytecode.I(bytecode.OpPackVariantGeneric, 0), 3, 1},
		{bytecode.I(bytecode.OpUnpackVariant, 0), 1, 3},
		{bytecode.I(bytecode.OpTestVariant, 0), 1, 1},
		{bytecode.I(bytecode.OpVecPack, 0, 7), 7, 1},
		{bytecode.I(bytecode.OpVecUnpack, 0, 9), 1, 9},
		{bytecode.I(bytecode.OpVecSwap, 0), 3, 0},
		{bytecode.I(bytecode.OpPackClosure, 0, 0b10), 1, 1},
		{bytecode.I(bytecode.OpPackClosureGeneric, 0, 0b11), 2, 1},
		{bytecode.I(bytecode.OpCallClosure, 0), 3, 1},
		{bytecode.I(bytecode.OpAbortMsg), 2, 0},
		{bytecode.I(bytecode.OpMoveTo, 0), 2, 0},
		{bytecode.I(bytecode.OpShl), 2, 1},
	} {
		if pops, pushes := stackEffect(u, fn, c.in); pops != c.pops || pushes != c.pushes {
			t.Errorf("%v: pops %d pushes %d, want %d %d", c.in, pops, pushes, c.pops, c.pushes)
		}
	}
}
