package movevm

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

func enumModule(t testing.TB) *bc.Module {
	return build(t, "e", func(b *bc.ModuleBuilder) {
		shape := b.Enum("Shape", bc.AbilityCopy|bc.AbilityDrop, nil,
			bc.Variant("Circle", bc.Field("x", bc.U64), bc.Field("r", bc.U64)),
			bc.Variant("Rect", bc.Field("x", bc.U64), bc.Field("w", bc.U64)))
		shapeT := b.StructType(shape)
		circle, rect := uint64(b.VariantHandle(shape, "Circle")), uint64(b.VariantHandle(shape, "Rect"))
		x := uint64(b.VariantFieldHandle(shape, "x", "Circle", "Rect"))
		r := uint64(b.VariantFieldHandle(shape, "r", "Circle"))
		u64 := []bc.SignatureToken{bc.U64}
		ref := []bc.SignatureToken{bc.Ref(shapeT)}
		b.Function("circle", bc.Public, bc.Fn{Params: u64, Returns: []bc.SignatureToken{shapeT}, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpMoveLoc, 0), I(bc.OpPackVariant, circle), I(bc.OpRet)}})
		b.Function("rect", bc.Public, bc.Fn{Params: u64, Returns: []bc.SignatureToken{shapeT}, Code: []bc.Instruction{
			I(bc.OpLdU64, 2), I(bc.OpMoveLoc, 0), I(bc.OpPackVariant, rect), I(bc.OpRet)}})
		b.Function("is_circle", bc.Public, bc.Fn{Params: ref, Returns: []bc.SignatureToken{bc.Bool}, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpTestVariant, circle), I(bc.OpRet)}})
		b.Function("radius", bc.Public, bc.Fn{Params: []bc.SignatureToken{shapeT}, Returns: u64, Locals: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpUnpackVariant, circle), I(bc.OpStLoc, 1), I(bc.OpPop), I(bc.OpMoveLoc, 1), I(bc.OpRet)}})
		b.Function("get_x", bc.Public, bc.Fn{Params: ref, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpImmBorrowVariantField, x), I(bc.OpReadRef), I(bc.OpRet)}})
		b.Function("get_r", bc.Public, bc.Fn{Params: ref, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpImmBorrowVariantField, r), I(bc.OpReadRef), I(bc.OpRet)}})
		b.Function("set_x", bc.Public, bc.Fn{Params: []bc.SignatureToken{shapeT}, Returns: []bc.SignatureToken{shapeT}, Code: []bc.Instruction{
			I(bc.OpLdU64, 40), I(bc.OpMutBorrowLoc, 0), I(bc.OpMutBorrowVariantField, x), I(bc.OpWriteRef), I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		b.Function("pack_plain", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpLdU64, 1), I(bc.OpPack, uint64(shape)), I(bc.OpPop), I(bc.OpRet)}})

		T := bc.TypeParameter(0)
		maybe := b.Enum("Maybe", bc.AbilityCopy|bc.AbilityDrop, []bc.StructTypeParameter{{}},
			bc.Variant("None"), bc.Variant("Some", bc.Field("v", T)))
		some := uint64(b.VariantInst(maybe, "Some", T))
		vField := uint64(b.VariantFieldInst(maybe, "v", []string{"Some"}, T))
		maybeT := b.StructType(maybe, T)
		any1 := []bc.AbilitySet{bc.AbilityCopy | bc.AbilityDrop}
		b.Function("some", bc.Public, bc.Fn{TypeParams: any1, Params: []bc.SignatureToken{T}, Returns: []bc.SignatureToken{maybeT}, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpPackVariantGeneric, some), I(bc.OpRet)}})
		b.Function("none", bc.Public, bc.Fn{TypeParams: any1, Returns: []bc.SignatureToken{maybeT}, Code: []bc.Instruction{
			I(bc.OpPackVariantGeneric, uint64(b.VariantInst(maybe, "None", T))), I(bc.OpRet)}})
		b.Function("is_some", bc.Public, bc.Fn{TypeParams: any1, Params: []bc.SignatureToken{bc.Ref(maybeT)}, Returns: []bc.SignatureToken{bc.Bool},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpTestVariantGeneric, some), I(bc.OpRet)}})
		b.Function("peek", bc.Public, bc.Fn{TypeParams: any1, Params: []bc.SignatureToken{bc.Ref(maybeT)}, Returns: []bc.SignatureToken{T},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpImmBorrowVariantFieldGeneric, vField), I(bc.OpReadRef), I(bc.OpRet)}})
		b.Function("unwrap", bc.Public, bc.Fn{TypeParams: any1, Params: []bc.SignatureToken{maybeT}, Returns: []bc.SignatureToken{T},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpUnpackVariantGeneric, some), I(bc.OpRet)}})
	})
}

