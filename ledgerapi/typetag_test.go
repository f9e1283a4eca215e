package ledgerapi_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

func mustTag(t testing.TB, s string) ledgerapi.TypeTag {
	t.Helper()
	tag, err := ledgerapi.ParseTypeTag(s)
	if err != nil {
		t.Fatalf("ParseTypeTag(%q): %v", s, err)
	}
	return tag
}

func TestParseTypeTagPrimitives(t *testing.T) {
	for name, want := range map[string]ledgerapi.TypeTag{
		"bool":    ledgerapi.TypeBool,
		"u8":      ledgerapi.TypeU8,
		"u16":     ledgerapi.TypeU16,
		"u32":     ledgerapi.TypeU32,
		"u64":     ledgerapi.TypeU64,
		"u128":    ledgerapi.TypeU128,
		"u256":    ledgerapi.TypeU256,
		"address": ledgerapi.TypeAddress,
		"signer":  ledgerapi.TypeSigner,
	} {
		got := mustTag(t, name)
		if got.Kind != want.Kind || got.Elem != nil || got.Struct != nil || !got.Equal(want) {
			t.Errorf("%s parsed as %+v", name, got)
		}
		if got.String() != name {
			t.Errorf("%s prints as %q", name, got.String())
		}
		if padded := mustTag(t, " \t"+name+"\n "); !padded.Equal(want) {
			t.Errorf("%q with spaces parsed as %v", name, padded)
		}
	}
}

// canonicalTags maps inputs to their canonical strings.
var canonicalTags = []struct{ in, want string }{
	{"0x1 :: coin :: CoinStore < 0x1::aptos_coin::AptosCoin >", "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>"},
	{"0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>", "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>"},
	{"0x0000000000000000000000000000000000000000000000000000000000000001::coin::Coin<0x00000001::aptos_coin::AptosCoin>",
		"0x1::coin::Coin<0x1::aptos_coin::AptosCoin>"},
	{"0X1::Coin::Coin", "0x1::Coin::Coin"},
	{"0x0::m::S", "0x0::m::S"},
	{"0x0a82::m::S", "0xa82::m::S"},
	{"0x10::m::S", "0x10::m::S"},
	{"0xABCDEF::m::S", "0xabcdef::m::S"},
	{"0x" + v1Addr + "::my_mod::My_Struct", "0x" + v1Addr + "::my_mod::My_Struct"},
	{"0x1::pair::Pair<u8,u64>", "0x1::pair::Pair<u8, u64>"},
	{"0x1::pair::Pair<u8 , u64>", "0x1::pair::Pair<u8, u64>"},
	{"0x1::pair::Pair<\tu8,\n\r u64 >", "0x1::pair::Pair<u8, u64>"},
	{"vector<u8>", "vector<u8>"},
	{"vector < vector < u8 > >", "vector<vector<u8>>"},
	{"vector<0x1::string::String>", "vector<0x1::string::String>"},
	{"0x1::object::Object<0x4::token::Token>", "0x1::object::Object<0x4::token::Token>"},
	{"0x1::table::Table<address,vector<0x1::option::Option<u256>>>", "0x1::table::Table<address, vector<0x1::option::Option<u256>>>"},
	{"0x1::m::S<bool,u8,u16,u32,u64,u128,u256,address,signer>", "0x1::m::S<bool, u8, u16, u32, u64, u128, u256, address, signer>"},
	{"0x1::_m::_S", "0x1::_m::_S"},
}

func TestParseTypeTagCanonical(t *testing.T) {
	for _, tc := range canonicalTags {
		tag := mustTag(t, tc.in)
		if got := tag.String(); got != tc.want {
			t.Errorf("ParseTypeTag(%q).String() = %q, want %q", tc.in, got, tc.want)
			continue
		}
		again := mustTag(t, tc.want)
		if !again.Equal(tag) || again.String() != tc.want {
			t.Errorf("%q: canonical form re-parses to %q", tc.in, again)
		}
		txt, err := tag.MarshalText()
		if err != nil || string(txt) != tc.want {
			t.Errorf("MarshalText = %s, %v", txt, err)
		}
	}
	// The parts of a struct tag are where they belong.
	tag := mustTag(t, "0x1 :: coin :: CoinStore < 0x1::aptos_coin::AptosCoin >")
	st := tag.Struct
	if tag.Kind != ledgerapi.KindStruct || st == nil || st.Address != ledgerapi.AddressOne ||
		st.Module != "coin" || st.Name != "CoinStore" || len(st.TypeArgs) != 1 ||
		st.TypeArgs[0].Struct.Name != "AptosCoin" || st.TypeArgs[0].Struct.Module != "aptos_coin" {
		t.Fatalf("parsed %+v", st)
	}
}

func TestParseTypeTagErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "expected a type, input ends"},
		{"   ", "expected a type, input ends"},
		{"u9", `unknown type "u9"`},
		{"U8", `unknown type "U8"`},
		{"Vector<u8>", `unknown type "Vector"`},
		{"String", "struct types need a 0x-prefixed address"},
		{"T", `unknown type "T"`},
		{"0x1::m::S<T>", `unknown type "T"`},
		{"i8", "signed integer type i8 is not supported"},
		{"i16", "signed integer type i16 is not supported"},
		{"i32", "signed integer type i32 is not supported"},
		{"i64", "signed integer type i64 is not supported"},
		{"i128", "signed integer type i128 is not supported"},
		{"i256", "signed integer type i256 is not supported"},
		{"vector<i64>", "signed integer type i64 is not supported"},
		{"vector", "vector needs one type argument"},
		{"vector<>", "expected a type at position 7"},
		{"vector<u8", `expected ">", input ends`},
		{"vector<u8>>", `unexpected ">" at position 10`},
		{"vector<u8,u8>", `expected ">" at position 9`},
		{"u8<u8>", `unexpected "<u8>"`},
		{"signer<u8>", `unexpected "<u8>"`},
		// Whitespace separates tokens; it never joins two words into one.
		{"u8 u8", `unexpected "u8" at position 3`},
		{"u 8", `unknown type "u"`},
		{"vec tor<u8>", `unknown type "vec"`},
		{"0x1::coin::Coin Store", `unexpected "Store" at position 16`},
		{"0x1::co in::Coin", `expected "::" at position 8, found "in::Coin"`},
		{"0x 1::m::S", "no hex digits"},
		{"0x1: :m::S", `expected "::" at position 3`},
		{"  vector< >", "expected a type at position 10"},
		{"&u8", "expected a type at position 0"},
		{"&mut u8", "expected a type at position 0"},
		{"vector<&u8>", "expected a type at position 7"},
		{"0x1::coin::Coin<>", "expected a type at position 16"},
		{"0x1::coin::Coin<u8,>", "expected a type at position 19"},
		{"0x1::coin::Coin<,u8>", "expected a type at position 16"},
		{"0x1::coin::Coin<u8", `expected ">", input ends`},
		{"0x1::coin::Coin<u8>>", `unexpected ">"`},
		{"0x1::coin::Coin<u8>x", `unexpected "x"`},
		{"0x1::coin::Coin garbage", `unexpected "garbage"`},
		{"0x1::coin::Coin::Extra", `unexpected "::Extra"`},
		{"0x1", `expected "::", input ends`},
		{"0x1::coin", `expected "::", input ends`},
		{"0x1:coin:Coin", `expected "::" at position 3`},
		{"0x1::coin::", "invalid struct name"},
		{"0x1::::Coin", "invalid module name"},
		{"0x1::9coin::Coin", `invalid module name "9coin"`},
		{"0x1::coin::_", `invalid struct name "_"`},
		{"0x::coin::Coin", "no hex digits"},
		{"0xzz::coin::Coin", "not hex"},
		{"0x" + strings.Repeat("1", 65) + "::m::S", "longer than 64 hex digits"},
		{"1::coin::Coin", `unknown type "1"`},
		{"0x1-2::m::S", `expected "::" at position 3`},
		{"0x1::m::S<u8>,u8", `unexpected ",u8" at position 13`},
	}
	for _, tc := range tests {
		got, err := ledgerapi.ParseTypeTag(tc.in)
		if err == nil {
			t.Errorf("ParseTypeTag(%q) = %v, want an error", tc.in, got)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseTypeTag(%q) error %q, want it to mention %q", tc.in, err, tc.want)
		}
		if !strings.HasPrefix(err.Error(), "invalid type tag ") {
			t.Errorf("ParseTypeTag(%q) error %q lacks the prefix", tc.in, err)
		}
		if got.Kind != 0 || got.Elem != nil || got.Struct != nil {
			t.Errorf("ParseTypeTag(%q) returned %+v with its error", tc.in, got)
		}
	}
}

