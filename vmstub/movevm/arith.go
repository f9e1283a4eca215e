package movevm

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Range of each integer kind, for the wide ones and for casts.
var (
	intMin [KindI256 + 1]*big.Int
	intMax [KindI256 + 1]*big.Int
)

func init() {
	one := big.NewInt(1)
	for k := KindU8; k <= KindI256; k++ {
		b := k.bits()
		if k.isSigned() {
			intMax[k] = new(big.Int).Sub(new(big.Int).Lsh(one, b-1), one)
			intMin[k] = new(big.Int).Neg(new(big.Int).Lsh(one, b-1))
		} else {
			intMax[k] = new(big.Int).Sub(new(big.Int).Lsh(one, b), one)
			intMin[k] = new(big.Int)
		}
	}
}

func arithErr(op bytecode.Opcode, t *Type) error {
	return errorf(onchain.ARITHMETIC_ERROR, "%s on %s overflows, underflows or divides by zero", op, t)
}

// binary runs an integer instruction taking two operands: arithmetic, bit
// operations, shifts (whose amount is a u8) and comparisons.
func (s *Session) binary(fr *frame, op bytecode.Opcode) error {
	b, err := s.pop(fr)
	if err != nil {
		return err
	}
	a, err := s.pop(fr)
	if err != nil {
		return err
	}
	if a.t == nil || !a.t.Kind.isInt() {
		return errorf(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s on %s", op, typeName(a))
	}
	if op == bytecode.OpShl || op == bytecode.OpShr {
		if b.t != TypeU8 || a.t.Kind.isSigned() {
			return errorf(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s of %s by %s", op, a.t, typeName(b))
		}
		if uint(b.n) >= a.t.Kind.bits() {
			return arithErr(op, a.t)
		}
		s.stack = append(s.stack, shift(op, a, uint(b.n)))
		return nil
	}
	if a.t != b.t {
		return errorf(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s on %s and %s", op, a.t, typeName(b))
	}
	switch op {
	case bytecode.OpLt, bytecode.OpGt, bytecode.OpLe, bytecode.OpGe:
		c := compare(a, b)
		var r bool
		switch op {
		case bytecode.OpLt:
			r = c < 0
		case bytecode.OpGt:
			r = c > 0
		case bytecode.OpLe:
			r = c <= 0
		default:
			r = c >= 0
		}
		s.stack = append(s.stack, Bool(r))
		return nil
	case bytecode.OpBitOr, bytecode.OpBitAnd, bytecode.OpXor:
		if a.t.Kind.isSigned() {
			return errorf(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s on %s", op, a.t)
		}
	}
	k := a.t.Kind
	if !k.wide() && !k.isSigned() {
		r, ok := smallUnsigned(op, a.n, b.n, k.bits())
		if !ok {
			return arithErr(op, a.t)
		}
		s.stack = append(s.stack, Value{t: a.t, n: r})
		return nil
	}
	x, y := a.AsBig(), b.AsBig()
	switch op {
	case bytecode.OpAdd:
		x.Add(x, y)
	case bytecode.OpSub:
		x.Sub(x, y)
	case bytecode.OpMul:
		x.Mul(x, y)
	case bytecode.OpDiv, bytecode.OpMod:
		if y.Sign() == 0 {
			return arithErr(op, a.t)
		}
		if op == bytecode.OpDiv {
			x.Quo(x, y) // truncates toward zero
		} else {
			x.Rem(x, y)
		}
		if k.isSigned() && y.Sign() < 0 && a.AsBig().Cmp(intMin[k]) == 0 && y.CmpAbs(big.NewInt(1)) == 0 {
			return arithErr(op, a.t) // MIN / -1 and MIN % -1
		}
	case bytecode.OpBitOr:
		x.Or(x, y)
	case bytecode.OpBitAnd:
		x.And(x, y)
	case bytecode.OpXor:
		x.Xor(x, y)
	}
	if x.Cmp(intMin[k]) < 0 || x.Cmp(intMax[k]) > 0 {
		return arithErr(op, a.t)
	}
	s.stack = append(s.stack, fromBig(a.t, x))
	return nil
}

// fromBig makes an integer of type t from an in-range x.
func fromBig(t *Type, x *big.Int) Value {
	if t.Kind.wide() {
		return wideValue(t, x)
	}
	if t.Kind.isSigned() {
		return intValue(t, uint64(x.Int64()))
	}
	return intValue(t, x.Uint64())
}

// smallUnsigned computes op on unsigned integers of at most 64 bits.
func smallUnsigned(op bytecode.Opcode, a, b uint64, width uint) (uint64, bool) {
	maxv := uint64(math.MaxUint64)
	if width < 64 {
		maxv = 1<<width - 1
	}
	switch op {
	case bytecode.OpAdd:
		r, c := bits.Add64(a, b, 0)
		return r, c == 0 && r <= maxv
	case bytecode.OpSub:
		return a - b, a >= b
	case bytecode.OpMul:
		hi, lo := bits.Mul64(a, b)
		return lo, hi == 0 && lo <= maxv
	case bytecode.OpDiv:
		if b == 0 {
			return 0, false
		}
		return a / b, true
	case bytecode.OpMod:
		if b == 0 {
			return 0, false
		}
		return a % b, true
	case bytecode.OpBitOr:
		return a | b, true
	case bytecode.OpBitAnd:
		return a & b, true
	case bytecode.OpXor:
		return a ^ b, true
	}
	return 0, false
}

// shift shifts an unsigned integer; bits shifted past the width are lost.
func shift(op bytecode.Opcode, a Value, n uint) Value {
	k := a.t.Kind
	if !k.wide() {
		r := a.n >> n
		if op == bytecode.OpShl {
			r = a.n << n
			if w := k.bits(); w < 64 {
				r &= 1<<w - 1
			}
		}
		return Value{t: a.t, n: r}
	}
	x := a.AsBig()
	if op == bytecode.OpShr {
		return wideValue(a.t, x.Rsh(x, n))
	}
	x.Lsh(x, n)
	return wideValue(a.t, x.And(x, intMax[k]))
}

// compare orders two integers of the same type.
func compare(a, b Value) int {
	k := a.t.Kind
	switch {
	case k.wide():
		return a.p.(*big.Int).Cmp(b.p.(*big.Int))
	case k.isSigned():
		x, y := int64(a.n), int64(b.n)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	switch {
	case a.n < b.n:
		return -1
	case a.n > b.n:
		return 1
	}
	return 0
}

var castTarget = map[bytecode.Opcode]*Type{
	bytecode.OpCastU8: TypeU8, bytecode.OpCastU16: TypeU16, bytecode.OpCastU32: TypeU32, bytecode.OpCastU64: TypeU64,
	bytecode.OpCastU128: TypeU128, bytecode.OpCastU256: TypeU256, bytecode.OpCastI8: TypeI8, bytecode.OpCastI16: TypeI16,
	bytecode.OpCastI32: TypeI32, bytecode.OpCastI64: TypeI64, bytecode.OpCastI128: TypeI128, bytecode.OpCastI256: TypeI256,
}

// unary runs casts (any integer to any integer type, failing when the
// value does not fit) and Negate (signed integers).
func (s *Session) unary(fr *frame, op bytecode.Opcode) error {
	a, err := s.pop(fr)
	if err != nil {
		return err
	}
	if a.t == nil || !a.t.Kind.isInt() {
		return errorf(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s on %s", op, typeName(a))
	}
	if op == bytecode.OpNegate {
		if !a.t.Kind.isSigned() {
			return errorf(onchain.INTEGER_OP_TYPE_MISMATCH_ERROR, "%s on %s", op, a.t)
		}
		x := a.AsBig()
		x.Neg(x)
		if x.Cmp(intMax[a.t.Kind]) > 0 {
			return arithErr(op, a.t)
		}
		s.stack = append(s.stack, fromBig(a.t, x))
		return nil
	}
	t := castTarget[op]
	if !a.t.Kind.wide() && !a.t.Kind.isSigned() && !t.Kind.wide() && !t.Kind.isSigned() {
		if w := t.Kind.bits(); w < 64 && a.n >= 1<<w {
			return arithErr(op, a.t)
		}
		s.stack = append(s.stack, Value{t: t, n: a.n})
		return nil
	}
	x := a.AsBig()
	if x.Cmp(intMin[t.Kind]) < 0 || x.Cmp(intMax[t.Kind]) > 0 {
		return arithErr(op, a.t)
	}
	s.stack = append(s.stack, fromBig(t, x))
	return nil
}
