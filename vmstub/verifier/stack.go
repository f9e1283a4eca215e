package verifier

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// checkStackUsage checks operand stack heights per basic block: every
// block pushes at most MaxPushSize values in all
// (VALUE_STACK_PUSH_OVERFLOW), starts with an empty stack, never pops
// below it (NEGATIVE_STACK_SIZE_WITHIN_BLOCK), never holds more than
// MaxValueStackSize values (VALUE_STACK_OVERFLOW) and ends with it empty
// (POSITIVE_STACK_SIZE_AT_BLOCK_END). Errors are reported at the block's
// first offset, as Aptos does.
func checkStackUsage(u *unit, fn *function) error {
	code := fn.code.Code
	for _, b := range fn.cfg.blocks {
		height, pushed := 0, 0
		for pc := b.start; pc <= b.end; pc++ {
			pops, pushes := stackEffect(u, fn, code[pc])
			pushed += pushes
			if exceeds(pushed, u.cfg.MaxPushSize) {
				return fn.failAt(onchain.VALUE_STACK_PUSH_OVERFLOW, b.start, "the block pushes %d values by offset %d (at most %d)", pushed, pc, u.cfg.MaxPushSize)
			}
			if height < pops {
				return fn.failAt(onchain.NEGATIVE_STACK_SIZE_WITHIN_BLOCK, b.start, "%s at offset %d pops %d values from a stack of %d", code[pc].Op, pc, pops, height)
			}
			height += pushes - pops
			if exceeds(height, u.cfg.MaxValueStackSize) {
				return fn.failAt(onchain.VALUE_STACK_OVERFLOW, b.start, "the stack holds %d values at offset %d (at most %d)", height, pc, u.cfg.MaxValueStackSize)
			}
		}
		if height != 0 {
			return fn.failAt(onchain.POSITIVE_STACK_SIZE_AT_BLOCK_END, b.start, "%d values left on the stack at the end of the block", height)
		}
	}
	return nil
}

