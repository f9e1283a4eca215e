package movevalue

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// badJSON lists inputs JSONToBCS must reject, with a fragment of the error
// (which always starts with the path).
var badJSON = []struct{ typ, json, want string }{
	{"bool", `1`, "value: expected bool, got a number"},
	{"bool", `"true"`, "expected bool, got a string"},
	{"bool", `null`, "expected bool, got null"},
	{"u8", `256`, "value: 256 is out of range for u8"},
	{"u8", `-1`, "-1 is negative"},
	{"u8", `-0`, "negative"},
	{"u8", `1.5`, "fraction"},
	{"u8", `1.0`, "fraction"},
	{"u8", `1e2`, "exponent"},
	{"u8", `1E2`, "exponent"},
	{"u8", `"12x"`, `"12x" is not a decimal u8`},
	{"u8", `" 1"`, "not a decimal u8"},
	{"u8", `"+1"`, "not a decimal u8"},
	{"u8", `""`, "not a decimal u8"},
	{"u8", `"0x10"`, "not a decimal u8"},
	{"u8", `"-1"`, "not a decimal u8"},
	{"u8", `null`, "expected u8 as a decimal string or number, got null"},
	{"u8", `[1]`, "got an array"},
	{"u16", `65536`, "out of range for u16"},
	{"u32", `4294967296`, "out of range for u32"},
	{"u32", `"4294967296"`, "out of range for u32"},
	{"u64", `"18446744073709551616"`, "out of range for u64"},
	{"u64", `18446744073709551616`, "out of range for u64"},
	{"u64", `"12x"`, `value: "12x" is not a decimal u64`},
	{"u64", `"1 "`, "not a decimal u64"},
	{"u64", `"1_000"`, "not a decimal u64"},
	{"u64", `"١"`, "not a decimal u64"},
	{"u64", `-5`, "negative"},
	{"u64", `5.0`, "fraction"},
	{"u64", `5e0`, "exponent"},
	{"u64", `true`, "got a bool"},
	{"u64", `{}`, "got an object"},
	{"u128", `"340282366920938463463374607431768211456"`, "out of range for u128"},
	{"u256", `"115792089237316195423570985008687907853269984665640564039457584007913129639936"`, "out of range for u256"},
	{"u256", `"` + strings.Repeat("9", 200) + `"`, "out of range for u256"},
	{"address", `"0x"`, "no hex digits"},
	{"address", `""`, "no hex digits"},
	{"address", `"0xzz"`, "not hex"},
	{"address", `"0x` + strings.Repeat("1", 65) + `"`, "longer than 64"},
	{"address", `1`, "expected address as a string, got a number"},
	{"signer", `"0x1"`, "signer values cannot be built from JSON"},
	{"vector<u8>", `"0x1"`, "odd number of hex digits"},
	{"vector<u8>", `"0xzz"`, "not a hex digit"},
	{"vector<u8>", `[256]`, "value[0]: 256 is out of range for u8"},
	{"vector<u8>", `[1,-2]`, "value[1]: -2 is negative"},
	{"vector<u8>", `{}`, "expected vector<u8> as a hex string or an array, got an object"},
	{"vector<u64>", `"0x01"`, "expected vector<u64> as an array, got a string"},
	{"vector<u64>", `["1","x"]`, `value[1]: "x" is not a decimal u64`},
	{"vector<vector<bool>>", `[[true],[1]]`, "value[1][0]: expected bool"},
	{"0x1::string::String", `1`, "expected 0x1::string::String as a string, got a number"},
	{"0x1::string::String", `null`, "got null"},
	{"0x1::string::String", "\"\xff\"", "not valid UTF-8"},
	{"0x1::option::Option<u8>", `{"vec":[1,2]}`, "value.vec: option holds 2 elements, at most 1 allowed"},
	{"0x1::option::Option<u8>", `null`, `expected 0x1::option::Option<u8> as {"vec": [...]}, got null`},
	{"0x1::option::Option<u8>", `5`, "got a number"},
	{"0x1::option::Option<u8>", `{"vec":[],"x":1}`, `value: unknown field "x"`},
	{"0x1::option::Option<u8>", `{}`, `value: missing field "vec"`},
	{"0x1::option::Option<u8>", `{"vec":5}`, "value.vec: expected an array of at most one element"},
	{"0x1::option::Option<u8>", `{"vec":[],"vec":[]}`, `duplicate field "vec"`},
	{"0x1::option::Option<u8>", `{"vec":[300]}`, "value.vec[0]: 300 is out of range for u8"},
	{"0x1::object::Object<u8>", `"0x1"`, `expected 0x1::object::Object<u8> as {"inner": address}, got a string`},
	{"0x1::object::Object<u8>", `{"inner":5}`, "value.inner: expected object address as a string"},
	{"0x1::object::Object<u8>", `{"inner":"0x1","x":1}`, `unknown field "x"`},
	{"0x1::coin::Coin<u8>", `{"value":"1","value":"2"}`, `value: duplicate field "value"`},
	{"0x1::coin::Coin<u8>", `{"value":"1","valu":"2"}`, `value: unknown field "valu"`},
	{"0x1::coin::Coin<u8>", `{}`, `value: missing field "value"`},
	{"0x1::coin::Coin<u8>", `[]`, "expected 0x1::coin::Coin<u8> as an object, got an array"},
	{"0x1::coin::Coin<u8>", `{"val\u0075e":"1","value":"2"}`, `duplicate field "value"`},
	{"0xcafe::m::Wrap", `{"coin":{"value":"12x"}}`, `value.coin.value: "12x" is not a decimal u64`},
	{"0x1::fungible_asset::FungibleStore", `{"balance":"1","frozen":false}`, `missing field "metadata"`},
	{"0xcafe::m::Nope", `{}`, "unknown struct type 0xcafe::m::Nope"},
	{"vector<0xcafe::m::Nope>", `[]`, ""}, // empty vector of an unknown type is fine, see below
	{"u8", `{`, "value: malformed JSON"},
	{"u8", `[1,`, "malformed JSON"},
	{"bool", `tru`, "malformed JSON"},
	{"u8", ``, "malformed JSON"},
	{"u8", `1 2`, "malformed JSON"},
	{"0x1::string::String", `"abc`, "malformed JSON"},
	{"0x1::coin::Coin<u8>", `{"value":"1",}`, "malformed JSON"},
	{"0x1::string::String", `'a'`, "malformed JSON"},
	{"0xcafe::m::Loop", strings.Repeat(`{"next":`, 40) + `{}` + strings.Repeat(`}`, 40), "nests deeper than 32"},
}

