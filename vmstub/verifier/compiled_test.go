package verifier_test

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// publisher fills ${PUBLISHER_ACCOUNT_ADDRESS} in the SDK's templates.
const publisher = "2cca48b8b0d7f77ef28bfd608883c599680c5b8db8192c5e3baaae1aee45114c"

// compiled returns the binaries of testdata/compiled by file name.
func compiled(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/compiled/*.hex*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no compiled vectors: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.ReplaceAll(strings.TrimSpace(string(raw)), "${PUBLISHER_ACCOUNT_ADDRESS}", publisher)
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// read deserializes b as the node reads submitted code: a module or a
// script, bytes after the unit ignored.
func read(t testing.TB, b []byte) (*bytecode.Module, *bytecode.Script) {
	t.Helper()
	m, s, err := bytecode.Config{AllowTrailingBytes: true}.Deserialize(b)
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

func verify(m *bytecode.Module, s *bytecode.Script) error {
	if m != nil {
		return verifier.Module(m, verifier.Production())
	}
	return verifier.Script(s, verifier.Production())
}

// TestCompiledCodeIsAccepted: what the Move compiler emitted and Aptos
// runs must pass every pass. A failure here is a verifier bug.
func TestCompiledCodeIsAccepted(t *testing.T) {
	for name, b := range compiled(t) {
		m, s := read(t, b)
		if err := verify(m, s); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSamplesAreAccepted: the packages the examples publish, assembled as
// a compiler would emit them, pass.
func TestSamplesAreAccepted(t *testing.T) {
	addr := ledgerapi.MustParseAddress("0xcafe")
	for name, build := range map[string]func() ([]byte, error){
		"message":  func() ([]byte, error) { return samples.Message(addr) },
		"math":     func() ([]byte, error) { return samples.Math(addr, true, true) },
		"payments": func() ([]byte, error) { return samples.Payments(addr) },
		"badges":   func() ([]byte, error) { return samples.Badges(addr) },
		"scores":   func() ([]byte, error) { return samples.Scores(addr) },
		"args":     func() ([]byte, error) { return samples.Args(addr) },
		"transfer": samples.TransferScript,
		"payeach":  samples.PayEachOtherScript,
	} {
		b, err := build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, s := read(t, b)
		if err := verify(m, s); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
