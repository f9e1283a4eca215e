package verifier

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestTypeSafetyVectors covers the vector instructions.
func TestTypeSafetyVectors(t *testing.T) {
	vu64 := bc.Vector(bc.U64)
	vec := func(op bc.Opcode, e *h2Env, operands ...uint64) bc.Instruction {
		return h2Op(op, append([]uint64{e.u64Sig}, operands...)...)
	}
	idx := h2U64(0)
	h2RunCases(t, []h2Case{
		{"vec_pack 2", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{vu64}, nil, h2U64(1), h2U64(2), vec(bc.OpVecPack, e, 2), h2Ret)
		}},
		{"vec_pack 0", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{vu64}, nil, vec(bc.OpVecPack, e, 0), h2Ret) }},
		{"vec_pack u64, bool", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{vu64}, nil, h2U64(1), h2True, vec(bc.OpVecPack, e, 2), h2Ret)
		}},
		{"vec_pack more than the stack", 1009, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{vu64}, nil, h2U64(1), vec(bc.OpVecPack, e, 2), h2Ret)
		}},
		{"vec_pack gives vector<u64>", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{bc.Vector(bc.U8)}, nil, vec(bc.OpVecPack, e, 0), h2Ret)
		}},
		{"vec_pack coins, then pop", 1023, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT}, nil, nil, h2Move(0), h2Op(bc.OpVecPack, e.coinSig, 1), h2Pop, h2Ret)
		}},
		{"vec_len", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Imm(0), vec(bc.OpVecLen, e), h2Ret)
		}},
		{"vec_len of &mut", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Mut(0), vec(bc.OpVecLen, e), h2Ret)
		}},
		{"vec_len of &vector<u8>", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Vector(bc.U8)}, h2Sig{bc.U64}, nil, h2Imm(0), vec(bc.OpVecLen, e), h2Ret)
		}},
		{"vec_len of a value", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Copy(0), vec(bc.OpVecLen, e), h2Ret)
		}},
		{"vec_imm_borrow", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Imm(0), idx, vec(bc.OpVecImmBorrow, e), h2Op(bc.OpReadRef), h2Ret)
		}},
		{"vec_imm_borrow at a u8", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Imm(0), h2Op(bc.OpLdU8, 0), vec(bc.OpVecImmBorrow, e), h2Op(bc.OpReadRef), h2Ret)
		}},
		{"vec_imm_borrow gives &", 1055, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2U64(5), h2Mut(0), idx, vec(bc.OpVecImmBorrow, e), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"vec_mut_borrow", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2U64(5), h2Mut(0), idx, vec(bc.OpVecMutBorrow, e), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"vec_mut_borrow through &", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Imm(0), idx, vec(bc.OpVecMutBorrow, e), h2Pop, h2Ret)
		}},
		{"vec_push_back", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Mut(0), h2U64(1), vec(bc.OpVecPushBack, e), h2Ret)
		}},
		{"vec_push_back bool", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Mut(0), h2True, vec(bc.OpVecPushBack, e), h2Ret)
		}},
		{"vec_push_back through &", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Imm(0), h2U64(1), vec(bc.OpVecPushBack, e), h2Ret)
		}},
		{"vec_pop_back", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Mut(0), vec(bc.OpVecPopBack, e), h2Ret)
		}},
		{"vec_pop_back through &", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Imm(0), vec(bc.OpVecPopBack, e), h2Ret)
		}},
		{"vec_unpack 2", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64, bc.U64}, nil, h2Move(0), vec(bc.OpVecUnpack, e, 2), h2Ret)
		}},
		{"vec_unpack of vector<u8>", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Vector(bc.U8)}, h2Sig{bc.U64}, nil, h2Move(0), vec(bc.OpVecUnpack, e, 1), h2Ret)
		}},
		{"vec_unpack of a reference", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, h2Sig{bc.U64}, nil, h2Imm(0), vec(bc.OpVecUnpack, e, 1), h2Ret)
		}},
		{"vec_swap", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Mut(0), idx, h2U64(1), vec(bc.OpVecSwap, e), h2Ret)
		}},
		{"vec_swap at a u8", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Mut(0), idx, h2Op(bc.OpLdU8, 1), vec(bc.OpVecSwap, e), h2Ret)
		}},
		{"vec_swap through &", 1020, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{vu64}, nil, nil, h2Imm(0), idx, h2U64(1), vec(bc.OpVecSwap, e), h2Ret)
		}},
	})
}

