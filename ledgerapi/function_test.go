package ledgerapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestParseEntryFunctionId(t *testing.T) {
	for _, tc := range []struct {
		in, want, module, name string
		addr                   ledgerapi.Address
	}{
		{"0x1::aptos_account::transfer", "0x1::aptos_account::transfer", "aptos_account", "transfer", ledgerapi.AddressOne},
		{"1::coin::transfer", "0x1::coin::transfer", "coin", "transfer", ledgerapi.AddressOne},
		{pad64("1") + "::coin::transfer", "0x1::coin::transfer", "coin", "transfer", ledgerapi.AddressOne},
		{"0x" + v1Addr + "::Mod::Do_It2", "0x" + v1Addr + "::Mod::Do_It2", "Mod", "Do_It2", ledgerapi.MustParseAddress(v1Addr)},
		{"0x0a82::m::_f", "0xa82::m::_f", "m", "_f", ledgerapi.MustParseAddress("0xa82")},
	} {
		f, err := ledgerapi.ParseEntryFunctionId(tc.in)
		if err != nil {
			t.Errorf("ParseEntryFunctionId(%q): %v", tc.in, err)
			continue
		}
		if f.String() != tc.want || f.Module.Name != tc.module || f.Name != tc.name || f.Module.Address != tc.addr {
			t.Errorf("ParseEntryFunctionId(%q) = %+v (%s)", tc.in, f, f)
		}
	}
	// Names are case-sensitive.
	a, _ := ledgerapi.ParseEntryFunctionId("0x1::coin::transfer")
	b, _ := ledgerapi.ParseEntryFunctionId("0x1::Coin::Transfer")
	if a == b || b.String() != "0x1::Coin::Transfer" {
		t.Errorf("case folded: %v %v", a, b)
	}
}

func TestParseEntryFunctionIdRejects(t *testing.T) {
	for in, want := range map[string]string{
		"":                                       "want <address>::<module>::<function>",
		"0x1::coin":                              "want <address>::<module>::<function>",
		"0x1::coin::transfer::x":                 "want <address>::<module>::<function>",
		"0x1::coin::transfer<u8>":                `invalid function name "transfer<u8>"`,
		"::coin::transfer":                       "no hex digits",
		"0xg::coin::transfer":                    "not hex",
		"0x1::aptos-account::transfer":           `invalid module name "aptos-account"`,
		"0x1::::transfer":                        "invalid module name",
		"0x1::coin::":                            "invalid function name",
		"0x1::coin::9x":                          `invalid function name "9x"`,
		"0x1 ::coin::transfer":                   "not hex",
		"0x1::coin:: transfer":                   "invalid function name",
		"0x1::coin::" + strings.Repeat("f", 256): "exceeds 255",
	} {
		f, err := ledgerapi.ParseEntryFunctionId(in)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "invalid function id") {
			t.Errorf("ParseEntryFunctionId(%q) = %v, %v; want an error mentioning %q", in, f, err, want)
		}
	}
}

func TestEntryFunctionIdJSON(t *testing.T) {
	var body struct {
		Function ledgerapi.EntryFunctionId `json:"function"`
	}
	if err := json.Unmarshal([]byte(`{"function":"0x0001::aptos_account::transfer"}`), &body); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(body)
	if err != nil || string(out) != `{"function":"0x1::aptos_account::transfer"}` {
		t.Fatalf("Marshal = %s, %v", out, err)
	}
	for _, bad := range []string{`{"function":"0x1::coin"}`, `{"function":1}`, `{"function":"transfer"}`} {
		if err := json.Unmarshal([]byte(bad), &body); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}
