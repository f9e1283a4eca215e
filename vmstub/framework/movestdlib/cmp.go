package movestdlib

// 0x1::cmp: the Ordering enum (Less, Equal, Greater), the native compare
// and is_eq, is_ne, is_lt, is_le, is_gt, is_ge. compare orders values as
// Aptos's native does: integers by value (signed ones as signed), bool
// false first, addresses and signers by their bytes, vectors
// lexicographically (a prefix first), structs field by field, enums by
// variant then fields. It is charged per value visited, and goes no
// deeper than cmpMaxDepth nested values.

import (
	"bytes"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Variant indexes of cmp::Ordering.
const (
	OrderingLess = iota
	OrderingEqual
	OrderingGreater
)

// cmpMaxDepth bounds the nesting compare follows (values are bounded by
// the interpreter's depth limit well before it).
const cmpMaxDepth = 256

// Cmp declares 0x1::cmp.
func Cmp() native.Module {
	ord := "&0x1::cmp::Ordering"
	is := func(name string, ok ...uint16) native.Function {
		return native.Function{Name: name, Params: []string{ord}, Return: []string{"bool"},
			Impl: func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				o, _ := args[0].Deref()
				v := o.Variant()
				for _, x := range ok {
					if v == x {
						return []movevm.Value{movevm.Bool(true)}, nil
					}
				}
				return []movevm.Value{movevm.Bool(false)}, nil
			}}
	}
	return native.Module{Address: addr, Name: "cmp",
		Structs: []native.Struct{{Name: "Ordering", Abilities: []string{native.AbilityCopy, native.AbilityDrop},
			Variants: []native.Variant{{Name: "Less"}, {Name: "Equal"}, {Name: "Greater"}}}},
		Functions: []native.Function{
			{Name: "compare", TypeParams: []native.TypeParam{{}}, Params: []string{"&T0", "&T0"}, Return: []string{"0x1::cmp::Ordering"}, Impl: compare},
			is("is_eq", OrderingEqual),
			is("is_ne", OrderingLess, OrderingGreater),
			is("is_lt", OrderingLess),
			is("is_le", OrderingLess, OrderingEqual),
			is("is_gt", OrderingGreater),
			is("is_ge", OrderingEqual, OrderingGreater),
		},
	}
}

func compare(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	x, _ := args[0].Deref()
	y, _ := args[1].Deref()
	r, err := compareValues(c, x, y, 0)
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "cmp", Name: "Ordering"}))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVariant(t, uint16(r+1), nil)}, nil
}

// Compare is -1, 0 or 1 as x is less than, equal to or greater than y
// (values of the same type) in cmp::compare's order, charged per value
// visited.
func Compare(c *native.Context, x, y movevm.Value) (int, error) { return compareValues(c, x, y, 0) }

// compareValues is Compare at a nesting depth.
func compareValues(c *native.Context, x, y movevm.Value, depth int) (int, error) {
	if depth > cmpMaxDepth {
		return 0, &movevm.Error{Status: onchain.VM_MAX_VALUE_DEPTH_REACHED, Message: "cmp::compare: values nested too deep"}
	}
	if err := c.ChargeElems(1); err != nil {
		return 0, err
	}
	switch k := x.Type().Kind; {
	case k == movevm.KindBool || (k >= movevm.KindU8 && k <= movevm.KindU64):
		return cmpUint(x.AsU64(), y.AsU64()), nil
	case k >= movevm.KindU128 && k <= movevm.KindI256:
		return x.AsBig().Cmp(y.AsBig()), nil
	case k == movevm.KindAddress || k == movevm.KindSigner:
		a, b := x.AsAddress(), y.AsAddress()
		return bytes.Compare(a[:], b[:]), nil
	case k == movevm.KindVector || k == movevm.KindStruct:
		if k == movevm.KindStruct {
			if r := cmpUint(uint64(x.Variant()), uint64(y.Variant())); r != 0 {
				return r, nil
			}
		}
		n, m := x.Len(), y.Len()
		for i := range min(n, m) {
			r, err := compareValues(c, x.Elem(i), y.Elem(i), depth+1)
			if err != nil || r != 0 {
				return r, err
			}
		}
		return cmpUint(uint64(n), uint64(m)), nil
	default:
		return 0, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: fmt.Sprintf("cmp::compare of a %s", x.Type())}
	}
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
