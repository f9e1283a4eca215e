package bytecode

import (
	"encoding/binary"
	"fmt"
)

// Opcode is the serialized byte of an instruction.
type Opcode uint8

// Opcodes. The comment gives the operand, if any, and the version that
// introduced the instruction when it is later than 5.
const (
	OpPop                          Opcode = 0x01
	OpRet                          Opcode = 0x02
	OpBrTrue                       Opcode = 0x03 // code offset
	OpBrFalse                      Opcode = 0x04 // code offset
	OpBranch                       Opcode = 0x05 // code offset
	OpLdU64                        Opcode = 0x06 // u64
	OpLdConst                      Opcode = 0x07 // constant index
	OpLdTrue                       Opcode = 0x08
	OpLdFalse                      Opcode = 0x09
	OpCopyLoc                      Opcode = 0x0A // local
	OpMoveLoc                      Opcode = 0x0B // local
	OpStLoc                        Opcode = 0x0C // local
	OpMutBorrowLoc                 Opcode = 0x0D // local
	OpImmBorrowLoc                 Opcode = 0x0E // local
	OpMutBorrowField               Opcode = 0x0F // field handle
	OpImmBorrowField               Opcode = 0x10 // field handle
	OpCall                         Opcode = 0x11 // function handle
	OpPack                         Opcode = 0x12 // struct definition
	OpUnpack                       Opcode = 0x13 // struct definition
	OpReadRef                      Opcode = 0x14
	OpWriteRef                     Opcode = 0x15
	OpAdd                          Opcode = 0x16
	OpSub                          Opcode = 0x17
	OpMul                          Opcode = 0x18
	OpMod                          Opcode = 0x19
	OpDiv                          Opcode = 0x1A
	OpBitOr                        Opcode = 0x1B
	OpBitAnd                       Opcode = 0x1C
	OpXor                          Opcode = 0x1D
	OpOr                           Opcode = 0x1E
	OpAnd                          Opcode = 0x1F
	OpNot                          Opcode = 0x20
	OpEq                           Opcode = 0x21
	OpNeq                          Opcode = 0x22
	OpLt                           Opcode = 0x23
	OpGt                           Opcode = 0x24
	OpLe                           Opcode = 0x25
	OpGe                           Opcode = 0x26
	OpAbort                        Opcode = 0x27
	OpNop                          Opcode = 0x28
	OpExists                       Opcode = 0x29 // struct definition
	OpMutBorrowGlobal              Opcode = 0x2A // struct definition
	OpImmBorrowGlobal              Opcode = 0x2B // struct definition
	OpMoveFrom                     Opcode = 0x2C // struct definition
	OpMoveTo                       Opcode = 0x2D // struct definition
	OpFreezeRef                    Opcode = 0x2E
	OpShl                          Opcode = 0x2F
	OpShr                          Opcode = 0x30
	OpLdU8                         Opcode = 0x31 // u8
	OpLdU128                       Opcode = 0x32 // u128
	OpCastU8                       Opcode = 0x33
	OpCastU64                      Opcode = 0x34
	OpCastU128                     Opcode = 0x35
	OpMutBorrowFieldGeneric        Opcode = 0x36 // field instantiation
	OpImmBorrowFieldGeneric        Opcode = 0x37 // field instantiation
	OpCallGeneric                  Opcode = 0x38 // function instantiation
	OpPackGeneric                  Opcode = 0x39 // struct definition instantiation
	OpUnpackGeneric                Opcode = 0x3A // struct definition instantiation
	OpExistsGeneric                Opcode = 0x3B // struct definition instantiation
	OpMutBorrowGlobalGeneric       Opcode = 0x3C // struct definition instantiation
	OpImmBorrowGlobalGeneric       Opcode = 0x3D // struct definition instantiation
	OpMoveFromGeneric              Opcode = 0x3E // struct definition instantiation
	OpMoveToGeneric                Opcode = 0x3F // struct definition instantiation
	OpVecPack                      Opcode = 0x40 // signature, u64 count
	OpVecLen                       Opcode = 0x41 // signature
	OpVecImmBorrow                 Opcode = 0x42 // signature
	OpVecMutBorrow                 Opcode = 0x43 // signature
	OpVecPushBack                  Opcode = 0x44 // signature
	OpVecPopBack                   Opcode = 0x45 // signature
	OpVecUnpack                    Opcode = 0x46 // signature, u64 count
	OpVecSwap                      Opcode = 0x47 // signature
	OpLdU16                        Opcode = 0x48 // u16; version 6
	OpLdU32                        Opcode = 0x49 // u32; version 6
	OpLdU256                       Opcode = 0x4A // u256; version 6
	OpCastU16                      Opcode = 0x4B // version 6
	OpCastU32                      Opcode = 0x4C // version 6
	OpCastU256                     Opcode = 0x4D // version 6
	OpImmBorrowVariantField        Opcode = 0x4E // variant field handle; version 7
	OpMutBorrowVariantField        Opcode = 0x4F // variant field handle; version 7
	OpImmBorrowVariantFieldGeneric Opcode = 0x50 // variant field instantiation; version 7
	OpMutBorrowVariantFieldGeneric Opcode = 0x51 // variant field instantiation; version 7
	OpPackVariant                  Opcode = 0x52 // struct variant handle; version 7
	OpPackVariantGeneric           Opcode = 0x53 // struct variant instantiation; version 7
	OpUnpackVariant                Opcode = 0x54 // struct variant handle; version 7
	OpUnpackVariantGeneric         Opcode = 0x55 // struct variant instantiation; version 7
	OpTestVariant                  Opcode = 0x56 // struct variant handle; version 7
	OpTestVariantGeneric           Opcode = 0x57 // struct variant instantiation; version 7
	OpPackClosure                  Opcode = 0x58 // function handle, closure mask; version 8
	OpPackClosureGeneric           Opcode = 0x59 // function instantiation, closure mask; version 8
	OpCallClosure                  Opcode = 0x5A // signature; version 8
	OpLdI8                         Opcode = 0x5B // i8; version 9
	OpLdI16                        Opcode = 0x5C // i16; version 9
	OpLdI32                        Opcode = 0x5D // i32; version 9
	OpLdI64                        Opcode = 0x5E // i64; version 9
	OpLdI128                       Opcode = 0x5F // i128; version 9
	OpLdI256                       Opcode = 0x60 // i256; version 9
	OpCastI8                       Opcode = 0x61 // version 9
	OpCastI16                      Opcode = 0x62 // version 9
	OpCastI32                      Opcode = 0x63 // version 9
	OpCastI64                      Opcode = 0x64 // version 9
	OpCastI128                     Opcode = 0x65 // version 9
	OpCastI256                     Opcode = 0x66 // version 9
	OpNegate                       Opcode = 0x67 // version 9
	OpAbortMsg                     Opcode = 0x68 // version 10
	maxOpcode                             = OpAbortMsg
)

