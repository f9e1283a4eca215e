package vmstub

import "github.com/ledgernode/ledgernode/vmstub/movevm"

// Natives charge by what they touch: ChargeElems per element or byte they
// move, compare, read or write (gas). A native's results take their memory
// when the call returns them, so a native checks with FitsMemory that a
// result fits in the memory quota before building it (chargeOutput),
// rather than taking memory it would never give back.

// serializeCharged returns the BCS of v, charging per byte of it as bytes
// read (a native serializing to compare or copy a value).
func serializeCharged(ctx *movevm.NativeContext, v movevm.Value) ([]byte, error) {
	b, err := movevm.Serialize(nil, v)
	if err != nil {
		return nil, err
	}
	return b, ctx.ChargeElems(len(b))
}

// chargeOutput charges a result of n bytes (gas per byte) and checks,
// before it is built, that total bytes of results fit in the memory quota.
func chargeOutput(ctx *movevm.NativeContext, n, total int) error {
	if err := ctx.ChargeElems(n); err != nil {
		return err
	}
	return ctx.FitsMemory(total)
}
