package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// The 0x1::coin functions Move code moves coins with: withdraw takes APT
// out of the signer's primary fungible store as a Coin value (APT is held
// in fungible stores), deposit puts a Coin into an account's primary
// store; merge, extract, value, zero and destroy_zero work on the value.
// Only APT (0x1::aptos_coin::AptosCoin) is a coin here.

const tCoinT0 = "0x1::coin::Coin<T0>"

// coinFunctions are the coin module's functions for Move code.
func coinFunctions() []Function {
	fs := []Function{
		pub("withdraw", []string{"&signer", "u64"}, []string{tCoinT0}, nativeCoinWithdraw),
		pub("deposit", []string{"address", tCoinT0}, nil, nativeCoinDeposit),
		pub("value", []string{"&" + tCoinT0}, []string{"u64"}, func(c *Call) ([][]byte, error) { return one(c.Args[0]) }),
		pub("zero", nil, []string{tCoinT0}, func(*Call) ([][]byte, error) { return one(U64Value(0)) }),
		pub("destroy_zero", []string{tCoinT0}, nil, func(c *Call) ([][]byte, error) {
			if c.ArgU64(0) != 0 {
				return nil, &Abort{Module: coinModuleID, Code: AbortCode(CategoryInvalidArgument, eDestructionOfNonzeroToken)}
			}
			return nil, nil
		}),
		pub("register", []string{"&signer"}, nil, func(*Call) ([][]byte, error) { return nil, nil }),
		{Name: "merge", Params: []string{"&mut " + tCoinT0, tCoinT0}, MoveNative: nativeCoinMerge},
		{Name: "extract", Params: []string{"&mut " + tCoinT0, "u64"}, Return: []string{tCoinT0}, MoveNative: nativeCoinExtract(false)},
		{Name: "extract_all", Params: []string{"&mut " + tCoinT0}, Return: []string{tCoinT0}, MoveNative: nativeCoinExtract(true)},
	}
	for i := range fs {
		fs[i] = generic(fs[i], anyParam)
	}
	return fs
}

// coinNotPublished is the abort of a coin operation on a coin type other
// than APT: it has no CoinStore anywhere.
func coinNotPublished() error {
	return &Abort{Module: coinModuleID, Code: AbortCode(CategoryNotFound, eCoinStoreNotPublished)}
}

// nativeCoinWithdraw is coin::withdraw<T>(account, amount): Coin<T>. As
// Aptos does for an account without a CoinStore: nothing is withdrawn for
// zero; an account without a primary store of the paired asset (or a coin
// without one) aborts with coin's EINSUFFICIENT_BALANCE; otherwise the
// amount comes out of the primary store, whose short balance aborts with
// fungible_asset's EINSUFFICIENT_BALANCE.
func nativeCoinWithdraw(c *Call) ([][]byte, error) {
	from, amount := c.Signers[0], c.ArgU64(0)
	if amount == 0 {
		return one(U64Value(0))
	}
	insufficient := &Abort{Module: coinModuleID, Code: AbortCode(CategoryInvalidArgument, eCoinInsufficientBalance)}
	if !isAPT(c.TypeArgs[0]) {
		return nil, insufficient
	}
	store := c.primaryStore(from, aptMetadata)
	if _, ok, err := c.Resource(store, fungibleStoreTag); err != nil || !ok {
		return nil, firstErr(err, insufficient)
	}
	ok, err := c.withdrawFrom(store, amount)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &Abort{Module: faModuleID, Code: AbortCode(CategoryInvalidArgument, eFAInsufficientBalance)}
	}
	return one(U64Value(amount))
}

// nativeCoinDeposit is coin::deposit<T>(account_addr, coin).
func nativeCoinDeposit(c *Call) ([][]byte, error) {
	if !isAPT(c.TypeArgs[0]) {
		return nil, coinNotPublished()
	}
	store, err := c.ensurePrimaryStore(c.ArgAddress(0), aptMetadata)
	if err != nil {
		return nil, err
	}
	return nil, c.depositTo(store, c.ArgU64(1))
}

// coinValue returns the value of a Coin and a Coin of the same type
// holding n.
func coinWith(coin movevm.Value, n uint64) movevm.Value {
	return movevm.NewStruct(coin.Type(), []movevm.Value{movevm.U64(n)})
}

// nativeCoinMerge is coin::merge(dst, source): dst takes source's value.
// source is taken apart, dst's value field written in place.
func nativeCoinMerge(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	dst, _ := args[0].Deref()
	a, b := dst.Elem(0).AsU64(), args[1].Elem(0).AsU64()
	if a+b < a {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "coin::merge overflows u64"}
	}
	if _, err := unpackN(args[1], 1); err != nil {
		return nil, err
	}
	return nil, setU64Field(ctx, args[0], 0, a+b)
}

// setU64Field writes u64 field i of the struct ref points at, in place, so
// that every reference to the struct or into it sees the new value.
func setU64Field(ctx *movevm.NativeContext, ref movevm.Value, i int, x uint64) error {
	r, err := ctx.InnerRef(ref, true, i)
	if err != nil {
		return err
	}
	_, err = ctx.WriteThrough(r, movevm.U64(x))
	return err
}

// nativeCoinExtract is coin::extract(coin, amount) or, with all,
// coin::extract_all(coin): a new Coin taken out of coin, whose value is
// written in place.
func nativeCoinExtract(all bool) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		src, _ := args[0].Deref()
		have := src.Elem(0).AsU64()
		amount := have
		if !all {
			amount = args[1].AsU64()
		}
		if amount > have {
			return nil, &movevm.NativeAbort{Code: AbortCode(CategoryInvalidArgument, eCoinInsufficientBalance)}
		}
		if err := setU64Field(ctx, args[0], 0, have-amount); err != nil {
			return nil, err
		}
		return []movevm.Value{coinWith(src, amount)}, nil
	}
}
