package aptosframework

// 0x1::optional_aggregator: OptionalAggregator, in which CoinInfo keeps a
// coin's supply (an aggregator or a plain Integer with a limit), and
// Integer; add, sub (OUT_OF_RANGE(EAGGREGATOR_OVERFLOW) past the limit,
// OUT_OF_RANGE(EAGGREGATOR_UNDERFLOW) below zero, in this module for an
// Integer, in 0x1::aggregator for an aggregator), read, is_parallelizable,
// destroy, and the deprecated switch (INVALID_STATE(ESWITCH_DEPRECATED)),
// as on Aptos. Integers are updated in place through the reference.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// eSwitchDeprecated is ESWITCH_DEPRECATED of 0x1::optional_aggregator.
const eSwitchDeprecated = 3

// OptionalAggregator declares 0x1::optional_aggregator.
func OptionalAggregator() native.Module {
	const oa = "0x1::optional_aggregator::OptionalAggregator"
	fn := func(name string, params, ret []string, f native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: f}
	}
	return native.Module{Address: addr, Name: "optional_aggregator",
		Friends: []string{"0x1::coin", "0x1::fungible_asset"},
		Structs: []native.Struct{
			{Name: "Integer", Abilities: []string{native.AbilityStore}, Fields: []string{"value: u128", "limit: u128"}},
			{Name: "OptionalAggregator", Abilities: []string{native.AbilityStore},
				Fields: []string{"aggregator: 0x1::option::Option<0x1::aggregator::Aggregator>",
					"integer: 0x1::option::Option<0x1::optional_aggregator::Integer>"}},
		},
		Functions: []native.Function{
			fn("switch", []string{"&mut " + oa}, nil, func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
				return nil, c.Abort(native.Code(native.InvalidState, eSwitchDeprecated))
			}),
			fn("destroy", []string{oa}, nil, optAggDestroy),
			fn("add", []string{"&mut " + oa, "u128"}, nil, optAggChange(true)),
			fn("sub", []string{"&mut " + oa, "u128"}, nil, optAggChange(false)),
			fn("read", []string{"&" + oa}, []string{"u128"}, optAggRead),
			fn("is_parallelizable", []string{"&" + oa}, []string{"bool"}, func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				_, ok := optAggAggregator(args[0])
				return []movevm.Value{movevm.Bool(ok)}, nil
			}),
		},
		Errors: []native.AbortReason{
			{Reason: eAggregatorOverflow, Name: "EAGGREGATOR_OVERFLOW", Description: "The value of aggregator underflows (goes below zero). Raised by native code."},
			{Reason: eAggregatorUnderflow, Name: "EAGGREGATOR_UNDERFLOW", Description: "Aggregator feature is not supported. Raised by native code."},
			{Reason: eSwitchDeprecated, Name: "ESWITCH_DEPRECATED", Description: "OptionalAggregator (Agg V1) switch not supported any more."},
		},
	}
}

// optAggAggregator returns the aggregator of the OptionalAggregator v is
// (or a reference points at), if it has one.
func optAggAggregator(v movevm.Value) (movevm.Value, bool) {
	if d, ok := v.Deref(); ok {
		v = d
	}
	vec := v.Elem(0).Elem(0)
	if vec.Len() == 0 {
		return movevm.Value{}, false
	}
	return vec.Elem(0), true
}

// optAggInteger returns the value and limit of the OptionalAggregator's
// Integer; without one it aborts as option::borrow does.
func optAggInteger(v movevm.Value) (value, limit *big.Int, err error) {
	if d, ok := v.Deref(); ok {
		v = d
	}
	vec := v.Elem(1).Elem(0)
	if vec.Len() == 0 {
		return nil, nil, &movevm.Abort{Module: ledgerapi.ModuleId{Address: addr, Name: "option"}, Code: 0x40001}
	}
	return vec.Elem(0).Elem(0).AsBig(), vec.Elem(0).Elem(1).AsBig(), nil
}

func optAggRead(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var v *big.Int
	var err error
	if agg, ok := optAggAggregator(args[0]); ok {
		v, err = aggV1Of(agg).value(native.Metered(c))
	} else {
		v, _, err = optAggInteger(args[0])
	}
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U128(v)}, nil
}

// optAggChange is add or, with add false, sub.
func optAggChange(add bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		d := args[1].AsBig()
		if agg, ok := optAggAggregator(args[0]); ok {
			return nil, aggV1Of(agg).change(c, "aggregator", d, add)
		}
		v, limit, err := optAggInteger(args[0])
		if err != nil {
			return nil, err
		}
		if add {
			if v.Add(v, d).Cmp(limit) > 0 {
				return nil, c.Abort(native.Code(native.OutOfRange, eAggregatorOverflow))
			}
		} else if v.Sub(v, d).Sign() < 0 {
			return nil, c.Abort(native.Code(native.OutOfRange, eAggregatorUnderflow))
		}
		// integer (field 1) → its vec → the Integer → value (field 0).
		r, err := c.InnerRef(args[0], true, 1, 0, 0, 0)
		if err != nil {
			return nil, err
		}
		_, err = c.WriteThrough(r, movevm.U128(v))
		return nil, err
	}
}

// optAggDestroy is destroy: an aggregator's table item is removed; an
// Integer is simply dropped.
func optAggDestroy(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if agg, ok := optAggAggregator(args[0]); ok {
		return aggV1Destroy(c, targs, []movevm.Value{agg})
	}
	return nil, nil
}