// operand is how an instruction's operand is encoded.
type operand uint8

const (
	argNone       operand = iota
	argOffset             // ULEB128 code offset
	argLocal              // ULEB128 local index (at most 255)
	argIndex              // ULEB128 table index (target in opInfo.table)
	argIndexCount         // table index, then u64 little endian
	argIndexMask          // table index, then ULEB128 u64 closure mask
	argUint               // unsigned little endian integer of opInfo.width bytes
	argSint               // signed little endian integer of opInfo.width bytes
)

// opInfo describes an opcode: its name, operand encoding and versions.
type opInfo struct {
	name  string
	arg   operand
	table TableKind // for argIndex*: the table the index points into
	width int       // for argUint/argSint: bytes
	since uint32    // version that introduced the instruction
	gate  uint32    // version the reader requires (0: none, as for UnpackVariant)
}

var opTable [maxOpcode + 1]opInfo

func def(op Opcode, name string, arg operand, table TableKind, width int, since uint32) {
	opTable[op] = opInfo{name: name, arg: arg, table: table, width: width, since: since, gate: since}
}

func init() {
	nullary := map[Opcode]string{
		OpPop: "POP", OpRet: "RET", OpLdTrue: "LD_TRUE", OpLdFalse: "LD_FALSE", OpReadRef: "READ_REF",
		OpWriteRef: "WRITE_REF", OpAdd: "ADD", OpSub: "SUB", OpMul: "MUL", OpMod: "MOD", OpDiv: "DIV",
		OpBitOr: "BIT_OR", OpBitAnd: "BIT_AND", OpXor: "XOR", OpOr: "OR", OpAnd: "AND", OpNot: "NOT",
		OpEq: "EQ", OpNeq: "NEQ", OpLt: "LT", OpGt: "GT", OpLe: "LE", OpGe: "GE", OpAbort: "ABORT",
		OpNop: "NOP", OpFreezeRef: "FREEZE_REF", OpShl: "SHL", OpShr: "SHR", OpCastU8: "CAST_U8",
		OpCastU64: "CAST_U64", OpCastU128: "CAST_U128",
	}
	for op, n := range nullary {
		def(op, n, argNone, 0, 0, Version5)
	}
	for op, n := range map[Opcode]string{OpCastU16: "CAST_U16", OpCastU32: "CAST_U32", OpCastU256: "CAST_U256"} {
		def(op, n, argNone, 0, 0, Version6)
	}
	for op, n := range map[Opcode]string{OpCastI8: "CAST_I8", OpCastI16: "CAST_I16", OpCastI32: "CAST_I32",
		OpCastI64: "CAST_I64", OpCastI128: "CAST_I128", OpCastI256: "CAST_I256", OpNegate: "NEGATE"} {
		def(op, n, argNone, 0, 0, Version9)
	}
	def(OpAbortMsg, "ABORT_MSG", argNone, 0, 0, Version10)
	for op, n := range map[Opcode]string{OpBrTrue: "BR_TRUE", OpBrFalse: "BR_FALSE", OpBranch: "BRANCH"} {
		def(op, n, argOffset, 0, 0, Version5)
	}
	for op, n := range map[Opcode]string{OpCopyLoc: "COPY_LOC", OpMoveLoc: "MOVE_LOC", OpStLoc: "ST_LOC",
		OpMutBorrowLoc: "MUT_BORROW_LOC", OpImmBorrowLoc: "IMM_BORROW_LOC"} {
		def(op, n, argLocal, 0, 0, Version5)
	}
	def(OpLdU8, "LD_U8", argUint, 0, 1, Version5)
	def(OpLdU64, "LD_U64", argUint, 0, 8, Version5)
	def(OpLdU128, "LD_U128", argUint, 0, 16, Version5)
	def(OpLdU16, "LD_U16", argUint, 0, 2, Version6)
	def(OpLdU32, "LD_U32", argUint, 0, 4, Version6)
	def(OpLdU256, "LD_U256", argUint, 0, 32, Version6)
	for i, n := range []string{"LD_I8", "LD_I16", "LD_I32", "LD_I64", "LD_I128", "LD_I256"} {
		def(OpLdI8+Opcode(i), n, argSint, 0, 1<<i, Version9)
	}
	index := []struct {
		op    Opcode
		name  string
		table TableKind
	}{
		{OpLdConst, "LD_CONST", TableConstantPool},
		{OpMutBorrowField, "MUT_BORROW_FIELD", TableFieldHandles},
		{OpImmBorrowField, "IMM_BORROW_FIELD", TableFieldHandles},
		{OpMutBorrowFieldGeneric, "MUT_BORROW_FIELD_GENERIC", TableFieldInst},
		{OpImmBorrowFieldGeneric, "IMM_BORROW_FIELD_GENERIC", TableFieldInst},
		{OpCall, "CALL", TableFunctionHandles},
		{OpCallGeneric, "CALL_GENERIC", TableFunctionInst},
		{OpPack, "PACK", TableStructDefs},
		{OpUnpack, "UNPACK", TableStructDefs},
		{OpExists, "EXISTS", TableStructDefs},
		{OpMutBorrowGlobal, "MUT_BORROW_GLOBAL", TableStructDefs},
		{OpImmBorrowGlobal, "IMM_BORROW_GLOBAL", TableStructDefs},
		{OpMoveFrom, "MOVE_FROM", TableStructDefs},
		{OpMoveTo, "MOVE_TO", TableStructDefs},
		{OpPackGeneric, "PACK_GENERIC", TableStructDefInst},
		{OpUnpackGeneric, "UNPACK_GENERIC", TableStructDefInst},
		{OpExistsGeneric, "EXISTS_GENERIC", TableStructDefInst},
		{OpMutBorrowGlobalGeneric, "MUT_BORROW_GLOBAL_GENERIC", TableStructDefInst},
		{OpImmBorrowGlobalGeneric, "IMM_BORROW_GLOBAL_GENERIC", TableStructDefInst},
		{OpMoveFromGeneric, "MOVE_FROM_GENERIC", TableStructDefInst},
		{OpMoveToGeneric, "MOVE_TO_GENERIC", TableStructDefInst},
		{OpVecLen, "VEC_LEN", TableSignatures},
		{OpVecImmBorrow, "VEC_IMM_BORROW", TableSignatures},
		{OpVecMutBorrow, "VEC_MUT_BORROW", TableSignatures},
		{OpVecPushBack, "VEC_PUSH_BACK", TableSignatures},
		{OpVecPopBack, "VEC_POP_BACK", TableSignatures},
		{OpVecSwap, "VEC_SWAP", TableSignatures},
	}
	for _, x := range index {
		def(x.op, x.name, argIndex, x.table, 0, Version5)
	}
	def(OpVecPack, "VEC_PACK", argIndexCount, TableSignatures, 0, Version5)
	def(OpVecUnpack, "VEC_UNPACK", argIndexCount, TableSignatures, 0, Version5)
	v7 := []struct {
		op    Opcode
		name  string
		table TableKind
	}{
		{OpImmBorrowVariantField, "IMM_BORROW_VARIANT_FIELD", TableVariantFieldHandles},
		{OpMutBorrowVariantField, "MUT_BORROW_VARIANT_FIELD", TableVariantFieldHandles},
		{OpImmBorrowVariantFieldGeneric, "IMM_BORROW_VARIANT_FIELD_GENERIC", TableVariantFieldInst},
		{OpMutBorrowVariantFieldGeneric, "MUT_BORROW_VARIANT_FIELD_GENERIC", TableVariantFieldInst},
		{OpPackVariant, "PACK_VARIANT", TableStructVariantHandles},
		{OpPackVariantGeneric, "PACK_VARIANT_GENERIC", TableStructVariantInst},
		{OpUnpackVariant, "UNPACK_VARIANT", TableStructVariantHandles},
		{OpUnpackVariantGeneric, "UNPACK_VARIANT_GENERIC", TableStructVariantInst},
		{OpTestVariant, "TEST_VARIANT", TableStructVariantHandles},
		{OpTestVariantGeneric, "TEST_VARIANT_GENERIC", TableStructVariantInst},
	}
	for _, x := range v7 {
		def(x.op, x.name, argIndex, x.table, 0, Version7)
	}
	// The reference reader forgets the version check for the two unpack
	// instructions; in older modules the bounds check rejects them instead
	// (no variant table can exist there).
	opTable[OpUnpackVariant].gate = 0
	opTable[OpUnpackVariantGeneric].gate = 0
	def(OpPackClosure, "PACK_CLOSURE", argIndexMask, TableFunctionHandles, 0, Version8)
	def(OpPackClosureGeneric, "PACK_CLOSURE_GENERIC", argIndexMask, TableFunctionInst, 0, Version8)
	def(OpCallClosure, "CALL_CLOSURE", argIndex, TableSignatures, 0, Version8)
}

