package aptosstdlib

// 0x1::type_info: TypeInfo (a struct type's address, module and name) and
// the module's natives and public functions: type_of, type_name,
// account_address, module_name, struct_name, size_of_val, chain_id.
// Exported helpers give other framework packages the names type_of and
// type_name give.

import (
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ETypeNotStruct is the raw abort code of type_of for a type that is not a
// struct.
const ETypeNotStruct = 1

// TypeInfoTag is the type of 0x1::type_info::TypeInfo.
var TypeInfoTag = ledgerapi.StructTag{Address: addr, Module: "type_info", Name: "TypeInfo"}

// TypeInfo declares 0x1::type_info.
func TypeInfo() native.Module {
	anyT := []native.TypeParam{{}}
	ti := "&0x1::type_info::TypeInfo"
	return native.Module{Address: addr, Name: "type_info",
		Structs: []native.Struct{{Name: "TypeInfo", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"account_address: address", "module_name: vector<u8>", "struct_name: vector<u8>"}}},
		Functions: []native.Function{
			{Name: "type_of", TypeParams: anyT, Return: []string{"0x1::type_info::TypeInfo"}, Impl: typeOf},
			{Name: "type_name", TypeParams: anyT, Return: []string{"0x1::string::String"}, Impl: typeName},
			{Name: "account_address", Params: []string{ti}, Return: []string{"address"}, Impl: accountAddress},
			{Name: "module_name", Params: []string{ti}, Return: []string{"vector<u8>"}, Impl: typeInfoField(1)},
			{Name: "struct_name", Params: []string{ti}, Return: []string{"vector<u8>"}, Impl: typeInfoField(2)},
			{Name: "size_of_val", TypeParams: anyT, Params: []string{"&T0"}, Return: []string{"u64"}, Impl: sizeOfVal},
			{Name: "chain_id", Return: []string{"u8"}, Impl: chainID},
		},
	}
}

// StructName is the struct_name type_info::type_of gives a struct type:
// its name followed by its type arguments as Aptos prints them,
// Box<u64, 0x1::string::String>.
func StructName(t ledgerapi.StructTag) string {
	if len(t.TypeArgs) == 0 {
		return t.Name
	}
	args := make([]string, len(t.TypeArgs))
	for i, a := range t.TypeArgs {
		args[i] = a.String()
	}
	return t.Name + "<" + strings.Join(args, ", ") + ">"
}

// TypeName is the name type_info::type_name gives a type.
func TypeName(t ledgerapi.TypeTag) string { return t.String() }

// typeOf is type_of<T>(): the TypeInfo of struct type T (ETypeNotStruct
// for another type).
func typeOf(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	if tag.Kind != ledgerapi.KindStruct {
		return nil, c.Abort(ETypeNotStruct)
	}
	module, name := []byte(tag.Struct.Module), []byte(StructName(*tag.Struct))
	if err := native.ChargeOutput(c.NativeContext, len(module)+len(name), len(module)+len(name)); err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(TypeInfoTag))
	if err != nil {
		return nil, err
	}
	m, err := c.Bytes(module)
	if err != nil {
		return nil, err
	}
	n, err := c.Bytes(name)
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, movevm.Address(tag.Struct.Address), m, n)
	return []movevm.Value{v}, err
}

// typeName is type_name<T>(): T's name as a String.
func typeName(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	s, err := movestdlib.NewString(c, []byte(TypeName(tag)))
	return []movevm.Value{s}, err
}

func accountAddress(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ti, _ := args[0].Deref()
	return []movevm.Value{movevm.Address(ti.Elem(0).AsAddress())}, nil
}

// typeInfoField returns a copy of field i of a TypeInfo: module_name (1)
// or struct_name (2).
func typeInfoField(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ti, _ := args[0].Deref()
		return movestdlib.BytesResult(c, ti.Elem(i).Bytes())
	}
}

// sizeOfVal is size_of_val<T>(&T): the length of the value's BCS.
func sizeOfVal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	b, err := native.SerializeCharged(c.NativeContext, v)
	return []movevm.Value{movevm.U64(uint64(len(b)))}, err
}

// chainID is type_info::chain_id(): the chain's id.
func chainID(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U8(c.Host().ChainID())}, nil
}
