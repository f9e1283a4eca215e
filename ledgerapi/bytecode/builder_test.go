package bytecode_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	. "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

var cafe = ledgerapi.MustParseAddress("0xcafe")

// counter builds 0xcafe::counter: a Counter resource and three functions.
func counter(version uint32) *ModuleBuilder {
	b := NewModuleBuilder(cafe, "counter").Version(version)
	c := b.Struct("Counter", AbilityKey, Field("value", U64))
	value := b.FieldHandle(c, "value")
	addrOf := b.ImportFunction(b.ModuleRef(ledgerapi.AddressOne, "signer"), "address_of",
		Fn{Params: []SignatureToken{Ref(Signer)}, Returns: []SignatureToken{Address}})
	b.Function("init", Public|Entry, Fn{Params: []SignatureToken{Ref(Signer)}, Code: []Instruction{
		I(OpMoveLoc, 0), I(OpLdU64, 0), I(OpPack, uint64(c)), I(OpMoveTo, uint64(c)), I(OpRet)}})
	b.Function("bump", Public|Entry, Fn{Params: []SignatureToken{Ref(Signer)}, Acquires: []StructDefIndex{c},
		Locals: []SignatureToken{MutRef(b.StructType(c))}, Code: []Instruction{
			I(OpMoveLoc, 0), I(OpCall, uint64(addrOf)), I(OpMutBorrowGlobal, uint64(c)), I(OpStLoc, 1),
			I(OpCopyLoc, 1), I(OpMutBorrowField, uint64(value)), I(OpReadRef), I(OpLdU64, 1), I(OpAdd),
			I(OpMoveLoc, 1), I(OpMutBorrowField, uint64(value)), I(OpWriteRef), I(OpRet)}})
	b.Function("get", Public, Fn{Params: []SignatureToken{Address}, Returns: []SignatureToken{U64},
		Acquires: []StructDefIndex{c}, Code: []Instruction{
			I(OpMoveLoc, 0), I(OpImmBorrowGlobal, uint64(c)), I(OpImmBorrowField, uint64(value)), I(OpReadRef), I(OpRet)}})
	return b
}

// roundTrip checks that built bytes read back into the built unit and
// serialize to the same bytes.
func roundTrip(t *testing.T, built *Module, b []byte) *Module {
	t.Helper()
	m, err := DeserializeModule(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m, built) {
		t.Fatalf("read back differs:\n got %+v\nwant %+v", m, built)
	}
	out, err := m.Serialize()
	if err != nil || !bytes.Equal(out, b) {
		t.Fatalf("serialize: %v", err)
	}
	return m
}

func TestBuilderCounter(t *testing.T) {
	for v := VersionMin; v <= VersionMax; v++ {
		b := counter(v)
		code, err := b.Bytes()
		if err != nil {
			t.Fatalf("version %d: %v", v, err)
		}
		built, _ := b.Module()
		m := roundTrip(t, built, code)
		if m2, s2, err := Deserialize(code); err != nil || s2 != nil || !reflect.DeepEqual(m2, m) {
			t.Fatalf("Deserialize: %v, script %v", err, s2 != nil)
		}
		if m.Version != v || len(m.FunctionDefs) != 3 || !m.FunctionDefs[0].IsEntry || m.FunctionDefs[2].IsEntry ||
			m.FunctionDefs[2].Visibility != Public {
			t.Fatalf("%+v", m)
		}
		if got := strings.Join(m.Identifiers, ","); got != "counter,Counter,value,signer,address_of,init,bump,get" {
			t.Errorf("identifiers %s", got)
		}
		if len(m.Signatures) != 5 { // [&signer] [address] [] [&mut Counter] [u64]
			t.Errorf("signatures %v", m.Signatures)
		}
	}
}

func TestBuilderErrors(t *testing.T) {
	b := NewModuleBuilder(cafe, "m")
	s := b.Struct("S", 0, Field("a", U8))
	b.FieldHandle(s, "b")
	if _, err := b.Bytes(); err == nil || !strings.Contains(err.Error(), "no field b") {
		t.Errorf("unknown field: %v", err)
	}
	b = NewModuleBuilder(cafe, "m")
	b.Struct("S", 0)
	b.Struct("S", 0)
	if _, err := b.Module(); err == nil {
		t.Error("struct defined twice")
	}
	b = NewModuleBuilder(cafe, "2m")
	if _, err := b.Module(); err == nil {
		t.Error("invalid identifier accepted")
	}
	b = NewModuleBuilder(cafe, "m")
	b.Function("f", Public, Fn{Code: []Instruction{I(OpCall, 7)}})
	if _, err := b.Bytes(); err == nil || !strings.Contains(err.Error(), "FUNCTION_DEFS[0].code[0]") {
		t.Errorf("bad call: %v", err)
	}
}

