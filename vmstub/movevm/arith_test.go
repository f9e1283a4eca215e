package movevm

import (
	"math"
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// ld loads an integer constant of a kind (bits given as for bytecode.I).
func ld(op bc.Opcode, v ...uint64) bc.Instruction { return I(op, v...) }

func TestArithmetic(t *testing.T) {
	u8, u64 := bc.OpLdU8, bc.OpLdU64
	cases := []struct {
		name string
		ret  bc.SignatureToken
		code []bc.Instruction
		want string // decimal result, or "" when st is set
		st   onchain.StatusCode
	}{
		{"u8 add", bc.U8, []bc.Instruction{ld(u8, 200), ld(u8, 55), I(bc.OpAdd)}, "255", 0},
		{"u8 add overflow", bc.U8, []bc.Instruction{ld(u8, 200), ld(u8, 56), I(bc.OpAdd)}, "", onchain.ARITHMETIC_ERROR},
		{"u64 add overflow", bc.U64, []bc.Instruction{ld(u64, math.MaxUint64), ld(u64, 1), I(bc.OpAdd)}, "", onchain.ARITHMETIC_ERROR},
		{"u64 sub", bc.U64, []bc.Instruction{ld(u64, 10), ld(u64, 3), I(bc.OpSub)}, "7", 0},
		{"u64 sub underflow", bc.U64, []bc.Instruction{ld(u64, 3), ld(u64, 10), I(bc.OpSub)}, "", onchain.ARITHMETIC_ERROR},
		{"u16 mul overflow", bc.U16, []bc.Instruction{ld(bc.OpLdU16, 256), ld(bc.OpLdU16, 256), I(bc.OpMul)}, "", onchain.ARITHMETIC_ERROR},
		{"u32 mul", bc.U32, []bc.Instruction{ld(bc.OpLdU32, 65536), ld(bc.OpLdU32, 65535), I(bc.OpMul)}, "4294901760", 0},
		{"u64 mul overflow", bc.U64, []bc.Instruction{ld(u64, 1<<32), ld(u64, 1<<32), I(bc.OpMul)}, "", onchain.ARITHMETIC_ERROR},
		{"u64 div", bc.U64, []bc.Instruction{ld(u64, 7), ld(u64, 2), I(bc.OpDiv)}, "3", 0},
		{"u64 div by zero", bc.U64, []bc.Instruction{ld(u64, 7), ld(u64, 0), I(bc.OpDiv)}, "", onchain.ARITHMETIC_ERROR},
		{"u64 mod", bc.U64, []bc.Instruction{ld(u64, 7), ld(u64, 4), I(bc.OpMod)}, "3", 0},
		{"u64 mod zero", bc.U64, []bc.Instruction{ld(u64, 7), ld(u64, 0), I(bc.OpMod)}, "", onchain.ARITHMETIC_ERROR},
		{"u128 add", bc.U128, []bc.Instruction{ld(bc.OpLdU128, math.MaxUint64, 0), ld(bc.OpLdU128, 1, 0), I(bc.OpAdd)}, "18446744073709551616", 0},
		{"u128 add overflow", bc.U128, []bc.Instruction{ld(bc.OpLdU128, math.MaxUint64, math.MaxUint64), ld(bc.OpLdU128, 1, 0), I(bc.OpAdd)}, "", onchain.ARITHMETIC_ERROR},
		{"u256 mul overflow", bc.U256, []bc.Instruction{ld(bc.OpLdU256, 0, 0, 0, 1), ld(bc.OpLdU256, 0, 0, 0, 1), I(bc.OpMul)}, "", onchain.ARITHMETIC_ERROR},
		{"u256 sub underflow", bc.U256, []bc.Instruction{ld(bc.OpLdU256, 0, 0, 0, 0), ld(bc.OpLdU256, 1, 0, 0, 0), I(bc.OpSub)}, "", onchain.ARITHMETIC_ERROR},
		{"u256 div zero", bc.U256, []bc.Instruction{ld(bc.OpLdU256, 5, 0, 0, 0), ld(bc.OpLdU256, 0, 0, 0, 0), I(bc.OpDiv)}, "", onchain.ARITHMETIC_ERROR},
		{"u8 bitops", bc.U8, []bc.Instruction{ld(u8, 0xF0), ld(u8, 0x3C), I(bc.OpBitAnd), ld(u8, 1), I(bc.OpBitOr), ld(u8, 0xFF), I(bc.OpXor)}, "206", 0},
		{"u8 shl truncates", bc.U8, []bc.Instruction{ld(u8, 0x81), ld(u8, 1), I(bc.OpShl)}, "2", 0},
		{"u8 shl by width", bc.U8, []bc.Instruction{ld(u8, 1), ld(u8, 8), I(bc.OpShl)}, "", onchain.ARITHMETIC_ERROR},
		{"u64 shr", bc.U64, []bc.Instruction{ld(u64, 1<<40), ld(u8, 38), I(bc.OpShr)}, "4", 0},
		{"u128 shl", bc.U128, []bc.Instruction{ld(bc.OpLdU128, 1, 0), ld(u8, 127), I(bc.OpShl)}, "170141183460469231731687303715884105728", 0},
		{"u128 shl by 128", bc.U128, []bc.Instruction{ld(bc.OpLdU128, 1, 0), ld(u8, 128), I(bc.OpShl)}, "", onchain.ARITHMETIC_ERROR},
		{"u256 shl drops bits", bc.U256, []bc.Instruction{ld(bc.OpLdU256, 3, 0, 0, 1<<63), ld(u8, 1), I(bc.OpShl)}, "6", 0},
		{"shift amount not u8", bc.U64, []bc.Instruction{ld(u64, 1), ld(u64, 1), I(bc.OpShl)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		{"mixed widths", bc.U64, []bc.Instruction{ld(u64, 1), ld(u8, 1), I(bc.OpAdd)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		{"add bools", bc.U64, []bc.Instruction{I(bc.OpLdTrue), I(bc.OpLdTrue), I(bc.OpAdd)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		{"cast u64 to u8", bc.U8, []bc.Instruction{ld(u64, 255), I(bc.OpCastU8)}, "255", 0},
		{"cast u64 to u8 overflow", bc.U8, []bc.Instruction{ld(u64, 256), I(bc.OpCastU8)}, "", onchain.ARITHMETIC_ERROR},
		{"cast u128 to u64 overflow", bc.U64, []bc.Instruction{ld(bc.OpLdU128, 0, 1), I(bc.OpCastU64)}, "", onchain.ARITHMETIC_ERROR},
		{"cast u8 to u256", bc.U256, []bc.Instruction{ld(u8, 7), I(bc.OpCastU256)}, "7", 0},
		{"cast u256 to u16", bc.U16, []bc.Instruction{ld(bc.OpLdU256, 65535, 0, 0, 0), I(bc.OpCastU16)}, "65535", 0},
		{"cast u256 to u32 overflow", bc.U32, []bc.Instruction{ld(bc.OpLdU256, 0, 1, 0, 0), I(bc.OpCastU32)}, "", onchain.ARITHMETIC_ERROR},
		{"cast bool", bc.U8, []bc.Instruction{I(bc.OpLdTrue), I(bc.OpCastU8)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		// signed integers (file format 9)
		{"i8 add", bc.I8, []bc.Instruction{ld(bc.OpLdI8, uint64(0xFF)), ld(bc.OpLdI8, 5), I(bc.OpAdd)}, "4", 0},
		{"i8 add overflow", bc.I8, []bc.Instruction{ld(bc.OpLdI8, 127), ld(bc.OpLdI8, 1), I(bc.OpAdd)}, "", onchain.ARITHMETIC_ERROR},
		{"i8 sub underflow", bc.I8, []bc.Instruction{ld(bc.OpLdI8, 0x80), ld(bc.OpLdI8, 1), I(bc.OpSub)}, "", onchain.ARITHMETIC_ERROR},
		{"i64 mul negative", bc.I64, []bc.Instruction{ld(bc.OpLdI64, uint64(math.MaxUint64)), ld(bc.OpLdI64, 9), I(bc.OpMul)}, "-9", 0},
		{"i64 div truncates", bc.I64, []bc.Instruction{ld(bc.OpLdI64, uint64(1<<64-7)), ld(bc.OpLdI64, 2), I(bc.OpDiv)}, "-3", 0},
		{"i64 mod sign", bc.I64, []bc.Instruction{ld(bc.OpLdI64, uint64(1<<64-7)), ld(bc.OpLdI64, 2), I(bc.OpMod)}, "-1", 0},
		{"i32 min div -1", bc.I32, []bc.Instruction{ld(bc.OpLdI32, 0x80000000), ld(bc.OpLdI32, 0xFFFFFFFF), I(bc.OpDiv)}, "", onchain.ARITHMETIC_ERROR},
		{"i16 div zero", bc.I16, []bc.Instruction{ld(bc.OpLdI16, 1), ld(bc.OpLdI16, 0), I(bc.OpDiv)}, "", onchain.ARITHMETIC_ERROR},
		{"i8 negate", bc.I8, []bc.Instruction{ld(bc.OpLdI8, 5), I(bc.OpNegate)}, "-5", 0},
		{"i8 negate min", bc.I8, []bc.Instruction{ld(bc.OpLdI8, 0x80), I(bc.OpNegate)}, "", onchain.ARITHMETIC_ERROR},
		{"negate unsigned", bc.U8, []bc.Instruction{ld(u8, 5), I(bc.OpNegate)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		{"i128 negative", bc.I128, []bc.Instruction{ld(bc.OpLdI128, math.MaxUint64, math.MaxUint64)}, "-1", 0},
		{"i256 add", bc.I256, []bc.Instruction{ld(bc.OpLdI256, math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64), ld(bc.OpLdI256, 2, 0, 0, 0), I(bc.OpAdd)}, "1", 0},
		{"cast i8 -1 to u8", bc.U8, []bc.Instruction{ld(bc.OpLdI8, 0xFF), I(bc.OpCastU8)}, "", onchain.ARITHMETIC_ERROR},
		{"cast u8 200 to i8", bc.I8, []bc.Instruction{ld(u8, 200), I(bc.OpCastI8)}, "", onchain.ARITHMETIC_ERROR},
		{"cast i64 -3 to i128", bc.I128, []bc.Instruction{ld(bc.OpLdI64, uint64(1<<64-3)), I(bc.OpCastI128)}, "-3", 0},
		{"signed shift", bc.I8, []bc.Instruction{ld(bc.OpLdI8, 1), ld(u8, 1), I(bc.OpShl)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		{"signed bit and", bc.I8, []bc.Instruction{ld(bc.OpLdI8, 1), ld(bc.OpLdI8, 1), I(bc.OpBitAnd)}, "", onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code := append(append([]bc.Instruction{}, c.code...), I(bc.OpRet))
			rets, err := eval(t, []bc.SignatureToken{c.ret}, nil, code...)
			if c.st != 0 {
				wantStatus(t, err, c.st)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rets[0].AsBig().String(); got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
		})
	}
}

func TestComparisonsAndBooleans(t *testing.T) {
	cases := []struct {
		name string
		code []bc.Instruction
		want bool
		st   onchain.StatusCode
	}{
		{"lt", []bc.Instruction{ld(bc.OpLdU64, 1), ld(bc.OpLdU64, 2), I(bc.OpLt)}, true, 0},
		{"gt", []bc.Instruction{ld(bc.OpLdU64, 1), ld(bc.OpLdU64, 2), I(bc.OpGt)}, false, 0},
		{"le equal", []bc.Instruction{ld(bc.OpLdU8, 2), ld(bc.OpLdU8, 2), I(bc.OpLe)}, true, 0},
		{"ge u256", []bc.Instruction{ld(bc.OpLdU256, 0, 0, 0, 1), ld(bc.OpLdU256, 5, 0, 0, 0), I(bc.OpGe)}, true, 0},
		{"signed lt", []bc.Instruction{ld(bc.OpLdI64, uint64(1<<64-1)), ld(bc.OpLdI64, 0), I(bc.OpLt)}, true, 0},
		{"i128 lt", []bc.Instruction{ld(bc.OpLdI128, math.MaxUint64, math.MaxUint64), ld(bc.OpLdI128, 0, 0), I(bc.OpLt)}, true, 0},
		{"lt bools", []bc.Instruction{I(bc.OpLdTrue), I(bc.OpLdFalse), I(bc.OpLt)}, false, onchain.INTEGER_OP_TYPE_MISMATCH_ERROR},
		{"eq", []bc.Instruction{ld(bc.OpLdU64, 3), ld(bc.OpLdU64, 3), I(bc.OpEq)}, true, 0},
		{"neq u128", []bc.Instruction{ld(bc.OpLdU128, 3, 1), ld(bc.OpLdU128, 3, 0), I(bc.OpNeq)}, true, 0},
		{"eq mixed types", []bc.Instruction{ld(bc.OpLdU64, 3), ld(bc.OpLdU8, 3), I(bc.OpEq)}, false, onchain.EQUALITY_OP_TYPE_MISMATCH_ERROR},
		{"and", []bc.Instruction{I(bc.OpLdTrue), I(bc.OpLdFalse), I(bc.OpAnd)}, false, 0},
		{"or", []bc.Instruction{I(bc.OpLdTrue), I(bc.OpLdFalse), I(bc.OpOr)}, true, 0},
		{"not", []bc.Instruction{I(bc.OpLdFalse), I(bc.OpNot)}, true, 0},
		{"not u8", []bc.Instruction{ld(bc.OpLdU8, 0), I(bc.OpNot)}, false, onchain.TYPE_MISMATCH},
		{"and ints", []bc.Instruction{ld(bc.OpLdU8, 0), ld(bc.OpLdU8, 0), I(bc.OpAnd)}, false, onchain.TYPE_MISMATCH},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rets, err := eval(t, []bc.SignatureToken{bc.Bool}, nil, append(append([]bc.Instruction{}, c.code...), I(bc.OpRet))...)
			if c.st != 0 {
				wantStatus(t, err, c.st)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rets[0].AsBool() != c.want {
				t.Fatalf("got %v", rets[0].AsBool())
			}
		})
	}
}
