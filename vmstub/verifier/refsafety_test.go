package verifier

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// h3Case is a module whose function f must pass (want 0) or fail with want
// at code offset offset.
type h3Case struct {
	name   string
	want   onchain.StatusCode
	offset int
	build  func(m *h3Mod)
}

func h3RunCases(t *testing.T, cases []h3Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newH3Mod()
			c.build(m)
			h3CheckLocals(t, newModuleUnit(m.module(t), Production()))
			err := m.verify(t)
			if c.want == 0 {
				h3Want(t, err, 0)
			} else {
				h3WantAt(t, err, c.want, c.offset)
			}
		})
	}
}

// Types the cases use.
var (
	h3RefU64    = bytecode.Ref(h3U64)
	h3MutU64    = bytecode.MutRef(h3U64)
	h3Vec       = bytecode.Vector(h3U64)
	h3MutVec    = bytecode.MutRef(bytecode.Vector(h3U64))
	h3AddrParam = h3Sig{bytecode.Address}
)

// h3Local is f with the given locals and code.
func h3Local(locals h3Sig, src string) func(m *h3Mod) {
	return func(m *h3Mod) { m.fn("f", bytecode.Fn{Locals: locals, Code: m.asm(src)}) }
}

// Stand-ins for &S and &mut S in the locals given to h3WithS, which knows S.
var (
	h3RefS = bytecode.SignatureToken{Kind: 0xF0}
	h3MutS = bytecode.SignatureToken{Kind: 0xF1}
)

// h3WithS is f taking a &mut S (local 0), with the given locals and code.
func h3WithS(locals h3Sig, src string) func(m *h3Mod) {
	return func(m *h3Mod) {
		ls := append(h3Sig(nil), locals...)
		for i := range ls {
			switch ls[i].Kind {
			case h3RefS.Kind:
				ls[i] = bytecode.Ref(m.sT)
			case h3MutS.Kind:
				ls[i] = bytecode.MutRef(m.sT)
			}
		}
		m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.sT)}, Locals: ls, Code: m.asm(src)})
	}
}

// h3Global is f taking an address (local 0) and acquiring R, and Q when
// the code names it.
func h3Global(locals func(m *h3Mod) h3Sig, src string) func(m *h3Mod) {
	return func(m *h3Mod) {
		acq := []bytecode.StructDefIndex{m.R}
		if strings.Contains(src, " Q") {
			acq = append(acq, m.Q)
		}
		m.fn("f", bytecode.Fn{Params: h3AddrParam, Locals: locals(m), Code: m.asm(src), Acquires: acq})
	}
}

// h3Touch defines touch(a: address) acquires R { borrow_global<R>(a); }.
func h3Touch(m *h3Mod) {
	h := m.b.Function("touch", bytecode.Private, bytecode.Fn{Params: h3AddrParam,
		Code: m.asm("MOVE_LOC 0; IMM_BORROW_GLOBAL R; POP; RET"), Acquires: []bytecode.StructDefIndex{m.R}})
	m.sym("touch", uint64(h))
}

