package aptosstdlib

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// TestStructName checks the struct_name type_of gives: the name alone
// without type arguments, and with them as Aptos prints them.
func TestStructName(t *testing.T) {
	str := ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "string", Name: "String"})
	for _, c := range []struct {
		tag  ledgerapi.StructTag
		want string
	}{
		{ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "m", Name: "Box"}, "Box"},
		{ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "m", Name: "Box",
			TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindU64}, str}}, "Box<u64, 0x1::string::String>"},
		{ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "m", Name: "Box",
			TypeArgs: []ledgerapi.TypeTag{ledgerapi.VectorOf(str)}}, "Box<vector<0x1::string::String>>"},
	} {
		if got := StructName(c.tag); got != c.want {
			t.Errorf("StructName(%v) = %q, want %q", c.tag, got, c.want)
		}
	}
}
