package verifier

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// h3Acq defines f(a: address) acquiring list with code src.
func h3Acq(list func(m *h3Mod) []bytecode.StructDefIndex, src string) func(m *h3Mod) {
	return func(m *h3Mod) {
		m.fn("f", bytecode.Fn{Params: h3AddrParam, Code: m.asm(src), Acquires: list(m)})
	}
}

func h3AcqR(m *h3Mod) []bytecode.StructDefIndex  { return []bytecode.StructDefIndex{m.R} }
func h3AcqRQ(m *h3Mod) []bytecode.StructDefIndex { return []bytecode.StructDefIndex{m.R, m.Q} }
func h3AcqNone(*h3Mod) []bytecode.StructDefIndex { return nil }

// h3Generic defines struct G<T> has key, drop { v: u64 } and names its
// instantiation G<u64> "Gu64" for asm; it returns G's definition.
func h3Generic(m *h3Mod) bytecode.StructDefIndex {
	g := m.b.GenericStruct("G", bytecode.AbilityKey|bytecode.AbilityDrop,
		[]bytecode.StructTypeParameter{{Constraints: bytecode.AbilityDrop | bytecode.AbilityStore}}, bytecode.Field("v", h3U64))
	m.sym("Gu64", uint64(m.b.StructInst(g, h3U64)))
	return g
}

// TestAcquires covers the acquires list: what the code acquires must be
// listed (1070 at the instruction), what is listed must be acquired (1071)
// and have key (1073).
func TestAcquires(t *testing.T) {
	h3RunCases(t, []h3Case{
		{"move_from listed", 0, 0, h3Acq(h3AcqR, "MOVE_LOC 0; MOVE_FROM R; POP; RET")},
		{"move_from not listed", 1070, 1, h3Acq(h3AcqNone, "MOVE_LOC 0; MOVE_FROM R; POP; RET")},
		{"borrow_global_mut not listed", 1070, 4, h3Acq(h3AcqR,
			"COPY_LOC 0; IMM_BORROW_GLOBAL R; POP; MOVE_LOC 0; MUT_BORROW_GLOBAL Q; POP; RET")},
		{"both listed", 0, 0, h3Acq(h3AcqRQ, "COPY_LOC 0; IMM_BORROW_GLOBAL R; POP; MOVE_LOC 0; MUT_BORROW_GLOBAL Q; POP; RET")},
		{"exists needs no annotation", 0, 0, h3Acq(h3AcqNone, "MOVE_LOC 0; EXISTS R; POP; RET")},
		{"listed but not acquired", 1071, -1, h3Acq(h3AcqRQ, "MOVE_LOC 0; MOVE_FROM R; POP; RET")},
		{"generic borrow_global not listed", 1070, 1, func(m *h3Mod) {
			h3Generic(m)
			h3Acq(h3AcqNone, "MOVE_LOC 0; IMM_BORROW_GLOBAL_GENERIC Gu64; POP; RET")(m)
		}},
		{"generic move_from listed by definition", 0, 0, func(m *h3Mod) {
			g := h3Generic(m)
			h3Acq(func(*h3Mod) []bytecode.StructDefIndex { return []bytecode.StructDefIndex{g} },
				"MOVE_LOC 0; MOVE_FROM_GENERIC Gu64; POP; RET")(m)
		}},
		{"call to a function that acquires, listed", 0, 0, func(m *h3Mod) {
			h3Touch(m)
			h3Acq(h3AcqR, "MOVE_LOC 0; CALL touch; RET")(m)
		}},
		{"call to a function that acquires, not listed", 1070, 1, func(m *h3Mod) {
			h3Touch(m)
			h3Acq(h3AcqNone, "MOVE_LOC 0; CALL touch; RET")(m)
		}},
		{"call to another module's function needs no annotation", 0, 0, func(m *h3Mod) {
			h := m.b.ImportFunction(m.b.ModuleRef(h3Addr, "other"), "touch", bytecode.Fn{Params: h3AddrParam})
			m.sym("otherTouch", uint64(h))
			h3Acq(h3AcqNone, "MOVE_LOC 0; CALL otherTouch; RET")(m)
		}},
		{"closures acquire nothing statically", 0, 0, func(m *h3Mod) {
			h3Touch(m)
			m.sym("touchType", uint64(m.b.Signature(bytecode.FunctionType(h3AddrParam, nil, bytecode.AbilityCopy|bytecode.AbilityDrop))))
			h3Acq(h3AcqNone, "MOVE_LOC 0; PACK_CLOSURE touch 0; CALL_CLOSURE touchType; RET")(m)
		}},
		{"unreachable code counts", 1070, 2, h3Acq(h3AcqNone, "RET; MOVE_LOC 0; MOVE_FROM R; POP; RET")},
		// f lists Plain, which has no key, and acquires it through g, which
		// lists it too (and is refused for the same reason once verified).
		{"listed struct without key", 1073, -1, func(m *h3Mod) {
			plain := []bytecode.StructDefIndex{m.P}
			g := m.b.DeclareFunction("g", bytecode.Fn{})
			m.sym("g", uint64(g))
			m.b.Function("f", bytecode.Public, bytecode.Fn{Code: m.asm("CALL g; RET"), Acquires: plain})
			m.b.Function("g", bytecode.Public, bytecode.Fn{Code: m.asm("RET"), Acquires: plain})
		}},
	})
}

// TestAcquiresScriptsAndNatives: scripts and native functions have nothing
// to check.
func TestAcquiresScriptsAndNatives(t *testing.T) {
	m := newH3Mod()
	m.b.Function("n", bytecode.Public, bytecode.Fn{Native: true, Params: h3AddrParam})
	mod := m.module(t)
	u := newModuleUnit(mod, Production())
	for _, fn := range u.funcs {
		if err := checkAcquires(u, fn); err != nil {
			t.Fatal(err)
		}
	}
	sb := bytecode.NewScriptBuilder()
	sb.Main(bytecode.Fn{Params: h3AddrParam, Code: h3Code{h3I(bytecode.OpMoveLoc, 0), h3I(bytecode.OpPop), h3I(bytecode.OpRet)}})
	s, err := sb.Script()
	if err != nil {
		t.Fatal(err)
	}
	us := newScriptUnit(s, Production())
	if err := checkAcquires(us, us.funcs[0]); err != nil {
		t.Fatal(err)
	}
}
