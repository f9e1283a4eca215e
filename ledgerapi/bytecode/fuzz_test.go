package bytecode_test

import (
	"bytes"
	"errors"
	"testing"

	. "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// seeds are binaries of every kind the package knows: built modules of each
// version, the kitchen sink, a script, the hand-assembled minimal module
// and the SDK vectors.
func seeds(f testing.TB) [][]byte {
	var out [][]byte
	add := func(b []byte, err error) {
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	for v := VersionMin; v <= VersionMax; v++ {
		add(counter(v).Bytes())
	}
	sink, _ := kitchenSink(f)
	add(sink.Bytes())
	s := NewScriptBuilder().Version(Version9)
	s.Main(Fn{Params: []SignatureToken{I64, Vector(I8)}, Code: []Instruction{I(OpLdI64, 5), I(OpNegate), I(OpPop), I(OpRet)}})
	add(s.Bytes())
	out = append(out, raw(6, minimalTables(), 0), mustHex(f, tsSingleSignerScript), mustHex(f, tsMultiSignerScript),
		tsFixture(f, "tx_args_module.hex.tmpl"), tsFixture(f, "multi_signer_script.hex.tmpl"))
	return out
}

// FuzzDeserialize feeds arbitrary bytes to the readers. They must never
// panic, every failure must be an *Error, whatever reads must serialize
// back to the very same bytes (with and without trailing bytes allowed)
// and must render an ABI.
func FuzzDeserialize(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte{0xA1, 0x1C, 0xEB, 0x0B, 0x0A, 0, 0, 0x0A, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, c := range []Config{{}, {AllowTrailingBytes: true}} {
			m, err := c.DeserializeModule(b)
			checkRead(t, b, err, func() ([]byte, error) { return m.Serialize() })
			if err == nil {
				if _, err := m.ABI(); err != nil {
					t.Fatalf("ABI of a module that reads: %v", err)
				}
			}
			s, err := c.DeserializeScript(b)
			checkRead(t, b, err, func() ([]byte, error) { return s.Serialize() })
			if err == nil {
				if _, err := s.ABI(); err != nil {
					t.Fatalf("ABI of a script that reads: %v", err)
				}
			}
		}
		m, s, err := Deserialize(b)
		if err == nil && (m == nil) == (s == nil) {
			t.Fatal("Deserialize returned neither or both")
		}
	})
}

func checkRead(t *testing.T, b []byte, err error, serialize func() ([]byte, error)) {
	t.Helper()
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Status.String() == "" || e.Offset > len(b) {
			t.Fatalf("untyped or misplaced error: %v", err)
		}
		return
	}
	out, err := serialize()
	if err != nil {
		t.Fatalf("read but does not serialize: %v", err)
	}
	if !bytes.Equal(out, b) {
		t.Fatalf("round trip differs:\n in %x\nout %x", b, out)
	}
}

func TestSeedsRoundTrip(t *testing.T) {
	for i, b := range seeds(t) {
		m, s, err := Config{AllowTrailingBytes: true}.Deserialize(b)
		if err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
		var out []byte
		if m != nil {
			out, err = m.Serialize()
		} else {
			out, err = s.Serialize()
		}
		if err != nil || !bytes.Equal(out, b) {
			t.Fatalf("seed %d: %v", i, err)
		}
	}
}
