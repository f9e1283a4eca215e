package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// maxSeqLen is the largest length BCS allows for a sequence.
const maxSeqLen = 1<<31 - 1

// constantWidth is the byte size of a constant's scalar type, 0 for a
// vector, -1 for a type a constant may not have.
func constantWidth(t *bytecode.SignatureToken) int {
	switch t.Kind {
	case bytecode.TypeBool, bytecode.TypeU8, bytecode.TypeI8:
		return 1
	case bytecode.TypeU16, bytecode.TypeI16:
		return 2
	case bytecode.TypeU32, bytecode.TypeI32:
		return 4
	case bytecode.TypeU64, bytecode.TypeI64:
		return 8
	case bytecode.TypeU128, bytecode.TypeI128:
		return 16
	case bytecode.TypeU256, bytecode.TypeI256, bytecode.TypeAddress:
		return 32
	case bytecode.TypeVector:
		return 0
	}
	return -1
}

// checkConstants checks each constant's type (bool, integers, address or
// vectors of those: INVALID_CONSTANT_TYPE) and that its bytes are exactly
// one BCS value of that type (MALFORMED_CONSTANT_DATA).
func checkConstants(u *unit) error {
	for i := range u.pools.ConstantPool {
		c := &u.pools.ConstantPool[i]
		elem, depth := &c.Type, 0
		for elem != nil && elem.Kind == bytecode.TypeVector {
			elem, depth = elem.Elem, depth+1
		}
		if elem == nil || constantWidth(elem) <= 0 {
			return fail(onchain.INVALID_CONSTANT_TYPE, "constant %d has type %v", i, c.Type)
		}
		n, ok := decodeConstant(c.Data, depth, constantWidth(elem), elem.Kind == bytecode.TypeBool)
		if !ok || n != len(c.Data) {
			return fail(onchain.MALFORMED_CONSTANT_DATA, "constant %d: bytes are not one %v", i, c.Type)
		}
	}
	return nil
}

// uleb32 reads a canonical ULEB128 sequence length at b[off:].
func uleb32(b []byte, off int) (v uint64, next int, ok bool) {
	for shift := 0; shift < 35; shift += 7 {
		if off >= len(b) {
			return 0, 0, false
		}
		c := b[off]
		off++
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			if c == 0 && shift > 0 { // not the shortest encoding
				return 0, 0, false
			}
			return v, off, v <= maxSeqLen
		}
	}
	return 0, 0, false
}

// decodeConstant reads one value of depth nested vectors of a scalar of
// width bytes (bool: only 0 or 1) and returns the bytes read. It walks
// with an explicit stack of the elements left at each level.
func decodeConstant(b []byte, depth, width int, isBool bool) (int, bool) {
	off := 0
	scalars := func(n uint64) bool {
		if n > uint64(len(b)-off)/uint64(width) {
			return false
		}
		end := off + int(n)*width
		if isBool {
			for _, c := range b[off:end] {
				if c > 1 {
					return false
				}
			}
		}
		off = end
		return true
	}
	if depth == 0 {
		ok := scalars(1)
		return off, ok
	}
	// left[k] is how many elements of the vector at level k remain.
	left := make([]uint64, 0, depth)
	n, next, ok := uleb32(b, off)
	if !ok {
		return 0, false
	}
	off = next
	left = append(left, n)
	for len(left) > 0 {
		top := len(left) - 1
		if len(left) == depth { // innermost vector: scalars
			if !scalars(left[top]) {
				return 0, false
			}
			left = left[:top]
			continue
		}
		if left[top] == 0 {
			left = left[:top]
			continue
		}
		if left[top] > uint64(len(b)-off) { // each element takes at least a byte
			return 0, false
		}
		left[top]--
		n, next, ok := uleb32(b, off)
		if !ok {
			return 0, false
		}
		off = next
		left = append(left, n)
	}
	return off, true
}
