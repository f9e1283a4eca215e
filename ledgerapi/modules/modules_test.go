package modules_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
)

var cafe = ledgerapi.MustParseAddress("0xcafe")

// vault builds 0xcafe::vault: a generic resource holding a struct of
// another module, a native struct, an enum, and functions of every kind.
func vault(t *testing.T) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(cafe, "vault")
	str := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "string"), "String", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore)
	vault := b.GenericStruct("Vault", bytecode.AbilityKey, []bytecode.StructTypeParameter{{IsPhantom: true}, {Constraints: bytecode.AbilityStore}})
	item := b.Struct("Item", bytecode.AbilityStore|bytecode.AbilityDrop, bytecode.Field("label", bytecode.StructOf(str)), bytecode.Field("n", bytecode.U64))
	b.SetFields(vault, bytecode.Field("items", bytecode.Vector(b.StructType(item))), bytecode.Field("extra", bytecode.TypeParameter(1)))
	b.NativeStruct("Handle", bytecode.AbilityStore)
	b.Enum("Color", bytecode.AbilityDrop, nil, bytecode.Variant("Red"), bytecode.Variant("Rgb", bytecode.Field("r", bytecode.U8)))
	signer := bytecode.Ref(bytecode.Signer)
	b.Function("deposit", bytecode.Public|bytecode.Entry, bytecode.Fn{TypeParams: []bytecode.AbilitySet{0},
		Params: []bytecode.SignatureToken{signer, b.StructType(item), bytecode.Vector(bytecode.Address)}, Native: true})
	b.Function("count", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address},
		Returns: []bytecode.SignatureToken{bytecode.U64}, Native: true})
	b.Function("peek", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(b.StructType(item))},
		Returns: []bytecode.SignatureToken{bytecode.U8}, Native: true})
	b.Function("helper", bytecode.Private, bytecode.Fn{Native: true})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"count": {{Kind: bytecode.AttributeView}}}})
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// state is a Source over a map of module bytes that counts its reads.
type state struct {
	code  map[ledgerapi.ModuleId][]byte
	reads int
	err   error
}

func (s *state) ModuleCode(id ledgerapi.ModuleId) ([]byte, bool, error) {
	s.reads++
	if s.err != nil {
		return nil, false, s.err
	}
	b, ok := s.code[id]
	return b, ok, nil
}

var vaultID = ledgerapi.ModuleId{Address: cafe, Name: "vault"}

func TestDecode(t *testing.T) {
	m, err := modules.Decode(vault(t))
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != vaultID || m.ABI.Name != "vault" || len(m.ABI.Structs) != 4 {
		t.Fatalf("module %s, ABI %+v", m.ID, m.ABI)
	}
	s := m.Struct("Vault")
	if s == nil || s.Layout == nil || len(s.TypeParams) != 2 || !s.TypeParams[0].IsPhantom || s.TypeParams[1].Constraints != bytecode.AbilityStore {
		t.Fatalf("Vault: %+v", s)
	}
	if got := s.Layout.Fields[0].Type.String() + " " + s.Layout.Fields[1].Type.String(); got != "vector<0xcafe::vault::Item> "+movevalue.TypeParam(1).String() {
		t.Fatalf("Vault fields %s", got)
	}
	if s := m.Struct("Handle"); s == nil || s.Layout != nil || s.Err == nil {
		t.Errorf("the native Handle has a layout: %+v", s)
	}
	// An enum's layout lists its variants and their fields.
	if c := m.Struct("Color"); c == nil || c.Layout == nil || len(c.Layout.Fields) != 0 || len(c.Layout.Variants) != 2 ||
		c.Layout.Variants[0].Name != "Red" || len(c.Layout.Variants[0].Fields) != 0 ||
		c.Layout.Variants[1].Name != "Rgb" || len(c.Layout.Variants[1].Fields) != 1 || c.Layout.Variants[1].Fields[0].Type != ledgerapi.TypeU8 {
		t.Errorf("Color's layout: %+v", c)
	}
	dep := m.Function("deposit")
	if dep.Signers != 1 || len(dep.Params) != 2 || !dep.IsEntry || dep.IsView || !dep.IsNative || dep.Err != nil || len(dep.TypeParams) != 1 {
		t.Fatalf("deposit: %+v", dep)
	}
	if cnt := m.Function("count"); !cnt.IsView || cnt.Returns[0] != ledgerapi.TypeU64 {
		t.Fatalf("count: %+v", cnt)
	}
	if peek := m.Function("peek"); peek.Err == nil || !strings.Contains(peek.Err.Error(), "&0xcafe::vault::Item") {
		t.Fatalf("a reference parameter is accepted: %+v", peek)
	}
	if m.Function("helper") == nil || m.Function("nope") != nil {
		t.Fatal("function lookup")
	}
	if !dep.SameSignature(dep) || dep.SameSignature(m.Function("count")) {
		t.Fatal("SameSignature")
	}
	if _, err := modules.Decode(vault(t)[:40]); err == nil {
		t.Fatal("truncated bytes decode")
	}
}

