package ledgerapi_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestValidIdentifier(t *testing.T) {
	valid := []string{
		"a", "Z", "coin", "CoinStore", "aptos_coin", "_a", "__", "_0", "a0", "x_1_y",
		strings.Repeat("a", ledgerapi.MaxIdentifierLength),
		"_" + strings.Repeat("9", ledgerapi.MaxIdentifierLength-1),
	}
	for _, s := range valid {
		if !ledgerapi.ValidIdentifier(s) {
			t.Errorf("ValidIdentifier(%q) = false", s)
		}
		if err := ledgerapi.CheckIdentifier("name", s); err != nil {
			t.Errorf("CheckIdentifier(%q) = %v", s, err)
		}
	}
	invalid := []string{
		"", "_", "0", "9abc", "a-b", "a b", "a.b", "a::b", "é", "aé", "a\x00", "<", "0x1",
		strings.Repeat("a", ledgerapi.MaxIdentifierLength+1),
		strings.Repeat("b", 10000),
	}
	for _, s := range invalid {
		if ledgerapi.ValidIdentifier(s) {
			t.Errorf("ValidIdentifier(%.20q) = true", s)
		}
		if err := ledgerapi.CheckIdentifier("name", s); err == nil {
			t.Errorf("CheckIdentifier(%.20q) = nil", s)
		}
	}
}

func TestCheckIdentifierMessages(t *testing.T) {
	err := ledgerapi.CheckIdentifier("module name", "9lives")
	if err == nil || err.Error() != `invalid module name "9lives": not a Move identifier` {
		t.Errorf("got %v", err)
	}
	err = ledgerapi.CheckIdentifier("struct name", strings.Repeat("a", 10000))
	if err == nil || err.Error() != "invalid struct name: identifier of 10000 bytes exceeds 255" {
		t.Errorf("got %v", err)
	}
}
