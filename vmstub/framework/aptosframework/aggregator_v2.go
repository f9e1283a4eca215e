package aptosframework

// 0x1::aggregator_v2: Aggregator<T> (a value bounded by max_value, T u64 or
// u128), AggregatorSnapshot<T> and DerivedStringSnapshot, with every
// function of the module as on Aptos. Transactions here run one after the
// other, so an aggregator is a plain integer: try_add and try_sub change
// it or report false, read and snapshot see its current value. Derived
// strings are stored at Aptos's fixed width (value and zero padding).
// Other element types abort as Aptos's natives do:
// EUNSUPPORTED_AGGREGATOR_TYPE (0x30007) for aggregators,
// EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE (0x30005) for snapshots;
// copy_snapshot and string_concat are deprecated and always abort with
// EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED (0x30009).

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::aggregator_v2.
const (
	eAggregatorOverflow        = 1
	eAggregatorUnderflow       = 2
	eUnsupportedSnapshotType   = 5
	eAggregatorAPINotEnabled   = 6
	eUnsupportedAggregatorType = 7
	eConcatStringTooLarge      = 8
	eAggregatorNotYetSupported = 9
)

// derivedStringMaxInput bounds the bytes a derived string is made of
// (prefix and suffix together), as on Aptos.
const derivedStringMaxInput = 1024

// AggregatorV2 declares 0x1::aggregator_v2.
func AggregatorV2() native.Module {
	dropStore := []string{native.AbilityDrop, native.AbilityStore}
	cd := []native.TypeParam{{Constraints: []string{native.AbilityCopy, native.AbilityDrop}}}
	anyT := []native.TypeParam{{}}
	const (
		agg  = "0x1::aggregator_v2::Aggregator<T0>"
		snap = "0x1::aggregator_v2::AggregatorSnapshot<T0>"
		der  = "0x1::aggregator_v2::DerivedStringSnapshot"
	)
	fn := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	isAtLeastImpl := fn("is_at_least_impl", anyT, []string{"&" + agg, "T0"}, []string{"bool"}, aggIsAtLeast)
	isAtLeastImpl.Visibility = native.Private
	return native.Module{Address: addr, Name: "aggregator_v2",
		Structs: []native.Struct{
			{Name: "Aggregator", Abilities: dropStore, TypeParams: anyT, Fields: []string{"value: T0", "max_value: T0"}},
			{Name: "AggregatorSnapshot", Abilities: dropStore, TypeParams: anyT, Fields: []string{"value: T0"}},
			{Name: "DerivedStringSnapshot", Abilities: dropStore, Fields: []string{"value: " + tString, "padding: vector<u8>"}},
		},
		Functions: []native.Function{
			fn("max_value", cd, []string{"&" + agg}, []string{"T0"}, aggMaxValue),
			fn("create_aggregator", cd, []string{"T0"}, []string{agg}, aggCreate(false, true)),
			fn("create_aggregator_with_value", cd, []string{"T0", "T0"}, []string{agg}, aggCreate(true, true)),
			fn("create_unbounded_aggregator", cd, nil, []string{agg}, aggCreate(false, false)),
			fn("create_unbounded_aggregator_with_value", cd, []string{"T0"}, []string{agg}, aggCreate(true, false)),
			fn("try_add", anyT, []string{"&mut " + agg, "T0"}, []string{"bool"}, aggTry(true, false)),
			fn("add", anyT, []string{"&mut " + agg, "T0"}, nil, aggTry(true, true)),
			fn("try_sub", anyT, []string{"&mut " + agg, "T0"}, []string{"bool"}, aggTry(false, false)),
			fn("sub", anyT, []string{"&mut " + agg, "T0"}, nil, aggTry(false, true)),
			isAtLeastImpl,
			fn("is_at_least", anyT, []string{"&" + agg, "T0"}, []string{"bool"}, aggIsAtLeast),
			fn("read", anyT, []string{"&" + agg}, []string{"T0"}, aggRead),
			fn("snapshot", anyT, []string{"&" + agg}, []string{snap}, aggSnapshot),
			fn("create_snapshot", cd, []string{"T0"}, []string{snap}, createSnapshot),
			fn("read_snapshot", anyT, []string{"&" + snap}, []string{"T0"}, readSnapshot),
			fn("read_derived_string", nil, []string{"&" + der}, []string{tString}, readDerivedString),
			fn("create_derived_string", nil, []string{tString}, []string{der}, createDerivedString),
			fn("derive_string_concat", anyT, []string{tString, "&" + snap, tString}, []string{der}, deriveStringConcat),
			fn("copy_snapshot", cd, []string{"&" + snap}, []string{snap}, aggNotYetSupported),
			fn("string_concat", anyT, []string{tString, "&" + snap, tString},
				[]string{"0x1::aggregator_v2::AggregatorSnapshot<0x1::string::String>"}, aggNotYetSupported),
		},
		Errors: []native.AbortReason{
			{Reason: eAggregatorOverflow, Name: "EAGGREGATOR_OVERFLOW", Description: "The value of aggregator overflows. Raised by unconditional add() call"},
			{Reason: eAggregatorUnderflow, Name: "EAGGREGATOR_UNDERFLOW", Description: "The value of aggregator underflows (goes below zero). Raised by uncoditional sub() call"},
			{Reason: eUnsupportedSnapshotType, Name: "EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE", Description: "The generic type supplied to the aggregator snapshot is not supported."},
			{Reason: eAggregatorAPINotEnabled, Name: "EAGGREGATOR_API_V2_NOT_ENABLED", Description: "The aggregator api v2 feature flag is not enabled."},
			{Reason: eUnsupportedAggregatorType, Name: "EUNSUPPORTED_AGGREGATOR_TYPE", Description: "The generic type supplied to the aggregator is not supported."},
			{Reason: eConcatStringTooLarge, Name: "ECONCAT_STRING_LENGTH_TOO_LARGE", Description: "Arguments passed to concat exceed max limit of 1024 bytes (for prefix and suffix together)."},
			{Reason: eAggregatorNotYetSupported, Name: "EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED", Description: "The native aggregator function, that is in the move file, is not yet supported. and any calls will raise this error."},
		},
	}
}