func (op Opcode) info() *opInfo {
	if op == 0 || op > maxOpcode {
		return nil
	}
	return &opTable[op]
}

// String is the opcode's name as the reference implementation spells it
// (CALL, LD_U64, ...).
func (op Opcode) String() string {
	if i := op.info(); i != nil {
		return i.name
	}
	return fmt.Sprintf("OPCODE_0x%02x", uint8(op))
}

// Since is the file format version that introduced the opcode (0 if unknown).
func (op Opcode) Since() uint32 {
	if i := op.info(); i != nil {
		return i.since
	}
	return 0
}

// Instruction is one bytecode instruction. Which fields matter depends on
// the opcode:
//   - Index: table index, local index or branch target;
//   - Imm: LdU8..LdU64 and LdI8..LdI64 values (the raw little-endian bits,
//     zero-extended), the element count of VecPack/VecUnpack, the closure
//     mask of PackClosure/PackClosureGeneric;
//   - Wide: LdU128, LdI128 (first 16 bytes), LdU256, LdI256 values as
//     little-endian bytes.
type Instruction struct {
	Op    Opcode
	Index uint16
	Imm   uint64
	Wide  [32]byte
}

// I builds an instruction from its opcode and operands, in encoding order:
// I(OpRet), I(OpCall, fh), I(OpVecPack, sig, n), I(OpLdU64, v), I(OpPackClosure,
// fh, mask). A 128- or 256-bit value is given as little-endian 64-bit limbs
// (I(OpLdU128, lo, hi)). I panics on an unknown opcode or a wrong operand
// count; it is meant for writing code by hand.
func I(op Opcode, operands ...uint64) Instruction {
	info := op.info()
	if info == nil {
		panic(fmt.Sprintf("bytecode.I: unknown opcode 0x%02x", uint8(op)))
	}
	want := map[operand]int{argNone: 0, argOffset: 1, argLocal: 1, argIndex: 1, argIndexCount: 2, argIndexMask: 2,
		argUint: 1, argSint: 1}[info.arg]
	if info.width > 8 {
		want = info.width / 8
	}
	if len(operands) != want {
		panic(fmt.Sprintf("bytecode.I: %s takes %d operands, got %d", info.name, want, len(operands)))
	}
	in := Instruction{Op: op}
	switch info.arg {
	case argOffset, argLocal, argIndex:
		in.Index = uint16(operands[0])
	case argIndexCount, argIndexMask:
		in.Index, in.Imm = uint16(operands[0]), operands[1]
	case argUint, argSint:
		if info.width > 8 {
			for i, limb := range operands {
				binary.LittleEndian.PutUint64(in.Wide[8*i:], limb)
			}
		} else {
			in.Imm = operands[0]
			if info.width < 8 {
				in.Imm &= 1<<(8*info.width) - 1
			}
		}
	}
	return in
}

// String renders the instruction for debugging, e.g. "CALL(3)".
func (in Instruction) String() string {
	info := in.Op.info()
	if info == nil {
		return in.Op.String()
	}
	switch info.arg {
	case argOffset, argLocal, argIndex:
		return fmt.Sprintf("%s(%d)", info.name, in.Index)
	case argIndexCount, argIndexMask:
		return fmt.Sprintf("%s(%d, %d)", info.name, in.Index, in.Imm)
	case argUint, argSint:
		if info.width > 8 {
			return fmt.Sprintf("%s(0x%x)", info.name, reverse(in.Wide[:info.width]))
		}
		return fmt.Sprintf("%s(%d)", info.name, in.Imm)
	}
	return info.name
}

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}
