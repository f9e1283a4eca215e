package aptosframework

// 0x1::timestamp: the CurrentTimeMicroseconds resource (written by the
// executor's block prologue) and the now_microseconds and now_seconds
// views, which read the chain time the host gives: the block's timestamp
// during execution, the on-chain one in views.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Timestamp declares 0x1::timestamp.
func Timestamp() native.Module {
	return native.Module{Address: addr, Name: "timestamp",
		Structs: []native.Struct{{Name: "CurrentTimeMicroseconds", Abilities: []string{native.AbilityKey}, Fields: []string{"microseconds: u64"}}},
		Functions: []native.Function{
			{Name: "now_microseconds", IsView: true, Return: []string{"u64"}, Impl: now(1)},
			{Name: "now_seconds", IsView: true, Return: []string{"u64"}, Impl: now(1_000_000)},
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
