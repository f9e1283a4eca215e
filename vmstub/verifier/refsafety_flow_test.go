package verifier

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// TestReferenceSafetyJoins covers the joins at block boundaries: a borrow
// made in a loop reaches the loop head on the back edge, a reference held
// on one path only is dropped at the join.
func TestReferenceSafetyJoins(t *testing.T) {
	// x, y, r = &y, n; loop 3 times { *(&mut x) = 1; r = &x or &y }
	loop := func(target string) string {
		return "LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; IMM_BORROW_LOC 1; ST_LOC 2; LD_U64 0; ST_LOC 4; " +
			"COPY_LOC 4; LD_U64 3; LT; BR_FALSE 24; " + // 8: head
			"MUT_BORROW_LOC 0; ST_LOC 3; LD_U64 1; MOVE_LOC 3; WRITE_REF; " + // 12: body
			"IMM_BORROW_LOC " + target + "; ST_LOC 2; MOVE_LOC 4; LD_U64 1; ADD; ST_LOC 4; BRANCH 8; " +
			"MOVE_LOC 2; POP; RET" // 24
	}
	loopLocals := h3Sig{h3U64, h3U64, h3RefU64, h3MutU64, h3U64}
	branch := func(m *h3Mod, src string) {
		m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.Bool}, Locals: h3Sig{h3U64, h3RefU64}, Code: m.asm(src)})
	}
	h3RunCases(t, []h3Case{
		{"loop writes a local a reference from the previous iteration borrows", 1054, 16, h3Local(loopLocals, loop("0"))},
		{"loop writes a local the carried reference never borrows", 0, 0, h3Local(loopLocals, loop("1"))},
		{"reference held on one path only is dropped at the join", 0, 0, func(m *h3Mod) {
			branch(m, "LD_U64 5; ST_LOC 1; MOVE_LOC 0; BR_FALSE 6; IMM_BORROW_LOC 1; ST_LOC 2; MOVE_LOC 1; POP; RET")
		}},
		{"reference held on both paths survives the join", 1041, 9, func(m *h3Mod) {
			branch(m, "LD_U64 5; ST_LOC 1; MOVE_LOC 0; BR_FALSE 7; IMM_BORROW_LOC 1; ST_LOC 2; BRANCH 9; "+
				"IMM_BORROW_LOC 1; ST_LOC 2; MOVE_LOC 1; POP; MOVE_LOC 2; POP; RET")
		}},
	})
}

// h3RefFanOut defines fan(a1..an: &u64): (&u64 × k) returning its first k
// parameters, and f calling it with n borrows of one local.
func h3RefFanOut(n, k int) func(m *h3Mod) {
	return func(m *h3Mod) {
		params := make(h3Sig, n)
		for i := range params {
			params[i] = h3RefU64
		}
		var body, call strings.Builder
		for i := range n {
			if i >= k {
				fmt.Fprintf(&body, "MOVE_LOC %d; POP; ", i)
			}
			call.WriteString("IMM_BORROW_LOC 0; ")
		}
		for i := range k {
			fmt.Fprintf(&body, "MOVE_LOC %d; ", i)
		}
		body.WriteString("RET")
		call.WriteString("CALL fan; ")
		for range k {
			call.WriteString("POP; ")
		}
		call.WriteString("RET")
		m.fn("fan", bytecode.Fn{Params: params, Returns: params[:k], Code: m.asm(body.String())})
		m.fn("f", bytecode.Fn{Locals: h3Sig{h3U64}, Code: m.asm("LD_U64 0; ST_LOC 0; " + call.String())})
	}
}

// TestReferenceSafetyMeter: the work is metered as Aptos meters it; the
// edges from reference arguments to returned references cost 100, then
// 1.5 times more each, so that 25 such edges fit the production budget
// and 36 do not.
func TestReferenceSafetyMeter(t *testing.T) {
	h3RunCases(t, []h3Case{
		{"5 references in, 5 out", 0, 0, h3RefFanOut(5, 5)},
		{"6 references in, 6 out", 1075, 8, h3RefFanOut(6, 6)},
	})
	m := newH3Mod()
	h3Local(h3Sig{h3U64, h3RefU64}, "LD_U64 1; ST_LOC 0; IMM_BORROW_LOC 0; ST_LOC 1; RET")(m)
	cfg := Production()
	cfg.MaxMeterUnits = 200
	h3Want(t, Module(m.module(t), cfg), 1075)
	cfg.MaxMeterUnits = 0
	h3Want(t, Module(m.module(t), cfg), 0)
}

// h3Hostile is a function with n reference locals all borrowing one local,
// re-borrowed in a loop: large graphs, joined again and again.
func h3Hostile(n int) func(m *h3Mod) {
	return func(m *h3Mod) {
		locals := h3Sig{h3U64, h3U64}
		var src strings.Builder
		src.WriteString("LD_U64 0; ST_LOC 0; LD_U64 0; ST_LOC 1; ")
		for i := range n {
			locals = append(locals, h3RefU64)
			fmt.Fprintf(&src, "IMM_BORROW_LOC 0; ST_LOC %d; ", i+2)
		}
		head := 4 + 2*n
		fmt.Fprintf(&src, "COPY_LOC 1; LD_U64 1000; LT; BR_FALSE %d; ", head+4+2*n+5)
		for i := range n {
			// each reference is replaced by a copy of the next one
			fmt.Fprintf(&src, "COPY_LOC %d; ST_LOC %d; ", (i+1)%n+2, i+2)
		}
		fmt.Fprintf(&src, "MOVE_LOC 1; LD_U64 1; ADD; ST_LOC 1; BRANCH %d; RET", head)
		m.fn("f", bytecode.Fn{Locals: locals, Code: m.asm(src.String())})
	}
}

// TestReferenceSafetyHostileBounded: a function that keeps many
// references alive around a loop is either verified or refused as too
// complex, never left to run unbounded; small ones pass.
func TestReferenceSafetyHostileBounded(t *testing.T) {
	for _, n := range []int{3, 40, 250} {
		m := newH3Mod()
		h3Hostile(n)(m)
		err := m.verify(t)
		t.Logf("n=%d: %v", n, err)
		if n == 3 {
			h3Want(t, err, 0)
		} else if err != nil {
			h3Want(t, err, 1075)
		}
	}
}

func BenchmarkReferenceSafetyHostile(b *testing.B) {
	m := newH3Mod()
	h3Hostile(250)(m)
	mod := m.module(b)
	for b.Loop() {
		_ = Module(mod, Production())
	}
}
