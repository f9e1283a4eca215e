package ledgerapi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

const v3Hash = "465531c46718b69885cf4a5295ceda4c9162524e613e77f17f5f4426a244c944"

func TestParseHash(t *testing.T) {
	for _, in := range []string{"0x" + v3Hash, v3Hash, "0X" + strings.ToUpper(v3Hash)} {
		h, err := ledgerapi.ParseHash(in)
		if err != nil {
			t.Fatalf("ParseHash(%q): %v", in, err)
		}
		if h.String() != "0x"+v3Hash {
			t.Errorf("String() = %s", h)
		}
		if h[0] != 0x46 || h[31] != 0x44 {
			t.Errorf("bytes %x", h)
		}
	}
	zero, err := ledgerapi.ParseHash("0x" + strings.Repeat("0", 64))
	if err != nil || !zero.IsZero() || zero.String() != "0x"+strings.Repeat("0", 64) {
		t.Fatalf("zero hash: %v %v", zero, err)
	}
	if h, _ := ledgerapi.ParseHash(v3Hash); h.IsZero() {
		t.Fatal("IsZero true for a real hash")
	}
	for in, want := range map[string]string{
		"":                             "got 0",
		"0x":                           "got 0",
		"0x1":                          "want 64 hex digits, got 1", // hashes are never short
		"0x" + v3Hash[:63]:             "got 63",
		"0x" + v3Hash + "0":            "got 65",
		"0x" + v3Hash[:62] + "zz":      "not hex",
		"0x " + v3Hash[1:]:             "not hex",
		"0x" + strings.Repeat("a", 99): "got 99",
	} {
		h, err := ledgerapi.ParseHash(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseHash(%q) = %v, %v; want an error mentioning %q", in, h, err, want)
		}
	}
}

func TestHashJSON(t *testing.T) {
	type body struct {
		Hash ledgerapi.HashValue `json:"hash"`
	}
	var b body
	if err := json.Unmarshal([]byte(`{"hash":"`+v3Hash+`"}`), &b); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(b)
	if err != nil || string(out) != `{"hash":"0x`+v3Hash+`"}` {
		t.Fatalf("Marshal = %s, %v", out, err)
	}
	for _, in := range []string{`null`, `1`, `"0x1"`, `""`, `["` + v3Hash + `"]`} {
		var h ledgerapi.HashValue
		if err := json.Unmarshal([]byte(in), &h); err == nil {
			t.Errorf("accepted %s", in)
		}
	}
	var h ledgerapi.HashValue
	if err := h.UnmarshalText([]byte("0x" + v3Hash)); err != nil || h.String() != "0x"+v3Hash {
		t.Fatalf("UnmarshalText: %v", err)
	}
}

func TestHashBCS(t *testing.T) {
	h, _ := ledgerapi.ParseHash(v3Hash)
	enc := bcs.Marshal(h)
	if len(enc) != 33 || enc[0] != 0x20 || ledgerapi.HexBytes(enc[1:]).String() != "0x"+v3Hash {
		t.Fatalf("BCS = %x, want 20 and the 32 bytes", enc)
	}
	var back ledgerapi.HashValue
	if err := bcs.Unmarshal(enc, &back); err != nil || back != h {
		t.Fatalf("round trip: %v, %v", back, err)
	}
	for _, tc := range []struct {
		in   []byte
		kind error
		what string
	}{
		{append([]byte{0x1f}, enc[1:32]...), bcs.ErrLength, "hash"},
		{append([]byte{0x21}, append(enc[1:], 0)...), bcs.ErrLength, "hash"},
		{[]byte{0x00}, bcs.ErrLength, "hash"},
		{enc[:20], bcs.ErrTruncated, "hash length"},
		{[]byte{}, bcs.ErrTruncated, "hash length"},
		{[]byte{0x80, 0x00}, bcs.ErrNonMinimal, "hash length"},
		{append(append([]byte{}, enc...), 1), bcs.ErrTrailing, ""},
	} {
		err := bcs.Unmarshal(tc.in, &back)
		var be *bcs.Error
		if !errors.Is(err, tc.kind) || !errors.As(err, &be) || be.What != tc.what {
			t.Errorf("%x: err %v, want %v naming %q", tc.in, err, tc.kind, tc.what)
		}
	}
}
