package native

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Natives charge by what they touch: per element or byte they move,
// compare, read or write (gas). A native's results take their memory when
// the call returns them, so a native checks that a result fits in the
// memory quota before building it (ChargeOutput), rather than taking
// memory it would never give back.
//
// The rates below are calibrated with the BenchmarkWorstCaseNative*
// benchmarks (vmstub/bench_natives_test.go) so that a native with
// adversarial inputs costs about as much CPU per interpreter unit as the
// worst instruction (about 7 ns): a maximal transaction or view stays
// within 1 s whatever natives it calls.
const (
	// BytesRate is the units per byte a native serializes or reads
	// (BCS of arguments, hashes' inputs, bytes moved into a string).
	BytesRate = 2
	// OutputRate is the units per byte of a result a native produces and
	// that becomes Move values (a value per byte of a vector<u8>).
	OutputRate = 5
	// WideIntCost is the units per u128 or u256 a native does big-integer
	// arithmetic on (formatting one in decimal, math128).
	WideIntCost = 100
	// SerializeCost is the units per value serialized on its own (a walk
	// and an allocation): natives comparing elements one by one pay it
	// per element.
	SerializeCost = 3
	// tagNodeUnits and tagBytesPerUnit price a type tag a native builds
	// from a type (type arguments of natives, type names): per node, and
	// one unit per tagBytesPerUnit bytes of its addresses and names.
	tagNodeUnits    = 20
	tagBytesPerUnit = 1
)

// ChargeRead charges n bytes read or moved at BytesRate.
func ChargeRead(ctx *movevm.NativeContext, n int) error {
	return ctx.ChargeElems(n * BytesRate)
}

// SerializeCharged returns the BCS of v, charging SerializeCost and per
// byte of it as bytes read (a native serializing to compare or copy a
// value).
func SerializeCharged(ctx *movevm.NativeContext, v movevm.Value) ([]byte, error) {
	b, err := movevm.Serialize(nil, v)
	if err != nil {
		return nil, err
	}
	return b, ctx.ChargeElems(SerializeCost + len(b)*BytesRate)
}

// ChargeOutput charges a result of n bytes (OutputRate per byte) and
// checks, before it is built, that total bytes of results fit in the
// memory quota.
func ChargeOutput(ctx *movevm.NativeContext, n, total int) error {
	if err := ctx.ChargeElems(n * OutputRate); err != nil {
		return err
	}
	return ctx.FitsMemory(total)
}

// TypeTagCharged returns the type tag of t, charging per node and per
// byte of names of it (types are bounded when they are made, so the tag is
// built before it is charged).
func TypeTagCharged(ctx *movevm.NativeContext, t *movevm.Type) (ledgerapi.TypeTag, error) {
	tag, err := t.Tag()
	if err != nil {
		return tag, err
	}
	return tag, ChargeTag(ctx, tag)
}

// ChargeTag charges for a type tag built: per node and per byte of names.
func ChargeTag(ctx *movevm.NativeContext, tag ledgerapi.TypeTag) error {
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
