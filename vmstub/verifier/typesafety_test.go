package verifier

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Instruction shorthands for the cases.
func h2Op(op bc.Opcode, operands ...uint64) bc.Instruction { return bc.I(op, operands...) }

var (
	h2Ret  = bc.I(bc.OpRet)
	h2Pop  = bc.I(bc.OpPop)
	h2Move = func(i uint64) bc.Instruction { return bc.I(bc.OpMoveLoc, i) }
	h2Copy = func(i uint64) bc.Instruction { return bc.I(bc.OpCopyLoc, i) }
	h2Imm  = func(i uint64) bc.Instruction { return bc.I(bc.OpImmBorrowLoc, i) }
	h2Mut  = func(i uint64) bc.Instruction { return bc.I(bc.OpMutBorrowLoc, i) }
	h2U64  = func(v uint64) bc.Instruction { return bc.I(bc.OpLdU64, v) }
	h2True = bc.I(bc.OpLdTrue)
)

// TestTypeSafetyBasics covers the rules of the type safety table for
// locals, branches, aborts, returns, references and calls.
func TestTypeSafetyBasics(t *testing.T) {
	u64, u8 := bc.U64, bc.U8
	h2RunCases(t, []h2Case{
		{"pop u64", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2U64(1), h2Pop, h2Ret) }},
		{"pop coin without drop", 1023, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{e.coinT}, nil, nil, h2Move(0), h2Pop, h2Ret) }},
		{"pop empty stack", 1009, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2Pop, h2Ret) }},
		{"br_true bool", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2True, h2Op(bc.OpBrTrue, 3), h2Ret, h2Ret) }},
		{"br_true u64", 1025, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2U64(1), h2Op(bc.OpBrTrue, 3), h2Ret, h2Ret) }},
		{"br_false u8", 1025, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, h2Op(bc.OpLdU8, 1), h2Op(bc.OpBrFalse, 3), h2Ret, h2Ret)
		}},
		{"abort u64", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2U64(1), h2Op(bc.OpAbort)) }},
		{"abort bool", 1026, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2True, h2Op(bc.OpAbort)) }},
		{"abort_msg", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Vector(u8)}, nil, nil, h2U64(1), h2Imm(0), h2Op(bc.OpAbortMsg))
		}},
		{"abort_msg u8 code", 1026, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Vector(u8)}, nil, nil, h2Op(bc.OpLdU8, 1), h2Imm(0), h2Op(bc.OpAbortMsg))
		}},
		{"abort_msg &vector<u64>", 1026, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Vector(u64)}, nil, nil, h2U64(1), h2Imm(0), h2Op(bc.OpAbortMsg))
		}},
		{"abort_msg by value", 1026, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, h2U64(1), h2Op(bc.OpLdConst, h2u(e.bytes)), h2Op(bc.OpAbortMsg))
		}},
		{"ret u64", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{u64}, nil, h2U64(1), h2Ret) }},
		{"ret bool as u64", 1030, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{u64}, nil, h2True, h2Ret) }},
		{"ret two in order", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{u64, bc.Bool}, nil, h2U64(1), h2True, h2Ret) }},
		{"ret two swapped", 1030, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{u64, bc.Bool}, nil, h2True, h2U64(1), h2Ret) }},
		{"ret missing value", 1009, func(e *h2Env) bc.Fn { return h2Fn(nil, h2Sig{u64}, nil, h2Ret) }},
		{"st_loc", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, h2Sig{u64}, h2U64(1), h2Op(bc.OpStLoc, 0), h2Ret) }},
		{"st_loc bool into u64", 1027, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, h2Sig{u64}, h2True, h2Op(bc.OpStLoc, 0), h2Ret) }},
		{"ld_const u64", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, h2Sig{u64}, h2Op(bc.OpLdConst, h2u(e.num)), h2Op(bc.OpStLoc, 0), h2Ret)
		}},
		{"ld_const bytes into u64", 1027, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, h2Sig{u64}, h2Op(bc.OpLdConst, h2u(e.bytes)), h2Op(bc.OpStLoc, 0), h2Ret)
		}},
		{"copy_loc u64", 0, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{u64}, nil, nil, h2Copy(0), h2Pop, h2Ret) }},
		{"copy_loc coin", 1038, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{e.coinT}, nil, nil, h2Copy(0), h2Pop, h2Ret) }},
		{"copy_loc Box<Coin>", 1038, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.b.StructType(e.box, e.coinT)}, nil, nil, h2Copy(0), h2Pop, h2Ret)
		}},
		{"copy_loc T: copy", 0, func(e *h2Env) bc.Fn {
			f := h2Fn(h2Sig{bc.TypeParameter(0)}, nil, nil, h2Copy(0), h2Pop, h2Ret)
			f.TypeParams = []bc.AbilitySet{h2CD}
			return f
		}},
		{"copy_loc T without copy", 1038, func(e *h2Env) bc.Fn {
			f := h2Fn(h2Sig{bc.TypeParameter(0)}, nil, nil, h2Copy(0), h2Pop, h2Ret)
			f.TypeParams = []bc.AbilitySet{bc.AbilityDrop}
			return f
		}},
		{"borrow_loc", 0, func(e *h2Env) bc.Fn { return h2Fn(h2Sig{u64}, nil, nil, h2Imm(0), h2Pop, h2Ret) }},
		{"borrow_loc of a reference", 1042, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(u64)}, nil, nil, h2Imm(0), h2Pop, h2Ret)
		}},
		{"mut_borrow_loc of a reference", 1042, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.MutRef(u64)}, nil, nil, h2Mut(0), h2Pop, h2Ret)
		}},
		{"freeze_ref", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2Mut(0), h2Op(bc.OpFreezeRef), h2Pop, h2Ret)
		}},
		{"freeze_ref of &", 1032, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2Imm(0), h2Op(bc.OpFreezeRef), h2Pop, h2Ret)
		}},
		{"read_ref", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2Mut(0), h2Op(bc.OpReadRef), h2Pop, h2Ret)
		}},
		{"read_ref of a value", 1049, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2Copy(0), h2Op(bc.OpReadRef), h2Pop, h2Ret)
		}},
		{"read_ref of &Coin", 1050, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(e.coinT)}, nil, nil, h2Move(0), h2Op(bc.OpReadRef), h2Op(bc.OpCall, h2u(e.deposit)), h2Ret)
		}},
		{"write_ref", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2U64(2), h2Mut(0), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"write_ref through &", 1055, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2U64(2), h2Imm(0), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"write_ref over a coin", 1053, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.MutRef(e.coinT), e.coinT}, nil, nil, h2Move(1), h2Move(0), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"write_ref bool into u64", 1052, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{u64}, nil, nil, h2True, h2Mut(0), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"call address_of(&signer)", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(bc.Signer)}, h2Sig{bc.Address}, nil, h2Move(0), h2Op(bc.OpCall, h2u(e.addressOf)), h2Ret)
		}},
		{"call address_of(address)", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address}, h2Sig{bc.Address}, nil, h2Move(0), h2Op(bc.OpCall, h2u(e.addressOf)), h2Ret)
		}},
		{"call address_of(&mut signer)", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Signer}, h2Sig{bc.Address}, nil, h2Mut(0), h2Op(bc.OpCall, h2u(e.addressOf)), h2Ret)
		}},
		{"call returns the declared type", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(bc.Signer)}, h2Sig{u64}, nil, h2Move(0), h2Op(bc.OpCall, h2u(e.addressOf)), h2Ret)
		}},
		{"call with too few arguments", 1009, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(1), h2Op(bc.OpCall, h2u(e.add)), h2Ret)
		}},
		{"call_generic id<u64>", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2U64(1), h2Op(bc.OpCallGeneric, h2u(e.b.FunctionInst(e.id, u64))), h2Ret)
		}},
		{"call_generic id<u64>(bool)", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2True, h2Op(bc.OpCallGeneric, h2u(e.b.FunctionInst(e.id, u64))), h2Ret)
		}},
		{"call_generic id<bool> returns bool", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{u64}, nil, h2True, h2Op(bc.OpCallGeneric, h2u(e.b.FunctionInst(e.id, bc.Bool))), h2Ret)
		}},
		{"call_generic id<T> in a generic function", 0, func(e *h2Env) bc.Fn {
			f := h2Fn(h2Sig{bc.TypeParameter(0)}, h2Sig{bc.TypeParameter(0)}, nil, h2Move(0),
				h2Op(bc.OpCallGeneric, h2u(e.b.FunctionInst(e.id, bc.TypeParameter(0)))), h2Ret)
			f.TypeParams = []bc.AbilitySet{0}
			return f
		}},
		{"call_generic id<vector<T>> given T", 1045, func(e *h2Env) bc.Fn {
			f := h2Fn(h2Sig{bc.TypeParameter(0)}, h2Sig{bc.TypeParameter(0)}, nil, h2Move(0),
				h2Op(bc.OpCallGeneric, h2u(e.b.FunctionInst(e.id, bc.Vector(bc.TypeParameter(0))))), h2Ret)
			f.TypeParams = []bc.AbilitySet{0}
			return f
		}},
		{"forge: deposit a u64 as a Coin", 1045, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, h2U64(1_000_000), h2Op(bc.OpCall, h2u(e.deposit)), h2Ret)
		}},
		{"forge: unpack Pt and return its u64 as a Coin", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{e.coinT}, nil, h2Move(0), h2Op(bc.OpUnpack, h2u(e.pt)), h2Pop, h2Ret)
		}},
	})
}

