package aptosstdlib

// 0x1::any: the Any struct (a type name and the BCS of a value of that
// type, for extension fields such as Option<Any>): pack, unpack
// (ETYPE_MISMATCH for another type; bytes that are not a value of the
// type abort in from_bcs as its from_bytes does) and type_name. The
// natives are shared with copyable_any, whose Any has the same layout.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// eAnyTypeMismatchAny is any's ETYPE_MISMATCH.
const eAnyTypeMismatchAny = 1

// Any declares 0x1::any.
func Any() native.Module {
	const anyT = "0x1::any::Any"
	return native.Module{Address: addr, Name: "any", Friends: []string{"0x1::copyable_any"},
		Structs: []native.Struct{{Name: "Any", Abilities: []string{native.AbilityDrop, native.AbilityStore},
			Fields: []string{"type_name: 0x1::string::String", "data: vector<u8>"}}},
		Functions: []native.Function{
			{Name: "pack", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityDrop, native.AbilityStore}}},
				Params: []string{"T0"}, Return: []string{anyT}, Impl: packAny("any")},
			{Name: "unpack", TypeParams: []native.TypeParam{{}}, Params: []string{anyT}, Return: []string{"T0"}, Impl: unpackAny(eAnyTypeMismatchAny)},
			{Name: "type_name", Params: []string{"&" + anyT}, Return: []string{"&0x1::string::String"}, Impl: anyTypeName},
		},
		Errors: []native.AbortReason{{Reason: eAnyTypeMismatchAny, Name: "ETYPE_MISMATCH",
			Description: "The type provided for `unpack` is not the same as was given for `pack`."}},
	}
}

// packAny is pack<T>(x) of module's Any: {type_name:
// type_info::type_name<T>(), data: bcs::to_bytes(&x)}, charged by the
// bytes serialized and made.
func packAny(module string) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
		if err != nil {
			return nil, err
		}
		data, err := native.SerializeCharged(c.NativeContext, args[0])
		if err != nil {
			return nil, err
		}
		name := TypeName(tag)
		if err := native.ChargeOutput(c.NativeContext, len(name)+len(data), 2); err != nil {
			return nil, err
		}
		s, err := movestdlib.NewString(c, []byte(name))
		if err != nil {
			return nil, err
		}
		b, err := c.Bytes(data)
		if err != nil {
			return nil, err
		}
		t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: module, Name: "Any"}))
		if err != nil {
			return nil, err
		}
		v, err := c.Struct(t, s, b)
		return []movevm.Value{v}, err
	}
}

// unpackAny is unpack<T>(x) of an Any: the value x holds when T is the
// type it was packed as, else an abort with invalid_argument(code).
func unpackAny(code uint64) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
		if err != nil {
			return nil, err
		}
		name, data := movestdlib.StringBytes(args[0].Elem(0)), args[0].Elem(1).Bytes()
		if err := native.ChargeRead(c.NativeContext, len(name)+len(data)); err != nil {
			return nil, err
		}
		if string(name) != TypeName(tag) {
			return nil, c.Abort(native.Code(native.InvalidArgument, code))
		}
		if err := native.ChargeOutput(c.NativeContext, len(data), len(data)); err != nil {
			return nil, err
		}
		v, err := c.Deserialize(targs[0], data)
		if err != nil {
			return nil, &movevm.Abort{Module: ledgerapi.ModuleId{Address: addr, Name: "from_bcs"}, Code: EFromBytes}
		}
		return []movevm.Value{v}, nil
	}
}

// anyTypeName is type_name(&Any): a reference to the type name.
func anyTypeName(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := c.InnerRef(args[0], false, 0)
	return []movevm.Value{r}, err
}
