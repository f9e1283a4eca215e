package verifier

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
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
	syms                 map[string]uint64 // names asm resolves
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
	m.syms = map[string]uint64{"S": uint64(m.S), "Outer": uint64(m.Outer), "R": uint64(m.R), "Q": uint64(m.Q),
		"E": uint64(m.E), "Plain": uint64(m.P), "fa": uint64(m.fa), "fb": uint64(m.fb), "fs": uint64(m.fs),
		"fc": uint64(m.fc), "rv": uint64(m.rv), "ex": uint64(m.ex), "One": uint64(m.eOne), "vec": uint64(m.vecU64)}
	return m
}

// fn defines a public function, which asm then knows by name.
func (m *h3Mod) fn(name string, f bytecode.Fn) bytecode.FunctionHandleIndex {
	h := m.b.Function(name, bytecode.Public, f)
	m.syms[name] = uint64(h)
	return h
}

// sym names an index for asm.
func (m *h3Mod) sym(name string, index uint64) { m.syms[name] = index }

// h3Opcodes maps opcode names (LD_U64, MUT_BORROW_FIELD...) to opcodes.
var h3Opcodes = func() map[string]bytecode.Opcode {
	out := map[string]bytecode.Opcode{}
	for op := 1; op < 256; op++ {
		if name := bytecode.Opcode(op).String(); !strings.HasPrefix(name, "OPCODE_") {
			out[name] = bytecode.Opcode(op)
		}
	}
	return out
}()

// asm assembles instructions separated by semicolons, each an opcode name
// and its operands, numbers or names known to m:
//
//	LD_U64 1; ST_LOC 0; MUT_BORROW_FIELD fa; CALL touch; RET
func (m *h3Mod) asm(src string) h3Code {
	var out h3Code
	for _, text := range strings.Split(src, ";") {
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		op, ok := h3Opcodes[f[0]]
		if !ok {
			panic(fmt.Sprintf("asm: unknown opcode %q", f[0]))
		}
		var args []uint64
		for _, a := range f[1:] {
			v, err := strconv.ParseUint(a, 10, 64)
			if err != nil {
				var known bool
				if v, known = m.syms[a]; !known {
					panic(fmt.Sprintf("asm: unknown name %q", a))
				}
			}
			args = append(args, v)
		}
		out = append(out, h3I(op, args...))
	}
	return out
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

// h3CheckLocals checks that every function of u with code uses a local
// (CopyLoc, MoveLoc, BorrowLoc) only where it is assigned on every path, so
// that the cases stay valid for locals safety, which runs first.
func h3CheckLocals(t testing.TB, u *unit) {
	t.Helper()
	for _, fn := range u.funcs {
		if fn.code == nil {
			continue
		}
		g := newCFG(fn.code.Code)
		n := len(fn.locals)
		in := make([][]bool, len(g.blocks)) // assigned at block entry; nil: not reached yet
		in[0] = make([]bool, n)
		for i := range fn.params {
			in[0][i] = true
		}
		for changed := true; changed; {
			changed = false
			for _, b := range g.order {
				if in[b] == nil {
					continue
				}
				cur := append([]bool(nil), in[b]...)
				for off := g.blocks[b].start; off <= g.blocks[b].end; off++ {
					ins := fn.code.Code[off]
					switch ins.Op {
					case bytecode.OpCopyLoc, bytecode.OpMoveLoc, bytecode.OpMutBorrowLoc, bytecode.OpImmBorrowLoc:
						if !cur[ins.Index] {
							t.Fatalf("function %d: local %d used unassigned at %d", fn.index, ins.Index, off)
						}
						if ins.Op == bytecode.OpMoveLoc {
							cur[ins.Index] = false
						}
					case bytecode.OpStLoc:
						cur[ins.Index] = true
					}
				}
				for _, s := range g.blocks[b].succs {
					if in[s] == nil {
						in[s], changed = append([]bool(nil), cur...), true
						continue
					}
					for i := range cur {
						if in[s][i] && !cur[i] {
							in[s][i], changed = false, true
						}
					}
				}
			}
		}
	}
}