// TestTypeSafetyIntegers covers arithmetic, bitwise, shifts, comparisons,
// negation, casts and the boolean operators.
func TestTypeSafetyIntegers(t *testing.T) {
	bin := func(a, b bc.Instruction, op bc.Opcode) func(e *h2Env) bc.Fn {
		return func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, a, b, h2Op(op), h2Pop, h2Ret) }
	}
	un := func(a bc.Instruction, op bc.Opcode) func(e *h2Env) bc.Fn {
		return func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, a, h2Op(op), h2Pop, h2Ret) }
	}
	u8, u32 := h2Op(bc.OpLdU8, 1), h2Op(bc.OpLdU32, 1)
	u256, u128 := h2Op(bc.OpLdU256, 1, 0, 0, 0), h2Op(bc.OpLdU128, 1, 0)
	i8, i16, i32, i64 := h2Op(bc.OpLdI8, 1), h2Op(bc.OpLdI16, 1), h2Op(bc.OpLdI32, 1), h2Op(bc.OpLdI64, 1)
	n := h2U64(1)
	h2RunCases(t, []h2Case{
		{"add u64", 0, bin(n, n, bc.OpAdd)},
		{"add u64 u8", 1056, bin(n, u8, bc.OpAdd)},
		{"add bool", 1056, bin(h2True, h2True, bc.OpAdd)},
		{"add i64", 0, bin(i64, i64, bc.OpAdd)},
		{"sub i8", 0, bin(i8, i8, bc.OpSub)},
		{"mul u32", 0, bin(u32, u32, bc.OpMul)},
		{"mod u256", 0, bin(u256, u256, bc.OpMod)},
		{"div u128 u256", 1056, bin(u128, u256, bc.OpDiv)},
		{"bit_or u8", 0, bin(u8, u8, bc.OpBitOr)},
		{"bit_or i8", 1056, bin(i8, i8, bc.OpBitOr)},
		{"xor u64 u32", 1056, bin(n, u32, bc.OpXor)},
		{"bit_and address", 1056, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address}, nil, nil, h2Copy(0), h2Copy(0), h2Op(bc.OpBitAnd), h2Pop, h2Ret)
		}},
		{"shl u64 by u8", 0, bin(n, u8, bc.OpShl)},
		{"shl u64 by u64", 1056, bin(n, n, bc.OpShl)},
		{"shr i32 by u8", 1056, bin(i32, u8, bc.OpShr)},
		{"negate i32", 0, un(i32, bc.OpNegate)},
		{"negate u32", 1056, un(u32, bc.OpNegate)},
		{"lt u64", 0, bin(n, n, bc.OpLt)},
		{"lt gives bool", 1056, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, n, n, h2Op(bc.OpLt), n, h2Op(bc.OpAdd), h2Pop, h2Ret)
		}},
		{"ge i16", 0, bin(i16, i16, bc.OpGe)},
		{"le bool", 1056, bin(h2True, h2True, bc.OpLe)},
		{"gt u8 u64", 1056, bin(u8, n, bc.OpGt)},
		{"cast_u8 of u64", 0, un(n, bc.OpCastU8)},
		{"cast_u8 of bool", 1056, un(h2True, bc.OpCastU8)},
		{"cast_i64 of u128", 0, un(u128, bc.OpCastI64)},
		{"cast_u256 of i8", 0, un(i8, bc.OpCastU256)},
		{"cast gives its type", 1056, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, n, h2Op(bc.OpCastU16), n, h2Op(bc.OpAdd), h2Pop, h2Ret)
		}},
		{"and", 0, bin(h2True, h2True, bc.OpAnd)},
		{"and u64", 1057, bin(n, h2True, bc.OpAnd)},
		{"or u8", 1057, bin(u8, u8, bc.OpOr)},
		{"not", 0, un(h2True, bc.OpNot)},
		{"not u64", 1057, un(n, bc.OpNot)},
		{"eq u64", 0, bin(n, n, bc.OpEq)},
		{"eq u64 u8", 1058, bin(n, u8, bc.OpEq)},
		{"neq i8 i16", 1058, bin(i8, i16, bc.OpNeq)},
		{"eq coins", 1058, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT, e.coinT}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpEq), h2Pop, h2Ret)
		}},
		{"eq &coin", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(e.coinT), bc.Ref(e.coinT)}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpEq), h2Pop, h2Ret)
		}},
		{"eq & and &mut", 1058, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.U64}, nil, nil, h2Imm(0), h2Mut(0), h2Op(bc.OpEq), h2Pop, h2Ret)
		}},
		{"neq Pt", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, nil, nil, h2Copy(0), h2Copy(0), h2Op(bc.OpNeq), h2Pop, h2Ret)
		}},
	})
}

