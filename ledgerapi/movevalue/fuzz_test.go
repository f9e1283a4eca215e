package movevalue

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// fuzzCodecs returns a strict codec with small limits and a renderer with
// room for the JSON of anything the strict codec accepts.
func fuzzCodecs(t testing.TB) (strict, render Codec) {
	r := testResolver(t)
	strict = Codec{Resolver: r, Limits: Limits{MaxVectorLen: 4096, MaxBytes: 1 << 16}}
	render = Codec{Resolver: r, Limits: Limits{MaxVectorLen: 4096, MaxBytes: 1 << 24}}
	return strict, render
}

// FuzzJSONToBCS feeds (type, JSON) pairs to JSONToBCS and EncodeArgs. It
// asserts that nothing panics, that every accepted value renders back to
// JSON, and that the rendering converts to the identical BCS again
// (BCS→JSON→BCS) and renders identically (canonical JSON is a fixed point).
func FuzzJSONToBCS(f *testing.F) {
	for _, tc := range roundTrips {
		f.Add(tc.typ, []byte(tc.json))
	}
	for _, tc := range badJSON {
		f.Add(tc.typ, []byte(tc.json))
	}
	f.Add("0x1::option::Option<u8>", []byte(`null`))
	f.Add("vector<0x1::object::Object<u8>>", []byte(`["0x1",{"inner":"2"}]`))
	strict, render := fuzzCodecs(f)
	f.Fuzz(func(t *testing.T, typ string, js []byte) {
		tag, err := ledgerapi.ParseTypeTag(typ)
		if err != nil {
			return
		}
		b, err := strict.JSONToBCS(tag, js)
		args, argErr := strict.EncodeArgs([]ledgerapi.TypeTag{tag}, []json.RawMessage{js})
		if err == nil {
			checkFixedPoint(t, strict, render, tag, b)
			// Strict input is also valid argument input, with the same bytes.
			if argErr != nil || !bytes.Equal(args[0], b) {
				t.Fatalf("EncodeArgs disagrees with JSONToBCS: %x, %v vs %x", args, argErr, b)
			}
		}
		if argErr == nil {
			checkFixedPoint(t, strict, render, tag, args[0])
		}
	})
}

func checkFixedPoint(t *testing.T, strict, render Codec, tag ledgerapi.TypeTag, b []byte) {
	t.Helper()
	out, err := render.BCSToJSON(tag, b)
	if err != nil {
		t.Fatalf("accepted value %x does not render: %v", b, err)
	}
	if !json.Valid(out) {
		t.Fatalf("rendered invalid JSON %q", out)
	}
	b2, err := strict.JSONToBCS(tag, out)
	if err != nil {
		t.Fatalf("rendered JSON %s is rejected: %v", out, err)
	}
	if !bytes.Equal(b, b2) {
		t.Fatalf("BCS→JSON→BCS changed the bytes:\n%x\n%s\n%x", b, out, b2)
	}
	out2, err := render.BCSToJSON(tag, b2)
	if err != nil || !bytes.Equal(out, out2) {
		t.Fatalf("rendering is not stable: %s vs %s, %v", out, out2, err)
	}
}

// FuzzBCSToJSON feeds (type, BCS) pairs to BCSToJSON: anything accepted
// must convert back to exactly the same bytes, which shows the decoder
// accepts canonical BCS only.
func FuzzBCSToJSON(f *testing.F) {
	for _, tc := range roundTrips {
		f.Add(tc.typ, unhex(f, tc.bcs))
	}
	for _, tc := range badBCS {
		f.Add(tc.typ, unhex(f, tc.hex))
	}
	strict, render := fuzzCodecs(f)
	f.Fuzz(func(t *testing.T, typ string, b []byte) {
		tag, err := ledgerapi.ParseTypeTag(typ)
		if err != nil {
			return
		}
		out, err := strict.BCSToJSON(tag, b)
		if err != nil {
			return
		}
		b2, err := render.JSONToBCS(tag, out)
		if err != nil || !bytes.Equal(b, b2) {
			t.Fatalf("BCS %x → %s → %x, %v", b, out, b2, err)
		}
	})
}