// TestTypeSafetyEnums covers the variant instructions.
func TestTypeSafetyEnums(t *testing.T) {
	u64 := bc.U64
	v := func(e *h2Env, op bc.Opcode, name string) bc.Instruction {
		return h2Op(op, h2u(e.b.VariantHandle(e.e, name)))
	}
	vf := func(e *h2Env, op bc.Opcode, variants ...string) bc.Instruction {
		return h2Op(op, h2u(e.b.VariantFieldHandle(e.e, "x", variants...)))
	}
	optT := func(e *h2Env, arg bc.SignatureToken) bc.SignatureToken { return e.b.StructType(e.opt, arg) }
	some := func(e *h2Env, op bc.Opcode, arg bc.SignatureToken) bc.Instruction {
		return h2Op(op, h2u(e.b.VariantInst(e.opt, "Some", arg)))
	}
	cases := []h2EditCase{
		{h2Case: h2Case{"pack_variant A", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{e.eT}, nil, h2U64(1), v(e, bc.OpPackVariant, "A"), h2Ret)
		}}},
		{h2Case: h2Case{"pack_variant C", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{e.eT}, nil, v(e, bc.OpPackVariant, "C"), h2Ret) }}},
		{h2Case: h2Case{"pack_variant A from bool", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{e.eT}, nil, h2True, v(e, bc.OpPackVariant, "A"), h2Ret)
		}}},
		{h2Case: h2Case{"unpack_variant B", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, h2Sig{u64, bc.Bool}, nil, h2Move(0), v(e, bc.OpUnpackVariant, "B"), h2Ret)
		}}},
		{h2Case: h2Case{"unpack_variant of a Pt", 1048, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{u64}, nil, h2Move(0), v(e, bc.OpUnpackVariant, "A"), h2Ret)
		}}},
		{h2Case: h2Case{"test_variant", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, h2Sig{bc.Bool}, nil, h2Imm(0), v(e, bc.OpTestVariant, "C"), h2Ret)
		}}},
		{h2Case: h2Case{"test_variant of a value", 1129, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, h2Sig{bc.Bool}, nil, h2Copy(0), v(e, bc.OpTestVariant, "C"), h2Ret)
		}}},
		{h2Case: h2Case{"test_variant of &Pt", 1129, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{bc.Bool}, nil, h2Imm(0), v(e, bc.OpTestVariant, "C"), h2Ret)
		}}},
		{h2Case: h2Case{"borrow_variant_field x of A, B", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, h2Sig{u64}, nil, h2Imm(0), vf(e, bc.OpImmBorrowVariantField, "A", "B"), h2Op(bc.OpReadRef), h2Ret)
		}}},
		{h2Case: h2Case{"mut_borrow_variant_field through &", 1034, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, nil, nil, h2Imm(0), vf(e, bc.OpMutBorrowVariantField, "A", "B"), h2Pop, h2Ret)
		}}},
		{h2Case: h2Case{"borrow_variant_field x of A, D (u64 and bool)", 1035, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, nil, nil, h2Imm(0), vf(e, bc.OpImmBorrowVariantField, "A", "D"), h2Pop, h2Ret)
		}}},
		{h2Case: h2Case{"borrow_variant_field of no variant", 1130, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, nil, nil, h2Imm(0), vf(e, bc.OpImmBorrowVariantField, "A"), h2Pop, h2Ret)
		}}, edit: func(e *h2Env, m *bc.Module) { m.VariantFieldHandles[0].Variants = nil }},
		{h2Case: h2Case{"borrow_variant_field of a variant without it", 1035, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.eT}, nil, nil, h2Imm(0), vf(e, bc.OpImmBorrowVariantField, "A"), h2Pop, h2Ret)
		}}, edit: func(e *h2Env, m *bc.Module) { m.VariantFieldHandles[0].Variants = []uint16{0, 2} }},
		{h2Case: h2Case{"pack_variant_generic Some<u64>", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{optT(e, u64)}, nil, h2U64(1), some(e, bc.OpPackVariantGeneric, u64), h2Ret)
		}}},
		{h2Case: h2Case{"pack_variant_generic Some<u64> from bool", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{optT(e, u64)}, nil, h2True, some(e, bc.OpPackVariantGeneric, u64), h2Ret)
		}}},
		{h2Case: h2Case{"unpack_variant_generic Some<bool> of an Opt<u64>", 1048, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{optT(e, u64)}, h2Sig{bc.Bool}, nil, h2Move(0), some(e, bc.OpUnpackVariantGeneric, bc.Bool), h2Ret)
		}}},
		{h2Case: h2Case{"test_variant_generic", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{optT(e, u64)}, h2Sig{bc.Bool}, nil, h2Imm(0), some(e, bc.OpTestVariantGeneric, u64), h2Ret)
		}}},
	}
	h2RunEditCases(t, cases)
}

