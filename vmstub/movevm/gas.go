package movevm

import "github.com/ledgernode/ledgernode/ledgerapi/bytecode"

// The gas schedule, in interpreter units (vmstub turns MoveUnitsPerGas of
// them, 50 by default, into one gas unit). Every instruction pays its base
// cost (instrCost: 1 for a simple one) and then by the size of what it
// touches:
//
//	LdConst              3 + 1 per byte of the constant + the copy below
//	CopyLoc, ReadRef     3 + per node copied 3, per struct, vector or
//	                     closure copied 8 more (a closure counts twice)
//	Eq, Neq              1 + 1 per node of both operands
//	Pack, Unpack         3 + 3 per field (variants alike)
//	VecPack, VecUnpack   3 + 3 per element
//	PackClosure          15 + 3 per captured value (+ 1 per element walked
//	                     to find the depth of captured values holding closures)
//	Call, CallGeneric    10 + 3 per argument, local and type argument
//	CallClosure          40 + 3 per argument and local
//	type instantiation   3 per composite signature node instantiated, 40 per
//	                     distinct type a session makes, 100 per function
//	                     signature instantiated
//	global storage       20 per instruction; a resource read costs 50 + 1
//	                     per 16 bytes + its nodes and boxes as a copy
//	natives              10 per call + what the native charges
//	                     (NativeContext.Charge, ChargeBytes: 1 per byte,
//	                     ChargeElems: 1 per element)
//
// The schedule is calibrated with the BenchmarkWorstCase* benchmarks
// (bench_adversarial_test.go): every instruction with adversarial inputs
// costs at most about 7 ns of CPU per unit on the reference 2-core
// machine, so the 100,000,000 units of a maximal transaction or view
// (2,000,000 gas) run within 1 s.

type GasMeter interface {
	// Charge takes units from the budget, or returns ErrOutOfGas when they
	// are not there.
	Charge(units uint64) error
}

// Budget is a GasMeter with a fixed number of units.
type Budget struct {
	Limit uint64
	Used  uint64
}

// Charge implements GasMeter.
func (b *Budget) Charge(units uint64) error {
	if units > b.Limit-b.Used {
		b.Used = b.Limit
		return ErrOutOfGas
	}
	b.Used += units
	return nil
}

type unmetered struct{}

func (unmetered) Charge(uint64) error { return nil }

const (
	resourceCost = 50 // per resource read or written
	bytesPerUnit = 16 // resource bytes per unit
	callCost     = 10 // per call, native or not
	structCost   = 3  // per pack, unpack, borrow of a field
	globalCost   = 20 // per global storage instruction, before the read
)

// instrCost is the base cost of each instruction.
var instrCost [256]uint64

func init() {
	for i := range instrCost {
		instrCost[i] = 1
	}
	for _, op := range []bytecode.Opcode{bytecode.OpCall, bytecode.OpCallGeneric, bytecode.OpCallClosure} {
		instrCost[op] = callCost
	}
	for _, op := range []bytecode.Opcode{bytecode.OpPack, bytecode.OpPackGeneric, bytecode.OpUnpack, bytecode.OpUnpackGeneric,
		bytecode.OpPackVariant, bytecode.OpPackVariantGeneric, bytecode.OpUnpackVariant, bytecode.OpUnpackVariantGeneric,
		bytecode.OpVecPack, bytecode.OpVecUnpack, bytecode.OpVecPushBack, bytecode.OpReadRef, bytecode.OpLdConst,
		bytecode.OpCopyLoc} {
		instrCost[op] = structCost
	}
	instrCost[bytecode.OpPackClosure] = closureCost
	instrCost[bytecode.OpPackClosureGeneric] = closureCost
	instrCost[bytecode.OpCallClosure] = closureCallCost
	for _, op := range []bytecode.Opcode{bytecode.OpExists, bytecode.OpExistsGeneric, bytecode.OpMutBorrowGlobal,
		bytecode.OpMutBorrowGlobalGeneric, bytecode.OpImmBorrowGlobal, bytecode.OpImmBorrowGlobalGeneric,
		bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric, bytecode.OpMoveTo, bytecode.OpMoveToGeneric} {
		instrCost[op] = globalCost
	}
}

// Native work on bytes and elements (NativeContext.ChargeBytes and
// ChargeElems): one unit per bytesPerGasUnit output bytes, one per
// elemsPerGasUnit elements moved or visited.
const (
	bytesPerGasUnit = 1
	elemsPerGasUnit = 1
)

// Costs by size of what an instruction touches.
const (
	nodeCost          = 3   // per value node copied (CopyLoc, ReadRef, LdConst, resources loaded)
	boxCost           = 8   // more per struct, vector or closure among them (an allocation each)
	compareCost       = 1   // per value node compared (Eq, Neq, both operands)
	constBytesPerUnit = 1   // LdConst: one unit per this many bytes of the constant
	elemCost          = 3   // per element of VecPack and VecUnpack, field of Pack and Unpack, captured value
	callArgCost       = 3   // per argument, local and type argument of a call
	typeNodeCost      = 3   // per type node instantiated from a signature
	typeNewCost       = 40  // per distinct type a session makes (interning it)
	instantiationCost = 100 // per function signature instantiated (once per function and type arguments)
	closureCost       = 15  // PackClosure and PackClosureGeneric, before the captured values
	closureCallCost   = 40  // CallClosure, before the arguments and locals
)