// nested returns open + inner + close with open/close repeated n times.
func nested(open, inner, close string, n int) string {
	return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
}

func TestTypeTagNestingText(t *testing.T) {
	const max = ledgerapi.MaxTypeTagNesting
	if max != 8 {
		t.Fatalf("MaxTypeTagNesting = %d, the facts say 8", max)
	}
	for _, tc := range []struct {
		name        string
		open, close string
	}{
		{"vector", "vector<", ">"},
		{"struct", "0x1::option::Option<", ">"},
		{"mixed", "vector<0x1::m::S<", ">>"}, // two levels per step
	} {
		levels := max
		if tc.name == "mixed" {
			levels = max / 2
		}
		ok := nested(tc.open, "u8", tc.close, levels)
		tag, err := ledgerapi.ParseTypeTag(ok)
		if err != nil {
			t.Errorf("%s: %d levels rejected: %v", tc.name, max, err)
		} else if tag.String() != strings.ReplaceAll(ok, ",", ", ") {
			t.Errorf("%s: prints as %q", tc.name, tag)
		}
		over := nested(tc.open, "u8", tc.close, levels+1)
		_, err = ledgerapi.ParseTypeTag(over)
		if err == nil || !strings.Contains(err.Error(), "nest deeper than 8") {
			t.Errorf("%s: %d levels: err %v, want a nesting error", tc.name, max+1, err)
		}
		// Deep nesting is refused at the ninth level, before the rest is read.
		deep := nested(tc.open, "u8", tc.close, 100)
		_, err = ledgerapi.ParseTypeTag(deep)
		if err == nil || !strings.Contains(err.Error(), "nest deeper than 8") {
			t.Errorf("%s: 100 levels: %v", tc.name, err)
		}
	}
	// A struct tag argument at the limit without generics of its own is fine;
	// only opening a ninth level is refused.
	ok := nested("vector<", "0x1::m::S", ">", max)
	if _, err := ledgerapi.ParseTypeTag(ok); err != nil {
		t.Errorf("%s: %v", ok, err)
	}
	if _, err := ledgerapi.ParseTypeTag(nested("vector<", "0x1::m::S<u8>", ">", max)); err == nil {
		t.Error("a generic struct at depth 8 was accepted")
	}
	// Nesting counts depth, not width.
	wide := "0x1::m::S<" + strings.TrimSuffix(strings.Repeat(nested("vector<", "u8", ">", max-1)+",", 32), ",") + ">"
	if _, err := ledgerapi.ParseTypeTag(wide); err != nil {
		t.Errorf("32 arguments each 7 deep: %v", err)
	}
}

// TestTypeTagHugeInputs checks that absurd inputs fail quickly, without deep
// recursion, and with messages of bounded size.
func TestTypeTagHugeInputs(t *testing.T) {
	for _, in := range []string{
		nested("vector<", "u8", ">", 100000),
		strings.Repeat("vector<", 1000000),
		nested("0x1::m::S<", "u8", ">", 100000),
		"0x1::" + strings.Repeat("a", 10000) + "::S",
		"0x1::m::" + strings.Repeat("S", 10000),
		"0x1::m::S<" + strings.Repeat("u8,", 10000) + "u8>",
		strings.Repeat("u", 10000),
		"0x" + strings.Repeat("0", 10000) + "1::m::S",
		strings.Repeat(" ", 100000) + "u8" + strings.Repeat(" ", 100000) + "x",
	} {
		allocs := testing.AllocsPerRun(3, func() {
			if _, err := ledgerapi.ParseTypeTag(in); err == nil {
				panic("accepted")
			}
		})
		_, err := ledgerapi.ParseTypeTag(in)
		if len(err.Error()) > 300 {
			t.Errorf("%.30q…: %d-byte error message", in, len(err.Error()))
		}
		if allocs > 40 {
			t.Errorf("%.30q…: %v allocations", in, allocs)
		}
	}
	_, err := ledgerapi.ParseTypeTag("0x1::" + strings.Repeat("a", 10000) + "::S")
	if err == nil || !strings.Contains(err.Error(), "identifier of 10000 bytes exceeds 255") {
		t.Errorf("long module name: %v", err)
	}
	_, err = ledgerapi.ParseTypeTag("0x1::m::S<" + strings.Repeat("u8,", 32) + "u8>")
	if err == nil || !strings.Contains(err.Error(), "more than 32 type arguments") {
		t.Errorf("33 arguments: %v", err)
	}
	if _, err := ledgerapi.ParseTypeTag("0x1::m::S<" + strings.Repeat("u8,", 31) + "u8>"); err != nil {
		t.Errorf("32 arguments: %v", err)
	}
	name := strings.Repeat("a", ledgerapi.MaxIdentifierLength)
	if _, err := ledgerapi.ParseTypeTag("0x1::" + name + "::" + name); err != nil {
		t.Errorf("255-byte identifiers: %v", err)
	}
}

