package verifier_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// statusVerifierInvariant is VERIFIER_INVARIANT_VIOLATION: a pass panicked.
const statusVerifierInvariant = 2016

// FuzzVerify reads random and mutated binaries (seeded with compiled code
// and the samples, bytes after a unit ignored as the node reads submitted
// code) and verifies what deserializes: the verifier answers
// nil or an *Error, never panics (which it would report as
// VERIFIER_INVARIANT_VIOLATION), and gives the same answer twice.
func FuzzVerify(f *testing.F) {
	f.Add(h1TSFixture(f, "tx_args_module.hex.tmpl"))
	f.Add(h1TSFixture(f, "multi_signer_script.hex.tmpl"))
	for _, h := range h1TSScripts {
		f.Add(h1MustHex(f, h))
	}
	addr := ledgerapi.MustParseAddress("0xcafe")
	for _, build := range []func() ([]byte, error){
		func() ([]byte, error) { return samples.Message(addr) },
		func() ([]byte, error) { return samples.Payments(addr) },
		func() ([]byte, error) { return samples.Badges(addr) },
		func() ([]byte, error) { return samples.Scores(addr) },
		samples.PayEachOtherScript,
	} {
		if b, err := build(); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, s, err := bytecode.Config{AllowTrailingBytes: true}.Deserialize(data)
		if err != nil {
			return
		}
		verify := func() error {
			if m != nil {
				return verifier.Module(m, verifier.Production())
			}
			return verifier.Script(s, verifier.Production())
		}
		first := verify()
		var verr *verifier.Error
		if first != nil && !errors.As(first, &verr) {
			t.Fatalf("not a *verifier.Error: %T %v", first, first)
		}
		if verr != nil && verr.Status == statusVerifierInvariant {
			t.Fatalf("verifier panicked: %v", verr)
		}
		second := verify()
		if (first == nil) != (second == nil) || first != nil && first.Error() != second.Error() {
			t.Fatalf("two answers: %v / %v", first, second)
		}
	})
}
