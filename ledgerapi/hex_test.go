package ledgerapi_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestParseHex(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []byte
	}{
		{"0x", []byte{}},
		{"", []byte{}},
		{"0x00", []byte{0}},
		{"0x0000", []byte{0, 0}},
		{"00ff", []byte{0, 0xff}},
		{"0XABcd", []byte{0xab, 0xcd}},
		{"0xdeadbeef", []byte{0xde, 0xad, 0xbe, 0xef}},
	} {
		got, err := ledgerapi.ParseHex(tc.in)
		if err != nil || !bytes.Equal(got, tc.want) {
			t.Errorf("ParseHex(%q) = %x, %v; want %x", tc.in, got, err, tc.want)
		}
		if got == nil && err == nil {
			t.Errorf("ParseHex(%q) returned nil, want an empty non-nil slice", tc.in)
		}
	}
	for in, want := range map[string]string{
		"0x1":    "odd number of hex digits",
		"0x123":  "odd number of hex digits",
		"1":      "odd number of hex digits",
		"0xgg":   "not a hex digit",
		"0x0g":   "not a hex digit",
		"0x 00":  "odd number", // the space is a character too
		"0x00 ":  "odd number",
		"0x0x00": "not a hex digit",
		"0x-1":   "not a hex digit",
		"0xéé":   "not a hex digit",
	} {
		got, err := ledgerapi.ParseHex(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseHex(%q) = %x, %v; want an error mentioning %q", in, got, err, want)
		}
	}
}

func TestHexBytesString(t *testing.T) {
	for _, tc := range []struct {
		in   ledgerapi.HexBytes
		want string
	}{
		{nil, "0x"},
		{ledgerapi.HexBytes{}, "0x"},
		{ledgerapi.HexBytes{0}, "0x00"},
		{ledgerapi.HexBytes{0, 0, 1}, "0x000001"}, // zeros are never trimmed
		{ledgerapi.HexBytes{0xAB, 0xCD}, "0xabcd"},
	} {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("%x: String() = %s, want %s", []byte(tc.in), got, tc.want)
		}
		b, err := json.Marshal(tc.in)
		if err != nil || string(b) != `"`+tc.want+`"` {
			t.Errorf("%x: JSON = %s, %v", []byte(tc.in), b, err)
		}
		txt, _ := tc.in.MarshalText()
		if string(txt) != tc.want {
			t.Errorf("%x: MarshalText = %s", []byte(tc.in), txt)
		}
	}
}

func TestHexBytesJSON(t *testing.T) {
	type body struct {
		Code ledgerapi.HexBytes `json:"code"`
	}
	for in, want := range map[string][]byte{
		`{"code":"0x"}`:        {},
		`{"code":""}`:          {},
		`{"code":"0x0001"}`:    {0, 1},
		`{"code":"0001"}`:      {0, 1},
		`{"code":"0xFF"}`:      {0xff},
		`{"code":"\u0030xff"}`: {0xff},
	} {
		var b body
		if err := json.Unmarshal([]byte(in), &b); err != nil || !bytes.Equal(b.Code, want) {
			t.Errorf("Unmarshal(%s) = %x, %v; want %x", in, []byte(b.Code), err, want)
		}
	}
	for _, in := range []string{`null`, `1`, `0`, `true`, `"0x1"`, `"0xgg"`, `[1,2]`, `{}`} {
		var h ledgerapi.HexBytes = ledgerapi.HexBytes{9}
		if err := json.Unmarshal([]byte(in), &h); err == nil {
			t.Errorf("HexBytes accepted %s as %x", in, []byte(h))
		}
		var b body
		if err := json.Unmarshal([]byte(`{"code":`+in+`}`), &b); err == nil {
			t.Errorf("field accepted %s", in)
		}
	}
	var h ledgerapi.HexBytes
	err := json.Unmarshal([]byte(`42`), &h)
	if err == nil || !strings.Contains(err.Error(), "must be a JSON string") {
		t.Errorf("number: %v", err)
	}
	// Round trip of every byte value.
	all := make(ledgerapi.HexBytes, 256)
	for i := range all {
		all[i] = byte(i)
	}
	enc, _ := json.Marshal(all)
	var back ledgerapi.HexBytes
	if err := json.Unmarshal(enc, &back); err != nil || !bytes.Equal(back, all) {
		t.Fatalf("round trip: %v", err)
	}
}
