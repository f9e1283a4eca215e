package aptosframework

// 0x1::aggregator: the (v1) Aggregator, a u128 counter with a limit whose
// value lives in a table item (the aggregator's key under its handle), and
// AggregatorSnapshot; limit, add and sub (OUT_OF_RANGE(EAGGREGATOR_OVERFLOW)
// past the limit, OUT_OF_RANGE(EAGGREGATOR_UNDERFLOW) below zero, as
// Aptos's natives raise), read, deferred_read (a snapshot of the value
// read now: transactions run one at a time here), destroy and get_value.
// Only 0x1's aggregator_factory can make an aggregator, which this node
// never does (CoinInfo's supplies are Integers), so these run only on
// aggregators that cannot exist yet; a value missing from its table is 0.
// optional_aggregator.go uses the same value access.

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// eAggregatorNotSupp is ENOT_SUPPORTED of 0x1::aggregator; its
// EAGGREGATOR_OVERFLOW and EAGGREGATOR_UNDERFLOW (as optional_aggregator's)
// have aggregator_v2's values (eAggregatorOverflow, eAggregatorUnderflow).
const eAggregatorNotSupp = 3

// Aggregator declares 0x1::aggregator.
func Aggregator() native.Module {
	const agg, snap = "0x1::aggregator::Aggregator", "0x1::aggregator::AggregatorSnapshot"
	fn := func(name string, params, ret []string, f native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: f}
	}
	return native.Module{Address: addr, Name: "aggregator",
		Structs: []native.Struct{
			{Name: "Aggregator", Abilities: []string{native.AbilityStore}, Fields: []string{"handle: address", "key: address", "limit: u128"}},
			{Name: "AggregatorSnapshot", Abilities: []string{native.AbilityStore}, Fields: []string{"value: u128"}},
		},
		Functions: []native.Function{
			fn("limit", []string{"&" + agg}, []string{"u128"}, aggV1Limit),
			fn("add", []string{"&mut " + agg, "u128"}, nil, aggV1Change(true)),
			fn("sub", []string{"&mut " + agg, "u128"}, nil, aggV1Change(false)),
			fn("read", []string{"&" + agg}, []string{"u128"}, aggV1Read),
			fn("deferred_read", []string{"&" + agg}, []string{snap}, aggV1DeferredRead),
			fn("destroy", []string{agg}, nil, aggV1Destroy),
			fn("get_value", []string{snap}, []string{"u128"}, func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				return []movevm.Value{movevm.U128(args[0].Elem(0).AsBig())}, nil
			}),
		},
		Errors: []native.AbortReason{
			{Reason: eAggregatorOverflow, Name: "EAGGREGATOR_OVERFLOW", Description: "The value of aggregator overflows. Raised by native code."},
			{Reason: eAggregatorUnderflow, Name: "EAGGREGATOR_UNDERFLOW", Description: "The value of aggregator underflows (goes below zero). Raised by native code."},
			{Reason: eAggregatorNotSupp, Name: "ENOT_SUPPORTED", Description: "Aggregator feature is not supported. Raised by native code."},
		},
	}
}

// aggV1 is an Aggregator's table slot and limit.
type aggV1 struct {
	handle ledgerapi.Address
	key    []byte
	limit  *big.Int
}

// aggV1Of reads the Aggregator v is (or a reference points at).
func aggV1Of(v movevm.Value) aggV1 {
	if d, ok := v.Deref(); ok {
		v = d
	}
	k := v.Elem(1).AsAddress()
	return aggV1{handle: v.Elem(0).AsAddress(), key: append([]byte(nil), k[:]...), limit: v.Elem(2).AsBig()}
}

// value reads the aggregator's value (0 when its item is missing).
func (a aggV1) value(h native.Host) (*big.Int, error) {
	b, ok, err := h.TableItem(a.handle, a.key)
	if err != nil || !ok {
		return new(big.Int), err
	}
	d := bcs.NewDecoder(b)
	lo, hi := d.U128("aggregator value")
	if d.Finish() != nil {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "0x1::aggregator: a value that is not a u128"}
	}
	return u128Big(lo, hi), nil
}

// change adds (or, with add false, subtracts) d: OUT_OF_RANGE overflow
// past the limit, underflow below zero, both located in module.
func (a aggV1) change(c *native.Context, module string, d *big.Int, add bool) error {
	h := native.Metered(c)
	v, err := a.value(h)
	if err != nil {
		return err
	}
	if add {
		if v.Add(v, d).Cmp(a.limit) > 0 {
			return abortIn(module, native.OutOfRange, eAggregatorOverflow)
		}
	} else if v.Sub(v, d).Sign() < 0 {
		return abortIn(module, native.OutOfRange, eAggregatorUnderflow)
	}
	var e bcs.Encoder
	e.U128(u128Parts(v))
	return h.SetTableItem(a.handle, a.key, e.Bytes())
}

func aggV1Limit(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U128(aggV1Of(args[0]).limit)}, nil
}

func aggV1Change(add bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		return nil, aggV1Of(args[0]).change(c, "aggregator", args[1].AsBig(), add)
	}
}

func aggV1Read(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := aggV1Of(args[0]).value(native.Metered(c))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U128(v)}, nil
}

func aggV1DeferredRead(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := aggV1Of(args[0]).value(native.Metered(c))
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(tag1("aggregator", "AggregatorSnapshot")))
	if err != nil {
		return nil, err
	}
	s, err := c.Struct(t, movevm.U128(v))
	return []movevm.Value{s}, err
}

// aggV1Destroy is destroy: the aggregator's table item is removed.
func aggV1Destroy(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := aggV1Of(args[0])
	h := native.Metered(c)
	if _, ok, err := h.TableItem(a.handle, a.key); err != nil || !ok {
		return nil, err
	}
	return nil, h.DeleteTableItem(a.handle, a.key)
}