// TestTypeSafetyClosures covers PackClosure(Generic) and CallClosure.
func TestTypeSafetyClosures(t *testing.T) {
	u64 := bc.U64
	fnT := func(abilities bc.AbilitySet) bc.SignatureToken {
		return bc.FunctionType(h2Sig{u64}, h2Sig{u64}, abilities)
	}
	pc := func(h bc.FunctionHandleIndex, mask uint64) bc.Instruction {
		return h2Op(bc.OpPackClosure, h2u(h), mask)
	}
	cc := func(e *h2Env, ft bc.SignatureToken) bc.Instruction {
		return h2Op(bc.OpCallClosure, h2u(e.b.Signature(ft)))
	}
	h2RunCases(t, []h2Case{
		{"pack_closure add(1, _)", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{e.fnU64}, nil, h2U64(1), pc(e.add, 1), h2Ret)
		}},
		{"pack_closure of public add has store", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{fnT(h2CDS)}, nil, h2U64(1), pc(e.add, 1), h2Ret)
		}},
		{"pack_closure of private inc has no store", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{fnT(h2CDS)}, nil, h2U64(1), pc(e.inc, 1), h2Ret)
		}},
		{"pack_closure captures a bool for a u64", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{e.fnU64}, nil, h2True, pc(e.add, 1), h2Ret)
		}},
		{"pack_closure captures a reference", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2Imm(0), pc(e.peek, 1), h2Pop, h2Ret)
		}},
		{"pack_closure leaves a reference parameter", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{bc.FunctionType(h2Sig{bc.Ref(u64)}, h2Sig{u64}, h2CD)}, nil, h2U64(1), pc(e.peek, 2), h2Ret)
		}},
		{"pack_closure capturing a coin has no drop", 1023, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT}, nil, nil, h2Move(0), pc(e.deposit, 1), h2Pop, h2Ret)
		}},
		{"pack_closure capturing a coin keeps store", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT}, h2Sig{bc.FunctionType(nil, nil, bc.AbilityStore)}, nil, h2Move(0), pc(e.deposit, 1), h2Ret)
		}},
		{"pack_closure mask beyond the parameters", 1132, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, h2U64(1), pc(e.add, 4), h2Pop, h2Ret)
		}},
		{"pack_closure capturing more than the stack", 1009, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, h2U64(1), pc(e.add, 3), h2Pop, h2Ret)
		}},
		{"call_closure", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(5), h2U64(1), pc(e.add, 1), cc(e, e.fnU64), h2Ret)
		}},
		{"call_closure as |u8|u64", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2Op(bc.OpLdU8, 5), h2U64(1), pc(e.add, 1),
				cc(e, bc.FunctionType(h2Sig{bc.U8}, h2Sig{u64}, h2CD)), h2Ret)
		}},
		{"call_closure with a bool argument", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2True, h2U64(1), pc(e.add, 1), cc(e, e.fnU64), h2Ret)
		}},
		{"call_closure of a u64", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(5), h2U64(1), cc(e, e.fnU64), h2Ret)
		}},
		{"call_closure wanting store of a private closure", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(5), h2U64(1), pc(e.inc, 1), cc(e, fnT(h2CDS)), h2Ret)
		}},
		{"call_closure of a signature that is no function type", 1133, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(5), h2U64(1), pc(e.add, 1), h2Op(bc.OpCallClosure, e.u64Sig), h2Ret)
		}},
		{"pack_closure_generic id<u64>", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(5), h2Op(bc.OpPackClosureGeneric, h2u(e.b.FunctionInst(e.id, u64)), 0),
				cc(e, e.fnU64), h2Ret)
		}},
		{"pack_closure_generic id<bool> is |bool|bool", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(5), h2Op(bc.OpPackClosureGeneric, h2u(e.b.FunctionInst(e.id, bc.Bool)), 0),
				cc(e, e.fnU64), h2Ret)
		}},
		{"a closure with more abilities passed as a parameter", 0, func(e *h2Env) bc.Fn {
			apply := e.b.Function("apply", bc.Public, h2Fn(h2Sig{e.fnU64, u64}, h2Sig{u64}, nil,
				h2Move(1), h2Move(0), cc(e, e.fnU64), h2Ret))
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(1), pc(e.add, 1), h2U64(2), h2Op(bc.OpCall, h2u(apply)), h2Ret)
		}},
		{"a closure with fewer abilities passed as a parameter", 1045, func(e *h2Env) bc.Fn {
			apply := e.b.Function("apply", bc.Public, h2Fn(h2Sig{fnT(h2CDS), u64}, h2Sig{u64}, nil,
				h2Move(1), h2Move(0), cc(e, fnT(h2CDS)), h2Ret))
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(1), pc(e.inc, 1), h2U64(2), h2Op(bc.OpCall, h2u(apply)), h2Ret)
		}},
	})
}

