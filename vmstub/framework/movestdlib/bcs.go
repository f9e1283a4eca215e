package movestdlib

// 0x1::bcs: to_bytes, the BCS of any value; serialized_size, its length;
// constant_serialized_size, the length every value of a type has, if any.

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
			{Name: "constant_serialized_size", TypeParams: []native.TypeParam{{}}, Return: []string{"0x1::option::Option<u64>"},
				Impl: constantSerializedSize},
		}}
}

// serializedSize is bcs::serialized_size<T>(&T): the length of the
// value's BCS.
func serializedSize(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	b, err := native.SerializeCharged(c.NativeContext, v)
	return []movevm.Value{movevm.U64(uint64(len(b)))}, err
}

// maxConstantSizeDepth bounds the walk of constant_serialized_size (types
// nest less deeply: the interpreter's limits).
const maxConstantSizeDepth = 256

// constantSerializedSize is bcs::constant_serialized_size<T>(): some(n)
// when every value of T serializes to n bytes (integers, bool, address,
// and plain structs of such), none otherwise (vectors, signers, enums,
// functions and structs holding any). It charges per type node visited.
func constantSerializedSize(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	n, ok, err := constantSize(c, targs[0], 0)
	if err != nil {
		return nil, err
	}
	if !ok {
		v, err := None(c, movevm.TypeU64)
		return []movevm.Value{v}, err
	}
	v, err := Some(c, movevm.U64(n))
	return []movevm.Value{v}, err
}

// ConstantSize is bcs::constant_serialized_size<t>() for Go callers: the
// length every value of t serializes to, when it has one (charged per type
// node visited).
func ConstantSize(c *native.Context, t *movevm.Type) (uint64, bool, error) {
	return constantSize(c, t, 0)
}

// constantSize is the constant BCS length of type t, if it has one.
func constantSize(c *native.Context, t *movevm.Type, depth int) (uint64, bool, error) {
	if err := c.ChargeElems(1); err != nil {
		return 0, false, err
	}
	switch t.Kind {
	case movevm.KindBool, movevm.KindU8, movevm.KindI8:
		return 1, true, nil
	case movevm.KindU16, movevm.KindI16:
		return 2, true, nil
	case movevm.KindU32, movevm.KindI32:
		return 4, true, nil
	case movevm.KindU64, movevm.KindI64:
		return 8, true, nil
	case movevm.KindU128, movevm.KindI128:
		return 16, true, nil
	case movevm.KindU256, movevm.KindI256, movevm.KindAddress:
		return 32, true, nil
	case movevm.KindStruct:
		if t.Struct.IsEnum() || depth >= maxConstantSizeDepth {
			return 0, false, nil
		}
		fields, err := c.FieldTypes(t)
		if err != nil {
			return 0, false, err
		}
		var sum uint64
		for _, f := range fields {
			n, ok, err := constantSize(c, f, depth+1)
			if err != nil || !ok {
				return 0, false, err
			}
			sum += n
		}
		return sum, true, nil
	}
	return 0, false, nil
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
