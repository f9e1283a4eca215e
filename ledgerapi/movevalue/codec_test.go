package movevalue

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"slices"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// roundTrips holds canonical JSON and the BCS of the same value. Both
// directions must reproduce the other byte for byte. The BCS column was
// computed independently (Python int.to_bytes and the facts document).
var roundTrips = []struct {
	typ, json, bcs string
}{
	{"bool", `true`, "01"},
	{"bool", `false`, "00"},
	{"u8", `0`, "00"},
	{"u8", `255`, "ff"},
	{"u16", `4660`, "3412"},
	{"u16", `65535`, "ffff"},
	{"u32", `305419896`, "78563412"},
	{"u32", `4294967295`, "ffffffff"},
	{"u64", `"0"`, "0000000000000000"},
	{"u64", `"1311768467750121216"`, "00efcdab78563412"},
	{"u64", `"18446744073709551615"`, "ffffffffffffffff"},
	{"u128", `"0"`, "00000000000000000000000000000000"},
	{"u128", `"18446744073709551616"`, "00000000000000000100000000000000"},
	{"u128", `"340282366920938463463374607431768211455"`, "ffffffffffffffffffffffffffffffff"},
	{"u128", `"100000000000000000000000000000000012345"`, "3930000040228a097ac4865aa84c3b4b"},
	{"u256", `"1"`, "0100000000000000000000000000000000000000000000000000000000000000"},
	{"u256", `"6277101735386680763835789423207666416102355444464034512901"`, "0500000000000000000000000000000000000000000000000100000000000000"},
	{"u256", `"115792089237316195423570985008687907853269984665640564039457584007913129639935"`, "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"},
	{"u256", `"10000000000000000000000000000000000000000000000000000000000000000000000000000"`, "000000000000000000109571f1a57577792965e8abb46407b5159911a7cc1b16"},
	{"u256", `"10000000000000000000"`, "0000e8890423c78a000000000000000000000000000000000000000000000000"},
	{"u256", `"184467440737095516159999999999999999999"`, "ffffffffffffffffffffe7890423c78a00000000000000000000000000000000"},
	{"address", `"0x0"`, "0000000000000000000000000000000000000000000000000000000000000000"},
	{"address", `"0x1"`, "0000000000000000000000000000000000000000000000000000000000000001"},
	{"address", `"0xf"`, "000000000000000000000000000000000000000000000000000000000000000f"},
	{"address", `"0x0000000000000000000000000000000000000000000000000000000000000010"`, "0000000000000000000000000000000000000000000000000000000000000010"},
	{"address", `"0xd19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"`, "d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"},
	{"vector<u8>", `"0x"`, "00"},
	{"vector<u8>", `"0x0102"`, "020102"},
	{"vector<u8>", `"0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"`, "c801abababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"},
	{"vector<u16>", `[1,2]`, "0201000200"},
	{"vector<u64>", `["1","2"]`, "0201000000000000000200000000000000"},
	{"vector<bool>", `[]`, "00"},
	{"vector<vector<u8>>", `["0x","0xff"]`, "020001ff"},
	{"vector<address>", `["0x1","0xd19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"]`, "020000000000000000000000000000000000000000000000000000000000000001d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"},
	{"vector<vector<u32>>", `[[],[7]]`, "02000107000000"},
	{"0x1::string::String", `""`, "00"},
	{"0x1::string::String", `"çå∞≠¢õß∂ƒ∫"`, "18c3a7c3a5e2889ee289a0c2a2c3b5c39fe28882c692e288ab"},
	{"0x1::string::String", `"a\"b\\c\n\t\r\b\f\u0001\u001f` + "\x7f" + `/<>&"`, "116122625c630a090d080c011f7f2f3c3e26"},
	{"0x1::option::Option<u8>", `{"vec":[]}`, "00"},
	{"0x1::option::Option<u8>", `{"vec":[8]}`, "0108"},
	{"0x1::option::Option<0x1::string::String>", `{"vec":["hi"]}`, "01026869"},
	{"0x1::option::Option<0x1::option::Option<u64>>", `{"vec":[{"vec":["5"]}]}`, "01010500000000000000"},
	{"0x1::option::Option<vector<u8>>", `{"vec":["0x01"]}`, "010101"},
	{"0x1::option::Option<address>", `{"vec":["0xa"]}`, "01000000000000000000000000000000000000000000000000000000000000000a"},
	{"0x1::object::Object<0x1::fungible_asset::Metadata>", `{"inner":"0xa"}`, "000000000000000000000000000000000000000000000000000000000000000a"},
	{"vector<0x1::object::Object<0xcafe::m::Empty>>", `[{"inner":"0x1"},{"inner":"0xd19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"}]`, "020000000000000000000000000000000000000000000000000000000000000001d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"},
	{"0x1::coin::Coin<0x1::aptos_coin::AptosCoin>", `{"value":"200000042"}`, "2ac2eb0b00000000"},
	{"0xcafe::m::Box<u8>", `{"val":7}`, "07"},
	{"0xcafe::m::Box<vector<0xcafe::m::Box<bool>>>", `{"val":[{"val":true},{"val":false}]}`, "020100"},
	{"0xcafe::m::Pair<u8, bool>", `{"first":2,"second":true}`, "0102"},
	{"0xcafe::m::Empty", `{}`, ""},
	{"vector<0xcafe::m::Empty>", `[{},{}]`, "02"},
	{"0x1::transaction_fee::FeeStatement", `{"execution_gas_units":"7","io_gas_units":"11","storage_fee_octas":"3960","storage_fee_refund_octas":"0","total_charge_gas_units":"57"}`, "390000000000000007000000000000000b00000000000000780f0000000000000000000000000000"},
	{"0x1::fungible_asset::FungibleStore", `{"balance":"20000","frozen":false,"metadata":{"inner":"0xa"}}`, "000000000000000000000000000000000000000000000000000000000000000a204e00000000000000"},
	{"0x1::fungible_asset::Metadata", `{"decimals":8,"icon_uri":"","name":"Aptos Coin","project_uri":"","symbol":"APT"}`, "0a4170746f7320436f696e03415054080000"},
	{"0xcafe::m::All", `{"a":"0x1","b":true,"bytes":"0xdead","nested":[[1],[]],"o":{"vec":[3]},"obj":{"inner":"0xd19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"},"s":"hé","v":["9"],"x128":"5","x16":16,"x256":"6","x32":32,"x64":"64","x8":8}`, "01081000200000004000000000000000050000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000102dead0109000000000000000368c3a90103d19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb0201010000"},
}

