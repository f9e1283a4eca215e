package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestStringUtils formats values from Move code with string_utils and
// compares with the text Aptos's native_format writes for them.
func TestStringUtils(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	b := bytecode.NewModuleBuilder(a.Address, "fmts")
	pair := b.Struct("Pair", bytecode.AbilityCopy|bytecode.AbilityDrop, bytecode.Field("a", bytecode.U64), bytecode.Field("b", bytecode.Bool))
	pairT := b.StructType(pair)
	str := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil))
	su := b.ModuleRef(one, "string_utils")
	any1 := []bytecode.AbilitySet{0}
	toStr := func(name string) bytecode.FunctionHandleIndex {
		return b.ImportFunction(su, name, bytecode.Fn{TypeParams: any1, Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.TypeParameter(0))},
			Returns: []bytecode.SignatureToken{str}})
	}
	toString, withInts, debugString := toStr("to_string"), toStr("to_string_with_integer_types"), toStr("debug_string")
	drop2 := []bytecode.AbilitySet{bytecode.AbilityDrop, bytecode.AbilityDrop}
	format2 := b.ImportFunction(su, "format2", bytecode.Fn{TypeParams: drop2,
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Vector(bytecode.U8)), bytecode.TypeParameter(0), bytecode.TypeParameter(1)}, Returns: []bytecode.SignatureToken{str}})
	I := bytecode.I
	enc := func(f func(e *bcs.Encoder)) []byte { e := bcs.NewEncoder(32); f(e); return e.Bytes() }
	views := map[string]string{}
	view := func(name, want string, local bytecode.SignatureToken, load []bytecode.Instruction, call bytecode.Instruction) {
		code := append(append([]bytecode.Instruction{}, load...), I(bytecode.OpStLoc, 0), I(bytecode.OpImmBorrowLoc, 0), call, I(bytecode.OpRet))
		b.Function(name, bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{str}, Locals: []bytecode.SignatureToken{local}, Code: code})
		views[name] = want
	}
	gen := func(h bytecode.FunctionHandleIndex, t bytecode.SignatureToken) bytecode.Instruction {
		return I(bytecode.OpCallGeneric, uint64(b.FunctionInst(h, t)))
	}
	view("u64", "42", bytecode.U64, []bytecode.Instruction{I(bytecode.OpLdU64, 42)}, gen(toString, bytecode.U64))
	view("u64_typed", "42u64", bytecode.U64, []bytecode.Instruction{I(bytecode.OpLdU64, 42)}, gen(withInts, bytecode.U64))
	view("addr", "@0x1", bytecode.Address, []bytecode.Instruction{I(bytecode.OpLdConst, uint64(b.Constant(bytecode.Address, one[:])))}, gen(toString, bytecode.Address))
	nums := b.Constant(bytecode.Vector(bytecode.U64), enc(func(e *bcs.Encoder) { e.SeqLen(3); e.U64(1); e.U64(2); e.U64(3) }))
	view("nums", "[ 1, 2, 3 ]", bytecode.Vector(bytecode.U64), []bytecode.Instruction{I(bytecode.OpLdConst, uint64(nums))}, gen(toString, bytecode.Vector(bytecode.U64)))
	view("bytes", "0x6162", bytecode.Vector(bytecode.U8), []bytecode.Instruction{I(bytecode.OpLdConst, uint64(b.ConstantBytes([]byte("ab"))))},
		gen(toString, bytecode.Vector(bytecode.U8)))
	view("pair", "Pair { a: 7, b: true }", pairT, []bytecode.Instruction{I(bytecode.OpLdU64, 7), I(bytecode.OpLdTrue), I(bytecode.OpPack, uint64(pair))},
		gen(toString, pairT))
	view("pair_debug", a.Address.ShortString()+"::fmts::Pair {\n  a: 7,\n  b: true\n}", pairT,
		[]bytecode.Instruction{I(bytecode.OpLdU64, 7), I(bytecode.OpLdTrue), I(bytecode.OpPack, uint64(pair))}, gen(debugString, pairT))
	fmtConst := b.ConstantBytes([]byte("{} and {}, {{x}}"))
	b.Function("formatted", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{str}, Locals: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, uint64(fmtConst)), I(bytecode.OpStLoc, 0), I(bytecode.OpImmBorrowLoc, 0), I(bytecode.OpLdU64, 1),
			I(bytecode.OpLdFalse), I(bytecode.OpCallGeneric, uint64(b.FunctionInst(format2, bytecode.U64, bytecode.Bool))), I(bytecode.OpRet)}})
	views["formatted"] = "1 and false, {x}"
	tooFew := b.ConstantBytes([]byte("{} {} {}"))
	b.Function("too_few", bytecode.Public, bytecode.Fn{Returns: []bytecode.SignatureToken{str}, Locals: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)},
		Code: []bytecode.Instruction{I(bytecode.OpLdConst, uint64(tooFew)), I(bytecode.OpStLoc, 0), I(bytecode.OpImmBorrowLoc, 0), I(bytecode.OpLdU64, 1),
			I(bytecode.OpLdFalse), I(bytecode.OpCallGeneric, uint64(b.FunctionInst(format2, bytecode.U64, bytecode.Bool))), I(bytecode.OpRet)}})
	attrs := map[string][]bytecode.KnownAttribute{"too_few": {{Kind: bytecode.AttributeView}}}
	for name := range views {
		attrs[name] = []bytecode.KnownAttribute{{Kind: bytecode.AttributeView}}
	}
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: attrs})
	if out := c.publish(a, packageMeta("Fmts", onchain.UpgradeCompatible, []string{"fmts"}, stdDeps...), mustBytes(t, b)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	mod := ledgerapi.ModuleId{Address: a.Address, Name: "fmts"}
	for name, want := range views {
		vals, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: mod, Name: name}, nil, nil)
		if err != nil || string(vals[0]) != string(vmstub.StringValue(want)) {
			t.Errorf("%s: %q %v, want %q", name, vals, err, want)
		}
	}
	if _, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: mod, Name: "too_few"}, nil, nil); err == nil || !strings.Contains(err.Error(), "EARGS_MISMATCH") {
		t.Fatalf("three placeholders, two values: %v", err)
	}
}
