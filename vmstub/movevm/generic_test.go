package movevm

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

func genericModule(t testing.TB) *bc.Module {
	return build(t, "gen", func(b *bc.ModuleBuilder) {
		T := bc.TypeParameter(0)
		noCopy := b.Struct("NoCopy", bc.AbilityDrop, bc.Field("x", bc.U64))
		box := b.GenericStruct("Box", bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore, []bc.StructTypeParameter{{}}, bc.Field("v", T))
		holder := b.GenericStruct("Holder", bc.AbilityKey, []bc.StructTypeParameter{{Constraints: bc.AbilityStore}}, bc.Field("v", T))
		coin := b.GenericStruct("Coin", bc.AbilityStore|bc.AbilityCopy, []bc.StructTypeParameter{{IsPhantom: true}}, bc.Field("value", bc.U64))
		_ = coin
		boxT := b.StructType(box, T)
		any1 := []bc.AbilitySet{0}
		wrap := b.Function("wrap", bc.Public, bc.Fn{TypeParams: any1, Params: []bc.SignatureToken{T}, Returns: []bc.SignatureToken{boxT},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpPackGeneric, uint64(b.StructInst(box, T))), I(bc.OpRet)}})
		unwrap := b.Function("unwrap", bc.Public, bc.Fn{TypeParams: any1, Params: []bc.SignatureToken{boxT}, Returns: []bc.SignatureToken{T},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpUnpackGeneric, uint64(b.StructInst(box, T))), I(bc.OpRet)}})
		peek := b.Function("peek", bc.Public, bc.Fn{TypeParams: []bc.AbilitySet{bc.AbilityCopy}, Params: []bc.SignatureToken{bc.Ref(boxT)},
			Returns: []bc.SignatureToken{T}, Code: []bc.Instruction{I(bc.OpMoveLoc, 0),
				I(bc.OpImmBorrowFieldGeneric, uint64(b.FieldInst(box, "v", T))), I(bc.OpReadRef), I(bc.OpRet)}})
		b.Function("roundtrip", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64, bc.U8}, Locals: []bc.SignatureToken{b.StructType(box, bc.U8)},
			Code: []bc.Instruction{
				I(bc.OpLdU64, 5), I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, bc.U64))), I(bc.OpCallGeneric, uint64(b.FunctionInst(unwrap, bc.U64))),
				I(bc.OpLdU8, 7), I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, bc.U8))), I(bc.OpStLoc, 0),
				I(bc.OpImmBorrowLoc, 0), I(bc.OpCallGeneric, uint64(b.FunctionInst(peek, bc.U8))), I(bc.OpRet)}})
		b.Function("nested", bc.Public, bc.Fn{Returns: []bc.SignatureToken{b.StructType(box, b.StructType(box, bc.U8))}, Code: []bc.Instruction{
			I(bc.OpLdU8, 1), I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, bc.U8))),
			I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, b.StructType(box, bc.U8)))), I(bc.OpRet)}})
		// peek<NoCopy> violates T: copy.
		b.Function("bad_constraint", bc.Public, bc.Fn{Locals: []bc.SignatureToken{b.StructType(box, b.StructType(noCopy))}, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpPack, uint64(noCopy)), I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, b.StructType(noCopy)))), I(bc.OpStLoc, 0),
			I(bc.OpImmBorrowLoc, 0), I(bc.OpCallGeneric, uint64(b.FunctionInst(peek, b.StructType(noCopy)))), I(bc.OpPop), I(bc.OpRet)}})
		// dup copies a Box<T>, which has copy only when T has.
		dup := b.Function("dup", bc.Public, bc.Fn{TypeParams: []bc.AbilitySet{bc.AbilityDrop}, Params: []bc.SignatureToken{boxT},
			Code: []bc.Instruction{I(bc.OpCopyLoc, 0), I(bc.OpPop), I(bc.OpRet)}})
		b.Function("dup_u8", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpLdU8, 1), I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, bc.U8))), I(bc.OpCallGeneric, uint64(b.FunctionInst(dup, bc.U8))), I(bc.OpRet)}})
		b.Function("dup_nocopy", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpPack, uint64(noCopy)), I(bc.OpCallGeneric, uint64(b.FunctionInst(wrap, b.StructType(noCopy)))),
			I(bc.OpCallGeneric, uint64(b.FunctionInst(dup, b.StructType(noCopy)))), I(bc.OpRet)}})
		// store<T: store>(s, x) publishes Holder<T>.
		holderT := uint64(b.StructInst(holder, T))
		b.Function("store", bc.Public|bc.Entry, bc.Fn{TypeParams: []bc.AbilitySet{bc.AbilityStore}, Params: []bc.SignatureToken{bc.Ref(bc.Signer), T},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpPackGeneric, holderT), I(bc.OpMoveToGeneric, holderT), I(bc.OpRet)}})
		b.Function("has", bc.Public, bc.Fn{TypeParams: []bc.AbilitySet{bc.AbilityStore}, Params: []bc.SignatureToken{bc.Address}, Returns: []bc.SignatureToken{bc.Bool},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpExistsGeneric, holderT), I(bc.OpRet)}})
		// grow<T>() calls grow<vector<T>>(): types grow without bound.
		grow := b.DeclareFunction("grow", bc.Fn{TypeParams: any1})
		b.Function("grow", bc.Public, bc.Fn{TypeParams: any1, Code: []bc.Instruction{
			I(bc.OpCallGeneric, uint64(b.FunctionInst(grow, bc.Vector(T)))), I(bc.OpRet)}})
	})
}