func TestRoundTrip(t *testing.T) {
	c := testCodec(t)
	for _, tc := range roundTrips {
		t.Run(tc.typ, func(t *testing.T) {
			typ := mustType(t, tc.typ)
			want := unhex(t, tc.bcs)
			got, err := c.JSONToBCS(typ, json.RawMessage(tc.json))
			if err != nil {
				t.Fatalf("JSONToBCS(%s): %v", tc.json, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("JSONToBCS(%s)\n got %x\nwant %x", tc.json, got, want)
			}
			js, err := c.BCSToJSON(typ, want)
			if err != nil {
				t.Fatalf("BCSToJSON(%x): %v", want, err)
			}
			if string(js) != tc.json {
				t.Fatalf("BCSToJSON(%x)\n got %s\nwant %s", want, js, tc.json)
			}
			if !json.Valid(js) {
				t.Fatalf("output is not valid JSON: %s", js)
			}
			// Streaming form: appends after existing bytes, leaves the rest.
			dst := []byte("prefix")
			tail := append(append([]byte{}, want...), 0xee)
			d := bcs.NewDecoder(tail)
			out, err := c.AppendJSON(dst, typ, d)
			if err != nil || string(out) != "prefix"+tc.json || d.Remaining() != 1 {
				t.Fatalf("AppendJSON = %q, %v, remaining %d", out, err, d.Remaining())
			}
		})
	}
}

// TestLenientInput checks non-canonical but accepted inputs and the
// canonical JSON they render back to.
func TestLenientInput(t *testing.T) {
	c := testCodec(t)
	for _, tc := range []struct{ typ, in, out string }{
		{"u8", `"7"`, `7`},
		{"u8", `"007"`, `7`},
		{"u16", `"65535"`, `65535`},
		{"u32", `"0"`, `0`},
		{"u64", `7`, `"7"`},
		{"u64", `18446744073709551615`, `"18446744073709551615"`},
		{"u64", `"0000000000000000000000000042"`, `"42"`},
		{"u128", `340282366920938463463374607431768211455`, `"340282366920938463463374607431768211455"`},
		{"u256", `12`, `"12"`},
		{"address", `"0x01"`, `"0x1"`},
		{"address", `"1"`, `"0x1"`},
		{"address", `"0X000A"`, `"0xa"`},
		{"address", `"0xD19D03A472AB08C014FD9C5D1A247CFDD826A1C735BE7994CD8640563077A6BB"`, `"0xd19d03a472ab08c014fd9c5d1a247cfdd826a1c735be7994cd8640563077a6bb"`},
		{"vector<u8>", `[1, 2, 255]`, `"0x0102ff"`},
		{"vector<u8>", `["1", 2]`, `"0x0102"`},
		{"vector<u8>", `[]`, `"0x"`},
		{"vector<u8>", `"0XABcd"`, `"0xabcd"`},
		{"vector<u8>", `"abcd"`, `"0xabcd"`},
		{"0x1::string::String", `"\u00e9\ud83d\ude00\/"`, `"é😀/"`},
		{"0x1::option::Option<u8>", ` { "vec" : [ ] } `, `{"vec":[]}`},
		{"0xcafe::m::Pair<u8, bool>", `{"second":true,"first":2}`, `{"first":2,"second":true}`},
		{"0x1::fungible_asset::FungibleStore", `{"metadata":{"inner":"0x000a"},"frozen":true,"balance":5}`,
			`{"balance":"5","frozen":true,"metadata":{"inner":"0xa"}}`},
	} {
		typ := mustType(t, tc.typ)
		b, err := c.JSONToBCS(typ, json.RawMessage(tc.in))
		if err != nil {
			t.Errorf("JSONToBCS(%s, %s): %v", tc.typ, tc.in, err)
			continue
		}
		js, err := c.BCSToJSON(typ, b)
		if err != nil || string(js) != tc.out {
			t.Errorf("%s %s: rendered %s, %v; want %s", tc.typ, tc.in, js, err, tc.out)
		}
	}
}

func TestSignerRendersAsAddress(t *testing.T) {
	c := Codec{}
	b := make([]byte, 32)
	b[31] = 1
	js, err := c.BCSToJSON(mustType(t, "signer"), b)
	if err != nil || string(js) != `"0x1"` {
		t.Fatalf("got %s, %v", js, err)
	}
	if _, err := c.JSONToBCS(mustType(t, "signer"), json.RawMessage(`"0x1"`)); err == nil {
		t.Fatal("signer accepted as JSON input")
	}
}

func TestAppendUintMatchesBig(t *testing.T) {
	for _, h := range []string{
		"0000000000000000000000000000000000000000000000000000000000000080",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"0000000000000000000000000000000000000000000000010000000000000000",
		"00000000000000000000000000000000000000000000000000000000000000f0",
	} {
		raw, _ := hex.DecodeString(h)
		js, err := Codec{}.BCSToJSON(mustType(t, "u256"), raw)
		if err != nil {
			t.Fatal(err)
		}
		be := slices.Clone(raw)
		slices.Reverse(be)
		if want := `"` + new(big.Int).SetBytes(be).String() + `"`; string(js) != want {
			t.Fatalf("%s rendered %s, want %s", h, js, want)
		}
		back, err := Codec{}.JSONToBCS(mustType(t, "u256"), js)
		if err != nil || !bytes.Equal(back, raw) {
			t.Fatalf("%s -> %s -> %x, %v", h, js, back, err)
		}
	}
}