func TestParseStructTag(t *testing.T) {
	st, err := ledgerapi.ParseStructTag(" 0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin> ")
	if err != nil {
		t.Fatal(err)
	}
	if st.String() != "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>" {
		t.Fatalf("String() = %s", st)
	}
	if m := st.ModuleID(); m.Address != ledgerapi.AddressOne || m.Name != "coin" || m.String() != "0x1::coin" {
		t.Fatalf("ModuleID() = %+v", m)
	}
	if !ledgerapi.StructType(st).Equal(mustTag(t, st.String())) {
		t.Fatal("StructType(st) differs from the parsed type tag")
	}
	for in, want := range map[string]string{
		"u8":                       "must start with a 0x-prefixed address",
		"vector<u8>":               "must start with a 0x-prefixed address",
		"":                         "must start with a 0x-prefixed address",
		"0x1::coin::Coin<u8>extra": `unexpected "extra"`,
		"0x1::coin::Coin<u8,>":     "expected a type",
		"0x1::coin":                `expected "::"`,
		"0x1::m::S<i8>":            "signed integer type i8",
	} {
		_, err := ledgerapi.ParseStructTag(in)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "invalid struct tag ") {
			t.Errorf("ParseStructTag(%q) = %v, want an error mentioning %q", in, err, want)
		}
	}
	_, err = ledgerapi.ParseStructTag(nested("0x1::m::S<", "u8", ">", 9))
	if err == nil || !strings.Contains(err.Error(), "nest deeper than 8") {
		t.Errorf("9 nested structs: %v", err)
	}
	if _, err := ledgerapi.ParseStructTag(nested("0x1::m::S<", "u8", ">", 8)); err != nil {
		t.Errorf("8 nested structs: %v", err)
	}
}

func TestTypeTagEqual(t *testing.T) {
	tags := []string{
		"u8", "u64", "vector<u8>", "vector<u64>", "vector<vector<u8>>",
		"0x1::m::S", "0x2::m::S", "0x1::n::S", "0x1::m::T", "0x1::m::S<u8>",
		"0x1::m::S<u64>", "0x1::m::S<u8, u8>", "0x1::m::s",
	}
	for i, a := range tags {
		for j, b := range tags {
			ta, tb := mustTag(t, a), mustTag(t, b)
			if got := ta.Equal(tb); got != (i == j) {
				t.Errorf("Equal(%s, %s) = %v", a, b, got)
			}
		}
	}
	// Ill-formed tags with a missing body are never equal to anything.
	broken := ledgerapi.TypeTag{Kind: ledgerapi.KindVector}
	if broken.Equal(broken) || broken.Equal(mustTag(t, "vector<u8>")) {
		t.Error("a vector without an element type compares equal")
	}
	if (ledgerapi.TypeTag{Kind: ledgerapi.KindStruct}).Equal(ledgerapi.TypeTag{Kind: ledgerapi.KindStruct}) {
		t.Error("a struct kind without a struct compares equal")
	}
	if ledgerapi.VectorOf(ledgerapi.TypeU8).String() != "vector<u8>" {
		t.Error("VectorOf")
	}
}

