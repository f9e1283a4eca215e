package verifier

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// maxVecCount bounds the element count of VecPack and VecUnpack.
const maxVecCount = 65535

// moduleOnly reports the instructions that name a module's own tables
// (struct definitions, fields, variants and their instantiations), which
// a script does not have.
func moduleOnly(op bytecode.Opcode) bool {
	switch op {
	case bytecode.OpPack, bytecode.OpUnpack, bytecode.OpPackGeneric, bytecode.OpUnpackGeneric,
		bytecode.OpExists, bytecode.OpExistsGeneric, bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric,
		bytecode.OpMoveTo, bytecode.OpMoveToGeneric, bytecode.OpImmBorrowGlobal, bytecode.OpImmBorrowGlobalGeneric,
		bytecode.OpMutBorrowGlobal, bytecode.OpMutBorrowGlobalGeneric,
		bytecode.OpImmBorrowField, bytecode.OpMutBorrowField, bytecode.OpImmBorrowFieldGeneric, bytecode.OpMutBorrowFieldGeneric,
		bytecode.OpImmBorrowVariantField, bytecode.OpMutBorrowVariantField,
		bytecode.OpImmBorrowVariantFieldGeneric, bytecode.OpMutBorrowVariantFieldGeneric,
		bytecode.OpPackVariant, bytecode.OpPackVariantGeneric, bytecode.OpUnpackVariant, bytecode.OpUnpackVariantGeneric,
		bytecode.OpTestVariant, bytecode.OpTestVariantGeneric:
		return true
	}
	return false
}

// checkInstructionConsistency checks that generic instructions name
// generic members and the others non-generic ones
// (GENERIC_MEMBER_OPCODE_MISMATCH), that VecPack/VecUnpack counts fit in
// 16 bits (CONSTRAINT_NOT_SATISFIED), that closure masks capture only
// existing parameters (INVALID_CLOSURE_MASK), and that scripts use no
// module-only instruction (INVALID_OPERATION_IN_SCRIPT).
func checkInstructionConsistency(u *unit) error {
	for _, fn := range u.funcs {
		if fn.code == nil {
			continue
		}
		for pc, in := range fn.code.Code {
			if err := u.consistent(in); err != nil {
				err.Function, err.Offset = fn.index, pc
				return err
			}
		}
	}
	return nil
}

// generic reports whether an instruction is the generic form, and which
// member it names is generic; ok is false for instructions without a
// generic/non-generic pair.
func (u *unit) genericMember(in bytecode.Instruction) (opGeneric, memberGeneric, ok bool) {
	p, m := u.pools, u.module
	structGeneric := func(d bytecode.StructDefIndex) bool {
		return len(m.StructHandles[m.StructDefs[d].Handle].TypeParameters) > 0
	}
	switch in.Op {
	case bytecode.OpCall, bytecode.OpPackClosure:
		return false, len(p.FunctionHandles[in.Index].TypeParameters) > 0, true
	case bytecode.OpCallGeneric, bytecode.OpPackClosureGeneric:
		return true, len(p.FunctionHandles[p.FunctionInstantiations[in.Index].Handle].TypeParameters) > 0, true
	case bytecode.OpPack, bytecode.OpUnpack, bytecode.OpExists, bytecode.OpMoveFrom, bytecode.OpMoveTo,
		bytecode.OpImmBorrowGlobal, bytecode.OpMutBorrowGlobal:
		return false, structGeneric(bytecode.StructDefIndex(in.Index)), true
	case bytecode.OpPackGeneric, bytecode.OpUnpackGeneric, bytecode.OpExistsGeneric, bytecode.OpMoveFromGeneric,
		bytecode.OpMoveToGeneric, bytecode.OpImmBorrowGlobalGeneric, bytecode.OpMutBorrowGlobalGeneric:
		return true, structGeneric(m.StructDefInstantiations[in.Index].Def), true
	case bytecode.OpImmBorrowField, bytecode.OpMutBorrowField:
		return false, structGeneric(m.FieldHandles[in.Index].Owner), true
	case bytecode.OpImmBorrowFieldGeneric, bytecode.OpMutBorrowFieldGeneric:
		return true, structGeneric(m.FieldHandles[m.FieldInstantiations[in.Index].Handle].Owner), true
	case bytecode.OpImmBorrowVariantField, bytecode.OpMutBorrowVariantField:
		return false, structGeneric(m.VariantFieldHandles[in.Index].Struct), true
	case bytecode.OpImmBorrowVariantFieldGeneric, bytecode.OpMutBorrowVariantFieldGeneric:
		return true, structGeneric(m.VariantFieldHandles[m.VariantFieldInstantiations[in.Index].Handle].Struct), true
	case bytecode.OpPackVariant, bytecode.OpUnpackVariant, bytecode.OpTestVariant:
		return false, structGeneric(m.StructVariantHandles[in.Index].Struct), true
	case bytecode.OpPackVariantGeneric, bytecode.OpUnpackVariantGeneric, bytecode.OpTestVariantGeneric:
		return true, structGeneric(m.StructVariantHandles[m.StructVariantInstantiations[in.Index].Handle].Struct), true
	}
	return false, false, false
}

// consistent checks one instruction.
func (u *unit) consistent(in bytecode.Instruction) *Error {
	if u.module == nil && moduleOnly(in.Op) {
		return fail(onchain.INVALID_OPERATION_IN_SCRIPT, "%s in a script", in.Op)
	}
	if opGen, memGen, ok := u.genericMember(in); ok && opGen != memGen {
		if opGen {
			return fail(onchain.GENERIC_MEMBER_OPCODE_MISMATCH, "%s names a non-generic member", in.Op)
		}
		return fail(onchain.GENERIC_MEMBER_OPCODE_MISMATCH, "%s names a generic member", in.Op)
	}
	switch in.Op {
	case bytecode.OpVecPack, bytecode.OpVecUnpack:
		if in.Imm > maxVecCount {
			return fail(onchain.CONSTRAINT_NOT_SATISFIED, "%s of %d elements (at most %d)", in.Op, in.Imm, maxVecCount)
		}
	case bytecode.OpPackClosure, bytecode.OpPackClosureGeneric:
		h := u.closureTarget(in)
		n := len(u.pools.Signatures[h.Parameters])
		if in.Imm != 0 && bits.Len64(in.Imm) > n {
			return fail(onchain.INVALID_CLOSURE_MASK, "closure mask %#x captures beyond the %d parameters", in.Imm, n)
		}
	}
	return nil
}

// closureTarget is the function handle a PackClosure(Generic) names.
func (u *unit) closureTarget(in bytecode.Instruction) *bytecode.FunctionHandle {
	p := u.pools
	if in.Op == bytecode.OpPackClosureGeneric {
		return &p.FunctionHandles[p.FunctionInstantiations[in.Index].Handle]
	}
	return &p.FunctionHandles[in.Index]
}
