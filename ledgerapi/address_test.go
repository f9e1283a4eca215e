package ledgerapi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

const v1Addr = "978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa"

// pad64 writes an address's hex digits out to the full 64.
func pad64(digits string) string { return "0x" + strings.Repeat("0", 64-len(digits)) + digits }

func TestParseAddress(t *testing.T) {
	one := ledgerapi.AddressOne
	full := ledgerapi.Address{}
	for i := range full {
		full[i] = byte(i + 1)
	}
	leading := ledgerapi.Address{}
	leading[1] = 0x0a // 0x000a…
	leading[31] = 0x82
	tests := []struct {
		in   string
		want ledgerapi.Address
	}{
		{"0x1", one},
		{"1", one},
		{"0X1", one},
		{"0x01", one},
		{pad64("1"), one},
		{"0000000000000000000000000000000000000000000000000000000000000001", one},
		{"0x0", ledgerapi.AddressZero},
		{"0", ledgerapi.AddressZero},
		{"0xa", ledgerapi.AddressA},
		{"0xA", ledgerapi.AddressA},
		{"0x3", ledgerapi.AddressThree},
		{"0x4", ledgerapi.AddressFour},
		{"0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20", full},
		{"0x0102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F20", full},
		{"102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20", full}, // 63 digits
		{"0x000a" + strings.Repeat("0", 58) + "82", leading},
		{"0xa" + strings.Repeat("0", 58) + "82", leading}, // 61 digits
	}
	for _, tc := range tests {
		got, err := ledgerapi.ParseAddress(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseAddress(%q) = %x, %v; want %x", tc.in, got, err, tc.want)
		}
	}
	v1, err := ledgerapi.ParseAddress("0x" + v1Addr)
	if err != nil || v1.LongString() != "0x"+v1Addr {
		t.Fatalf("V1 address: %v %v", v1, err)
	}
}

func TestParseAddressRejects(t *testing.T) {
	for in, want := range map[string]string{
		"":                             "no hex digits",
		"0x":                           "no hex digits",
		"0X":                           "no hex digits",
		"0x" + strings.Repeat("1", 65): "longer than 64",
		strings.Repeat("1", 65):        "longer than 64",
		strings.Repeat("f", 10000):     "longer than 64",
		"0xg":                          "not hex",
		"0x1g":                         "not hex",
		"x1":                           "not hex",
		"0x-1":                         "not hex",
		"0x 1":                         "not hex",
		" 0x1":                         "not hex",
		"0x1 ":                         "not hex",
		"0x0x1":                        "not hex",
		"0x１":                          "not hex", // full-width digit
		"0xé":                          "not hex",
		"1::":                          "not hex",
	} {
		got, err := ledgerapi.ParseAddress(in)
		if err == nil {
			t.Errorf("ParseAddress(%q) = %v, want an error", in, got)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("ParseAddress(%q) error %q, want it to mention %q", in, err, want)
		}
		if got != (ledgerapi.Address{}) {
			t.Errorf("ParseAddress(%q) returned %x with its error", in, got)
		}
		if len(err.Error()) > 200 {
			t.Errorf("ParseAddress(%d-byte input): %d-byte message", len(in), len(err.Error()))
		}
	}
}

func TestAddressString(t *testing.T) {
	tests := []struct {
		in, aip40, short string
	}{
		{"0x0", "0x0", "0x0"},
		{"0x1", "0x1", "0x1"},
		{"0xa", "0xa", "0xa"},
		{"0xf", "0xf", "0xf"},
		{"0x10", pad64("10"), "0x10"},
		{"0x100", pad64("100"), "0x100"},
		// 0x1 in the first byte is not special.
		{"0x0100000000000000000000000000000000000000000000000000000000000000",
			"0x0100000000000000000000000000000000000000000000000000000000000000",
			"0x100000000000000000000000000000000000000000000000000000000000000"},
		{"0x" + v1Addr, "0x" + v1Addr, "0x" + v1Addr},
		{"0x0a82", pad64("a82"), "0xa82"},
		{"0xABCDEF", pad64("abcdef"), "0xabcdef"},
	}
	for _, tc := range tests {
		a := ledgerapi.MustParseAddress(tc.in)
		if got := a.String(); got != tc.aip40 {
			t.Errorf("%s: String() = %s, want %s", tc.in, got, tc.aip40)
		}
		if got := a.ShortString(); got != tc.short {
			t.Errorf("%s: ShortString() = %s, want %s", tc.in, got, tc.short)
		}
		long := a.LongString()
		if len(long) != 66 || !strings.HasPrefix(long, "0x") || strings.ToLower(long) != long {
			t.Errorf("%s: LongString() = %s", tc.in, long)
		}
		// Every form parses back to the same address.
		for _, s := range []string{a.String(), a.ShortString(), long} {
			if back := ledgerapi.MustParseAddress(s); back != a {
				t.Errorf("%s: %s parses to %v", tc.in, s, back)
			}
		}
	}
}

