package movevalue

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func types(t *testing.T, ss ...string) []ledgerapi.TypeTag {
	out := make([]ledgerapi.TypeTag, len(ss))
	for i, s := range ss {
		out[i] = mustType(t, s)
	}
	return out
}

func raws(ss ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(ss))
	for i, s := range ss {
		out[i] = json.RawMessage(s)
	}
	return out
}

func TestEncodeArgsErrorPath(t *testing.T) {
	c := testCodec(t)
	_, err := c.EncodeArgs(types(t, "u64", "0xcafe::m::Wrap"), raws(`"1"`, `{"coin":{"value":"12x"}}`))
	if err == nil || err.Error() != `arguments[1].coin.value: "12x" is not a decimal u64` {
		t.Fatalf("got %v", err)
	}
	_, err = c.EncodeArgs(types(t, "signer", "u64"), raws(`"0x1"`, `"1"`))
	if err == nil || err.Error() != "arguments[0]: signer cannot be passed as an argument" {
		t.Fatalf("signer: %v", err)
	}
	_, err = c.EncodeArgs(types(t, "vector<signer>"), raws(`["0x1"]`))
	if err == nil || err.Error() != "arguments[0][0]: signer cannot be passed as an argument" {
		t.Fatalf("vector<signer>: %v", err)
	}
	_, err = c.EncodeArgs(types(t, "u64"), raws(`"1"`, `"2"`))
	if err == nil || err.Error() != "arguments: expected 1 arguments, got 2" {
		t.Fatalf("count: %v", err)
	}
	_, err = c.EncodeArgs(types(t, "0x1::option::Option<u8>"), raws(`{"vec":[1,2]}`))
	if err == nil || !strings.HasPrefix(err.Error(), "arguments[0].vec: option holds 2") {
		t.Fatalf("option: %v", err)
	}
}

// TestEncodeArgsLeniency covers the argument-only forms and their
// canonical rendering by DecodeArgs.
func TestEncodeArgsLeniency(t *testing.T) {
	const a = "0xd19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"
	c := testCodec(t)
	for _, tc := range []struct{ typ, in, bcs, out string }{
		{"0x1::option::Option<u8>", `null`, "00", `{"vec":[]}`},
		{"0x1::option::Option<u8>", `5`, "0105", `{"vec":[5]}`},
		{"0x1::option::Option<u8>", `"5"`, "0105", `{"vec":[5]}`},
		{"0x1::option::Option<u8>", `{"vec":[5]}`, "0105", `{"vec":[5]}`},
		{"0x1::option::Option<u8>", `{"vec":[]}`, "00", `{"vec":[]}`},
		{"0x1::option::Option<0x1::string::String>", `"hi"`, "01026869", `{"vec":["hi"]}`},
		{"0x1::option::Option<0x1::option::Option<u8>>", `7`, "010107", `{"vec":[{"vec":[7]}]}`},
		{"0x1::option::Option<0x1::option::Option<u8>>", `null`, "00", `{"vec":[]}`},
		{"vector<0x1::option::Option<u64>>", `[null,"1",{"vec":["2"]}]`,
			"03 00 01" + "0100000000000000" + "01" + "0200000000000000", `[{"vec":[]},{"vec":["1"]},{"vec":["2"]}]`},
		// An object that is not the wrapper form is a bare struct value.
		{"0x1::option::Option<0x1::coin::Coin<u8>>", `{"value":"3"}`, "01" + "0300000000000000", `{"vec":[{"value":"3"}]}`},
		{"0x1::object::Object<0x1::fungible_asset::Metadata>", `"0xa"`, strings.Repeat("00", 31) + "0a", `{"inner":"0xa"}`},
		{"0x1::object::Object<0x1::fungible_asset::Metadata>", `{"inner":"a"}`, strings.Repeat("00", 31) + "0a", `{"inner":"0xa"}`},
		{"vector<0x1::object::Object<u8>>", `["` + a + `",{"inner":"0x1"}]`, "02" + a[2:] + strings.Repeat("00", 31) + "01",
			`[{"inner":"` + a + `"},{"inner":"0x1"}]`},
		{"address", `"0x1"`, strings.Repeat("00", 31) + "01", `"0x1"`},
		{"u64", `1000`, "e803000000000000", `"1000"`},
	} {
		params := types(t, tc.typ)
		got, err := c.EncodeArgs(params, raws(tc.in))
		if err != nil {
			t.Errorf("%s %s: %v", tc.typ, tc.in, err)
			continue
		}
		if h := hex.EncodeToString(got[0]); h != strings.ReplaceAll(tc.bcs, " ", "") {
			t.Errorf("%s %s: BCS %s, want %s", tc.typ, tc.in, h, tc.bcs)
			continue
		}
		js, err := c.DecodeArgs(params, got)
		if err != nil || string(js[0]) != tc.out {
			t.Errorf("%s %s: DecodeArgs %s, %v; want %s", tc.typ, tc.in, js, err, tc.out)
		}
	}
}

func TestDecodeArgsErrors(t *testing.T) {
	c := testCodec(t)
	if _, err := c.DecodeArgs(types(t, "u8"), [][]byte{{1, 2}}); err == nil ||
		!strings.HasPrefix(err.Error(), "arguments[0]: bcs: trailing bytes") {
		t.Fatalf("trailing: %v", err)
	}
	if _, err := c.DecodeArgs(types(t, "u8", "u64"), [][]byte{{1}, {1}}); err == nil ||
		!strings.HasPrefix(err.Error(), "arguments[1]: bcs: input ends early") {
		t.Fatalf("truncated: %v", err)
	}
	if _, err := c.DecodeArgs(types(t, "signer"), [][]byte{make([]byte, 32)}); err == nil {
		t.Fatal("signer accepted")
	}
	if _, err := c.DecodeArgs(types(t, "u8"), nil); err == nil {
		t.Fatal("count mismatch accepted")
	}
	out, err := c.DecodeArgs(nil, nil)
	if err != nil || len(out) != 0 {
		t.Fatalf("no args: %v %v", out, err)
	}
}
