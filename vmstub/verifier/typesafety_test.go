package verifier

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
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
