package aptosframework

// 0x1::timestamp: the CurrentTimeMicroseconds resource (written by the
// executor's block prologue) and the now_microseconds and now_seconds
// views, which read the chain time the host gives: the block's timestamp
// during execution, the on-chain one in views. update_global_time is the
// VM's: any other signer aborts in system_addresses with
// PERMISSION_DENIED(EVM).

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::timestamp, and system_addresses' EVM.
const (
	eTimestampNotOperating = 1
	eInvalidTimestamp      = 2
	eNotVM                 = 2
	eNotAptosFramework     = 3
)

// currentTimeTag is the type of 0x1::timestamp::CurrentTimeMicroseconds.
var currentTimeTag = tag1("timestamp", "CurrentTimeMicroseconds")

// Timestamp declares 0x1::timestamp.
func Timestamp() native.Module {
	return native.Module{Address: addr, Name: "timestamp",
		Structs: []native.Struct{{Name: "CurrentTimeMicroseconds", Abilities: []string{native.AbilityKey}, Fields: []string{"microseconds: u64"}}},
		Functions: []native.Function{
			{Name: "now_microseconds", IsView: true, Return: []string{"u64"}, Impl: now(1)},
			{Name: "now_seconds", IsView: true, Return: []string{"u64"}, Impl: now(1_000_000)},
			{Name: "update_global_time", Params: []string{"&signer", "address", "u64"}, Impl: updateGlobalTime},
			{Name: "set_time_has_started", Visibility: native.Friend, Params: []string{"&signer"}, Impl: setTimeHasStarted},
		},
		Friends: []string{"0x1::genesis"},
		Errors: []native.AbortReason{
			{Reason: eTimestampNotOperating, Name: "ENOT_OPERATING", Description: "The blockchain is not in an operating state yet"},
			{Reason: eInvalidTimestamp, Name: "EINVALID_TIMESTAMP", Description: "An invalid timestamp was provided"},
		},
	}
}

// now returns the chain time in units of unit microseconds.
func now(unit uint64) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		t, err := c.Host().NowMicros()
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.U64(t / unit)}, nil
	}
}

// updateGlobalTime is update_global_time(account, proposer, timestamp):
// only the VM (@vm_reserved, 0x0) may call it; a NIL block (proposer 0x0)
// keeps the time, any other must move it forward (EINVALID_TIMESTAMP).
func updateGlobalTime(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if signerAddress(args[0]) != (ledgerapi.Address{}) {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotVM)
	}
	h := hostOf(c)
	b, _, err := h.Resource(addr, currentTimeTag)
	if err != nil {
		return nil, err
	}
	var cur uint64
	if len(b) == 8 {
		cur = binary.LittleEndian.Uint64(b)
	}
	ts := args[2].AsU64()
	if nilBlock := args[1].AsAddress() == (ledgerapi.Address{}); nilBlock && cur != ts || !nilBlock && cur >= ts {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInvalidTimestamp))
	}
	return nil, h.SetResource(addr, currentTimeTag, binary.LittleEndian.AppendUint64(nil, ts))
}

// setTimeHasStarted is set_time_has_started(aptos_framework), genesis's:
// the clock at 0 (the executor's genesis writes it itself).
func setTimeHasStarted(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if signerAddress(args[0]) != addr {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotAptosFramework)
	}
	return nil, hostOf(c).SetResource(addr, currentTimeTag, make([]byte, 8))
}