func TestSetLayouts(t *testing.T) {
	st := &state{code: map[ledgerapi.ModuleId][]byte{vaultID: vault(t)}}
	set := modules.NewCache(4).At(st)
	tag := ledgerapi.StructTag{Address: cafe, Module: "vault", Name: "Vault", TypeArgs: []ledgerapi.TypeTag{ledgerapi.TypeBool, ledgerapi.TypeU8}}
	l, err := set.StructLayout(tag)
	if err != nil || l.Fields[1].Type != ledgerapi.TypeU8 {
		t.Fatalf("instantiated layout %+v %v", l, err)
	}
	// A value renders through the layouts (0x1::string::String is built in).
	codec := movevalue.Codec{Resolver: set}
	js, err := codec.BCSToJSON(ledgerapi.StructType(tag), []byte{1, 2, 'a', 'b', 5, 0, 0, 0, 0, 0, 0, 0, 9})
	if err != nil || string(js) != `{"extra":9,"items":[{"label":"ab","n":"5"}]}` {
		t.Fatalf("render %s %v", js, err)
	}
	for _, bad := range []ledgerapi.StructTag{
		{Address: cafe, Module: "vault", Name: "Vault"},            // no type arguments
		{Address: cafe, Module: "vault", Name: "Nope"},             // no such struct
		{Address: cafe, Module: "vault", Name: "Handle"},           // native
		{Address: cafe, Module: "absent", Name: "X"},               // no such module
		{Address: ledgerapi.AddressOne, Module: "coin", Name: "X"}, // not in this state
	} {
		if _, err := set.StructLayout(bad); !errors.Is(err, movevalue.ErrUnknownStruct) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	if st.reads > 4 {
		t.Errorf("%d reads: the set does not remember the modules it loaded", st.reads)
	}
	st.err = errors.New("disk on fire")
	if _, err := modules.NewCache(1).At(st).StructLayout(tag); !errors.Is(err, st.err) || errors.Is(err, movevalue.ErrUnknownStruct) {
		t.Fatalf("a state error is not passed through: %v", err)
	}
}

func TestSetModules(t *testing.T) {
	code := vault(t)
	st := &state{code: map[ledgerapi.ModuleId][]byte{
		vaultID:                        code,
		{Address: cafe, Name: "junk"}:  []byte("not a module"),
		{Address: cafe, Name: "alias"}: code, // the bytes of another module
	}}
	set := modules.NewCache(0).At(st)
	if _, err := set.Module(ledgerapi.ModuleId{Address: cafe, Name: "absent"}); !errors.Is(err, modules.ErrModuleNotFound) {
		t.Fatalf("absent: %v", err)
	}
	for _, name := range []string{"junk", "alias"} {
		if _, err := set.Module(ledgerapi.ModuleId{Address: cafe, Name: name}); !errors.Is(err, modules.ErrUndecodable) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	fn := func(name string) ledgerapi.EntryFunctionId {
		return ledgerapi.EntryFunctionId{Module: vaultID, Name: name}
	}
	for _, f := range []ledgerapi.EntryFunctionId{fn("nope"), {Module: ledgerapi.ModuleId{Address: cafe, Name: "junk"}, Name: "f"}} {
		if _, err := set.Function(f); !errors.Is(err, modules.ErrFunctionNotFound) {
			t.Errorf("%s: %v", f, err)
		}
	}
	for _, name := range []string{"helper", "peek"} {
		if _, err := set.ArgTypes(fn(name), nil); !errors.Is(err, modules.ErrNotCallable) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// JSON arguments convert by the stored signature, signers excluded.
	args := []json.RawMessage{[]byte(`{"label":"x","n":"7"}`), []byte(`["0x1","0xcafe"]`)}
	b, err := set.EncodeArgs(fn("deposit"), []ledgerapi.TypeTag{ledgerapi.TypeU8}, args)
	if err != nil || fmt.Sprintf("%x", b[0]) != "01780700000000000000" {
		t.Fatalf("EncodeArgs %x %v", b, err)
	}
	back, err := set.DecodeArgs(fn("deposit"), []ledgerapi.TypeTag{ledgerapi.TypeU8}, b)
	if err != nil || string(back[0]) != `{"label":"x","n":"7"}` || !strings.HasSuffix(string(back[1]), `cafe"]`) {
		t.Fatalf("DecodeArgs %s %v", back, err)
	}
	if _, err := set.EncodeArgs(fn("deposit"), nil, args); err == nil {
		t.Fatal("missing type argument accepted")
	}
}

func TestCache(t *testing.T) {
	c := modules.NewCache(1)
	code := vault(t)
	m1, err := c.Decode(code)
	if err != nil {
		t.Fatal(err)
	}
	if m2, _ := c.Decode(append([]byte(nil), code...)); m2 != m1 {
		t.Fatal("equal bytes decoded twice")
	}
	junk := []byte("junk")
	_, e1 := c.Decode(junk)
	_, e2 := c.Decode(junk)
	if e1 == nil || e1 != e2 {
		t.Fatalf("failures are not remembered: %v / %v", e1, e2)
	}
	// The LRU held one entry: the module was evicted by the junk.
	if m3, _ := c.Decode(code); m3 == m1 {
		t.Fatal("an evicted module came back")
	}
	// A pinned module survives any number of others.
	p, _ := modules.Decode(code)
	c.Pin(p)
	c.Decode(junk)
	c.Decode([]byte("more junk"))
	if m4, _ := c.Decode(code); m4 != p {
		t.Fatal("the pinned module was not returned")
	}
}