// TestTypeSafetyStructs covers Pack, Unpack, the field borrows and the
// global storage instructions.
func TestTypeSafetyStructs(t *testing.T) {
	u64 := bc.U64
	pack := func(e *h2Env) bc.Instruction { return h2Op(bc.OpPack, h2u(e.pt)) }
	fx := func(e *h2Env, op bc.Opcode) bc.Instruction { return h2Op(op, h2u(e.b.FieldHandle(e.pt, "x"))) }
	boxV := func(e *h2Env, op bc.Opcode, arg bc.SignatureToken) bc.Instruction {
		return h2Op(op, h2u(e.b.FieldInst(e.box, "v", arg)))
	}
	boxT := func(e *h2Env, arg bc.SignatureToken) bc.SignatureToken { return e.b.StructType(e.box, arg) }
	storeT := func(e *h2Env, arg bc.SignatureToken) bc.SignatureToken { return e.b.StructType(e.store, arg) }
	global := func(op bc.Opcode, def func(e *h2Env) bc.StructDefIndex, arg *bc.Instruction, ret h2Sig) func(e *h2Env) bc.Fn {
		return func(e *h2Env) bc.Fn {
			a := h2Op(bc.OpLdConst, h2u(e.addr))
			if arg != nil {
				a = *arg
			}
			code := []bc.Instruction{a, h2Op(op, h2u(def(e)))}
			if ret == nil {
				code = append(code, h2Pop)
			}
			return h2Fn(nil, ret, nil, append(code, h2Ret)...)
		}
	}
	holder := func(e *h2Env) bc.StructDefIndex { return e.holder }
	pt := func(e *h2Env) bc.StructDefIndex { return e.pt }
	n, b, u8 := h2U64(1), h2True, h2Op(bc.OpLdU8, 1)
	h2RunCases(t, []h2Case{
		{"pack Pt", 0, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2U64(1), h2U64(2), pack(e), h2Pop, h2Ret) }},
		{"pack Pt from u64, bool", 1047, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2U64(1), h2True, pack(e), h2Pop, h2Ret) }},
		{"pack Pt from one value", 1009, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2U64(1), pack(e), h2Pop, h2Ret) }},
		{"forge: pack a Holder from a u64", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{e.holderT}, nil, h2U64(1_000_000), h2Op(bc.OpPack, h2u(e.holder)), h2Ret)
		}},
		{"forge: pack a Holder from a Pt", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{e.holderT}, nil, h2Move(0), h2Op(bc.OpPack, h2u(e.holder)), h2Ret)
		}},
		{"pack_generic Box<u64>", 0, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{boxT(e, u64)}, nil, h2U64(1), h2Op(bc.OpPackGeneric, h2u(e.b.StructInst(e.box, u64))), h2Ret)
		}},
		{"pack_generic Box<u64> from bool", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{boxT(e, u64)}, nil, h2True, h2Op(bc.OpPackGeneric, h2u(e.b.StructInst(e.box, u64))), h2Ret)
		}},
		{"pack_generic Box<u64> is not Box<bool>", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(nil, h2Sig{boxT(e, bc.Bool)}, nil, h2U64(1), h2Op(bc.OpPackGeneric, h2u(e.b.StructInst(e.box, u64))), h2Ret)
		}},
		{"pack a native struct", 1047, func(e *h2Env) bc.Fn { return h2Fn(nil, nil, nil, h2Op(bc.OpPack, h2u(e.nat)), h2Pop, h2Ret) }},
		{"pack an enum as a struct", 1047, func(e *h2Env) bc.Fn {
			return h2Fn(nil, nil, nil, h2U64(1), h2Op(bc.OpPack, h2u(e.e)), h2Pop, h2Ret)
		}},
		{"unpack Pt", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{u64, u64}, nil, h2Move(0), h2Op(bc.OpUnpack, h2u(e.pt)), h2Ret)
		}},
		{"unpack a Coin as a Pt", 1048, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.coinT}, h2Sig{u64, u64}, nil, h2Move(0), h2Op(bc.OpUnpack, h2u(e.pt)), h2Ret)
		}},
		{"unpack_generic Box<u64> of a Box<bool>", 1048, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{boxT(e, bc.Bool)}, h2Sig{u64}, nil, h2Move(0), h2Op(bc.OpUnpackGeneric, h2u(e.b.StructInst(e.box, u64))), h2Ret)
		}},
		{"unpack_generic Box<Coin> gives a Coin", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{boxT(e, e.coinT)}, h2Sig{e.coinT}, nil, h2Move(0), h2Op(bc.OpUnpackGeneric, h2u(e.b.StructInst(e.box, e.coinT))), h2Ret)
		}},
		{"unpack a native struct", 1048, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.b.StructType(e.nat)}, nil, nil, h2Move(0), h2Op(bc.OpUnpack, h2u(e.nat)), h2Ret)
		}},
		{"imm_borrow_field of &Pt", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{u64}, nil, h2Imm(0), fx(e, bc.OpImmBorrowField), h2Op(bc.OpReadRef), h2Ret)
		}},
		{"imm_borrow_field of &mut Pt", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, h2Sig{u64}, nil, h2Mut(0), fx(e, bc.OpImmBorrowField), h2Op(bc.OpReadRef), h2Ret)
		}},
		{"mut_borrow_field gives &mut", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, nil, nil, h2U64(3), h2Mut(0), fx(e, bc.OpMutBorrowField), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"imm_borrow_field gives &", 1055, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, nil, nil, h2U64(3), h2Mut(0), fx(e, bc.OpImmBorrowField), h2Op(bc.OpWriteRef), h2Ret)
		}},
		{"mut_borrow_field of &Pt", 1034, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, nil, nil, h2Imm(0), fx(e, bc.OpMutBorrowField), h2Pop, h2Ret)
		}},
		{"borrow_field of a Pt value", 1034, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{e.ptT}, nil, nil, h2Copy(0), fx(e, bc.OpImmBorrowField), h2Pop, h2Ret)
		}},
		{"forge: borrow Pt.x of a &Coin", 1034, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(e.coinT)}, nil, nil, h2Move(0), fx(e, bc.OpImmBorrowField), h2Pop, h2Ret)
		}},
		{"borrow_field_generic Box<u64>.v", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{boxT(e, u64)}, h2Sig{u64}, nil, h2Imm(0), boxV(e, bc.OpImmBorrowFieldGeneric, u64), h2Op(bc.OpReadRef), h2Ret)
		}},
		{"borrow_field_generic Box<u64>.v of a Box<bool>", 1034, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{boxT(e, bc.Bool)}, nil, nil, h2Imm(0), boxV(e, bc.OpImmBorrowFieldGeneric, u64), h2Pop, h2Ret)
		}},
		{"borrow_field_generic Box<bool>.v is a &bool", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{boxT(e, bc.Bool)}, h2Sig{u64}, nil, h2Imm(0), boxV(e, bc.OpImmBorrowFieldGeneric, bc.Bool), h2Op(bc.OpReadRef), h2Ret)
		}},
		{"mut_borrow_field_generic of &Box", 1034, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{boxT(e, u64)}, nil, nil, h2Imm(0), boxV(e, bc.OpMutBorrowFieldGeneric, u64), h2Pop, h2Ret)
		}},
		{"exists Holder", 0, global(bc.OpExists, holder, nil, nil)},
		{"exists Pt without key", 1059, global(bc.OpExists, pt, nil, nil)},
		{"exists at a u64", 1059, global(bc.OpExists, holder, &n, nil)},
		{"imm_borrow_global Holder", 0, global(bc.OpImmBorrowGlobal, holder, nil, nil)},
		{"mut_borrow_global Holder", 0, global(bc.OpMutBorrowGlobal, holder, nil, nil)},
		{"borrow_global Pt without key", 1061, global(bc.OpImmBorrowGlobal, pt, nil, nil)},
		{"borrow_global at a bool", 1060, global(bc.OpMutBorrowGlobal, holder, &b, nil)},
		{"move_from Holder", 0, func(e *h2Env) bc.Fn {
			return global(bc.OpMoveFrom, holder, nil, h2Sig{e.holderT})(e)
		}},
		{"move_from Pt without key", 1063, func(e *h2Env) bc.Fn {
			return global(bc.OpMoveFrom, pt, nil, h2Sig{e.ptT})(e)
		}},
		{"move_from at a u8", 1062, func(e *h2Env) bc.Fn {
			return global(bc.OpMoveFrom, holder, &u8, h2Sig{e.holderT})(e)
		}},
		{"move_to Holder", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(bc.Signer), e.holderT}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpMoveTo, h2u(e.holder)), h2Ret)
		}},
		{"move_to Pt without key", 1065, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(bc.Signer), e.ptT}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpMoveTo, h2u(e.pt)), h2Ret)
		}},
		{"move_to with a signer value", 1064, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Signer, e.holderT}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpMoveTo, h2u(e.holder)), h2Ret)
		}},
		{"move_to with &mut signer", 1064, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Signer, e.holderT}, nil, nil, h2Mut(0), h2Move(1), h2Op(bc.OpMoveTo, h2u(e.holder)), h2Ret)
		}},
		{"move_to with an address", 1064, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address, e.holderT}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpMoveTo, h2u(e.holder)), h2Ret)
		}},
		{"forge: move_to a Coin as a Holder", 1064, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(bc.Signer), e.coinT}, nil, nil, h2Move(0), h2Move(1), h2Op(bc.OpMoveTo, h2u(e.holder)), h2Ret)
		}},
		{"exists_generic Store<u64>", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address}, h2Sig{bc.Bool}, nil, h2Move(0), h2Op(bc.OpExistsGeneric, h2u(e.b.StructInst(e.store, u64))), h2Ret)
		}},
		{"move_from_generic Store<u64>", 0, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address}, h2Sig{storeT(e, u64)}, nil, h2Move(0), h2Op(bc.OpMoveFromGeneric, h2u(e.b.StructInst(e.store, u64))), h2Ret)
		}},
		{"move_from_generic Store<u64> is not Store<u8>", 1030, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address}, h2Sig{storeT(e, bc.U8)}, nil, h2Move(0), h2Op(bc.OpMoveFromGeneric, h2u(e.b.StructInst(e.store, u64))), h2Ret)
		}},
		{"move_to_generic Store<bool> as Store<u64>", 1064, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Ref(bc.Signer), storeT(e, bc.Bool)}, nil, nil, h2Move(0), h2Move(1),
				h2Op(bc.OpMoveToGeneric, h2u(e.b.StructInst(e.store, u64))), h2Ret)
		}},
		{"borrow_global_generic Box<u64> without key", 1061, func(e *h2Env) bc.Fn {
			return h2Fn(h2Sig{bc.Address}, nil, nil, h2Move(0), h2Op(bc.OpImmBorrowGlobalGeneric, h2u(e.b.StructInst(e.box, u64))), h2Pop, h2Ret)
		}},
	})
}
