package movevm

import "github.com/ledgernode/ledgernode/ledgerapi/bytecode"

// GasMeter is charged as code runs, in internal units: one per simple
// instruction, more for calls, structs, vectors and storage, plus one per
// bytesPerUnit bytes of resources read and written. The executor decides
// what a unit costs.
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
	nodeCost          = 1 // per value node copied (CopyLoc, ReadRef, LdConst) or compared (Eq, Neq)
	constBytesPerUnit = 1 // LdConst: one unit per this many bytes of the constant
	elemCost          = 1 // per element of VecPack and VecUnpack, field of Pack and Unpack, captured value
	callArgCost       = 1 // per argument, local and type argument of a call
	typeNodeCost      = 1 // per type node made by substitution
)