func TestJSONToBCSErrors(t *testing.T) {
	c := testCodec(t)
	for _, tc := range badJSON {
		b, err := c.JSONToBCS(mustType(t, tc.typ), json.RawMessage(tc.json))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s %s: unexpected error %v", tc.typ, tc.json, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s %s: accepted as %x", tc.typ, tc.json, b)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(e.Path, "value") {
			t.Errorf("%s %s: error %v is not a path *Error", tc.typ, tc.json, err)
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s:\n got %v\nwant …%s…", tc.typ, tc.json, err, tc.want)
		}
	}
}

func TestUnknownStructIs(t *testing.T) {
	for _, c := range []Codec{{}, testCodec(t)} {
		_, err := c.JSONToBCS(mustType(t, "0xcafe::m::Nope"), json.RawMessage(`{}`))
		if !errors.Is(err, ErrUnknownStruct) {
			t.Errorf("JSONToBCS: %v", err)
		}
		_, err = c.BCSToJSON(mustType(t, "0xcafe::m::Nope"), []byte{1})
		if !errors.Is(err, ErrUnknownStruct) {
			t.Errorf("BCSToJSON: %v", err)
		}
	}
}

// badBCS lists inputs BCSToJSON must reject, with the bcs sentinel (nil
// when the failure is not about the encoding) and an error fragment.
var badBCS = []struct {
	typ, hex string
	kind     error
	want     string
}{
	{"bool", "02", bcs.ErrBadBool, "value: bcs: invalid bool byte"},
	{"u64", "0102", bcs.ErrTruncated, "value: bcs: input ends early"},
	{"u8", "0102", bcs.ErrTrailing, "value: bcs: trailing bytes"},
	{"address", "01", bcs.ErrTruncated, "address"},
	{"vector<u64>", "ffffffff0f", bcs.ErrLength, "exceeds"},
	{"vector<u64>", "8080808004", bcs.ErrTruncated, "claims more than"},
	{"vector<u8>", "ffffffff1f", bcs.ErrULEBOverflow, ""},
	{"vector<u8>", "8000", bcs.ErrNonMinimal, ""},
	{"vector<u8>", "0301", bcs.ErrTruncated, ""},
	{"vector<0xcafe::m::Empty>", "ffffff07", bcs.ErrLength, "exceed the limit of 1048576"},
	{"0x1::option::Option<u8>", "020102", bcs.ErrInvalidValue, "value: bcs: invalid value at byte 1 while decoding 0x1::option::Option: vector of 2 elements, at most 1 allowed"},
	{"0x1::option::Option<u8>", "01", bcs.ErrTruncated, "value.vec[0]"},
	{"0x1::string::String", "02fffe", bcs.ErrInvalidUTF8, "not valid UTF-8"},
	{"0x1::string::String", "05616263", bcs.ErrTruncated, ""},
	{"0x1::object::Object<u8>", "00", bcs.ErrTruncated, ""},
	{"vector<0x1::coin::Coin<u8>>", "020100000000000000010000", bcs.ErrTruncated, "value[1].value: bcs: input ends early"},
	{"0xcafe::m::Loop", "", bcs.ErrTooDeep, "more than 32 levels"},
	{"0xcafe::m::Nope", "00", ErrUnknownStruct, "unknown struct"},
}

