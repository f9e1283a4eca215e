package ledgerapi_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// FuzzParseTypeTag checks, for any text: no panic; an error message of
// bounded size; and for accepted input, that String() is canonical (it
// re-parses to an Equal tag and is a fixed point), that ParseStructTag agrees
// on struct tags, and that the BCS form round-trips byte for byte.
func FuzzParseTypeTag(f *testing.F) {
	for _, tc := range canonicalTags {
		f.Add(tc.in)
	}
	for _, s := range []string{
		"", "u8", "vector<u8>", "vector<vector<vector<vector<vector<vector<vector<vector<u8>>>>>>>>",
		"vector<vector<vector<vector<vector<vector<vector<vector<vector<u8>>>>>>>>>",
		"0x1::m::S<u8,>", "0x1::m::S<>", "i64", "0x1::coin::Coin Store", "0x::m::S",
		"0x1::m::S<0x2::n::T<u8, 0x3::o::U>, vector<address>>", " signer ", "Vector<u8>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tag, err := ledgerapi.ParseTypeTag(s)
		if err != nil {
			// Messages quote at most a bounded prefix of the input (each
			// byte may be escaped as \xNN), never the whole of it.
			if n := len(err.Error()); n > 1024 {
				t.Fatalf("%d-byte error message: %.100q", n, err)
			}
			if tag.Elem != nil || tag.Struct != nil || tag.Kind != 0 {
				t.Fatalf("non-zero tag %+v returned with error", tag)
			}
			return
		}
		str := tag.String()
		again, err := ledgerapi.ParseTypeTag(str)
		if err != nil {
			t.Fatalf("%q was accepted as %q, which does not parse: %v", s, str, err)
		}
		if !again.Equal(tag) || !tag.Equal(again) {
			t.Fatalf("%q: %q re-parses to a different tag %q", s, str, again)
		}
		if again.String() != str {
			t.Fatalf("String() is not a fixed point: %q -> %q", str, again.String())
		}
		if strings.ContainsAny(str, " \t\r\n") && !strings.Contains(str, ", ") {
			t.Fatalf("canonical form %q has stray whitespace", str)
		}
		if tag.Kind == ledgerapi.KindStruct {
			st, err := ledgerapi.ParseStructTag(s)
			if err != nil || !st.Equal(*tag.Struct) {
				t.Fatalf("ParseStructTag(%q) = %v, %v; ParseTypeTag gave %v", s, st, err, tag)
			}
		}
		enc := bcs.Marshal(tag)
		var back ledgerapi.TypeTag
		if err := bcs.Unmarshal(enc, &back); err != nil {
			t.Fatalf("%q: BCS %x does not decode: %v", str, enc, err)
		}
		if !back.Equal(tag) || back.String() != str {
			t.Fatalf("%q: BCS round trip gives %q", str, back)
		}
		if !bytes.Equal(bcs.Marshal(back), enc) {
			t.Fatalf("%q: BCS re-encoding differs", str)
		}
	})
}

// FuzzTypeTagBCS checks the decoder side: any bytes that decode must be the
// canonical encoding of the tag (re-encoding gives the same bytes), and the
// tag's text form must parse back to it.
func FuzzTypeTagBCS(f *testing.F) {
	for _, tc := range canonicalTags {
		tag, err := ledgerapi.ParseTypeTag(tc.in)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(bcs.Marshal(tag))
	}
	f.Add([]byte{6, 6, 6, 6, 6, 6, 6, 6, 1})
	f.Add([]byte{6, 6, 6, 6, 6, 6, 6, 6, 6, 1})
	f.Add([]byte{0x0b})
	f.Add([]byte{0x81, 0x00})
	f.Fuzz(func(t *testing.T, b []byte) {
		var tag ledgerapi.TypeTag
		if err := bcs.Unmarshal(b, &tag); err != nil {
			return
		}
		if again := bcs.Marshal(tag); !bytes.Equal(again, b) {
			t.Fatalf("accepted non-canonical %x (canonical %x)", b, again)
		}
		str := tag.String()
		parsed, err := ledgerapi.ParseTypeTag(str)
		if err != nil {
			t.Fatalf("decoded %x to %q, which does not parse: %v", b, str, err)
		}
		if !parsed.Equal(tag) {
			t.Fatalf("%q parses to %q", str, parsed)
		}
	})
}
