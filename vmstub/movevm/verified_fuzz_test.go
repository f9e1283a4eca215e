package movevm

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// FuzzVerifiedCode is the differential check between the verifier and the
// interpreter: random instruction sequences (as FuzzCode makes them) that
// the verifier accepts must run without any failure the verifier exists to
// prevent. A verified function may abort, run out of gas or hit a runtime
// error (arithmetic, vector index, missing resource), but never a
// verification-class status (1000-1999: a type, reference or stack error
// the interpreter still checks for defence in depth) nor an invariant
// violation (2000-2999).
func FuzzVerifiedCode(f *testing.F) {
	for _, seed := range verifiedSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m := verifiedFuzzModule(t, data)
		if m == nil || verifier.Module(m, verifier.Production()) != nil {
			return
		}
		e := newEnv(m)
		e.gas = &Budget{Limit: 20_000}
		_, err := e.entry("fz", "fz", nil, []ledgerapi.Address{alice})
		var me *Error
		if errors.As(err, &me) && me.Status >= 1000 && me.Status < 3000 {
			t.Fatalf("verified code failed with %v\ncode %v", err, decodeFuzzCode(data))
		}
	})
}

// verifiedSeeds are programs the verifier accepts, so that the fuzzer
// starts from code that runs (bytes as decodeFuzzCode reads them: the
// opcode minus one, then the operand). Local 0 is the &signer parameter,
// 1 a u64, 2 a bool, 3 a vector<u64>, 4 a C, 5 an address.
var verifiedSeeds = [][]byte{
	{0x05, 1, 0x0b, 1, 0x09, 1, 0x00, 0, 0x01, 0},                                                                 // LdU64 1; StLoc 1; CopyLoc 1; Pop; Ret
	{0x05, 0, 0x0b, 1, 0x09, 1, 0x05, 5, 0x22, 0, 0x03, 11, 0x09, 1, 0x05, 1, 0x15, 0, 0x0b, 1, 0x04, 2, 0x01, 0}, // a counting loop
	{0x05, 7, 0x0b, 1, 0x0d, 1, 0x13, 0, 0x00, 0, 0x01, 0},                                                        // LdU64 7; StLoc 1; ImmBorrowLoc 1; ReadRef; Pop; Ret
}

// decodeFuzzCode reads instructions from pairs of bytes, operands mostly
// in range of fuzzModule's tables (FuzzCode and FuzzVerifiedCode).
func decodeFuzzCode(data []byte) []bc.Instruction {
	var code []bc.Instruction
	for i := 0; i+1 < len(data) && len(code) < 64; i += 2 {
		op := bc.Opcode(data[i]%uint8(bc.OpAbortMsg) + 1)
		in := bc.Instruction{Op: op, Index: uint16(data[i+1] % 8), Imm: uint64(data[i+1] % 4)}
		switch op {
		case bc.OpBrTrue, bc.OpBrFalse, bc.OpBranch:
			in.Index = uint16(data[i+1] % 64)
		case bc.OpLdU8, bc.OpLdU16, bc.OpLdU32, bc.OpLdU64, bc.OpLdI8, bc.OpLdI16, bc.OpLdI32, bc.OpLdI64:
			in.Imm = uint64(data[i+1])
		case bc.OpLdU128, bc.OpLdU256, bc.OpLdI128, bc.OpLdI256:
			in.Wide[0], in.Wide[15] = data[i+1], data[i+1]
		}
		code = append(code, in)
	}
	return code
}

// verifiedFuzzModule is fuzzModule running the decoded code, as the reader
// gives it back (bounds checked), or nil when the reader refuses it.
func verifiedFuzzModule(t testing.TB, data []byte) *bc.Module {
	code := decodeFuzzCode(data)
	if len(code) == 0 {
		return nil
	}
	b, err := fuzzModule(t, code).Serialize()
	if err != nil {
		return nil
	}
	m, err := bc.DeserializeModule(b)
	if err != nil {
		return nil
	}
	return m
}

// TestVerifiedSeedsRun: the seeds pass the verifier and run, so the fuzz
// reaches the interpreter.
func TestVerifiedSeedsRun(t *testing.T) {
	for i, seed := range verifiedSeeds {
		m := verifiedFuzzModule(t, seed)
		if m == nil {
			t.Fatalf("seed %d does not read", i)
		}
		if err := verifier.Module(m, verifier.Production()); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
		e := newEnv(m)
		e.gas = &Budget{Limit: 20_000}
		if _, err := e.entry("fz", "fz", nil, []ledgerapi.Address{alice}); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
	}
}