// TestTypeSafetyScripts checks that a script, which has no struct
// definitions, cannot use the instructions that name one.
func TestTypeSafetyScripts(t *testing.T) {
	for _, tc := range []struct {
		name string
		want onchain.StatusCode
		code []bc.Instruction
	}{
		{"plain", 0, []bc.Instruction{h2Move(0), h2Op(bc.OpCall, 0), h2Pop, h2Ret}},
		{"pack", 1094, []bc.Instruction{h2U64(1), h2Op(bc.OpPack, 0), h2Pop, h2Ret}},
		{"unpack_generic", 1094, []bc.Instruction{h2U64(1), h2Op(bc.OpUnpackGeneric, 0), h2Pop, h2Ret}},
		{"exists", 1094, []bc.Instruction{h2U64(1), h2Op(bc.OpExists, 0), h2Pop, h2Ret}},
		{"move_to", 1094, []bc.Instruction{h2Move(0), h2U64(1), h2Op(bc.OpMoveTo, 0), h2Ret}},
		{"borrow_field", 1094, []bc.Instruction{h2Imm(1), h2Op(bc.OpImmBorrowField, 0), h2Pop, h2Ret}},
		{"borrow_field_generic", 1094, []bc.Instruction{h2Imm(1), h2Op(bc.OpMutBorrowFieldGeneric, 0), h2Pop, h2Ret}},
		{"pack_variant", 1094, []bc.Instruction{h2Op(bc.OpPackVariant, 0), h2Pop, h2Ret}},
		{"borrow_variant_field", 1094, []bc.Instruction{h2Imm(1), h2Op(bc.OpImmBorrowVariantField, 0), h2Pop, h2Ret}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bc.NewScriptBuilder().Version(bc.VersionMax)
			addrOf := b.ImportFunction(b.ModuleRef(ledgerapi.AddressOne, "signer"), "address_of",
				bc.Fn{Params: h2Sig{bc.Ref(bc.Signer)}, Returns: h2Sig{bc.Address}})
			_ = addrOf
			b.Main(bc.Fn{Params: h2Sig{bc.Ref(bc.Signer), bc.U64}, Code: tc.code})
			code, err := b.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			s, err := bc.DeserializeScript(code)
			if err != nil {
				t.Fatalf("the reader refuses the script: %v", err)
			}
			if got := h2Status(h2Passes(newScriptUnit(s, Production()))); got != tc.want {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestTypeSafetyMeter checks that pushed type nodes are charged: a
// function within Aptos's budget passes, the same one under a small
// budget is refused as too complex, and large instantiated types cost in
// proportion to their size.
func TestTypeSafetyMeter(t *testing.T) {
	big := bc.U64
	for range 60 {
		big = bc.Vector(big) // 61 nodes
	}
	var body []bc.Instruction
	build := func(e *h2Env) bc.Fn {
		inst := h2u(e.b.FunctionInst(e.id, bc.Vector(big)))
		body = body[:0]
		for range 1000 {
			body = append(body, h2Op(bc.OpVecPack, h2u(e.b.Signature(big)), 0), h2Op(bc.OpCallGeneric, inst), h2Pop)
		}
		return h2Fn(nil, nil, nil, append(body, h2Ret)...)
	}
	m := h2Build(t, h2Case{"big", 0, build}, nil)
	// 1000 times two pushes of vector<big> (62 nodes) at 30 units a node.
	const cost = 1000 * 2 * 62 * tsCostPerTypeNode
	for _, tc := range []struct {
		limit int
		want  onchain.StatusCode
	}{{0, 0}, {80_000_000, 0}, {cost, 0}, {cost - 1, 1075}, {1000, 1075}} {
		cfg := Production()
		cfg.MaxMeterUnits = tc.limit
		u := newModuleUnit(m, cfg)
		fn := u.funcs[len(u.funcs)-1]
		fn.cfg = newCFG(fn.code.Code)
		if got := h2Status(checkTypeSafety(u, fn)); got != tc.want {
			t.Errorf("limit %d: got %v, want %v", tc.limit, got, tc.want)
		}
	}
}

// TestTypeSafetyRandomCodeNeverPanics runs both passes over random code,
// with operands that may be out of range (the module skips the reader),
// and unbalanced stacks: every outcome must be a status, never a panic.
func TestTypeSafetyRandomCodeNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	for iter := range 3000 {
		n := 1 + rng.IntN(12)
		code := make([]bc.Instruction, n)
		for i := range code {
			op := bc.Opcode(1 + rng.IntN(int(bc.OpAbortMsg)))
			in := bc.Instruction{Op: op, Index: uint16(rng.IntN(12)), Imm: uint64(rng.IntN(5))}
			if rng.IntN(50) == 0 {
				in.Imm = rng.Uint64()
			}
			switch op {
			case bc.OpBranch, bc.OpBrTrue, bc.OpBrFalse:
				in.Index = uint16(rng.IntN(n))
			case bc.OpCopyLoc, bc.OpMoveLoc, bc.OpStLoc, bc.OpMutBorrowLoc, bc.OpImmBorrowLoc:
				in.Index = uint16(rng.IntN(4))
			}
			code[i] = in
		}
		code[n-1] = h2Ret
		m := h2Build(t, h2Case{"random", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.U64, bc.Ref(e.coinT)}, nil, h2Sig{bc.Vector(bc.U64), e.eT}, code...)
		}}, func(*h2Env, *bc.Module) {})
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("iteration %d: panic %v on %v", iter, r, code)
				}
			}()
			_ = h2Passes(newModuleUnit(m, Production()))
		}()
	}
}