func TestGenerics(t *testing.T) {
	e := newEnv(genericModule(t))
	rets, err := e.call("gen", "roundtrip", nil)
	if err != nil || rets[0].AsU64() != 5 || rets[1].AsU64() != 7 {
		t.Fatalf("roundtrip = %v, %v", rets, err)
	}
	rets, err = e.call("gen", "nested", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rets[0].Type().String(); got != "0xcafe::gen::Box<0xcafe::gen::Box<u8>>" {
		t.Fatalf("type %s", got)
	}
	_, err = e.call("gen", "bad_constraint", nil)
	wantStatus(t, err, onchain.CONSTRAINT_NOT_SATISFIED)
	if _, err = e.call("gen", "dup_u8", nil); err != nil {
		t.Fatal(err)
	}
	_, err = e.call("gen", "dup_nocopy", nil)
	wantStatus(t, err, onchain.COPYLOC_WITHOUT_COPY_ABILITY)
	_, err = e.call("gen", "grow", []ledgerapi.TypeTag{ledgerapi.TypeU8})
	wantStatus(t, err, onchain.VM_MAX_TYPE_DEPTH_REACHED)

	res, err := e.entry("gen", "store", []ledgerapi.TypeTag{ledgerapi.TypeU64}, []ledgerapi.Address{alice}, []byte{9, 0, 0, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Writes) != 1 || res.Writes[0].Tag.String() != "0xcafe::gen::Holder<u64>" {
		t.Fatalf("writes %+v", res.Writes)
	}
	rets, err = e.call("gen", "has", []ledgerapi.TypeTag{ledgerapi.TypeU64}, Address(alice))
	if err != nil || !rets[0].AsBool() {
		t.Fatalf("has<u64> = %v, %v", rets, err)
	}
	rets, err = e.call("gen", "has", []ledgerapi.TypeTag{ledgerapi.TypeU8}, Address(alice))
	if err != nil || rets[0].AsBool() {
		t.Fatalf("has<u8> = %v, %v", rets, err)
	}
	_, err = e.entry("gen", "store", nil, []ledgerapi.Address{alice}, []byte{9, 0, 0, 0, 0, 0, 0, 0})
	wantStatus(t, err, onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)
	signerTag := ledgerapi.TypeSigner
	_, err = e.entry("gen", "store", []ledgerapi.TypeTag{signerTag}, []ledgerapi.Address{alice}, []byte{1})
	wantStatus(t, err, onchain.CONSTRAINT_NOT_SATISFIED)
}

func TestPhantomAbilities(t *testing.T) {
	e := newEnv(genericModule(t))
	s := e.session()
	noCopy, err := s.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: cafe, Module: "gen", Name: "NoCopy"}))
	if err != nil {
		t.Fatal(err)
	}
	lm := s.modules[ledgerapi.ModuleId{Address: cafe, Name: "gen"}]
	coinDef, _ := s.structAt(lm, lm.structs["Coin"])
	boxDef, _ := s.structAt(lm, lm.structs["Box"])
	coin, err := s.types.structOf(coinDef, []*Type{noCopy})
	if err != nil {
		t.Fatal(err)
	}
	box, err := s.types.structOf(boxDef, []*Type{noCopy})
	if err != nil {
		t.Fatal(err)
	}
	if !coin.Abilities().Has(bc.AbilityCopy | bc.AbilityStore) {
		t.Fatalf("Coin<NoCopy> abilities %v: a phantom argument must not remove any", coin.Abilities().Names())
	}
	if box.Abilities() != bc.AbilityDrop {
		t.Fatalf("Box<NoCopy> abilities %v, want drop only", box.Abilities().Names())
	}
}
