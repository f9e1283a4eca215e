package movestdlib

// 0x1::bcs: to_bytes, the BCS of any value, and serialized_size, its
// length (charged as the serialization). constant_serialized_size is not
// declared.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// BCS declares 0x1::bcs.
func BCS() native.Module {
	return native.Module{Address: addr, Name: "bcs",
		Functions: []native.Function{
			{Name: "to_bytes", TypeParams: []native.TypeParam{{}}, Params: []string{"&T0"}, Return: []string{"vector<u8>"}, Impl: toBytes},
			{Name: "serialized_size", TypeParams: []native.TypeParam{{}}, Params: []string{"&T0"}, Return: []string{"u64"}, Impl: serializedSize},
		}}
}

// toBytes is bcs::to_bytes<T>(&T): vector<u8>.
func toBytes(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	b, err := native.SerializeCharged(c.NativeContext, v)
	if err != nil {
		return nil, err
	}
	return BytesResult(c, b)
}

// serializedSize is bcs::serialized_size<T>(&T): u64.
func serializedSize(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	b, err := native.SerializeCharged(c.NativeContext, v)
	return []movevm.Value{movevm.U64(uint64(len(b)))}, err
}

// BytesResult returns b as the single vector<u8> result of a Func,
// charged as output (native.ChargeOutput) before it is built.
func BytesResult(c *native.Context, b []byte) ([]movevm.Value, error) {
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return nil, err
	}
	v, err := c.Bytes(b)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, nil
}
