package aptosstdlib

// 0x1::comparator: Result and is_equal, is_smaller_than, is_greater_than,
// compare (of two values' BCS) and compare_u8_vector (lexicographic, the
// shorter prefix first).

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The values of comparator::Result's inner field.
const (
	comparatorEqual   = 0
	comparatorSmaller = 1
	comparatorGreater = 2
)

// Comparator declares 0x1::comparator.
func Comparator() native.Module {
	const res = "0x1::comparator::Result"
	is := func(name string, want uint64) native.Function {
		return native.Function{Name: name, Params: []string{"&" + res}, Return: []string{"bool"},
			Impl: func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				r, _ := args[0].Deref()
				return []movevm.Value{movevm.Bool(r.Elem(0).AsU64() == want)}, nil
			}}
	}
	return native.Module{Address: addr, Name: "comparator",
		Structs: []native.Struct{{Name: "Result", Abilities: []string{native.AbilityDrop}, Fields: []string{"inner: u8"}}},
		Functions: []native.Function{
			is("is_equal", comparatorEqual),
			is("is_smaller_than", comparatorSmaller),
			is("is_greater_than", comparatorGreater),
			{Name: "compare", TypeParams: []native.TypeParam{{}}, Params: []string{"&T0", "&T0"}, Return: []string{res}, Impl: compareValues},
			{Name: "compare_u8_vector", Params: []string{"vector<u8>", "vector<u8>"}, Return: []string{res}, Impl: compareBytes},
		}}
}

// comparatorResult compares a and b, charging per byte compared.
func comparatorResult(c *native.Context, a, b []byte) ([]movevm.Value, error) {
	if err := c.ChargeElems(min(len(a), len(b)) + 1); err != nil {
		return nil, err
	}
	inner := uint8(comparatorEqual)
	switch bytes.Compare(a, b) {
	case -1:
		inner = comparatorSmaller
	case 1:
		inner = comparatorGreater
	}
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "comparator", Name: "Result"}))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, movevm.U8(inner))
	return []movevm.Value{v}, err
}

// compareValues is compare<T>(&T, &T): the comparison of their BCS.
func compareValues(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	l, _ := args[0].Deref()
	r, _ := args[1].Deref()
	lb, err := native.SerializeCharged(c.NativeContext, l)
	if err != nil {
		return nil, err
	}
	rb, err := native.SerializeCharged(c.NativeContext, r)
	if err != nil {
		return nil, err
	}
	return comparatorResult(c, lb, rb)
}

// compareBytes is compare_u8_vector(vector<u8>, vector<u8>).
func compareBytes(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := native.ChargeRead(c.NativeContext, args[0].Len()+args[1].Len()); err != nil {
		return nil, err
	}
	return comparatorResult(c, args[0].Bytes(), args[1].Bytes())
}