func TestBuilderScript(t *testing.T) {
	b := NewScriptBuilder().Version(Version8)
	coin := b.ModuleRef(ledgerapi.AddressOne, "coin")
	ty := b.ImportStruct(coin, "Coin", AbilityStore, StructTypeParameter{IsPhantom: true})
	withdraw := b.ImportFunction(coin, "withdraw", Fn{TypeParams: []AbilitySet{0},
		Params: []SignatureToken{Ref(Signer), U64}, Returns: []SignatureToken{StructOf(ty, TypeParameter(0))}})
	deposit := b.ImportFunction(coin, "deposit", Fn{TypeParams: []AbilitySet{0},
		Params: []SignatureToken{Address, StructOf(ty, TypeParameter(0))}})
	access := []AccessSpecifier{{Kind: AccessReads, Resource: ResourceSpecifier{Kind: ResourceInModule, Module: coin},
		Address: AddressSpecifier{Kind: AddressParameter, Parameter: 0}}}
	b.Main(Fn{TypeParams: []AbilitySet{0}, Params: []SignatureToken{Ref(Signer), U64, Address}, Access: &access,
		Locals: []SignatureToken{StructOf(ty, TypeParameter(0))}, Code: []Instruction{
			I(OpMoveLoc, 0), I(OpMoveLoc, 1), I(OpCallGeneric, uint64(b.FunctionInst(withdraw, TypeParameter(0)))),
			I(OpStLoc, 3), I(OpMoveLoc, 2), I(OpMoveLoc, 3),
			I(OpCallGeneric, uint64(b.FunctionInst(deposit, TypeParameter(0)))), I(OpRet)}})
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	built, _ := b.Script()
	m, s, err := Deserialize(code)
	if err != nil || m != nil || !reflect.DeepEqual(s, built) {
		t.Fatalf("%v\n got %+v\nwant %+v", err, s, built)
	}
	if out, err := s.Serialize(); err != nil || !bytes.Equal(out, code) {
		t.Fatal(err)
	}
	// Compiled by the Move compiler, the same script (at version 6, without
	// access specifiers) is the SDK's TYPED_SCRIPT_TEST, but for the order
	// in which the compiler lists handles; the structure must agree.
	sdk, err := DeserializeScript(mustHex(t, tsTypedScript))
	if err != nil {
		t.Fatal(err)
	}
	if len(sdk.Code.Code) != len(s.Code.Code) || len(sdk.FunctionInstantiations) != 2 || len(s.FunctionInstantiations) != 2 {
		t.Fatalf("sdk %v, built %v", sdk.Code.Code, s.Code.Code)
	}
}

// TestBuilderSetFields gives a struct the type of a struct defined after
// it, and refuses fields for a native struct.
func TestBuilderSetFields(t *testing.T) {
	b := NewModuleBuilder(cafe, "fwd")
	outer := b.Struct("Outer", AbilityKey)
	inner := b.Struct("Inner", AbilityStore, Field("n", U64))
	b.SetFields(outer, Field("inner", b.StructType(inner)), Field("flag", Bool))
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	m, err := DeserializeModule(code)
	if err != nil {
		t.Fatal(err)
	}
	abi, err := m.ABI()
	if err != nil {
		t.Fatal(err)
	}
	got := abi.Structs[0].Fields
	if len(got) != 2 || got[0].Name != "inner" || got[0].Type != "0xcafe::fwd::Inner" || got[1].Type != "bool" {
		t.Fatalf("Outer fields: %+v", got)
	}
	n := NewModuleBuilder(cafe, "nat")
	n.SetFields(n.NativeStruct("N", 0), Field("x", U8))
	if _, err := n.Bytes(); err == nil || !strings.Contains(err.Error(), "with fields") {
		t.Fatalf("fields for a native struct: %v", err)
	}
}