func TestTypeTagJSON(t *testing.T) {
	type body struct {
		Type ledgerapi.TypeTag   `json:"type"`
		Res  ledgerapi.StructTag `json:"resource"`
		Mod  ledgerapi.ModuleId  `json:"module"`
	}
	in := `{"type":"vector< 0x01::m::S<u8,u64> >","resource":"0x0001::coin::CoinStore<0x1::aptos_coin::AptosCoin>","module":"0x0001::coin"}`
	var b body
	if err := json.Unmarshal([]byte(in), &b); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(b)
	out := bytes.TrimSpace(buf.Bytes())
	want := `{"type":"vector<0x1::m::S<u8, u64>>","resource":"0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>","module":"0x1::coin"}`
	if err != nil || string(out) != want {
		t.Fatalf("Marshal = %s, %v\nwant %s", out, err, want)
	}
	for _, bad := range []string{
		`{"type":"i8"}`, `{"type":1}`, `{"resource":"u8"}`, `{"module":"0x1"}`, `{"type":"vector<u8>>"}`,
	} {
		var b body
		if err := json.Unmarshal([]byte(bad), &b); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestParseModuleId(t *testing.T) {
	for in, want := range map[string]string{
		"0x1::coin":               "0x1::coin",
		"1::coin":                 "0x1::coin",
		"0x0001::coin":            "0x1::coin",
		"0x" + v1Addr + "::Mod_1": "0x" + v1Addr + "::Mod_1",
	} {
		m, err := ledgerapi.ParseModuleId(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseModuleId(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
	for in, want := range map[string]string{
		"0x1":                              "want <address>::<module>",
		"0x1::coin::Coin":                  "want <address>::<module>",
		"::coin":                           "no hex digits",
		"0xq::coin":                        "not hex",
		"0x1::":                            "invalid module name",
		"0x1::9coin":                       "invalid module name",
		"0x1::co in":                       "invalid module name",
		"0x1 ::coin":                       "not hex",
		"0x1::" + strings.Repeat("m", 300): "exceeds 255",
	} {
		m, err := ledgerapi.ParseModuleId(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseModuleId(%q) = %v, %v; want an error mentioning %q", in, m, err, want)
		}
	}
	var m ledgerapi.ModuleId
	if err := m.UnmarshalText([]byte("0x1::coin")); err != nil || m.Name != "coin" {
		t.Fatalf("UnmarshalText: %v", err)
	}
}

func TestTypeTagBCS(t *testing.T) {
	addr1 := strings.Repeat("00", 31) + "01"
	tests := []struct {
		tag, hex string
	}{
		{"bool", "00"},
		{"u8", "01"},
		{"u64", "02"},
		{"u128", "03"},
		{"address", "04"},
		{"signer", "05"},
		{"vector<u8>", "06 01"},
		{"u16", "08"},
		{"u32", "09"},
		{"u256", "0a"},
		{"vector<vector<address>>", "06 06 04"},
		{"0x1::aptos_coin::AptosCoin", "07" + addr1 + "0a" + hex.EncodeToString([]byte("aptos_coin")) + "09" + hex.EncodeToString([]byte("AptosCoin")) + "00"},
		{"0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>", "07" + addr1 + "04" + hex.EncodeToString([]byte("coin")) + "09" + hex.EncodeToString([]byte("CoinStore")) +
			"01 07" + addr1 + "0a" + hex.EncodeToString([]byte("aptos_coin")) + "09" + hex.EncodeToString([]byte("AptosCoin")) + "00"},
		{"0x1::m::P<u8, bool>", "07" + addr1 + "01 6d 01 50 02 01 00"},
		{"0x1::m::P<vector<0x1::m::Q<u8>>, 0x1::m::Q<0x1::m::Q<bool>>>", "07" + addr1 + "01 6d 01 50 02" +
			"06 07" + addr1 + "01 6d 01 51 01 01" + "07" + addr1 + "01 6d 01 51 01 07" + addr1 + "01 6d 01 51 01 00"},
	}
	for _, tc := range tests {
		tag := mustTag(t, tc.tag)
		want := unhexT(t, tc.hex)
		enc := bcs.Marshal(tag)
		if !bytes.Equal(enc, want) {
			t.Errorf("%s: BCS %x, want %x", tc.tag, enc, want)
			continue
		}
		if got := tag.AppendBCS([]byte{0xee}); !bytes.Equal(got, append([]byte{0xee}, want...)) {
			t.Errorf("%s: AppendBCS onto ee = %x", tc.tag, got)
		}
		var back ledgerapi.TypeTag
		if err := bcs.Unmarshal(enc, &back); err != nil || !back.Equal(tag) || back.String() != tag.String() {
			t.Errorf("%s: decoded %v, %v", tc.tag, back, err)
		}
		// Every strict prefix is truncated; one more byte is trailing.
		for n := 0; n < len(enc); n++ {
			var p ledgerapi.TypeTag
			if err := bcs.Unmarshal(enc[:n], &p); !errors.Is(err, bcs.ErrTruncated) {
				t.Errorf("%s: %d-byte prefix: %v", tc.tag, n, err)
			}
		}
		if err := bcs.Unmarshal(append(enc, 0), &back); !errors.Is(err, bcs.ErrTrailing) {
			t.Errorf("%s: trailing byte: %v", tc.tag, err)
		}
		if tag.Kind == ledgerapi.KindStruct {
			var st ledgerapi.StructTag
			if err := bcs.Unmarshal(enc[1:], &st); err != nil || !st.Equal(*tag.Struct) {
				t.Errorf("%s: StructTag BCS: %v, %v", tc.tag, st, err)
			}
			if !bytes.Equal(bcs.Marshal(*tag.Struct), enc[1:]) {
				t.Errorf("%s: StructTag encodes differently", tc.tag)
			}
		}
	}
	for _, tc := range canonicalTags {
		tag := mustTag(t, tc.in)
		var back ledgerapi.TypeTag
		if err := bcs.Unmarshal(bcs.Marshal(tag), &back); err != nil || back.String() != tc.want {
			t.Errorf("%s: BCS round trip %v, %v", tc.want, back, err)
		}
	}
}

func unhexT(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad test hex %q: %v", s, err)
	}
	return b
}

func TestTypeTagBCSRejects(t *testing.T) {
	addr1 := strings.Repeat("00", 31) + "01"
	tests := []struct {
		name, hex string
		kind      error
		what      string
		msg       string
	}{
		{"function tag 11", "0b", bcs.ErrBadVariant, "TypeTag", "variant 11 is not supported"},
		{"i8 12", "0c", bcs.ErrBadVariant, "TypeTag", "variant 12"},
		{"i256 17", "11", bcs.ErrBadVariant, "TypeTag", "variant 17"},
		{"reference 254", "fe 01", bcs.ErrBadVariant, "TypeTag", "variant 254"},
		{"generic 255", "ff 01", bcs.ErrBadVariant, "TypeTag", "variant 255"},
		{"vector of 11", "06 0b", bcs.ErrBadVariant, "TypeTag", "variant 11"},
		{"non-minimal variant", "81 00", bcs.ErrNonMinimal, "TypeTag variant", ""},
		{"empty", "", bcs.ErrTruncated, "TypeTag variant", ""},
		{"vector without element", "06", bcs.ErrTruncated, "TypeTag variant", ""},
		{"module not an identifier", "07" + addr1 + "02 39 61 01 53 00", bcs.ErrInvalidValue, "StructTag.module", `"9a" is not a Move identifier`},
		{"empty struct name", "07" + addr1 + "01 6d 00 00", bcs.ErrInvalidValue, "StructTag.name", "not a Move identifier"},
		{"module not UTF-8", "07" + addr1 + "02 c3 28 01 53 00", bcs.ErrInvalidUTF8, "StructTag.module", ""},
		{"type args claim", "07" + addr1 + "01 6d 01 53 05 01", bcs.ErrTruncated, "StructTag.type_args", ""},
		{"33 type args", "07" + addr1 + "01 6d 01 53 21" + strings.Repeat("01", 33), bcs.ErrLength, "StructTag.type_args", "33 type arguments, at most 32"},
		{"long module name", "07" + addr1 + "80 02" + strings.Repeat("61", 256) + "01 53 00", bcs.ErrInvalidValue, "StructTag.module", "not a Move identifier"},
	}
	for _, tc := range tests {
		var tag ledgerapi.TypeTag
		err := bcs.Unmarshal(unhexT(t, tc.hex), &tag)
		var be *bcs.Error
		if !errors.Is(err, tc.kind) || !errors.As(err, &be) || be.What != tc.what || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: err %v, want %v naming %q with %q", tc.name, err, tc.kind, tc.what, tc.msg)
		}
	}
	// Exactly 32 type arguments decode.
	ok := unhexT(t, "07"+addr1+"01 6d 01 53 20"+strings.Repeat("01", 32))
	var tag ledgerapi.TypeTag
	if err := bcs.Unmarshal(ok, &tag); err != nil || len(tag.Struct.TypeArgs) != 32 {
		t.Fatalf("32 type args: %v", err)
	}
}

func TestTypeTagNestingBCS(t *testing.T) {
	const max = ledgerapi.MaxTypeTagNesting
	decode := func(b []byte) error {
		var tag ledgerapi.TypeTag
		return bcs.Unmarshal(b, &tag)
	}
	// Hand-built vectors: 06 repeated, then u8.
	if err := decode(append(bytes.Repeat([]byte{6}, max), 1)); err != nil {
		t.Errorf("%d nested vectors: %v", max, err)
	}
	err := decode(append(bytes.Repeat([]byte{6}, max+1), 1))
	var be *bcs.Error
	if !errors.Is(err, bcs.ErrTooDeep) || !errors.As(err, &be) || !strings.Contains(err.Error(), "nest deeper than 8") {
		t.Errorf("%d nested vectors: %v", max+1, err)
	} else if be.Offset > max+1 {
		t.Errorf("nesting found at byte %d, after the ninth vector", be.Offset)
	}
	// 100 000 levels fail as fast as 9.
	if err := decode(append(bytes.Repeat([]byte{6}, 100000), 1)); !errors.Is(err, bcs.ErrTooDeep) {
		t.Errorf("100000 nested vectors: %v", err)
	}
	// Tags built in memory past the limit encode, but do not decode.
	deep := ledgerapi.TypeU8
	for i := 0; i < max+1; i++ {
		deep = ledgerapi.VectorOf(deep)
	}
	if err := decode(bcs.Marshal(deep)); !errors.Is(err, bcs.ErrTooDeep) {
		t.Errorf("in-memory 9-deep vector: %v", err)
	}
	// Structs count like vectors, in both directions.
	for levels, ok := range map[int]bool{max: true, max + 1: false} {
		text := nested("0x1::option::Option<", "u8", ">", levels)
		var tag ledgerapi.TypeTag
		if ok {
			tag = mustTag(t, text)
		} else {
			tag = ledgerapi.TypeU8
			for i := 0; i < levels; i++ {
				tag = ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "option", Name: "Option", TypeArgs: []ledgerapi.TypeTag{tag}})
			}
			if tag.String() != text {
				t.Fatalf("built %s", tag)
			}
		}
		err := decode(bcs.Marshal(tag))
		if ok != (err == nil) || !ok && !errors.Is(err, bcs.ErrTooDeep) {
			t.Errorf("%d nested structs: %v", levels, err)
		}
		_, terr := ledgerapi.ParseTypeTag(text)
		if (terr == nil) != (err == nil) {
			t.Errorf("%d nested structs: text says %v, BCS says %v", levels, terr, err)
		}
	}
}

func TestModuleIdBCS(t *testing.T) {
	m, _ := ledgerapi.ParseModuleId("0x1::aptos_account")
	enc := bcs.Marshal(m)
	want := unhexT(t, strings.Repeat("00", 31)+"01 0d"+hex.EncodeToString([]byte("aptos_account")))
	if !bytes.Equal(enc, want) {
		t.Fatalf("BCS %x, want %x", enc, want)
	}
	var back ledgerapi.ModuleId
	if err := bcs.Unmarshal(enc, &back); err != nil || back != m {
		t.Fatalf("round trip %v, %v", back, err)
	}
	bad := append(append([]byte{}, enc[:32]...), 0x03, '1', 'a', 'b')
	err := bcs.Unmarshal(bad, &back)
	var be *bcs.Error
	if !errors.Is(err, bcs.ErrInvalidValue) || !errors.As(err, &be) || be.What != "ModuleId.name" {
		t.Fatalf("bad name: %v", err)
	}
	if err := bcs.Unmarshal(enc[:40], &back); !errors.Is(err, bcs.ErrTruncated) {
		t.Fatalf("truncated: %v", err)
	}
}

func TestDecodeIdentifier(t *testing.T) {
	d := bcs.NewDecoder([]byte{4, 'c', 'o', 'i', 'n', 2, '-', 'x'})
	if got := ledgerapi.DecodeIdentifier(d, "first"); got != "coin" || d.Err() != nil {
		t.Fatalf("got %q, %v", got, d.Err())
	}
	if got := ledgerapi.DecodeIdentifier(d, "EntryFunction.function"); got != "" {
		t.Fatalf("got %q for an invalid identifier", got)
	}
	var be *bcs.Error
	if err := d.Err(); !errors.Is(err, bcs.ErrInvalidValue) || !errors.As(err, &be) ||
		be.What != "EntryFunction.function" || !strings.Contains(err.Error(), `"-x"`) {
		t.Fatalf("err %v", d.Err())
	}
}
