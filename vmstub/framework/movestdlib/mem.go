package movestdlib

// 0x1::mem: swap, which exchanges the values two mutable references point
// at, in place (the slots keep their containers, references into the
// values follow them), and replace, which writes a new value through a
// reference and returns the one it held. Neither can abort.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Mem declares 0x1::mem.
func Mem() native.Module {
	return native.Module{Address: addr, Name: "mem",
		Functions: []native.Function{
			{Name: "swap", TypeParams: []native.TypeParam{{}}, Params: []string{"&mut T0", "&mut T0"}, Impl: memSwap},
			{Name: "replace", TypeParams: []native.TypeParam{{}}, Params: []string{"&mut T0", "T0"}, Return: []string{"T0"}, Impl: memReplace},
		}}
}

// memSwap is swap<T>(left, right): two slots exchanged, whatever the
// values' size, for a fixed charge.
func memSwap(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.ChargeElems(2); err != nil {
		return nil, err
	}
	return nil, c.Swap(args[0], args[1])
}

// memReplace is replace<T>(ref, new): new written through ref in place,
// the value it held returned.
func memReplace(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.ChargeElems(2); err != nil {
		return nil, err
	}
	old, err := c.WriteThrough(args[0], args[1])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{old}, nil
}
