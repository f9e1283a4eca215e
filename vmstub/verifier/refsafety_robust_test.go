package verifier

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// h3Robust runs reference safety and acquires on code as the body of a
// function of the shared test module with locals [u64, &mut u64, &S,
// vector<u64>] and a &mut S parameter, returning &u64. It fails the test on
// a panic or on an error that is not an *Error.
func h3Robust(t testing.TB, u *unit, code h3Code) {
	t.Helper()
	fn := *u.funcs[0]
	fn.code = &bytecode.CodeUnit{Code: code}
	fn.cfg = newCFG(code)
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic on %v: %v", code, r)
		}
	}()
	for _, pass := range []func(*unit, *function) error{checkReferenceSafety, checkAcquires} {
		if err := pass(u, &fn); err != nil {
			var verr *Error
			if !errors.As(err, &verr) {
				t.Fatalf("%v: not an *Error: %v", code, err)
			}
		}
	}
}

// h3RobustUnit is the unit h3Robust runs in.
func h3RobustUnit(t testing.TB) *unit {
	m := newH3Mod()
	m.fn("f", bytecode.Fn{Params: h3Sig{bytecode.MutRef(m.sT)}, Returns: h3Sig{h3RefU64},
		Locals: h3Sig{h3U64, h3MutU64, bytecode.Ref(m.sT), h3Vec}, Code: m.asm("ABORT"),
		Acquires: []bytecode.StructDefIndex{m.R}})
	h3Touch(m)
	m.b.Signature(bytecode.FunctionType(h3Sig{h3MutU64}, h3Sig{h3MutU64}, bytecode.AbilityDrop))
	h3Generic(m)
	return newModuleUnit(m.module(t), Production())
}

// TestReferenceSafetyMalformedCode: code the earlier passes would refuse
// (stack underflow, values where references belong, indexes out of range,
// unknown opcodes) gives VERIFIER_INVARIANT_VIOLATION or another status,
// never a panic.
func TestReferenceSafetyMalformedCode(t *testing.T) {
	u := h3RobustUnit(t)
	for op := 0; op < 256; op++ {
		for _, operand := range []uint16{0, 1, 3, 0xFFFF} {
			ins := bytecode.Instruction{Op: bytecode.Opcode(op), Index: operand, Imm: uint64(operand)}
			h3Robust(t, u, h3Code{ins, {Op: bytecode.OpRet}})
			h3Robust(t, u, h3Code{{Op: bytecode.OpLdU64}, ins, {Op: bytecode.OpRet}})
			h3Robust(t, u, h3Code{{Op: bytecode.OpCopyLoc, Index: 0}, {Op: bytecode.OpCopyLoc, Index: 1}, ins, {Op: bytecode.OpRet}})
			h3Robust(t, u, h3Code{{Op: bytecode.OpMutBorrowLoc, Index: 0}, {Op: bytecode.OpMutBorrowLoc, Index: 3}, ins,
				{Op: bytecode.OpBranch, Index: 0}})
		}
	}
	// VecUnpacks of 2^40 values, or of 60000 values twice, are refused,
	// not pushed.
	for _, code := range []h3Code{
		{{Op: bytecode.OpLdU64}, {Op: bytecode.OpVecUnpack, Imm: 1 << 40}, {Op: bytecode.OpRet}},
		{{Op: bytecode.OpLdU64}, {Op: bytecode.OpVecUnpack, Imm: 60000}, {Op: bytecode.OpVecUnpack, Imm: 60000}, {Op: bytecode.OpRet}},
	} {
		var verr *Error
		fn := *u.funcs[0]
		fn.code = &bytecode.CodeUnit{Code: code}
		fn.cfg = newCFG(fn.code.Code)
		if err := checkReferenceSafety(u, &fn); !errors.As(err, &verr) || verr.Status != onchain.VERIFIER_INVARIANT_VIOLATION {
			t.Fatalf("huge VecUnpack: %v", err)
		}
	}
}

// TestReferenceSafetyRandomCode runs the passes on random instruction
// sequences (a fixed seed) and requires no panic.
func TestReferenceSafetyRandomCode(t *testing.T) {
	u := h3RobustUnit(t)
	r := rand.New(rand.NewPCG(23, 5))
	ops := []bytecode.Opcode{bytecode.OpPop, bytecode.OpRet, bytecode.OpBrTrue, bytecode.OpBrFalse, bytecode.OpBranch,
		bytecode.OpLdU64, bytecode.OpCopyLoc, bytecode.OpMoveLoc, bytecode.OpStLoc, bytecode.OpMutBorrowLoc,
		bytecode.OpImmBorrowLoc, bytecode.OpMutBorrowField, bytecode.OpImmBorrowField, bytecode.OpCall, bytecode.OpReadRef,
		bytecode.OpWriteRef, bytecode.OpEq, bytecode.OpFreezeRef, bytecode.OpMutBorrowGlobal, bytecode.OpImmBorrowGlobal,
		bytecode.OpMoveFrom, bytecode.OpVecMutBorrow, bytecode.OpVecImmBorrow, bytecode.OpVecPushBack, bytecode.OpVecLen,
		bytecode.OpPack, bytecode.OpUnpack, bytecode.OpCallClosure, bytecode.OpPackClosure, bytecode.OpAbortMsg,
		bytecode.OpMutBorrowVariantField, bytecode.OpTestVariant, bytecode.OpMoveTo, bytecode.OpAdd, bytecode.OpNop}
	for range 3000 {
		n := 1 + r.IntN(24)
		code := make(h3Code, n)
		for i := range code {
			code[i] = bytecode.Instruction{Op: ops[r.IntN(len(ops))], Index: uint16(r.IntN(n + 2)), Imm: uint64(r.IntN(3))}
		}
		h3Robust(t, u, code)
	}
}

// FuzzReferenceSafety decodes instructions from 4 bytes each (opcode,
// operand, immediate) and requires no panic.
func FuzzReferenceSafety(f *testing.F) {
	f.Add([]byte{0x0d, 0, 0, 0, 0x0d, 0, 0, 0, 0x15, 0, 0, 0, 0x02, 0, 0, 0})
	f.Add([]byte{0x0e, 1, 0, 0, 0x0c, 2, 0, 0, 0x05, 0, 0, 0})
	u := h3RobustUnit(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		var code h3Code
		for len(raw) >= 4 && len(code) < 256 {
			code = append(code, bytecode.Instruction{Op: bytecode.Opcode(raw[0]),
				Index: binary.LittleEndian.Uint16(raw[1:3]) % 300, Imm: uint64(raw[3])})
			raw = raw[4:]
		}
		h3Robust(t, u, code)
	})
}