func TestEnums(t *testing.T) {
	e := newEnv(enumModule(t))
	one := func(fn string, targs []ledgerapi.TypeTag, args ...Value) Value {
		t.Helper()
		rets, err := e.call("e", fn, targs, args...)
		if err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		return rets[0]
	}
	c := one("circle", nil, U64(5))
	r := one("rect", nil, U64(6))
	b, err := Serialize(nil, c)
	if err != nil || string(b) != "\x00\x01\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00\x00\x00\x00\x00" {
		t.Fatalf("BCS of Circle{1, 5} = %x, %v", b, err)
	}
	s := e.sess
	back, err := s.Deserialize(mustType(t, s, "0xcafe::e::Shape"), b)
	if err != nil || back.Variant() != 0 || back.Elem(1).AsU64() != 5 {
		t.Fatalf("read back %v, %v", back, err)
	}
	if one("radius", nil, c).AsU64() != 5 {
		t.Fatal("radius")
	}
	_, err = e.call("e", "radius", nil, r)
	wantStatus(t, err, onchain.STRUCT_VARIANT_MISMATCH)
	if one("get_x", nil, e.refTo(t, c)).AsU64() != 1 || one("get_x", nil, e.refTo(t, r)).AsU64() != 2 {
		t.Fatal("get_x")
	}
	if one("get_r", nil, e.refTo(t, c)).AsU64() != 5 {
		t.Fatal("get_r")
	}
	_, err = e.call("e", "get_r", nil, e.refTo(t, r))
	wantStatus(t, err, onchain.STRUCT_VARIANT_MISMATCH)
	if one("set_x", nil, r).Elem(0).AsU64() != 40 {
		t.Fatal("set_x")
	}
	_, err = e.call("e", "pack_plain", nil)
	wantStatus(t, err, onchain.TYPE_MISMATCH)

	u64 := []ledgerapi.TypeTag{ledgerapi.TypeU64}
	sm := one("some", u64, U64(3))
	nm := one("none", u64)
	if !one("is_some", u64, e.refTo(t, sm)).AsBool() || one("is_some", u64, e.refTo(t, nm)).AsBool() {
		t.Fatal("is_some")
	}
	if one("peek", u64, e.refTo(t, sm)).AsU64() != 3 || one("unwrap", u64, sm).AsU64() != 3 {
		t.Fatal("peek/unwrap")
	}
	_, err = e.call("e", "unwrap", u64, nm)
	wantStatus(t, err, onchain.STRUCT_VARIANT_MISMATCH)
	_, err = e.call("e", "peek", u64, e.refTo(t, nm))
	wantStatus(t, err, onchain.STRUCT_VARIANT_MISMATCH)
}

// refTo makes an immutable reference to a copy of v, as a caller's local.
func (e *testEnv) refTo(t *testing.T, v Value) Value {
	rt, err := e.sess.types.refOf(v.t, false)
	if err != nil {
		t.Fatal(err)
	}
	return Value{t: rt, p: &container{vals: []Value{v}}}
}

func mustType(t *testing.T, s *Session, tag string) *Type {
	t.Helper()
	tt, err := ledgerapi.ParseTypeTag(tag)
	if err != nil {
		t.Fatal(err)
	}
	ty, err := s.TypeOf(tt)
	if err != nil {
		t.Fatal(err)
	}
	return ty
}