// aggregatorIntCost is the units an aggregator operation costs (a u128
// add or compare and the value written back).
const aggregatorIntCost = native.WideIntCost

// elemMax is the largest value of the aggregator element type t (u64 or
// u128), and false for any other type.
func elemMax(t *movevm.Type) (*big.Int, bool) {
	switch t.Kind {
	case movevm.KindU64:
		return new(big.Int).SetUint64(maxU64), true
	case movevm.KindU128:
		return new(big.Int).Set(maxU128), true
	}
	return nil, false
}

// maxU128 is u128::MAX.
var maxU128 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))

// copyInt is a fresh copy of the integer v (u64 or u128).
func copyInt(v movevm.Value) movevm.Value { return intOf(v.Type(), v.AsBig()) }

// intOf is the value of type t (u64 or u128) holding x, which fits.
func intOf(t *movevm.Type, x *big.Int) movevm.Value {
	if t.Kind == movevm.KindU64 {
		return movevm.U64(x.Uint64())
	}
	return movevm.U128(x)
}

// aggregatorOf is the runtime type name<t> of aggregator_v2.
func aggregatorOf(c *native.Context, name string, t *movevm.Type) (*movevm.Type, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, t)
	if err != nil {
		return nil, err
	}
	return c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "aggregator_v2", Name: name,
		TypeArgs: []ledgerapi.TypeTag{tag}}))
}

// aggAbort aborts aggregator_v2 with the full code given.
func aggAbort(category, reason uint64) error { return abortIn("aggregator_v2", category, reason) }

