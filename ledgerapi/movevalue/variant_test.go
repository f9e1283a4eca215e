package movevalue

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// Enum values render as {"__variant__": name, fields…} with sorted keys; a
// generic enum's fields take its type arguments; a tag beyond the
// variants is refused; JSON is not accepted for an enum.
func TestEnumValues(t *testing.T) {
	bytesT := MustParseLayout("x: vector<u8>").Fields[0].Type
	m := MapResolver{
		"0x1::auth_data::AbstractionAuthData": {Variants: []Variant{
			{Name: "V1", Fields: []Field{{Name: "digest", Type: bytesT}, {Name: "authenticator", Type: bytesT}}},
			{Name: "DerivableV1", Fields: []Field{{Name: "digest", Type: bytesT}, {Name: "abstract_signature", Type: bytesT}, {Name: "abstract_public_key", Type: bytesT}}},
		}},
		"0x1::ordered_map::Entry": MustParseLayout("key: T0", "value: T1"),
		"0x1::ordered_map::OrderedMap": {Variants: []Variant{{Name: "SortedVectorMap",
			Fields: MustParseLayout("entries: vector<0x1::ordered_map::Entry<T0, T1>>").Fields}}},
		"0x1::ordered_map::IteratorPtr": {Variants: []Variant{{Name: "End"}, {Name: "Position", Fields: MustParseLayout("index: u64").Fields}}},
	}
	c := Codec{Resolver: m}
	for _, tc := range []struct {
		typ  string
		bcs  []byte
		want string
	}{
		{"0x1::auth_data::AbstractionAuthData", []byte{0, 2, 1, 2, 1, 9}, `{"__variant__":"V1","authenticator":"0x09","digest":"0x0102"}`},
		{"0x1::auth_data::AbstractionAuthData", []byte{1, 0, 1, 7, 0}, `{"__variant__":"DerivableV1","abstract_public_key":"0x","abstract_signature":"0x07","digest":"0x"}`},
		{"0x1::ordered_map::OrderedMap<u64, bool>", []byte{0, 1, 5, 0, 0, 0, 0, 0, 0, 0, 1},
			`{"__variant__":"SortedVectorMap","entries":[{"key":"5","value":true}]}`},
		{"0x1::ordered_map::IteratorPtr", []byte{0}, `{"__variant__":"End"}`},
	} {
		tt, err := ledgerapi.ParseTypeTag(tc.typ)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.BCSToJSON(tt, tc.bcs)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s %x: %s %v, want %s", tc.typ, tc.bcs, got, err, tc.want)
		}
	}
	tt, _ := ledgerapi.ParseTypeTag("0x1::ordered_map::IteratorPtr")
	if _, err := c.BCSToJSON(tt, []byte{2}); err == nil {
		t.Error("variant 2 of 2 rendered")
	}
	if _, err := c.JSONToBCS(tt, []byte(`{"__variant__":"End"}`)); err == nil {
		t.Error("JSON accepted for an enum")
	}
}
