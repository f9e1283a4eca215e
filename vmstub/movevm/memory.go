package movevm

import "github.com/ledgernode/ledgernode/ledgerapi/onchain"

// Memory quota: each call of a session may hold at most Limits.MaxMemory
// units of value memory beyond what sits directly in locals and on the
// operand stack (MEMORY_LIMIT_EXCEEDED otherwise). Aptos counts abstract
// units (a node 40, a u8 of a vector<u8> 1) against 10,000,000; here every
// vector element is a Value of 32 bytes whatever its type, so the units
// follow this interpreter's own representation, in bytes: every bool,
// integer, address, struct, vector, reference and closure is a node of
// nodeSize units, an element of a vector of primitives elemSize (more for
// the 128- and 256-bit integers and addresses held behind a pointer). The
// quota (64 MiB by default) thus bounds the Go heap a call can fill: a
// vector<u8> of two million bytes fits, where Aptos's quota fits ten
// million; no transaction can carry or write that much anyway (64 KiB per
// transaction, 1 MiB per resource). The heap size of a value is its size
// minus its own top node: a u64 costs nothing to copy, a vector<u8> of n
// bytes 32·n.
//
// Memory is taken by CopyLoc, ReadRef and LdConst (the heap size of the
// copy), loaded resources, native results, Pack and PackClosure (the top
// nodes of the fields or captured values, which move into the heap),
// VecPack and VecPushBack (the packed size of the elements), and natives
// through NativeContext.UseMemory and ChargeBytes. It is given back by Pop,
// the old value of WriteRef and StLoc, the operands of Eq and Neq, Unpack,
// VecUnpack, VecPopBack, a native's arguments and the locals of a returning
// frame. Giving back never goes below zero, so imprecision only ever makes
// the quota stricter.
const (
	nodeSize   = 40 // units of one value node
	elemSize   = 32 // units of one vector element: a Value
	bigIntSize = 64 // units of the big.Int behind a 128- or 256-bit integer
)

// useMemory takes n abstract units from the call's memory quota.
func (s *Session) useMemory(n uint64) error {
	if n > s.vm.limits.MaxMemory-min(s.mem, s.vm.limits.MaxMemory) {
		return errorf(onchain.MEMORY_LIMIT_EXCEEDED, "values use more than %d abstract memory units", s.vm.limits.MaxMemory)
	}
	s.mem += n
	return nil
}

// freeMemory gives n abstract units back.
func (s *Session) freeMemory(n uint64) { s.mem -= min(n, s.mem) }

// UseMemory takes units of the call's memory quota for values a native
// makes that ChargeBytes does not cover (MEMORY_LIMIT_EXCEEDED when the
// quota is spent).
func (c *NativeContext) UseMemory(units uint64) error { return c.s.useMemory(units) }

// ChargeBytes charges a native's output of n bytes (a vector<u8>, a
// string, the BCS of a value, an event's data): one gas unit per
// bytesPerGasUnit bytes and the memory of n vector elements. Natives call it
// before building the output, so an oversized result fails with OUT_OF_GAS
// or MEMORY_LIMIT_EXCEEDED first. The memory it takes counts towards the
// native's results (their heap is counted beyond it when they are
// returned), so output returned is not counted twice and output kept
// elsewhere (written through a reference, an event) stays counted.
func (c *NativeContext) ChargeBytes(n int) error {
	if n <= 0 {
		return nil
	}
	if err := c.s.env.Gas.Charge(perUnits(uint64(n), bytesPerGasUnit)); err != nil {
		return err
	}
	if err := c.s.useMemory(uint64(n) * elemSize); err != nil {
		return err
	}
	c.reserved += uint64(n) * elemSize
	return nil
}

// KeepMemory counts again the memory of v, an argument a native keeps
// beyond the call (a table item): a native's arguments are given back
// when it is called, as values it consumes go away.
func (c *NativeContext) KeepMemory(v Value) error {
	h, err := c.s.heapOf(v)
	if err != nil {
		return err
	}
	return c.s.useMemory(h + nodeSize)
}

// ChargeLoaded charges v, a value a native read from storage and keeps
// beyond the call (a table item), as a resource read is charged: its
// nodes and boxes in gas, its memory as KeepMemory counts it.
func (c *NativeContext) ChargeLoaded(v Value) error {
	if err := c.s.chargeLoaded(v); err != nil {
		return err
	}
	return c.s.useMemory(nodeSize)
}

// ReleaseMemory gives back what KeepMemory or ChargeLoaded took for v, a
// value a native kept that leaves it (the native's result takes its heap
// again when it is returned). Nothing for an empty slot.
func (c *NativeContext) ReleaseMemory(v Value) error {
	if !v.IsValid() {
		return nil
	}
	h, err := c.s.heapOf(v)
	c.s.freeMemory(h + nodeSize)
	return err
}

// ChargeElems charges a native's work on n vector elements moved, swapped,
// compared or visited in place: elemCost gas units per element. It takes
// no memory (nothing new is made).
func (c *NativeContext) ChargeElems(n int) error {
	if n <= 0 {
		return nil
	}
	return c.s.env.Gas.Charge(perUnits(uint64(n), elemsPerGasUnit))
}

// perUnits is n / per rounded up: the units for n items at per items a unit.
func perUnits(n, per uint64) uint64 { return (n + per - 1) / per }

// packedSize is the size of an element of a vector of t: a Value, plus
// what a wide integer or an address holds behind its pointer.
func packedSize(t *Type) uint64 {
	switch t.Kind {
	case KindBool, KindU8, KindI8, KindU16, KindI16, KindU32, KindI32, KindU64, KindI64:
		return elemSize
	case KindU128, KindI128, KindU256, KindI256:
		return elemSize + bigIntSize
	case KindAddress:
		return elemSize + 32
	}
	return nodeSize
}