// aggCreate is create_aggregator(max) (bounded), create_unbounded_aggregator(),
// and their _with_value forms, which add the start value first
// (EAGGREGATOR_OVERFLOW above the maximum).
func aggCreate(withValue, bounded bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := c.Charge(aggregatorIntCost); err != nil {
			return nil, err
		}
		t := targs[0]
		limit, ok := elemMax(t)
		if !ok {
			return nil, aggAbort(native.InvalidState, eUnsupportedAggregatorType)
		}
		start := new(big.Int)
		if withValue {
			start = args[0].AsBig()
		}
		if bounded {
			limit = args[len(args)-1].AsBig()
		}
		if start.Cmp(limit) > 0 {
			return nil, aggAbort(native.OutOfRange, eAggregatorOverflow)
		}
		at, err := aggregatorOf(c, "Aggregator", t)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.NewStruct(at, []movevm.Value{intOf(t, start), intOf(t, limit)})}, nil
	}
}

// aggFields are the value and max_value of the aggregator v points at.
func aggFields(v movevm.Value) (value, limit *big.Int) {
	v = derefValue(v)
	return v.Elem(0).AsBig(), v.Elem(1).AsBig()
}

func aggMaxValue(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v := derefValue(args[0]).Elem(1)
	if _, ok := elemMax(v.Type()); ok {
		v = copyInt(v)
	}
	return []movevm.Value{v}, nil
}

// aggTry is try_add / try_sub (false when the result would leave
// [0, max_value], the aggregator unchanged) and add / sub, which abort
// then with EAGGREGATOR_OVERFLOW / EAGGREGATOR_UNDERFLOW.
func aggTry(plus, must bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := c.Charge(aggregatorIntCost); err != nil {
			return nil, err
		}
		if _, ok := elemMax(targs[0]); !ok {
			return nil, aggAbort(native.InvalidState, eUnsupportedAggregatorType)
		}
		ok, err := aggApply(c, args[0], args[1].AsBig(), plus)
		switch {
		case err != nil:
			return nil, err
		case must && !ok && plus:
			return nil, aggAbort(native.OutOfRange, eAggregatorOverflow)
		case must && !ok:
			return nil, aggAbort(native.OutOfRange, eAggregatorUnderflow)
		case must:
			return nil, nil
		}
		return []movevm.Value{movevm.Bool(ok)}, nil
	}
}

// aggApply adds (or subtracts) x to the aggregator ref points at, in
// place, and reports false, changing nothing, when the result would leave
// [0, max_value].
func aggApply(c *native.Context, ref movevm.Value, x *big.Int, plus bool) (bool, error) {
	value, limit := aggFields(ref)
	if plus {
		value.Add(value, x)
	} else {
		value.Sub(value, x)
	}
	if value.Sign() < 0 || value.Cmp(limit) > 0 {
		return false, nil
	}
	r, err := c.InnerRef(ref, true, 0)
	if err != nil {
		return false, err
	}
	_, err = c.WriteThrough(r, intOf(derefValue(ref).Elem(0).Type(), value))
	return err == nil, err
}

// aggIsAtLeast is is_at_least(aggregator, min) (and is_at_least_impl).
func aggIsAtLeast(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := c.Charge(aggregatorIntCost); err != nil {
		return nil, err
	}
	if _, ok := elemMax(targs[0]); !ok {
		return nil, aggAbort(native.InvalidState, eUnsupportedAggregatorType)
	}
	value, _ := aggFields(args[0])
	return []movevm.Value{movevm.Bool(value.Cmp(args[1].AsBig()) >= 0)}, nil
}

func aggRead(_ *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := elemMax(targs[0]); !ok {
		return nil, aggAbort(native.InvalidState, eUnsupportedAggregatorType)
	}
	return []movevm.Value{copyInt(derefValue(args[0]).Elem(0))}, nil
}

// aggSnapshot is snapshot(aggregator): its current value.
func aggSnapshot(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := elemMax(targs[0]); !ok {
		return nil, aggAbort(native.InvalidState, eUnsupportedAggregatorType)
	}
	return newSnapshot(c, targs[0], copyInt(derefValue(args[0]).Elem(0)))
}

// newSnapshot is AggregatorSnapshot<t>{value}.
func newSnapshot(c *native.Context, t *movevm.Type, value movevm.Value) ([]movevm.Value, error) {
	st, err := aggregatorOf(c, "AggregatorSnapshot", t)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(st, []movevm.Value{value})}, nil
}

