package verifier

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Shorthands for hand-assembled code in the reference safety and acquires
// tests.
var (
	h3Addr = ledgerapi.MustParseAddress("0xcafe")
	h3I    = bytecode.I
	h3U64  = bytecode.U64
)

type (
	h3Sig  = []bytecode.SignatureToken
	h3Code = []bytecode.Instruction
)

// h3Mod is a module under construction with the structs the tests share:
//
//	struct S has copy, drop { a: u64, b: u64 }
//	struct Outer has copy, drop { s: S, c: u64 }
//	struct R has key, drop { v: u64 }
//	struct Q has key, drop { v: u64 }
//	struct Plain has drop { v: u64 }          // no key
//	enum E has copy, drop { One { x: u64 }, Two { x: u64, y: u64 } }
type h3Mod struct {
	b                    *bytecode.ModuleBuilder
	S, Outer, R, Q, E, P bytecode.StructDefIndex
	sT, outerT, rT, eT   bytecode.SignatureToken
	fa, fb, fs, fc, rv   bytecode.FieldHandleIndex
	ex                   bytecode.VariantFieldHandleIndex
	eOne                 bytecode.StructVariantHandleIndex
	vecU64               bytecode.SignatureIndex
}

func newH3Mod() *h3Mod {
	b := bytecode.NewModuleBuilder(h3Addr, "refs")
	b.Version(bytecode.VersionMax)
	m := &h3Mod{b: b}
	cd := bytecode.AbilityCopy | bytecode.AbilityDrop
	m.S = b.Struct("S", cd, bytecode.Field("a", h3U64), bytecode.Field("b", h3U64))
	m.sT = b.StructType(m.S)
	m.Outer = b.Struct("Outer", cd, bytecode.Field("s", m.sT), bytecode.Field("c", h3U64))
	m.outerT = b.StructType(m.Outer)
	m.R = b.Struct("R", bytecode.AbilityKey|bytecode.AbilityDrop, bytecode.Field("v", h3U64))
	m.rT = b.StructType(m.R)
	m.Q = b.Struct("Q", bytecode.AbilityKey|bytecode.AbilityDrop, bytecode.Field("v", h3U64))
	m.P = b.Struct("Plain", bytecode.AbilityDrop, bytecode.Field("v", h3U64))
	m.E = b.Enum("E", cd, nil, bytecode.Variant("One", bytecode.Field("x", h3U64)),
		bytecode.Variant("Two", bytecode.Field("x", h3U64), bytecode.Field("y", h3U64)))
	m.eT = b.StructType(m.E)
	m.fa, m.fb = b.FieldHandle(m.S, "a"), b.FieldHandle(m.S, "b")
	m.fs, m.fc = b.FieldHandle(m.Outer, "s"), b.FieldHandle(m.Outer, "c")
	m.rv = b.FieldHandle(m.R, "v")
	m.ex = b.VariantFieldHandle(m.E, "x", "One", "Two")
	m.eOne = b.VariantHandle(m.E, "One")
	m.vecU64 = b.Signature(h3U64)
	return m
}

// fn defines a public function.
func (m *h3Mod) fn(name string, f bytecode.Fn) bytecode.FunctionHandleIndex {
	return m.b.Function(name, bytecode.Public, f)
}

// module serializes the module and reads it back, so that what the tests
// verify is what the reader accepts.
func (m *h3Mod) module(t testing.TB) *bytecode.Module {
	t.Helper()
	raw, err := m.b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	mod, err := bytecode.DeserializeModule(raw)
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

// verify runs the whole verifier with the production limits.
func (m *h3Mod) verify(t testing.TB) error {
	t.Helper()
	return Module(m.module(t), Production())
}

// h3Want checks that err is nil (want 0) or an *Error with status want.
func h3Want(t testing.TB, err error, want onchain.StatusCode) {
	t.Helper()
	if want == 0 {
		if err != nil {
			t.Fatalf("want success, got %v", err)
		}
		return
	}
	var verr *Error
	if !errors.As(err, &verr) {
		t.Fatalf("want status %d (%v), got %v", want, want, err)
	}
	if verr.Status != want {
		t.Fatalf("want status %d (%v), got %v", want, want, err)
	}
}

// h3WantAt is h3Want that also checks the code offset of the failure.
func h3WantAt(t testing.TB, err error, want onchain.StatusCode, offset int) {
	t.Helper()
	h3Want(t, err, want)
	var verr *Error
	if errors.As(err, &verr) && verr.Offset != offset {
		t.Fatalf("want offset %d, got %v", offset, err)
	}
}

// h3Passes runs only reference safety and acquires over every function of
// u with code, the control-flow graph built as the pipeline builds it.
func h3Passes(u *unit) error {
	for _, fn := range u.funcs {
		if fn.code == nil {
			continue
		}
		fn.cfg = newCFG(fn.code.Code)
		if err := checkReferenceSafety(u, fn); err != nil {
			return err
		}
		if err := checkAcquires(u, fn); err != nil {
			return err
		}
	}
	return nil
}