func TestBCSToJSONErrors(t *testing.T) {
	c := testCodec(t)
	for _, tc := range badBCS {
		js, err := c.BCSToJSON(mustType(t, tc.typ), unhex(t, tc.hex))
		if err == nil {
			t.Errorf("%s %s: accepted as %s", tc.typ, tc.hex, js)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(e.Path, "value") {
			t.Errorf("%s %s: error %v is not a path *Error", tc.typ, tc.hex, err)
		}
		if tc.kind != nil && !errors.Is(err, tc.kind) {
			t.Errorf("%s %s: %v is not %v", tc.typ, tc.hex, err, tc.kind)
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s:\n got %v\nwant …%s…", tc.typ, tc.hex, err, tc.want)
		}
	}
}

func TestLimits(t *testing.T) {
	r := testResolver(t)
	small := Codec{Resolver: r, Limits: Limits{MaxDepth: 2, MaxVectorLen: 3, MaxBytes: 40}}
	for _, tc := range []struct{ typ, json, want string }{
		{"vector<vector<vector<u8>>>", `[[["0x"]]]`, "value[0][0]: value nests deeper than 2"},
		{"vector<u16>", `[1,2,3,4]`, "vector of 4 elements exceeds the limit of 3"},
		{"vector<u8>", `"0x01020304"`, "vector of 4 bytes exceeds the limit of 3"},
		{"vector<u256>", `["1","2"]`, "value[1]: BCS output exceeds 40 bytes"},
		{"0x1::string::String", `"` + strings.Repeat("a", 41) + `"`, "BCS output exceeds 40 bytes"},
	} {
		_, err := small.JSONToBCS(mustType(t, tc.typ), json.RawMessage(tc.json))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: %v, want %s", tc.typ, tc.json, err, tc.want)
		}
	}
	for _, tc := range []struct{ typ, hex, want string }{
		{"vector<vector<vector<u8>>>", "01010100", "value[0][0]: bcs: container nesting too deep"},
		{"vector<u16>", "0401000200030004 00", "4 elements exceed the limit of 3"},
		{"vector<u8>", "03010203", ""}, // 10 output bytes: fine
		{"vector<u64>", "03" + strings.Repeat("ffffffffffffffff", 3), "JSON output exceeds 40 bytes"},
		{"vector<u8>", "03010203", ""},
	} {
		_, err := small.BCSToJSON(mustType(t, tc.typ), unhex(t, tc.hex))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s %s: %v", tc.typ, tc.hex, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: %v, want %s", tc.typ, tc.hex, err, tc.want)
		}
	}
	tiny := Codec{Limits: Limits{MaxBytes: 9}}
	if _, err := tiny.BCSToJSON(mustType(t, "vector<u8>"), unhex(t, "03010203")); err == nil {
		t.Error("vector<u8> output over MaxBytes accepted")
	}
}

func TestMalformedTypeTags(t *testing.T) {
	c := testCodec(t)
	for _, typ := range []ledgerapi.TypeTag{
		{Kind: ledgerapi.KindVector},
		{Kind: ledgerapi.KindStruct},
		{Kind: 11},
		ledgerapi.VectorOf(ledgerapi.TypeTag{Kind: 200}),
	} {
		if _, err := c.JSONToBCS(typ, json.RawMessage(`[]`)); err == nil {
			t.Errorf("JSONToBCS accepted type %+v", typ)
		}
		if _, err := c.BCSToJSON(typ, []byte{1, 0}); err == nil {
			t.Errorf("BCSToJSON accepted type %+v", typ)
		}
	}
}

// TestAppendJSONFailure checks the streaming contract on error: dst comes
// back at its original length and the decoder is marked failed.
func TestAppendJSONFailure(t *testing.T) {
	c := testCodec(t)
	d := bcs.NewDecoder(unhex(t, "2ac2eb0b00000000 02"))
	out, err := c.AppendJSON([]byte("keep"), mustType(t, "0x1::coin::CoinStore<u8>"), d)
	if err == nil || string(out) != "keep" || !d.Failed() {
		t.Fatalf("got %q, %v, failed=%v", out, err, d.Failed())
	}
	d = bcs.NewDecoder(nil)
	out, err = c.AppendJSON([]byte("keep"), mustType(t, "0xcafe::m::Nope"), d)
	if err == nil || string(out) != "keep" || !d.Failed() {
		t.Fatalf("unknown struct: %q, %v, failed=%v", out, err, d.Failed())
	}
}
