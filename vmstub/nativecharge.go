package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Natives charge by what they touch: ChargeElems per element or byte they
// move, compare, read or write (gas). A native's results take their memory
// when the call returns them, so a native checks with FitsMemory that a
// result fits in the memory quota before building it (chargeOutput),
// rather than taking memory it would never give back.
//
// The rates below are calibrated with the BenchmarkWorstCaseNative*
// benchmarks (bench_natives_test.go) so that a native with adversarial
// inputs costs about as much CPU per interpreter unit as the worst
// instruction (about 7 ns): a maximal transaction or view stays within 1 s
// whatever natives it calls.
const (
	// bytesRate is the units per byte a native serializes or reads
	// (BCS of arguments, hashes' inputs, bytes moved into a string).
	bytesRate = 2
	// outputRate is the units per byte of a result a native produces and
	// that becomes Move values (a value per byte of a vector<u8>).
	outputRate = 5
	// wideIntCost is the units per u128 or u256 a native does big-integer
	// arithmetic on (formatting one in decimal, math128).
	wideIntCost = 100
	// serializeCost is the units per value serialized on its own (a walk
	// and an allocation): natives comparing elements one by one pay it
	// per element.
	serializeCost = 3
	// bridgeCallCost is the units of a call of a BCS native from Move
	// code, besides its bytes: finding its registration, converting its
	// type arguments and building its arguments and results.
	bridgeCallCost = 80
	// tagNodeUnits and tagBytesPerUnit price a type tag a native builds
	// from a type (type arguments of natives, type names): per node, and
	// one unit per tagBytesPerUnit bytes of its addresses and names.
	tagNodeUnits    = 20
	tagBytesPerUnit = 1
)

// bridgeCost is what a call of the BCS native rf costs besides its bytes
// and type arguments: math128's big-integer arithmetic pays wideIntCost
// more.
func bridgeCost(rf *regFunc) uint64 {
	if rf.id.Module.Address == ledgerapi.AddressOne && rf.id.Module.Name == "math128" {
		return bridgeCallCost + wideIntCost
	}
	return bridgeCallCost
}

// chargeBytes charges n bytes at bytesRate.
func chargeBytes(ctx *movevm.NativeContext, n int) error {
	return ctx.ChargeElems(n * bytesRate)
}

// serializeCharged returns the BCS of v, charging serializeCost and per
// byte of it as bytes read (a native serializing to compare or copy a
// value).
func serializeCharged(ctx *movevm.NativeContext, v movevm.Value) ([]byte, error) {
	b, err := movevm.Serialize(nil, v)
	if err != nil {
		return nil, err
	}
	return b, ctx.ChargeElems(serializeCost + len(b)*bytesRate)
}

// chargeOutput charges a result of n bytes (outputRate per byte) and
// checks, before it is built, that total bytes of results fit in the
// memory quota.
func chargeOutput(ctx *movevm.NativeContext, n, total int) error {
	if err := ctx.ChargeElems(n * outputRate); err != nil {
		return err
	}
	return ctx.FitsMemory(total)
}

// typeTagCharged returns the type tag of t, charging per node and per
// byte of names of it (types are bounded when they are made, so the tag is
// built before it is charged).
func typeTagCharged(ctx *movevm.NativeContext, t *movevm.Type) (ledgerapi.TypeTag, error) {
	tag, err := t.Tag()
	if err != nil {
		return tag, err
	}
	return tag, chargeTag(ctx, tag)
}

// chargeTag charges for a type tag built: per node and per byte of names.
func chargeTag(ctx *movevm.NativeContext, tag ledgerapi.TypeTag) error {
	nodes, size := tagSize(tag)
	return ctx.ChargeElems(nodes*tagNodeUnits + size/tagBytesPerUnit)
}

// tagSize counts the nodes of tag and the bytes of its addresses and
// names. Tags are at most a few dozen nodes (movevm refuses a type whose
// tag costs more), and the walk keeps its own stack.
func tagSize(tag ledgerapi.TypeTag) (nodes, size int) {
	stack := []*ledgerapi.TypeTag{&tag}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nodes++
		switch {
		case t.Kind == ledgerapi.KindVector && t.Elem != nil:
			stack = append(stack, t.Elem)
		case t.Kind == ledgerapi.KindStruct && t.Struct != nil:
			size += ledgerapi.AddressLength + len(t.Struct.Module) + len(t.Struct.Name)
			for i := range t.Struct.TypeArgs {
				stack = append(stack, &t.Struct.TypeArgs[i])
			}
		}
	}
	return nodes, size
}