func createSnapshot(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := elemMax(targs[0]); !ok {
		return nil, aggAbort(native.InvalidState, eUnsupportedSnapshotType)
	}
	return newSnapshot(c, targs[0], args[0])
}

func readSnapshot(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := elemMax(targs[0]); !ok {
		return nil, aggAbort(native.InvalidState, eUnsupportedSnapshotType)
	}
	return []movevm.Value{copyInt(derefValue(args[0]).Elem(0))}, nil
}

// readDerivedString is read_derived_string(snapshot): a copy of its value.
func readDerivedString(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b := movestdlib.StringBytes(derefValue(args[0]).Elem(0))
	s, err := movestdlib.NewString(c, b)
	return []movevm.Value{s}, err
}

// createDerivedString is create_derived_string(value): the string stored
// at the width of a constant string (ECONCAT_STRING_LENGTH_TOO_LARGE,
// 0x30008, above 1024 bytes).
func createDerivedString(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b := movestdlib.StringBytes(args[0])
	if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
		return nil, err
	}
	if len(b) > derivedStringMaxInput {
		return nil, aggAbort(native.InvalidState, eConcatStringTooLarge)
	}
	return derivedString(c, b, ConstantStringWidth(len(b)))
}

// deriveStringConcat is derive_string_concat(before, snapshot, after):
// before ‖ decimal(snapshot) ‖ after, stored at the width the widest value
// of the snapshot's type would need.
func deriveStringConcat(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	prefix, suffix := movestdlib.StringBytes(args[0]), movestdlib.StringBytes(args[2])
	if err := native.ChargeRead(c.NativeContext, len(prefix)+len(suffix)); err != nil {
		return nil, err
	}
	if len(prefix)+len(suffix) > derivedStringMaxInput {
		return nil, aggAbort(native.InvalidState, eConcatStringTooLarge)
	}
	digits := 0
	switch targs[0].Kind {
	case movevm.KindU64:
		digits = u64Digits
	case movevm.KindU128:
		digits = u128Digits
	default:
		return nil, aggAbort(native.InvalidState, eUnsupportedSnapshotType)
	}
	if err := c.Charge(aggregatorIntCost); err != nil {
		return nil, err
	}
	out := append(append(append([]byte(nil), prefix...), derefValue(args[1]).Elem(0).AsBig().String()...), suffix...)
	return derivedString(c, out, IntegerStringWidth(len(prefix)+len(suffix), digits))
}

// derivedString is DerivedStringSnapshot{value: b, padding} at width.
func derivedString(c *native.Context, b []byte, width int) ([]movevm.Value, error) {
	e := bcs.NewEncoder(width)
	e.WriteBytes(b)
	e.WriteBytes(DerivedPadding(len(b), width))
	return valueOf(c, ledgerapi.StructType(tag1("aggregator_v2", "DerivedStringSnapshot")), e.Bytes())
}

func aggNotYetSupported(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, aggAbort(native.InvalidState, eAggregatorNotYetSupported)
}

// Derived strings (DerivedStringSnapshot) are stored at a fixed width, the
// serialized size of value and padding together: for a constant string
// the larger of its own size (with an empty padding) and what a u64
// placeholder needs; for a string embedding an integer its size with the
// widest value of the integer's type in it. The padding is zeros filling
// up to the width.
const (
	u64Digits  = 20
	u128Digits = 39
)

// bcsBytesSize is the BCS size of a byte vector of n bytes.
func bcsBytesSize(n int) int {
	size := 1
	for x := n; x >= 0x80; x >>= 7 {
		size++
	}
	return size + n
}

// ConstantStringWidth is the width of a derived string made from n bytes.
func ConstantStringWidth(n int) int { return max(bcsBytesSize(n)+1, u64Digits+2) }

// IntegerStringWidth is the width of a derived string made of n bytes
// around an integer of at most digits decimal digits.
func IntegerStringWidth(n, digits int) int { return bcsBytesSize(n+digits) + 1 }

// DerivedPadding is the padding of a derived string of n bytes stored at
// width.
func DerivedPadding(n, width int) []byte {
	return make([]byte, max(width-bcsBytesSize(n)-1, 0))
}
