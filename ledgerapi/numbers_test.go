package ledgerapi_test

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

const (
	maxU64Str  = "18446744073709551615"
	maxU128Str = "340282366920938463463374607431768211455"
	maxU256Str = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
)

// badDecimals are rejected by every integer parser.
var badDecimals = []string{
	"", "-1", "+1", " 1", "1 ", "1\n", "0x10", "0X10", "1e3", "1.0", "1_000", "1,000",
	"١", // Arabic-Indic digit one
	"abc", "NaN", "Infinity", "0b1", "\x00",
}

func TestParseU64(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
	}{
		{"0", 0},
		{"1", 1},
		{"1000", 1000},
		{"007", 7},
		{maxU64Str, math.MaxUint64},
		{"000000000000000000000000000018446744073709551615", math.MaxUint64},
	} {
		got, err := ledgerapi.ParseU64(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseU64(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range append(badDecimals, "18446744073709551616", "99999999999999999999999", strings.Repeat("9", 10000)) {
		if got, err := ledgerapi.ParseU64(in); err == nil {
			t.Errorf("ParseU64(%q) = %d, want an error", in, got)
		}
	}
}

func TestParseU64Messages(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "empty",
		"-1":                   `"-1" is not a decimal unsigned integer`,
		"18446744073709551616": `"18446744073709551616" does not fit in u64`,
	} {
		_, err := ledgerapi.ParseU64(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseU64(%q) error %v, want it to mention %q", in, err, want)
		}
	}
	// Huge inputs are cut in the message.
	_, err := ledgerapi.ParseU64(strings.Repeat("x", 5000))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("message for a 5000-byte input is %d bytes", len(err.Error()))
	}
}

func TestU64JSON(t *testing.T) {
	for _, v := range []uint64{0, 1, 1000, math.MaxUint64} {
		b, err := json.Marshal(ledgerapi.U64(v))
		if err != nil {
			t.Fatal(err)
		}
		want := `"` + ledgerapi.U64(v).String() + `"`
		if string(b) != want {
			t.Errorf("Marshal(%d) = %s, want %s", v, b, want)
		}
		var back ledgerapi.U64
		if err := json.Unmarshal(b, &back); err != nil || uint64(back) != v {
			t.Errorf("round trip of %d: %d, %v", v, back, err)
		}
	}
	if b, _ := json.Marshal(ledgerapi.U64(math.MaxUint64)); string(b) != `"`+maxU64Str+`"` {
		t.Errorf("max u64 marshals as %s", b)
	}
	// Inside a struct, the field must be a string as well.
	var s struct {
		Seq ledgerapi.U64 `json:"sequence_number"`
	}
	if err := json.Unmarshal([]byte(`{"sequence_number":"42"}`), &s); err != nil || s.Seq != 42 {
		t.Fatalf("struct field: %d, %v", s.Seq, err)
	}
	for _, in := range []string{
		`1000`, `null`, `true`, `"1000.0"`, `""`, `"-1"`, `"+1"`, `" 1"`, `"1 "`, `"0x10"`, `"1e3"`,
		`"18446744073709551616"`, `["1"]`, `{"v":"1"}`, `1e3`,
	} {
		var v ledgerapi.U64 = 77
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("Unmarshal(%s) = %d, want an error", in, v)
		}
		if err := json.Unmarshal([]byte(`{"sequence_number":`+in+`}`), &s); err == nil {
			t.Errorf("struct field %s accepted", in)
		}
	}
	var v ledgerapi.U64
	err := json.Unmarshal([]byte(`1000`), &v)
	if err == nil || !strings.Contains(err.Error(), "must be a JSON string") {
		t.Errorf("number 1000: error %v, want one saying it must be a string", err)
	}
	// Called directly (not through encoding/json), a malformed string is
	// reported as such rather than parsed.
	if err := v.UnmarshalJSON([]byte(`"4\q"`)); err == nil || !strings.Contains(err.Error(), "invalid JSON string") {
		t.Errorf(`UnmarshalJSON("4\q") = %v`, err)
	}
	for _, raw := range []string{``, `"`, `"1`, `1"`} {
		if err := v.UnmarshalJSON([]byte(raw)); err == nil {
			t.Errorf("UnmarshalJSON(%s) accepted", raw)
		}
	}
	// Escapes inside the string are JSON escapes.
	if err := json.Unmarshal([]byte(`"\u0034\u0032"`), &v); err != nil || v != 42 {
		t.Errorf(`"\u0034\u0032" = %d, %v`, v, err)
	}
}

func TestU64Text(t *testing.T) {
	var v ledgerapi.U64
	if err := v.UnmarshalText([]byte("123")); err != nil || v != 123 {
		t.Fatalf("UnmarshalText = %d, %v", v, err)
	}
	if b, _ := v.MarshalText(); string(b) != "123" {
		t.Fatalf("MarshalText = %s", b)
	}
	if err := v.UnmarshalText([]byte("0x1")); err == nil || v != 123 {
		t.Fatalf("UnmarshalText(0x1) = %d, %v; want the value kept and an error", v, err)
	}
	// Map keys use the text form.
	m := map[ledgerapi.U64]string{7: "seven"}
	b, err := json.Marshal(m)
	if err != nil || string(b) != `{"7":"seven"}` {
		t.Fatalf("map marshal = %s, %v", b, err)
	}
}