// stackEffect is how many values an instruction of fn pops and pushes.
// Calls take their counts from the function handle, Pack and Unpack from
// the fields, VecPack and VecUnpack from the count, PackClosure from the
// captured parameters, CallClosure from its function type. It assumes the
// earlier passes (bounds, signatures, consistency) accepted the
// instruction; for anything else it reports no effect.
func stackEffect(u *unit, fn *function, in bytecode.Instruction) (pops, pushes int) {
	p, m := u.pools, u.module
	sigLen := func(si bytecode.SignatureIndex) int { return len(p.Signatures[si]) }
	call := func(h bytecode.FunctionHandleIndex) (int, int) {
		fh := &p.FunctionHandles[h]
		return sigLen(fh.Parameters), sigLen(fh.Return)
	}
	fields := func(d bytecode.StructDefIndex) int { return len(m.StructDefs[d].Fields) }
	variantFields := func(h bytecode.StructVariantHandleIndex) int {
		vh := m.StructVariantHandles[h]
		return len(m.StructDefs[vh.Struct].Variants[vh.Variant].Fields)
	}
	if m == nil && moduleOnly(in.Op) {
		return 0, 0
	}
	switch in.Op {
	case bytecode.OpNop, bytecode.OpBranch:
		return 0, 0
	case bytecode.OpPop, bytecode.OpBrTrue, bytecode.OpBrFalse, bytecode.OpStLoc, bytecode.OpAbort:
		return 1, 0
	case bytecode.OpRet:
		return len(fn.returns), 0
	case bytecode.OpLdU8, bytecode.OpLdU16, bytecode.OpLdU32, bytecode.OpLdU64, bytecode.OpLdU128, bytecode.OpLdU256,
		bytecode.OpLdI8, bytecode.OpLdI16, bytecode.OpLdI32, bytecode.OpLdI64, bytecode.OpLdI128, bytecode.OpLdI256,
		bytecode.OpLdConst, bytecode.OpLdTrue, bytecode.OpLdFalse,
		bytecode.OpCopyLoc, bytecode.OpMoveLoc, bytecode.OpMutBorrowLoc, bytecode.OpImmBorrowLoc:
		return 0, 1
	case bytecode.OpMutBorrowField, bytecode.OpImmBorrowField, bytecode.OpMutBorrowFieldGeneric, bytecode.OpImmBorrowFieldGeneric,
		bytecode.OpImmBorrowVariantField, bytecode.OpMutBorrowVariantField,
		bytecode.OpImmBorrowVariantFieldGeneric, bytecode.OpMutBorrowVariantFieldGeneric,
		bytecode.OpTestVariant, bytecode.OpTestVariantGeneric,
		bytecode.OpReadRef, bytecode.OpNot, bytecode.OpNegate, bytecode.OpFreezeRef,
		bytecode.OpCastU8, bytecode.OpCastU16, bytecode.OpCastU32, bytecode.OpCastU64, bytecode.OpCastU128, bytecode.OpCastU256,
		bytecode.OpCastI8, bytecode.OpCastI16, bytecode.OpCastI32, bytecode.OpCastI64, bytecode.OpCastI128, bytecode.OpCastI256,
		bytecode.OpExists, bytecode.OpExistsGeneric, bytecode.OpMutBorrowGlobal, bytecode.OpImmBorrowGlobal,
		bytecode.OpMutBorrowGlobalGeneric, bytecode.OpImmBorrowGlobalGeneric, bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric,
		bytecode.OpVecLen, bytecode.OpVecPopBack:
		return 1, 1
	case bytecode.OpWriteRef, bytecode.OpMoveTo, bytecode.OpMoveToGeneric, bytecode.OpVecPushBack, bytecode.OpAbortMsg:
		return 2, 0
	case bytecode.OpAdd, bytecode.OpSub, bytecode.OpMul, bytecode.OpMod, bytecode.OpDiv, bytecode.OpBitOr, bytecode.OpBitAnd,
		bytecode.OpXor, bytecode.OpOr, bytecode.OpAnd, bytecode.OpEq, bytecode.OpNeq, bytecode.OpLt, bytecode.OpGt,
		bytecode.OpLe, bytecode.OpGe, bytecode.OpShl, bytecode.OpShr, bytecode.OpVecImmBorrow, bytecode.OpVecMutBorrow:
		return 2, 1
	case bytecode.OpVecSwap:
		return 3, 0
	case bytecode.OpCall:
		return call(bytecode.FunctionHandleIndex(in.Index))
	case bytecode.OpCallGeneric:
		return call(p.FunctionInstantiations[in.Index].Handle)
	case bytecode.OpPack:
		return fields(bytecode.StructDefIndex(in.Index)), 1
	case bytecode.OpPackGeneric:
		return fields(m.StructDefInstantiations[in.Index].Def), 1
	case bytecode.OpUnpack:
		return 1, fields(bytecode.StructDefIndex(in.Index))
	case bytecode.OpUnpackGeneric:
		return 1, fields(m.StructDefInstantiations[in.Index].Def)
	case bytecode.OpPackVariant:
		return variantFields(bytecode.StructVariantHandleIndex(in.Index)), 1
	case bytecode.OpPackVariantGeneric:
		return variantFields(m.StructVariantInstantiations[in.Index].Handle), 1
	case bytecode.OpUnpackVariant:
		return 1, variantFields(bytecode.StructVariantHandleIndex(in.Index))
	case bytecode.OpUnpackVariantGeneric:
		return 1, variantFields(m.StructVariantInstantiations[in.Index].Handle)
	case bytecode.OpVecPack:
		return clampCount(in.Imm), 1
	case bytecode.OpVecUnpack:
		return 1, clampCount(in.Imm)
	case bytecode.OpPackClosure, bytecode.OpPackClosureGeneric:
		n := sigLen(u.closureTarget(in).Parameters)
		if n < 64 {
			return bits.OnesCount64(in.Imm & (1<<n - 1)), 1
		}
		return bits.OnesCount64(in.Imm), 1
	case bytecode.OpCallClosure:
		sig := p.Signatures[in.Index]
		if len(sig) != 1 || sig[0].Kind != bytecode.TypeFunction {
			return 0, 0
		}
		return len(sig[0].Args) + 1, len(sig[0].Results)
	}
	return 0, 0
}

// clampCount bounds a VecPack/VecUnpack count (consistency refuses more
// than 65535) so that it fits an int.
func clampCount(n uint64) int {
	return int(min(n, maxVecCount+1))
}
