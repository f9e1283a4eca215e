package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// std::vector's natives that compile to bytecode instructions, called as
// functions: the instructions' results, and VECTOR_OPERATION_ERROR (an
// execution failure, not an abort) for a bad index, a pop from an empty
// vector and destroy_empty of a non-empty one.
func vectorInstrCases(ledgerapi.Address) []viewCase {
	// call stores vs in local 0, borrows it (mutably when mut), loads the
	// u64 arguments, calls name<u64> and runs after; the results are the
	// call's then, when keep, the vector.
	call := func(name string, vs []uint64, mut bool, args []uint64, rets []tok, keep bool, after ...bytecode.Instruction) viewCase {
		out := append([]tok(nil), rets...)
		if keep {
			out = append(out, vecU64T)
		}
		return viewCase{rets: out, locals: []tok{vecU64T, bytecode.MutRef(u64T)}, code: func(k *kit) []bytecode.Instruction {
			ref, borrow := bytecode.Ref(vecT), bytecode.OpImmBorrowLoc
			if mut {
				ref, borrow = bytecode.MutRef(vecT), bytecode.OpMutBorrowLoc
			}
			params := []tok{ref}
			for range args {
				if name == "push_back" {
					params = append(params, elemT)
				} else {
					params = append(params, u64T)
				}
			}
			var grets []tok
			switch name {
			case "length":
				grets = []tok{u64T}
			case "borrow":
				grets = []tok{bytecode.Ref(elemT)}
			case "borrow_mut":
				grets = []tok{bytecode.MutRef(elemT)}
			case "pop_back":
				grets = []tok{elemT}
			}
			code := []bytecode.Instruction{k.u64s(vs...), in(bytecode.OpStLoc, 0), in(borrow, 0)}
			for _, a := range args {
				code = append(code, in(bytecode.OpLdU64, a))
			}
			code = append(code, k.callG(k.vecFn(name, params, grets), u64T))
			code = append(code, after...)
			if keep {
				code = append(code, in(bytecode.OpMoveLoc, 0))
			}
			return code
		}}
	}
	readRef := in(bytecode.OpReadRef)
	named := func(name string, tc viewCase, want []byte) viewCase {
		tc.name, tc.want, tc.failed = name, want, want == nil
		return tc
	}
	emptyVec := func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{k.callG(k.vecFn("empty", nil, []tok{vecT}), u64T)}
	}
	destroy := func(vs ...uint64) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{k.u64s(vs...), k.callG(k.vecFn("destroy_empty", []tok{vecT}, nil), u64T), in(bytecode.OpLdTrue)}
		}
	}
	return []viewCase{
		named("length", call("length", []uint64{1, 2, 3}, false, nil, u64s1, false), le64(3)),
		named("borrow", call("borrow", []uint64{1, 2, 3}, false, []uint64{1}, u64s1, false, readRef), le64(2)),
		named("borrow out of bounds", call("borrow", []uint64{1, 2, 3}, false, []uint64{3}, u64s1, false, readRef), nil),
		named("borrow_mut written through", call("borrow_mut", []uint64{1, 2, 3}, true, []uint64{1}, nil, true,
			in(bytecode.OpStLoc, 1), in(bytecode.OpLdU64, 9), in(bytecode.OpMoveLoc, 1), in(bytecode.OpWriteRef)), u64Vec(1, 9, 3)),
		named("borrow_mut of empty", call("borrow_mut", nil, true, []uint64{0}, nil, true, in(bytecode.OpPop)), nil),
		named("push_back", call("push_back", []uint64{1, 2}, true, []uint64{7}, nil, true), u64Vec(1, 2, 7)),
		named("pop_back", call("pop_back", []uint64{1, 2, 3}, true, nil, u64s1, true), cat(le64(3), u64Vec(1, 2))),
		named("pop_back of empty", call("pop_back", nil, true, nil, u64s1, true), nil),
		named("swap", call("swap", []uint64{1, 2, 3}, true, []uint64{2, 0}, nil, true), u64Vec(3, 2, 1)),
		named("swap in place", call("swap", []uint64{1, 2, 3}, true, []uint64{1, 1}, nil, true), u64Vec(1, 2, 3)),
		named("swap out of bounds", call("swap", []uint64{1, 2, 3}, true, []uint64{0, 3}, nil, true), nil),
		{name: "empty", rets: []tok{vecU64T}, code: emptyVec, want: u64Vec()},
		{name: "destroy_empty", rets: bools1, code: destroy(), want: bcsBool(true)},
		{name: "destroy_empty of a non-empty vector", rets: bools1, code: destroy(5), failed: true},
	}
}

func TestMoveVectorInstructionNatives(t *testing.T) { runViews(t, "vecinstr", vectorInstrCases, nil) }