// TestTypeSafetyStepNeverPanics runs single instructions over random
// stacks of types, so that every instruction meets operands of every shape.
func TestTypeSafetyStepNeverPanics(t *testing.T) {
	m := h2Build(t, h2Case{"host", 0, func(e *h2Env) bc.Fn {
		f := h2Fn(h2Sig{bc.U64, bc.TypeParameter(0)}, h2Sig{bc.U64}, nil, h2U64(1), h2Ret)
		f.TypeParams = []bc.AbilitySet{bc.AbilityDrop}
		return f
	}}, nil)
	e := h2NewEnv()
	pool := []bc.SignatureToken{bc.U64, bc.U8, bc.Bool, bc.Address, bc.Signer, bc.I8, bc.U256, bc.Ref(bc.Signer), bc.MutRef(bc.Signer),
		bc.MutRef(bc.U64), bc.Ref(bc.U64), bc.Vector(bc.U64), bc.Ref(bc.Vector(bc.U64)), bc.MutRef(bc.Vector(bc.U64)),
		bc.Ref(bc.Vector(bc.U8)), e.coinT, bc.Ref(e.coinT), bc.MutRef(e.ptT), e.ptT, e.holderT, e.eT, bc.Ref(e.eT),
		e.b.StructType(e.box, bc.U64), bc.MutRef(e.b.StructType(e.box, bc.U64)), e.fnU64, bc.TypeParameter(0),
		bc.TypeParameter(7), bc.FunctionType(nil, nil, 0)}
	u := newModuleUnit(m, Production())
	fn := u.funcs[len(u.funcs)-1]
	rng := rand.New(rand.NewPCG(7, 11))
	for iter := range 40000 {
		c := &tsChecker{u: u, fn: fn, m: m, meter: newTSMeter(u)}
		for range rng.IntN(5) {
			c.stack = append(c.stack, pool[rng.IntN(len(pool))])
		}
		in := bc.Instruction{Op: bc.Opcode(1 + rng.IntN(int(bc.OpAbortMsg))), Index: uint16(rng.IntN(16)), Imm: uint64(rng.IntN(4))}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("iteration %d: panic %v on %v with %v", iter, r, in, c.stack)
				}
			}()
			_ = c.step(&in)
		}()
	}
}