func TestAddressIsSpecial(t *testing.T) {
	for i := 0; i < 0x10; i++ {
		var a ledgerapi.Address
		a[31] = byte(i)
		if !a.IsSpecial() {
			t.Errorf("0x%x not special", i)
		}
	}
	notSpecial := []string{"0x10", "0xff", "0x100", "0x1000000000000000000000000000000000000000000000000000000000000001"}
	for _, s := range notSpecial {
		if ledgerapi.MustParseAddress(s).IsSpecial() {
			t.Errorf("%s special", s)
		}
	}
}

func TestMustParseAddressPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("MustParseAddress(\"0x\") did not panic")
		}
	}()
	ledgerapi.MustParseAddress("0x")
}

func TestAddressJSON(t *testing.T) {
	type body struct {
		Sender ledgerapi.Address `json:"sender"`
	}
	for _, tc := range []struct{ in, out string }{
		{`{"sender":"0x1"}`, `{"sender":"0x1"}`},
		{`{"sender":"1"}`, `{"sender":"0x1"}`},
		{`{"sender":"` + pad64("1") + `"}`, `{"sender":"0x1"}`},
		{`{"sender":"0x10"}`, `{"sender":"` + pad64("10") + `"}`},
		{`{"sender":"0x` + strings.ToUpper(v1Addr) + `"}`, `{"sender":"0x` + v1Addr + `"}`},
		{`{"sender":"\u0030x1"}`, `{"sender":"0x1"}`},
	} {
		var b body
		if err := json.Unmarshal([]byte(tc.in), &b); err != nil {
			t.Errorf("Unmarshal(%s): %v", tc.in, err)
			continue
		}
		out, err := json.Marshal(b)
		if err != nil || string(out) != tc.out {
			t.Errorf("Marshal after %s = %s, %v; want %s", tc.in, out, err, tc.out)
		}
	}
	for _, in := range []string{`1`, `null`, `true`, `""`, `"0x"`, `"0xzz"`, `["0x1"]`, `"0x` + strings.Repeat("0", 65) + `"`} {
		var a ledgerapi.Address
		if err := json.Unmarshal([]byte(in), &a); err == nil {
			t.Errorf("Unmarshal(%s) = %v, want an error", in, a)
		}
	}
	// Map keys use the AIP-40 text form.
	m := map[ledgerapi.Address]int{ledgerapi.AddressOne: 1}
	if b, err := json.Marshal(m); err != nil || string(b) != `{"0x1":1}` {
		t.Errorf("map = %s, %v", b, err)
	}
	var back map[ledgerapi.Address]int
	if err := json.Unmarshal([]byte(`{"0x1":1,"0x00a":2}`), &back); err != nil || back[ledgerapi.AddressOne] != 1 || back[ledgerapi.AddressA] != 2 {
		t.Errorf("map back = %v, %v", back, err)
	}
}

func TestAddressBCS(t *testing.T) {
	a := ledgerapi.MustParseAddress("0x" + v1Addr)
	enc := bcs.Marshal(a)
	if len(enc) != 32 || ledgerapi.HexBytes(enc).String() != "0x"+v1Addr {
		t.Fatalf("BCS = %x, want the 32 raw bytes", enc)
	}
	var back ledgerapi.Address
	if err := bcs.Unmarshal(enc, &back); err != nil || back != a {
		t.Fatalf("round trip %v, %v", back, err)
	}
	err := bcs.Unmarshal(enc[:31], &back)
	var be *bcs.Error
	if !errors.Is(err, bcs.ErrTruncated) || !errors.As(err, &be) || be.What != "address" {
		t.Fatalf("31 bytes: %v", err)
	}
	if err := bcs.Unmarshal(append(enc, 0), &back); !errors.Is(err, bcs.ErrTrailing) {
		t.Fatalf("33 bytes: %v", err)
	}
}
