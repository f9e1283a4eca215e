package verifier

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// packing executes Pack and Unpack of structs and variants: fields are
// values.
func (a *refAnalysis) packing(in bytecode.Instruction) (onchain.StatusCode, badCode) {
	n, ok := a.fieldCount(in)
	if !ok {
		return 0, "struct out of range"
	}
	switch in.Op {
	case bytecode.OpPack, bytecode.OpPackGeneric, bytecode.OpPackVariant, bytecode.OpPackVariantGeneric:
		if bad := a.popValues(n); bad != "" {
			return 0, bad
		}
		a.push(nonRef)
	default:
		if bad := a.popValues(1); bad != "" {
			return 0, bad
		}
		for range n {
			a.push(nonRef)
		}
	}
	return 0, ""
}

// call executes Call, CallGeneric and CallClosure (which acquires nothing
// statically).
func (a *refAnalysis) call(s *refState, in bytecode.Instruction) (onchain.StatusCode, badCode) {
	var params, returns []bytecode.SignatureToken
	var acquired []uint16
	if in.Op == bytecode.OpCallClosure {
		sig, ok := a.signature(bytecode.SignatureIndex(in.Index))
		if !ok || len(sig) != 1 || sig[0].Kind != bytecode.TypeFunction {
			return 0, "closure call without a function type"
		}
		params, returns = sig[0].Args, sig[0].Results
		if bad := a.popValues(1); bad != "" { // the closure
			return 0, bad
		}
	} else {
		h, ok := a.handleOf(in)
		if !ok {
			return 0, "function handle out of range"
		}
		p, ok1 := a.signature(h.Parameters)
		r, ok2 := a.signature(h.Return)
		if !ok1 || !ok2 {
			return 0, "signature out of range"
		}
		params, returns = p, r
		acquired = a.acquiredBy(in)
	}
	if len(params) > len(a.stack) {
		return 0, "stack underflow"
	}
	args := a.stack[len(a.stack)-len(params):]
	for _, v := range args {
		if v.isRef() && !s.g.has(v.id()) {
			return 0, "unknown reference"
		}
	}
	args = append([]absValue(nil), args...)
	a.stack = a.stack[:len(a.stack)-len(params)]
	if a.meter.addItems(callAcquiresCost, len(acquired)) {
		return onchain.CONSTRAINT_NOT_SATISFIED, ""
	}
	kinds := refKinds(returns)
	out, st := s.call(args, acquired, kinds)
	if st != 0 {
		return st, ""
	}
	refArgs, refRets := 0, 0
	for _, v := range args {
		if v.isRef() {
			refArgs++
		}
	}
	for _, k := range kinds {
		if k != 0 {
			refRets++
		}
	}
	if a.meter.addGrowing(refEdgeCost, refArgs*refRets) {
		return onchain.CONSTRAINT_NOT_SATISFIED, ""
	}
	a.stack = append(a.stack, out...)
	return 0, ""
}

// vector executes the vector instructions.
func (a *refAnalysis) vector(s *refState, in bytecode.Instruction) (onchain.StatusCode, badCode) {
	switch in.Op {
	case bytecode.OpVecPack:
		if in.Imm > uint64(len(a.stack)) {
			return 0, "stack underflow"
		}
		if bad := a.popValues(int(in.Imm)); bad != "" {
			return 0, bad
		}
		a.push(nonRef)
		return 0, ""
	case bytecode.OpVecUnpack:
		if in.Imm > uint64(maxAbsStack-len(a.stack)) {
			return 0, "stack overflow"
		}
		if bad := a.popValues(1); bad != "" {
			return 0, bad
		}
		for range in.Imm {
			a.push(nonRef)
		}
		return 0, ""
	case bytecode.OpVecLen, bytecode.OpVecPopBack:
		id, bad := a.popRef(s)
		if bad != "" {
			return 0, bad
		}
		a.push(nonRef)
		return s.vectorOp(id, in.Op == bytecode.OpVecPopBack), ""
	case bytecode.OpVecPushBack, bytecode.OpVecSwap:
		n := 1
		if in.Op == bytecode.OpVecSwap {
			n = 2
		}
		if bad := a.popValues(n); bad != "" {
			return 0, bad
		}
		id, bad := a.popRef(s)
		if bad != "" {
			return 0, bad
		}
		return s.vectorOp(id, true), ""
	case bytecode.OpVecImmBorrow, bytecode.OpVecMutBorrow:
		if bad := a.popValues(1); bad != "" {
			return 0, bad
		}
		id, bad := a.popRef(s)
		if bad != "" {
			return 0, bad
		}
		v, st := s.vectorBorrow(id, in.Op == bytecode.OpVecMutBorrow)
		a.push(v)
		return st, ""
	}
	return 0, badCode(fmt.Sprintf("unknown opcode 0x%02x", uint8(in.Op)))
}

// maxAbsStack bounds the abstract stack, far above what the stack usage
// pass lets through (1024), so that a VecUnpack of 2^40 values or a block
// of them is refused instead of pushed.
const maxAbsStack = 1 << 16
