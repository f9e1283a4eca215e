package bytecode_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	. "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

func sdkModule(t *testing.T) *Module {
	t.Helper()
	m, err := DeserializeModule(tsFixture(t, "tx_args_module.hex.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The SDK's tx_args_module, checked against its Move source
// (aptos-ts-sdk tests/move/arguments/sources/main.move): the views are the
// functions marked #[view] there, the parameters are the source's types.
func TestSDKModuleABI(t *testing.T) {
	abi, err := sdkModule(t).ABI()
	if err != nil {
		t.Fatal(err)
	}
	const pub = "0x" + tsPublisher
	if abi.Address != ledgerapi.MustParseAddress(pub) || abi.Name != "tx_args_module" || len(abi.Friends) != 0 {
		t.Fatalf("%+v", abi)
	}
	fns := map[string]FunctionABI{}
	for _, f := range abi.ExposedFunctions {
		fns[f.Name] = f
	}
	if _, ok := fns["init_module"]; ok {
		t.Error("private init_module exposed")
	}
	for _, v := range []string{"get_test_objects", "view_all_arguments", "get_test_object_addresses", "get_expected_vector_string"} {
		if !fns[v].IsView || fns[v].IsEntry {
			t.Errorf("%s: %+v", v, fns[v])
		}
	}
	if f := fns["private_arguments"]; f.Visibility != "private" || !f.IsEntry || f.IsView {
		t.Errorf("private_arguments: %+v", f)
	}
	obj := "0x1::object::Object<" + pub + "::tx_args_module::EmptyResource>"
	want := []string{"&signer", "bool", "u8", "u16", "u32", "u64", "u128", "u256", "address", "0x1::string::String", obj,
		"vector<u8>", "vector<bool>", "vector<u8>", "vector<u16>", "vector<u32>", "vector<u64>", "vector<u128>",
		"vector<u256>", "vector<address>", "vector<0x1::string::String>", "vector<" + obj + ">", "0x1::option::Option<u8>"}
	if got := fns["public_arguments"].Params; len(got) < len(want) || !reflect.DeepEqual(got[:len(want)], want) {
		t.Errorf("public_arguments params\n got %q\nwant %q", got, want)
	}
	// The compiled module is a later revision than the indexed source, which
	// has 30 type parameters here; the fixture has one more.
	if f := fns["type_tags"]; len(f.GenericTypeParams) < 30 || len(f.Params) != 0 || !f.IsEntry {
		t.Errorf("type_tags: %+v", f)
	}
	structs := map[string]StructABI{}
	for _, s := range abi.Structs {
		structs[s.Name] = s
	}
	if s := structs["EmptyResource"]; !reflect.DeepEqual(s.Abilities, []string{"key"}) ||
		!reflect.DeepEqual(s.Fields, []FieldABI{{Name: "dummy_field", Type: "bool"}}) || s.IsEnum || s.IsNative {
		t.Errorf("EmptyResource: %+v", s)
	}
	if s := structs["SetupData"]; len(s.Fields) != 3 || s.Fields[2] != (FieldABI{Name: "empty_object_3", Type: obj}) {
		t.Errorf("SetupData: %+v", s)
	}
}

func TestSDKMetadata(t *testing.T) {
	m := sdkModule(t)
	raw := m.Metadata[0].Value
	md, err := DecodeMetadataV1(raw)
	if err != nil {
		t.Fatal(err)
	}
	if md.ErrorMap[1].CodeName != "EXPECTED_U8" || md.ErrorMap[6].CodeName != "EXPECTED_U256" || len(md.ErrorMap) != 6 {
		t.Errorf("error map %+v", md.ErrorMap)
	}
	if len(md.FunAttributes) != 4 || !md.IsView("view_all_arguments") || md.IsView("public_arguments") || len(md.StructAttributes) != 0 {
		t.Errorf("attributes %+v", md.FunAttributes)
	}
	if !bytes.Equal(md.Encode(), raw) {
		t.Fatal("re-encoding differs from the compiler's bytes")
	}
	if _, err := DecodeMetadataV1(append(bytes.Clone(raw), 0)); err == nil {
		t.Error("trailing byte accepted")
	}
	// Swapping the keys of the first two error-map entries (codes 1 and 2;
	// an entry is an 8-byte key, "EXPECTED_U8" with its length byte and an
	// empty description) breaks the canonical order.
	swapped := bytes.Clone(raw)
	k1, k2 := 1, 1+8+12+1
	swapped[k1], swapped[k2] = swapped[k2], swapped[k1]
	if _, err := DecodeMetadataV1(swapped); err == nil || !strings.Contains(err.Error(), "canonical") {
		t.Errorf("out-of-order keys: %v", err)
	}
}

// A counter with Aptos metadata: a view, an event struct, an enum and types
// of every shape; the JSON is the REST API's MoveModule.
func TestBuiltModuleABI(t *testing.T) {
	b := counter(Version9)
	b.Friend(ledgerapi.AddressOne, "coin")
	ev := b.GenericStruct("Bumped", AbilityDrop|AbilityStore, []StructTypeParameter{{IsPhantom: true}, {Constraints: AbilityCopy}},
		Field("by", I64), Field("f", FunctionType([]SignatureToken{U64, Bool}, []SignatureToken{U8}, AbilityCopy)))
	b.Enum("Shape", AbilityCopy|AbilityDrop, nil, Variant("Circle", Field("r", U64)), Variant("Empty"))
	b.Function("peek", Friend, Fn{TypeParams: []AbilitySet{AbilityCopy | AbilityDrop},
		Params:  []SignatureToken{MutRef(TypeParameter(0)), Vector(b.StructType(ev, U8, Address))},
		Returns: []SignatureToken{Ref(Vector(Signer))}, Native: true})
	b.Function("hidden", Private, Fn{Code: []Instruction{I(OpRet)}})
	b.MetadataV1(&MetadataV1{FunAttributes: map[string][]KnownAttribute{"get": {{Kind: AttributeView}}},
		StructAttributes: map[string][]KnownAttribute{"Bumped": {{Kind: AttributeEvent}}}})
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	abi, err := m.ABI()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(abi)
	want := `{"address":"0x000000000000000000000000000000000000000000000000000000000000cafe","name":"counter",` +
		`"friends":["0x1::coin"],"exposed_functions":[` +
		`{"name":"init","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[],"params":["\u0026signer"],"return":[]},` +
		`{"name":"bump","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[],"params":["\u0026signer"],"return":[]},` +
		`{"name":"get","visibility":"public","is_entry":false,"is_view":true,"generic_type_params":[],"params":["address"],"return":["u64"]},` +
		`{"name":"peek","visibility":"friend","is_entry":false,"is_view":false,"generic_type_params":[{"constraints":["copy","drop"]}],` +
		`"params":["\u0026mut T0","vector\u003c0xcafe::counter::Bumped\u003cu8, address\u003e\u003e"],"return":["\u0026vector\u003csigner\u003e"]}],` +
		`"structs":[{"name":"Counter","is_native":false,"is_event":false,"is_enum":false,"abilities":["key"],"generic_type_params":[],` +
		`"fields":[{"name":"value","type":"u64"}],"variants":[]},` +
		`{"name":"Bumped","is_native":false,"is_event":true,"is_enum":false,"abilities":["drop","store"],` +
		`"generic_type_params":[{"constraints":[]},{"constraints":["copy"]}],` +
		`"fields":[{"name":"by","type":"i64"},{"name":"f","type":"|u64,bool|u8"}],"variants":[]},` +
		`{"name":"Shape","is_native":false,"is_event":false,"is_enum":true,"abilities":["copy","drop"],"generic_type_params":[],` +
		`"fields":[],"variants":[{"name":"Circle","fields":[{"name":"r","type":"u64"}]},{"name":"Empty","fields":[]}]}]}`
	if string(got) != want {
		t.Fatalf("ABI JSON\n got %s\nwant %s", got, want)
	}
	if !abi.Structs[1].GenericTypeParams[0].IsPhantom {
		t.Error("phantom flag lost")
	}
	// Version 5 modules have their attributes dropped, as the reference does.
	m.Version = Version5
	m.StructDefs, m.FunctionDefs = m.StructDefs[:1], m.FunctionDefs[:3]
	abi5, err := m.ABI()
	if err != nil {
		t.Fatal(err)
	}
	if abi5.ExposedFunctions[2].IsView {
		t.Error("view attribute honoured at version 5")
	}
}

func TestScriptABI(t *testing.T) {
	s, err := DeserializeScript(mustHex(t, tsTypedScript))
	if err != nil {
		t.Fatal(err)
	}
	abi, err := s.ABI()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(abi)
	want := `{"name":"main","visibility":"public","is_entry":true,"is_view":false,"generic_type_params":[{"constraints":[]}],` +
		`"params":["\u0026signer","u64","address"],"return":[]}`
	if string(got) != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestABIRejectsBadIndexes(t *testing.T) {
	m := base(6)
	m.FunctionHandles[0].Parameters = 9
	if _, err := m.ABI(); err == nil {
		t.Fatal("ABI of a module with a bad index")
	}
}

func TestABIWithoutMetadata(t *testing.T) {
	m, err := counter(Version6).Module()
	if err != nil {
		t.Fatal(err)
	}
	abi, err := m.ABI()
	if err != nil || len(abi.ExposedFunctions) != 3 || abi.ExposedFunctions[2].IsView || abi.Structs[0].IsEvent {
		t.Fatalf("%v %+v", err, abi)
	}
	// Undecodable v1 metadata counts as none, even with a valid v0 entry.
	v1 := (&MetadataV1{ErrorMap: map[uint64]ErrorDescription{1: {CodeName: "E"}}}).Encode()
	v0 := v1[:len(v1)-2] // without the two (empty) attribute maps
	m.Metadata = []Metadata{{Key: []byte(MetadataKeyV1), Value: []byte{9}}, {Key: []byte(MetadataKeyV0), Value: v0}}
	if md := m.RuntimeMetadata(); md != nil {
		t.Fatalf("metadata %+v", md)
	}
	m.Metadata = m.Metadata[1:]
	if md := m.RuntimeMetadata(); md == nil || md.ErrorMap[1].CodeName != "E" {
		t.Fatalf("v0 metadata %+v", md)
	}
}
