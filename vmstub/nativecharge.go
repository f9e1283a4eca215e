package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The rates natives are charged at live in vmstub/native (charge.go); the
// helpers below are the same functions under the names the natives still
// in this package use.

// bridgeCallCost is the units of a call of a BCS native from Move code,
// besides its bytes: finding its registration, converting its type
// arguments and building its arguments and results.
const bridgeCallCost = 80

func serializeCharged(ctx *movevm.NativeContext, v movevm.Value) ([]byte, error) {
	return native.SerializeCharged(ctx, v)
}

func chargeOutput(ctx *movevm.NativeContext, n, total int) error {
	return native.ChargeOutput(ctx, n, total)
}

func typeTagCharged(ctx *movevm.NativeContext, t *movevm.Type) (ledgerapi.TypeTag, error) {
	return native.TypeTagCharged(ctx, t)
}
