package verifier

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// TestLocalsSafety covers the states of locals: unavailable until stored,
// available after, maybe available where paths disagree, and the values
// without drop that a store or a return would destroy.
func TestLocalsSafety(t *testing.T) {
	u64 := bc.U64
	st := func(i uint64) bc.Instruction { return h2Op(bc.OpStLoc, i) }
	br := func(op bc.Opcode, to uint64) bc.Instruction { return h2Op(op, to) }
	deposit := func(e *h2Env) bc.Instruction { return h2Op(bc.OpCall, h2u(e.deposit)) }
	h2RunCases(t, []h2Case{
		{"copy_loc of a parameter", 0, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{u64}, h2Sig{u64}, nil, h2Copy(0), h2Ret) }},
		{"copy_loc of a local never stored", 1037, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, h2Sig{u64}, h2Copy(0), h2Ret)
		}},
		{"copy_loc after st_loc", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, h2Sig{u64}, h2U64(1), st(0), h2Copy(0), h2Ret)
		}},
		{"copy_loc after move_loc", 1037, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, h2Sig{u64, u64}, nil, h2Move(0), h2Copy(0), h2Ret)
		}},
		{"move_loc twice", 1040, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT}, nil, nil, h2Move(0), deposit(e), h2Move(0), deposit(e), h2Ret)
		}},
		{"move_loc of a local never stored", 1040, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, h2Sig{u64}, h2Move(0), h2Ret)
		}},
		{"borrow_loc after move_loc", 1043, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2Move(0), h2Pop, h2Imm(0), h2Pop, h2Ret)
		}},
		{"mut_borrow_loc of a local never stored", 1043, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, h2Sig{u64}, h2Mut(0), h2Pop, h2Ret)
		}},
		{"st_loc over a u64", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2U64(2), st(0), h2Ret)
		}},
		{"st_loc over a coin", 1028, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT, e.coinT}, nil, nil, h2Move(1), st(0), h2Ret)
		}},
		{"st_loc into a moved coin", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT, e.coinT}, nil, nil, h2Move(0), deposit(e), h2Move(1), st(0), h2Move(0), deposit(e), h2Ret)
		}},
		{"st_loc over a coin stored on one path", 1028, func(e *h2Env) bc.Fn {
			// if (b) { l2 = c } ; l2 = c2 (where l2 may hold c)
			return h2Fn(h2Sig{bc.Bool, e.coinT, e.coinT}, nil, h2Sig{e.coinT},
				h2Move(0), br(bc.OpBrFalse, 4), h2Move(1), st(3), // 0-3
				h2Move(2), st(3), h2Move(3), deposit(e), h2Ret) // 4-8
		}},
		{"ret with an unused coin parameter", 1088, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{e.coinT}, nil, nil, h2Ret) }},
		{"ret with an unused u64 parameter", 0, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{u64}, nil, nil, h2Ret) }},
		{"ret with an unused T: drop", 0, func(e *h2Env) bc.Fn {
			f := h2Fn(h2Sig{bc.TypeParameter(0)}, nil, nil, h2Ret)
			f.TypeParams = []bc.AbilitySet{bc.AbilityDrop}
			return f
		}},
		{"ret with an unused T", 1088, func(e *h2Env) bc.Fn {
			f := h2Fn(h2Sig{bc.TypeParameter(0)}, nil, nil, h2Ret)
			f.TypeParams = []bc.AbilitySet{bc.AbilityCopy}
			return f
		}},
		{"ret with a coin moved on one path only", 1088, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Bool, e.coinT}, nil, nil,
				h2Move(0), br(bc.OpBrFalse, 4), h2Move(1), deposit(e), h2Ret) // 0-4
		}},
		{"ret with a coin moved on both paths", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Bool, e.coinT}, nil, nil,
				h2Move(0), br(bc.OpBrFalse, 5), h2Move(1), deposit(e), h2Ret, // 0-4
				h2Move(1), deposit(e), h2Ret) // 5-7
		}},
		{"abort with an unused coin", 0, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{e.coinT}, nil, nil, h2U64(1), h2Op(bc.OpAbort)) }},
		{"copy_loc of a local stored on one path", 1037, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Bool}, h2Sig{u64}, h2Sig{u64},
				h2Move(0), br(bc.OpBrFalse, 4), h2U64(1), st(1), // 0-3
				h2Copy(1), h2Ret) // 4-5
		}},
		{"copy_loc of a local stored on both paths", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Bool}, h2Sig{u64}, h2Sig{u64},
				h2Move(0), br(bc.OpBrFalse, 5), h2U64(1), st(1), br(bc.OpBranch, 7), // 0-4
				h2U64(2), st(1), // 5-6
				h2Copy(1), h2Ret) // 7-8
		}},
		{"a loop moving a coin each time round", 1040, func(e *h2Env) bc.Fn {
			// loop { deposit(c); if (b) break }
			return h2Fn(h2Sig{bc.Bool, e.coinT}, nil, nil,
				h2Move(1), deposit(e), h2Copy(0), br(bc.OpBrFalse, 0), h2Ret)
		}},
		{"a loop storing again what it moves", 0, func(e *h2Env) bc.Fn {
			// loop { c = id(c); if (b) break }; deposit(c)
			return h2Fn(h2Sig{bc.Bool, e.coinT}, nil, nil,
				h2Move(1), h2Op(bc.OpCallGeneric, h2u(e.b.FunctionInst(e.id, e.coinT))), h2Op(bc.OpStLoc, 1), // 0-2
				h2Copy(0), br(bc.OpBrFalse, 0), h2Move(1), deposit(e), h2Ret) // 3-7
		}},
		{"a loop whose second round reads a moved u64", 1037, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Bool, u64}, nil, nil,
				h2Copy(1), h2Move(1), h2Op(bc.OpAdd), h2Pop, h2Copy(0), br(bc.OpBrFalse, 0), h2Ret)
		}},
		{"unreachable code is not looked at", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, h2Sig{u64}, h2Ret, h2Copy(0), h2Pop, h2Ret)
		}},
	})
}

// TestLocalsSafetyMeter checks that the pass's steps are charged.
func TestLocalsSafetyMeter(t *testing.T) {
	code := make([]bc.Instruction, 0, 2001)
	for range 1000 {
		code = append(code, h2U64(1), h2Pop)
	}
	m := h2Build(t, h2Case{"long", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, append(code, h2Ret)...) }}, nil)
	for _, tc := range []struct {
		limit int
		fails bool
	}{{0, false}, {80_000_000, false}, {2001 * lsCostPerStep, false}, {2000 * lsCostPerStep, true}} {
		cfg := Production()
		cfg.MaxMeterUnits = tc.limit
		u := newModuleUnit(m, cfg)
		fn := u.funcs[len(u.funcs)-1]
		fn.cfg = newCFG(fn.code.Code)
		if got := h2Status(checkLocalsSafety(u, fn)); (got == 1075) != tc.fails || (got != 0 && got != 1075) {
			t.Errorf("limit %d: got %v", tc.limit, got)
		}
	}
}
