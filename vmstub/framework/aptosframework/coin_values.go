package aptosframework

// 0x1::coin's functions on Coin values (a Coin<T> holds its value):
// value, zero, destroy_zero, merge, extract and extract_all. Withdrawals,
// deposits, transfers and registration are in coin_transfer.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const tCoinT0 = "0x1::coin::Coin<T0>"

// coinValueFunctions are the coin module's functions for Move code.
func coinValueFunctions() []native.Function {
	fs := []native.Function{
		{Name: "value", Params: []string{"&" + tCoinT0}, Return: []string{"u64"}, Impl: coinValue},
		{Name: "zero", Return: []string{tCoinT0}, Impl: func(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
			return newCoin(c, targs[0], 0)
		}},
		{Name: "destroy_zero", Params: []string{tCoinT0}, Impl: coinDestroyZero},
		{Name: "merge", Params: []string{"&mut " + tCoinT0, tCoinT0}, Impl: coinMerge},
		{Name: "extract", Params: []string{"&mut " + tCoinT0, "u64"}, Return: []string{tCoinT0}, Impl: coinExtract(false)},
		{Name: "extract_all", Params: []string{"&mut " + tCoinT0}, Return: []string{tCoinT0}, Impl: coinExtract(true)},
	}
	for i := range fs {
		fs[i].TypeParams = generic
	}
	return append(fs, coinTransferFunctions()...)
}

// newCoin is a Coin<t> holding n.
func newCoin(c *native.Context, t *movevm.Type, n uint64) ([]movevm.Value, error) {
	tag, err := coinType(t)
	if err != nil {
		return nil, err
	}
	ct, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "coin", Name: "Coin", TypeArgs: []ledgerapi.TypeTag{tag}})
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(ct, []movevm.Value{movevm.U64(n)})}, nil
}

// coinAmount is the value of the Coin v (through a reference or not).
func coinAmount(v movevm.Value) uint64 {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v.Elem(0).AsU64()
}

func coinValue(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(coinAmount(args[0]))}, nil
}

// coinDestroyZero is destroy_zero<T>(coin): only an empty one
// (EDESTRUCTION_OF_NONZERO_TOKEN).
func coinDestroyZero(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if coinAmount(args[0]) != 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eDestructionOfNonzeroToken))
	}
	movevm.Unpack(args[0])
	return nil, nil
}

// coinMerge is coin::merge(dst, source): dst takes source's value; source
// is taken apart, dst's value written in place.
func coinMerge(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, b := coinAmount(args[0]), coinAmount(args[1])
	if a+b < a {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "coin::merge overflows u64"}
	}
	if f := movevm.Unpack(args[1]); len(f) != 1 {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "coin::merge of a malformed Coin"}
	}
	return nil, setU64Field(c, args[0], 0, a+b)
}

// coinExtract is coin::extract(coin, amount) or, with all,
// coin::extract_all(coin): a new Coin taken out of coin
// (EINSUFFICIENT_BALANCE beyond its value), whose value is written in
// place.
func coinExtract(all bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		have := coinAmount(args[0])
		amount := have
		if !all {
			amount = args[1].AsU64()
		}
		if amount > have {
			return nil, c.Abort(native.Code(native.InvalidArgument, eCoinInsufficientBalance))
		}
		if err := setU64Field(c, args[0], 0, have-amount); err != nil {
			return nil, err
		}
		src, _ := args[0].Deref()
		return []movevm.Value{movevm.NewStruct(src.Type(), []movevm.Value{movevm.U64(amount)})}, nil
	}
}
