package verifier_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// checkNoInvariantViolation reads b as a module or script and verifies
// it; a VERIFIER_INVARIANT_VIOLATION (a panic inside a pass) is a bug.
func checkNoInvariantViolation(t testing.TB, b []byte) {
	m, s, err := bytecode.Deserialize(b)
	if err != nil {
		return
	}
	if m != nil {
		err = verifier.Module(m, verifier.Production())
	} else {
		err = verifier.Script(s, verifier.Production())
	}
	var verr *verifier.Error
	if errors.As(err, &verr) && verr.Status == 2016 {
		t.Fatalf("%x: %v", b, err)
	}
}

// TestMutatedCompiledCodeNeverPanics changes bytes of real compiled
// units (a fixed pseudo-random sample of positions and values, and every
// byte of the scripts): whatever the reader accepts, the verifier must
// judge without panicking.
func TestMutatedCompiledCodeNeverPanics(t *testing.T) {
	mutate := func(orig []byte, positions []int) {
		b := append([]byte(nil), orig...)
		for _, i := range positions {
			for _, x := range []byte{0x01, 0x80, 0xff} {
				b[i] ^= x
				checkNoInvariantViolation(t, b)
				b[i] ^= x
			}
		}
	}
	for _, h := range h1TSScripts {
		b := h1MustHex(t, h)
		all := make([]int, len(b))
		for i := range all {
			all[i] = i
		}
		mutate(b, all)
	}
	m := h1TSFixture(t, "tx_args_module.hex.tmpl")
	var sample []int
	for i, x := 0, uint32(1); i < 400; i++ {
		x = x*1103515245 + 12345
		sample = append(sample, int(x>>8)%len(m))
	}
	mutate(m, sample)
}