// TestTypeSafetyMeterStopsTypeBlowup instantiates a function whose return
// type names its type parameter 100 times with a type of 100 nodes: each
// call pushes a type of 10,000 nodes, and the production budget refuses
// the function long before its thousand calls are done.
func TestTypeSafetyMeterStopsTypeBlowup(t *testing.T) {
	big := bc.U64
	for range 99 {
		big = bc.Vector(big)
	}
	build := func(e *h2Env) bc.Fn {
		many := make(h2Sig, 100)
		for i := range many {
			many[i] = bc.TypeParameter(0)
		}
		wide := e.b.ImportFunction(e.b.ModuleRef(h2Addr, "other"), "wide", bc.Fn{TypeParams: []bc.AbilitySet{0},
			Returns: h2Sig{bc.FunctionType(many, nil, h2CD)}})
		inst := h2u(e.b.FunctionInst(wide, big))
		var body []bc.Instruction
		for range 1000 {
			body = append(body, h2Op(bc.OpCallGeneric, inst), h2Pop)
		}
		return h2Fn(nil, nil, nil, append(body, h2Ret)...)
	}
	m := h2Build(t, h2Case{"blowup", 0, build}, nil)
	u := newModuleUnit(m, Production())
	fn := u.funcs[len(u.funcs)-1]
	fn.cfg = newCFG(fn.code.Code)
	err := checkTypeSafety(u, fn)
	var verr *Error
	if h2Status(err) != 1075 || !errors.As(err, &verr) || verr.Offset >= 2*300 {
		t.Fatalf("got %v, want 1075 within the first 300 calls", err)
	}
}
