package vmstub

import "github.com/ledgernode/ledgernode/vmstub/movevm"

// Natives charge by what they touch: NativeContext.ChargeBytes for bytes
// they produce (a result, a string: gas and memory), ChargeElems for
// elements and bytes they move, compare or read in place (gas only).

// serializeCharged returns the BCS of v, charging per byte of it as bytes
// read (a native serializing to compare or copy a value).
func serializeCharged(ctx *movevm.NativeContext, v movevm.Value) ([]byte, error) {
	b, err := movevm.Serialize(nil, v)
	if err != nil {
		return nil, err
	}
	return b, ctx.ChargeElems(len(b))
}

// deserializeCharged reads a value of type t from b, charging per byte as
// bytes produced (the value is new).
func deserializeCharged(ctx *movevm.NativeContext, t *movevm.Type, b []byte) (movevm.Value, error) {
	if err := ctx.ChargeBytes(len(b)); err != nil {
		return movevm.Value{}, err
	}
	return ctx.Deserialize(t, b)
}