func TestParseU128(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi uint64
	}{
		{"0", 0, 0},
		{"1", 1, 0},
		{maxU64Str, math.MaxUint64, 0},
		{"18446744073709551616", 0, 1},
		{maxU128Str, math.MaxUint64, math.MaxUint64},
		{"0" + maxU128Str, math.MaxUint64, math.MaxUint64},
	} {
		got, err := ledgerapi.ParseU128(tc.in)
		if err != nil || got.Lo != tc.lo || got.Hi != tc.hi {
			t.Errorf("ParseU128(%q) = %+v, %v; want {%d %d}", tc.in, got, err, tc.lo, tc.hi)
			continue
		}
		if got.Big().String() != strings.TrimLeft(tc.in, "0") && tc.in != "0" {
			t.Errorf("Big() = %s for %q", got.Big(), tc.in)
		}
	}
	for _, in := range append(badDecimals, "340282366920938463463374607431768211456", maxU256Str) {
		if got, err := ledgerapi.ParseU128(in); err == nil {
			t.Errorf("ParseU128(%q) = %v, want an error", in, got)
		}
	}
	_, err := ledgerapi.ParseU128("340282366920938463463374607431768211456")
	if err == nil || !strings.Contains(err.Error(), "does not fit in u128") {
		t.Errorf("u128 overflow error: %v", err)
	}
}

func TestParseU256(t *testing.T) {
	two := new(big.Int).Lsh(big.NewInt(1), 192)
	for _, tc := range []struct {
		in   string
		want ledgerapi.U256
	}{
		{"0", ledgerapi.U256{}},
		{"5", ledgerapi.U256{5}},
		{maxU128Str, ledgerapi.U256{math.MaxUint64, math.MaxUint64}},
		{two.String(), ledgerapi.U256{0, 0, 0, 1}},
		{maxU256Str, ledgerapi.U256{math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64}},
	} {
		got, err := ledgerapi.ParseU256(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseU256(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if got.String() != tc.in {
			t.Errorf("String() = %s, want %s", got.String(), tc.in)
		}
	}
	over := new(big.Int).Lsh(big.NewInt(1), 256).String()
	for _, in := range append(badDecimals, over) {
		if got, err := ledgerapi.ParseU256(in); err == nil {
			t.Errorf("ParseU256(%q) = %v, want an error", in, got)
		}
	}
}

func TestBigNumbersJSON(t *testing.T) {
	for _, in := range []string{"0", "1", maxU64Str, "18446744073709551616", maxU128Str} {
		var v ledgerapi.U128
		if err := json.Unmarshal([]byte(`"`+in+`"`), &v); err != nil {
			t.Fatalf("U128 %s: %v", in, err)
		}
		b, _ := json.Marshal(v)
		if string(b) != `"`+in+`"` {
			t.Errorf("U128 %s marshals as %s", in, b)
		}
	}
	for _, in := range []string{"0", maxU64Str, maxU128Str, "340282366920938463463374607431768211456", maxU256Str} {
		var v ledgerapi.U256
		if err := json.Unmarshal([]byte(`"`+in+`"`), &v); err != nil {
			t.Fatalf("U256 %s: %v", in, err)
		}
		b, _ := json.Marshal(v)
		if string(b) != `"`+in+`"` {
			t.Errorf("U256 %s marshals as %s", in, b)
		}
	}
	for _, in := range []string{`1000`, `null`, `""`, `"-1"`, `"0x10"`, `"` + maxU256Str + `"`} {
		var v ledgerapi.U128
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("U128 accepted %s", in)
		}
	}
	for _, in := range []string{`1000`, `null`, `""`, `"1e3"`, `" 1"`, `"` + maxU256Str + `0"`} {
		var v ledgerapi.U256
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("U256 accepted %s", in)
		}
	}
}

// TestU128Limbs checks the limb order against math/big for random values.
func TestU128Limbs(t *testing.T) {
	for _, v := range []ledgerapi.U128{{Lo: 1, Hi: 2}, {Lo: math.MaxUint64}, {Hi: 1 << 63}, {Lo: 0x1234, Hi: 0xabcd}} {
		want := new(big.Int).Lsh(new(big.Int).SetUint64(v.Hi), 64)
		want.Or(want, new(big.Int).SetUint64(v.Lo))
		if v.Big().Cmp(want) != 0 || v.String() != want.String() {
			t.Errorf("%+v: Big %s String %s, want %s", v, v.Big(), v.String(), want)
		}
		back, err := ledgerapi.ParseU128(v.String())
		if err != nil || back != v {
			t.Errorf("%+v: parse back %+v, %v", v, back, err)
		}
	}
}