// TestReferenceSafetyLocals covers the rows on locals of the op table.
func TestReferenceSafetyLocals(t *testing.T) {
	h3RunCases(t, []h3Case{
		{"copy_loc of a mutably borrowed value", 1039, 4, h3Local(h3Sig{h3U64, h3MutU64},
			"LD_U64 1; ST_LOC 0; MUT_BORROW_LOC 0; ST_LOC 1; COPY_LOC 0; POP; MOVE_LOC 1; POP; RET")},
		{"copy_loc of an immutably borrowed value", 0, 0, h3Local(h3Sig{h3U64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; COPY_LOC 0; POP; MOVE_LOC 1; POP; RET")},
		{"copy_loc of a borrowed reference", 0, 0, h3WithS(h3Sig{h3MutU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; COPY_LOC 0; POP; MOVE_LOC 1; POP; RET")},
		{"move_loc of a borrowed value", 1041, 4, h3Local(h3Sig{h3U64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; MOVE_LOC 0; POP; MOVE_LOC 1; POP; RET")},
		{"move_loc after the borrow ends", 0, 0, h3Local(h3Sig{h3U64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; MOVE_LOC 1; POP; MOVE_LOC 0; POP; RET")},
		{"st_loc over a borrowed value", 1028, 5, h3Local(h3Sig{h3U64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; LD_U64 2; ST_LOC 0; MOVE_LOC 1; POP; RET")},
		{"st_loc over a reference releases it", 0, 0, h3Local(h3Sig{h3U64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; IMM_BORROW_LOC 0; ST_LOC 1; MOVE_LOC 1; POP; LD_U64 2; ST_LOC 0; RET")},
		{"imm_borrow_loc of a mutably borrowed value", 1044, 4, h3Local(h3Sig{h3U64, h3MutU64, h3RefU64},
			"LD_U64 1; ST_LOC 0; MUT_BORROW_LOC 0; ST_LOC 1; IMM_BORROW_LOC 0; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"imm_borrow_loc twice", 0, 0, h3Local(h3Sig{h3U64, h3RefU64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; IMM_BORROW_LOC 0; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		// A second &mut of a local is allowed, but the first becomes its
		// child: writing through the first is fine, through the second
		// only once the first is gone.
		{"mut_borrow_loc twice, write through the older", 0, 0, h3Local(h3Sig{h3U64, h3MutU64, h3MutU64},
			"LD_U64 0; ST_LOC 0; MUT_BORROW_LOC 0; ST_LOC 1; MUT_BORROW_LOC 0; ST_LOC 2; "+
				"LD_U64 1; MOVE_LOC 1; WRITE_REF; LD_U64 2; MOVE_LOC 2; WRITE_REF; RET")},
		{"two &mut of a local used together", 1054, 8, h3Local(h3Sig{h3U64, h3MutU64, h3MutU64},
			"LD_U64 0; ST_LOC 0; MUT_BORROW_LOC 0; ST_LOC 1; MUT_BORROW_LOC 0; ST_LOC 2; "+
				"LD_U64 1; MOVE_LOC 2; WRITE_REF; LD_U64 2; MOVE_LOC 1; WRITE_REF; RET")},
		{"pop releases a borrow", 0, 0, h3Local(h3Sig{h3U64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; POP; MOVE_LOC 0; POP; RET")},
	})
}

// TestReferenceSafetyFields covers field borrows, freeze, reads and writes.
func TestReferenceSafetyFields(t *testing.T) {
	h3RunCases(t, []h3Case{
		{"mut borrow_field of a fully borrowed reference", 1036, 3, h3WithS(h3Sig{h3MutS, h3MutU64},
			"COPY_LOC 0; ST_LOC 1; MOVE_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET"),
		},
		{"mut borrow_field of disjoint fields", 0, 0, h3WithS(h3Sig{h3MutU64, h3MutU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; MUT_BORROW_FIELD fb; ST_LOC 2; "+
				"LD_U64 1; MOVE_LOC 1; WRITE_REF; LD_U64 2; MOVE_LOC 2; WRITE_REF; RET")},
		{"imm borrow_field of a mutably borrowed field", 1036, 4, h3WithS(h3Sig{h3MutU64, h3RefU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; IMM_BORROW_FIELD fa; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"imm borrow_field of another field", 0, 0, h3WithS(h3Sig{h3MutU64, h3RefU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; IMM_BORROW_FIELD fb; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"imm borrow of a struct whose nested field is mutably borrowed", 1036, 5, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.outerT)}, Locals: h3Sig{h3MutU64, bytecode.Ref(m.sT)},
				Code: m.asm("COPY_LOC 0; MUT_BORROW_FIELD fs; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; IMM_BORROW_FIELD fs; " +
					"ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")})
		}},
		{"imm borrow of a sibling of a nested mutable borrow", 0, 0, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.outerT)}, Locals: h3Sig{h3MutU64, h3RefU64},
				Code: m.asm("COPY_LOC 0; MUT_BORROW_FIELD fs; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; IMM_BORROW_FIELD fc; " +
					"ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")})
		}},
		{"imm borrow of a mutably borrowed variant field", 1036, 4, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.eT)}, Locals: h3Sig{h3MutU64, h3RefU64},
				Code: m.asm("COPY_LOC 0; MUT_BORROW_VARIANT_FIELD ex; ST_LOC 1; MOVE_LOC 0; IMM_BORROW_VARIANT_FIELD ex; " +
					"ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")})
		}},
		{"freeze_ref of a mutably borrowed reference", 1033, 4, h3WithS(h3Sig{h3MutU64, h3RefS},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; FREEZE_REF; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"freeze_ref of an immutably borrowed reference", 0, 0, h3WithS(h3Sig{h3RefU64, h3RefS},
			"COPY_LOC 0; IMM_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; FREEZE_REF; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"read_ref of a mutably borrowed reference", 1051, 4, h3WithS(h3Sig{h3MutU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; MOVE_LOC 0; READ_REF; POP; MOVE_LOC 1; POP; RET")},
		{"read_ref after the borrow ends", 0, 0, h3WithS(nil,
			"COPY_LOC 0; MUT_BORROW_FIELD fa; POP; MOVE_LOC 0; READ_REF; POP; RET")},
		{"eq of a mutably borrowed reference", 1051, 5, h3WithS(h3Sig{h3MutU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; ST_LOC 1; COPY_LOC 0; MOVE_LOC 0; EQ; POP; MOVE_LOC 1; POP; RET")},
		{"neq of a &mut and its copy", 1051, 2, h3WithS(nil, "COPY_LOC 0; MOVE_LOC 0; NEQ; POP; RET")},
		{"eq of two immutable borrows of a field", 0, 0, h3WithS(nil,
			"COPY_LOC 0; IMM_BORROW_FIELD fa; MOVE_LOC 0; IMM_BORROW_FIELD fa; EQ; POP; RET")},
		{"test_variant of a mutably borrowed enum", 1051, 4, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.eT)}, Locals: h3Sig{h3MutU64},
				Code: m.asm("COPY_LOC 0; MUT_BORROW_VARIANT_FIELD ex; ST_LOC 1; MOVE_LOC 0; TEST_VARIANT One; POP; MOVE_LOC 1; POP; RET")})
		}},
		{"write_ref while an immutable borrow lives", 1054, 8, h3Local(h3Sig{h3U64, h3RefU64, h3MutU64},
			"LD_U64 0; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; MUT_BORROW_LOC 0; ST_LOC 2; LD_U64 1; MOVE_LOC 2; WRITE_REF; "+
				"MOVE_LOC 1; READ_REF; POP; RET")},
		{"write_ref after the immutable borrow ends", 0, 0, h3Local(h3Sig{h3U64, h3RefU64, h3MutU64},
			"LD_U64 0; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; MOVE_LOC 1; READ_REF; POP; MUT_BORROW_LOC 0; ST_LOC 2; "+
				"LD_U64 1; MOVE_LOC 2; WRITE_REF; RET")},
	})
}

// TestReferenceSafetyGlobals covers borrow_global, move_from and calls to
// functions that acquire.
func TestReferenceSafetyGlobals(t *testing.T) {
	refR := func(m *h3Mod) h3Sig { return h3Sig{bytecode.Ref(m.rT), bytecode.MutRef(m.rT)} }
	mutR := func(m *h3Mod) h3Sig { return h3Sig{bytecode.MutRef(m.rT), bytecode.Ref(m.rT)} }
	twoRefR := func(m *h3Mod) h3Sig { return h3Sig{bytecode.Ref(m.rT), bytecode.Ref(m.rT)} }
	h3RunCases(t, []h3Case{
		{"borrow_global_mut while borrowed", 1074, 4, h3Global(refR,
			"COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; MUT_BORROW_GLOBAL R; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"borrow_global while mutably borrowed", 1074, 4, h3Global(mutR,
			"COPY_LOC 0; MUT_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"borrow_global twice", 0, 0, h3Global(twoRefR,
			"COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")},
		{"borrow_global_mut of two resources", 0, 0, func(m *h3Mod) {
			h3Global(func(m *h3Mod) h3Sig { return h3Sig{bytecode.MutRef(m.rT), bytecode.MutRef(m.b.StructType(m.Q))} },
				"COPY_LOC 0; MUT_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; MUT_BORROW_GLOBAL Q; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")(m)
		}},
		{"move_from while borrowed", 1074, 4, h3Global(func(m *h3Mod) h3Sig { return h3Sig{bytecode.Ref(m.rT)} },
			"COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; MOVE_FROM R; POP; MOVE_LOC 1; POP; RET")},
		{"move_from after reading", 0, 0, h3Global(func(m *h3Mod) h3Sig { return nil },
			"COPY_LOC 0; IMM_BORROW_GLOBAL R; IMM_BORROW_FIELD rv; READ_REF; POP; COPY_LOC 0; MOVE_FROM R; POP; RET")},
		{"move_from of another resource", 0, 0, h3Global(func(m *h3Mod) h3Sig { return h3Sig{bytecode.Ref(m.rT)} },
			"COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; MOVE_FROM Q; POP; MOVE_LOC 1; POP; RET")},
		{"call acquiring a borrowed resource", 1074, 4, func(m *h3Mod) {
			h3Touch(m)
			h3Global(func(m *h3Mod) h3Sig { return h3Sig{bytecode.Ref(m.rT)} },
				"COPY_LOC 0; IMM_BORROW_GLOBAL R; ST_LOC 1; COPY_LOC 0; CALL touch; MOVE_LOC 1; POP; RET")(m)
		}},
		{"call acquiring after the borrow ends", 0, 0, func(m *h3Mod) {
			h3Touch(m)
			h3Global(func(m *h3Mod) h3Sig { return nil },
				"COPY_LOC 0; IMM_BORROW_GLOBAL R; POP; COPY_LOC 0; CALL touch; COPY_LOC 0; MUT_BORROW_GLOBAL Q; POP; RET")(m)
		}},
	})
}

// TestReferenceSafetyVectors covers the vector rows: element borrows and
// updates while an element is borrowed.
func TestReferenceSafetyVectors(t *testing.T) {
	// Locals: 0 vector<u64>, 1 &mut vector<u64>, 2 the element reference.
	const setup = "VEC_PACK vec 0; ST_LOC 0; MUT_BORROW_LOC 0; ST_LOC 1; "
	const end = "MOVE_LOC 2; POP; MOVE_LOC 1; POP; RET"
	h3RunCases(t, []h3Case{
		{"vec_mut_borrow while an element is mutably borrowed", 1110, 10, h3Local(h3Sig{h3Vec, h3MutVec, h3MutU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_MUT_BORROW vec; ST_LOC 2; COPY_LOC 1; LD_U64 1; VEC_MUT_BORROW vec; POP; "+end)},
		{"vec_mut_borrow after the element borrow ends", 0, 0, h3Local(h3Sig{h3Vec, h3MutVec, h3MutU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_MUT_BORROW vec; POP; COPY_LOC 1; LD_U64 1; VEC_MUT_BORROW vec; ST_LOC 2; "+end)},
		{"vec_imm_borrow while an element is mutably borrowed", 0, 0, h3Local(h3Sig{h3Vec, h3MutVec, h3MutU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_MUT_BORROW vec; ST_LOC 2; COPY_LOC 1; LD_U64 1; VEC_IMM_BORROW vec; POP; "+end)},
		{"vec_push_back while an element is borrowed", 1109, 10, h3Local(h3Sig{h3Vec, h3MutVec, h3RefU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_IMM_BORROW vec; ST_LOC 2; COPY_LOC 1; LD_U64 5; VEC_PUSH_BACK vec; "+end)},
		{"vec_push_back through a local's borrow while an element is borrowed", 1109, 8, h3Local(h3Sig{h3Vec, h3RefU64},
			"VEC_PACK vec 0; ST_LOC 0; IMM_BORROW_LOC 0; LD_U64 0; VEC_IMM_BORROW vec; ST_LOC 1; "+
				"MUT_BORROW_LOC 0; LD_U64 5; VEC_PUSH_BACK vec; MOVE_LOC 1; POP; RET")},
		{"vec_pop_back while an element is borrowed", 1109, 9, h3Local(h3Sig{h3Vec, h3MutVec, h3RefU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_IMM_BORROW vec; ST_LOC 2; COPY_LOC 1; VEC_POP_BACK vec; POP; "+end)},
		{"vec_swap while an element is borrowed", 1109, 11, h3Local(h3Sig{h3Vec, h3MutVec, h3RefU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_IMM_BORROW vec; ST_LOC 2; COPY_LOC 1; LD_U64 0; LD_U64 1; VEC_SWAP vec; "+end)},
		{"vec_len while an element is borrowed", 0, 0, h3Local(h3Sig{h3Vec, h3MutVec, h3RefU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_IMM_BORROW vec; ST_LOC 2; COPY_LOC 1; VEC_LEN vec; POP; "+end)},
		{"vec_push_back after the element borrow ends", 0, 0, h3Local(h3Sig{h3Vec, h3MutVec, h3RefU64},
			setup+"COPY_LOC 1; LD_U64 0; VEC_IMM_BORROW vec; READ_REF; POP; COPY_LOC 1; LD_U64 5; VEC_PUSH_BACK vec; "+
				"COPY_LOC 1; LD_U64 0; VEC_IMM_BORROW vec; ST_LOC 2; "+end)},
	})
}

// TestReferenceSafetyCalls covers calls: &mut arguments must be writable,
// returned references borrow from the arguments.
func TestReferenceSafetyCalls(t *testing.T) {
	// two(a: &mut u64, b: &mut u64) {}
	two := func(m *h3Mod) { m.fn("two", bytecode.Fn{Params: h3Sig{h3MutU64, h3MutU64}, Code: m.asm("RET")}) }
	// pick(a: &mut u64, b: &u64): &mut u64 { a }
	pick := func(m *h3Mod) {
		m.fn("pick", bytecode.Fn{Params: h3Sig{h3MutU64, h3RefU64}, Returns: h3Sig{h3MutU64},
			Code: m.asm("MOVE_LOC 1; POP; MOVE_LOC 0; RET")})
	}
	// peek(a: &mut u64, b: &u64): &u64 { b }
	peek := func(m *h3Mod) {
		m.fn("peek", bytecode.Fn{Params: h3Sig{h3MutU64, h3RefU64}, Returns: h3Sig{h3RefU64},
			Code: m.asm("MOVE_LOC 0; POP; MOVE_LOC 1; RET")})
	}
	// The closure calls take |&mut u64, &mut u64| with copy and drop.
	closure := func(m *h3Mod) {
		two(m)
		m.sym("twoType", uint64(m.b.Signature(bytecode.FunctionType(h3Sig{h3MutU64, h3MutU64}, nil,
			bytecode.AbilityCopy|bytecode.AbilityDrop))))
	}
	with := func(setup func(*h3Mod), locals h3Sig, src string) func(*h3Mod) {
		return func(m *h3Mod) { setup(m); h3Local(locals, src)(m) }
	}
	h3RunCases(t, []h3Case{
		{"call with two &mut of one local", 1046, 4, with(two, h3Sig{h3U64},
			"LD_U64 0; ST_LOC 0; MUT_BORROW_LOC 0; MUT_BORROW_LOC 0; CALL two; RET")},
		{"call with &mut of two locals", 0, 0, with(two, h3Sig{h3U64, h3U64},
			"LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; MUT_BORROW_LOC 0; MUT_BORROW_LOC 1; CALL two; RET")},
		{"call with a &mut whose local is also immutably borrowed", 1046, 8, with(two, h3Sig{h3U64, h3U64, h3RefU64},
			"LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; IMM_BORROW_LOC 0; ST_LOC 2; MUT_BORROW_LOC 0; MUT_BORROW_LOC 1; CALL two; "+
				"MOVE_LOC 2; POP; RET")},
		{"returned &mut keeps its &mut argument's local borrowed", 1041, 10, with(pick, h3Sig{h3U64, h3U64, h3MutU64},
			"LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; MUT_BORROW_LOC 0; IMM_BORROW_LOC 1; CALL pick; ST_LOC 2; "+
				"MOVE_LOC 1; POP; MOVE_LOC 0; POP; MOVE_LOC 2; POP; RET")},
		{"returned &mut does not borrow from & arguments", 0, 0, with(pick, h3Sig{h3U64, h3U64, h3MutU64},
			"LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; MUT_BORROW_LOC 0; IMM_BORROW_LOC 1; CALL pick; ST_LOC 2; "+
				"MOVE_LOC 1; POP; MOVE_LOC 2; POP; MOVE_LOC 0; POP; RET")},
		{"returned & borrows from every reference argument", 1041, 8, with(peek, h3Sig{h3U64, h3U64, h3RefU64},
			"LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; MUT_BORROW_LOC 0; IMM_BORROW_LOC 1; CALL peek; ST_LOC 2; "+
				"MOVE_LOC 0; POP; MOVE_LOC 2; POP; RET")},
		{"call_closure with two &mut of one local", 1046, 5, with(closure, h3Sig{h3U64},
			"LD_U64 0; ST_LOC 0; MUT_BORROW_LOC 0; MUT_BORROW_LOC 0; PACK_CLOSURE two 0; CALL_CLOSURE twoType; RET")},
		{"call_closure with &mut of two locals", 0, 0, with(closure, h3Sig{h3U64, h3U64},
			"LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; MUT_BORROW_LOC 0; MUT_BORROW_LOC 1; PACK_CLOSURE two 0; CALL_CLOSURE twoType; RET")},
	})
}

// TestReferenceSafetyReturns covers Ret: no reference to a local or to
// global storage escapes, and a returned &mut is not borrowed.
func TestReferenceSafetyReturns(t *testing.T) {
	h3RunCases(t, []h3Case{
		{"return a reference to a local", 1029, 3, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Returns: h3Sig{h3RefU64}, Locals: h3Sig{h3U64}, Code: m.asm("LD_U64 7; ST_LOC 0; IMM_BORROW_LOC 0; RET")})
		}},
		{"return a &mut to a field of a local", 1029, 6, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Returns: h3Sig{h3MutU64}, Locals: h3Sig{m.sT},
				Code: m.asm("LD_U64 1; LD_U64 2; PACK S; ST_LOC 0; MUT_BORROW_LOC 0; MUT_BORROW_FIELD fa; RET")})
		}},
		{"return a reference into global storage", 1029, 2, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3AddrParam, Returns: h3Sig{bytecode.Ref(m.rT)}, Acquires: []bytecode.StructDefIndex{m.R},
				Code: m.asm("MOVE_LOC 0; IMM_BORROW_GLOBAL R; RET")})
		}},
		{"return a &mut into a parameter", 0, 0, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.outerT)}, Returns: h3Sig{h3MutU64},
				Code: m.asm("MOVE_LOC 0; MUT_BORROW_FIELD fs; MUT_BORROW_FIELD fa; RET")})
		}},
		{"return two disjoint &mut fields", 0, 0, h3WithSReturning(h3Sig{h3MutU64, h3MutU64},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; MOVE_LOC 0; MUT_BORROW_FIELD fb; RET")},
		{"return a &mut and a &mut borrowed from it", 1031, 3, h3WithSReturning(h3Sig{h3MutU64, h3MutS},
			"COPY_LOC 0; MUT_BORROW_FIELD fa; MOVE_LOC 0; RET")},
		{"return a &mut and its copy", 1031, 2, h3WithSReturning(h3Sig{h3MutS, h3MutS}, "COPY_LOC 0; MOVE_LOC 0; RET")},
		{"a reference left in a local is released at return", 0, 0, h3Local(h3Sig{h3U64, h3RefU64},
			"LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; RET")},
		{"move_to releases the signer reference", 0, 0, func(m *h3Mod) {
			m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.Ref(bytecode.Signer)}, Code: m.asm("MOVE_LOC 0; LD_U64 1; PACK R; MOVE_TO R; RET")})
		}},
	})
}

// h3WithSReturning is f taking a &mut S and returning returns (h3MutS and
// h3RefS stand for &mut S and &S).
func h3WithSReturning(returns h3Sig, src string) func(m *h3Mod) {
	return func(m *h3Mod) {
		rs := append(h3Sig(nil), returns...)
		for i := range rs {
			switch rs[i].Kind {
			case h3RefS.Kind:
				rs[i] = bytecode.Ref(m.sT)
			case h3MutS.Kind:
				rs[i] = bytecode.MutRef(m.sT)
			}
		}
		m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.sT)}, Returns: rs, Code: m.asm(src)})
	}
}
