package movevm

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestBCSMatchesArgumentCodec reads BCS made by the REST API's argument
// codec (checked against the TypeScript SDK's encodings in movevalue) and
// writes it back byte for byte.
func TestBCSMatchesArgumentCodec(t *testing.T) {
	e := newEnv(stdModules(t)...)
	s := e.session()
	cases := []struct{ typ, json string }{
		{"bool", `true`},
		{"u8", `255`},
		{"u16", `65535`},
		{"u32", `4294967295`},
		{"u64", `"18446744073709551615"`},
		{"u128", `"340282366920938463463374607431768211455"`},
		{"u256", `"115792089237316195423570985008687907853269984665640564039457584007913129639935"`},
		{"address", `"0xcafe"`},
		{"vector<u8>", `"0x0102ff"`},
		{"vector<vector<u64>>", `[["1","2"],[],["3"]]`},
		{"0x1::string::String", `"héllo"`},
		{"0x1::option::Option<u64>", `"7"`},
		{"0x1::option::Option<u64>", `null`},
		{"vector<0x1::option::Option<0x1::string::String>>", `[null, "x"]`},
		{"0x1::object::Object<0x1::string::String>", `"0xa11ce"`},
	}
	for _, c := range cases {
		t.Run(c.typ, func(t *testing.T) {
			tag, err := ledgerapi.ParseTypeTag(c.typ)
			if err != nil {
				t.Fatal(err)
			}
			enc, err := movevalue.Codec{}.EncodeArgs([]ledgerapi.TypeTag{tag}, []json.RawMessage{json.RawMessage(c.json)})
			if err != nil {
				t.Fatal(err)
			}
			ty, err := s.TypeOf(tag)
			if err != nil {
				t.Fatal(err)
			}
			v, err := s.Deserialize(ty, enc[0])
			if err != nil {
				t.Fatalf("reading %x: %v", enc[0], err)
			}
			back, err := Serialize(nil, v)
			if err != nil || !bytes.Equal(back, enc[0]) {
				t.Fatalf("wrote %x, read %x (%v)", back, enc[0], err)
			}
			if got, _ := ty.Tag(); !got.Equal(tag) {
				t.Fatalf("type tag %s", got)
			}
		})
	}
	if v, _ := s.Deserialize(TypeU128, bytes.Repeat([]byte{0xff}, 16)); v.AsBig().String() != "340282366920938463463374607431768211455" {
		t.Fatalf("u128 max read as %s", v.AsBig())
	}
}

// TestSignedBCS checks two's complement little-endian encodings of signed
// integers of every width.
func TestSignedBCS(t *testing.T) {
	s := newEnv().session()
	cases := []struct {
		t    *Type
		b    []byte
		want string
	}{
		{TypeI8, []byte{0xff}, "-1"},
		{TypeI8, []byte{0x80}, "-128"},
		{TypeI16, []byte{0x00, 0x80}, "-32768"},
		{TypeI32, []byte{0xfe, 0xff, 0xff, 0xff}, "-2"},
		{TypeI64, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, "9223372036854775807"},
		{TypeI128, append(make([]byte, 15), 0x80), "-170141183460469231731687303715884105728"},
		{TypeI256, bytes.Repeat([]byte{0xff}, 32), "-1"},
	}
	for _, c := range cases {
		v, err := s.Deserialize(c.t, c.b)
		if err != nil || v.AsBig().String() != c.want {
			t.Fatalf("%s %x read as %v (%v), want %s", c.t, c.b, v.AsBig(), err, c.want)
		}
		back, err := Serialize(nil, v)
		if err != nil || !bytes.Equal(back, c.b) {
			t.Fatalf("%s %s wrote %x", c.t, c.want, back)
		}
	}
	for _, bad := range [][]byte{{}, {1, 2}} {
		if _, err := s.Deserialize(TypeI8, bad); StatusOf(err) != onchain.FAILED_TO_DESERIALIZE_RESOURCE {
			t.Fatalf("i8 from %x: %v", bad, err)
		}
	}
}
