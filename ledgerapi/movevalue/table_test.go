package movevalue

import (
	"bytes"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// OnTable sees every table a value holds, with its handle and types, and
// the JSON is the same as without it.
func TestOnTableReportsTablesAndKeepsTheJSON(t *testing.T) {
	r := testResolver(t)
	for tag, fields := range map[string][]string{
		"0x1::table::Table": {"handle: address"},
		"0xcafe::m::Holder": {"n: u64", "tables: vector<0x1::table::Table<address, u64>>", "inner: 0xcafe::m::Box<0x1::table::Table<u8, 0x1::string::String>>"},
	} {
		if err := r.Add(tag, fields...); err != nil {
			t.Fatal(err)
		}
	}
	typ, err := ledgerapi.ParseTypeTag("0xcafe::m::Holder")
	if err != nil {
		t.Fatal(err)
	}
	h := func(b byte) []byte { a := make([]byte, 32); a[31] = b; return a }
	var value []byte
	value = append(value, 7, 0, 0, 0, 0, 0, 0, 0, 2)
	value = append(value, h(1)...)
	value = append(value, h(2)...)
	value = append(value, h(3)...)

	plain, err := Codec{Resolver: r}.BCSToJSON(typ, value)
	if err != nil {
		t.Fatal(err)
	}
	type seen struct{ handle, key, value string }
	var got []seen
	watched, err := Codec{Resolver: r, OnTable: func(handle ledgerapi.Address, k, v ledgerapi.TypeTag) {
		got = append(got, seen{handle.ShortString(), k.String(), v.String()})
	}}.BCSToJSON(typ, value)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(plain, watched) {
		t.Errorf("JSON differs:\n%s\n%s", plain, watched)
	}
	want := []seen{{"0x1", "address", "u64"}, {"0x2", "address", "u64"}, {"0x3", "u8", "0x1::string::String"}}
	if len(got) != len(want) {
		t.Fatalf("saw %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("table %d: %v, want %v", i, got[i], want[i])
		}
	}
	if _, err := (Codec{Resolver: r, OnTable: func(ledgerapi.Address, ledgerapi.TypeTag, ledgerapi.TypeTag) {}}).BCSToJSON(typ, value[:40]); err == nil {
		t.Error("a truncated handle decoded")
	}
}
