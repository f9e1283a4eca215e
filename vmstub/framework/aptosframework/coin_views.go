package aptosframework

// 0x1::coin's #[view] functions for any coin: balance and
// is_balance_at_least (a CoinStore plus the paired primary store), name,
// symbol, decimals, supply and coin_supply, is_coin_initialized,
// is_account_registered, is_coin_store_frozen, paired_metadata,
// paired_coin and the paired_*_ref_exists checks. The exported Go
// functions serve the executor's direct calls too.

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// coinViewFunctions are coin's views.
func coinViewFunctions() []native.Function {
	view := func(name string, params []string, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, TypeParams: generic, Params: params, Return: []string{ret}, Impl: impl}
	}
	return []native.Function{
		view("balance", []string{"address"}, "u64", viewCoinBalance),
		view("is_balance_at_least", []string{"address", "u64"}, "bool", viewCoinBalanceAtLeast),
		view("name", nil, tString, viewCoinInfo(0)),
		view("symbol", nil, tString, viewCoinInfo(1)),
		view("decimals", nil, "u8", viewCoinInfo(2)),
		view("supply", nil, "0x1::option::Option<u128>", viewCoinSupply(false)),
		view("coin_supply", nil, "0x1::option::Option<u128>", viewCoinSupply(true)),
		view("is_coin_initialized", nil, "bool", viewCoinInitialized),
		view("is_account_registered", []string{"address"}, "bool", viewCoinRegistered),
		view("is_coin_store_frozen", []string{"address"}, "bool", viewCoinStoreFrozen),
		view("paired_metadata", nil, tOptMeta, viewPairedMetadata),
		{Name: "paired_coin", IsView: true, Params: []string{tObjectMetadata}, Return: []string{"0x1::option::Option<" + tTypeInfo + ">"}, Impl: viewPairedCoin},
		view("paired_mint_ref_exists", nil, "bool", viewPairedRefExists(0)),
		view("paired_transfer_ref_exists", nil, "bool", viewPairedRefExists(1)),
		view("paired_burn_ref_exists", nil, "bool", viewPairedRefExists(2)),
	}
}

// CoinBalance is coin::balance<T>(owner): the value of owner's
// CoinStore<T> plus its primary store's balance of the paired asset.
func CoinBalance(h native.Host, owner ledgerapi.Address, coin ledgerapi.TypeTag) (uint64, error) {
	b, err := coinStoreBalance(h, owner, coin)
	if err != nil {
		return 0, err
	}
	meta, paired := APTMetadata, IsAPT(coin)
	if !paired {
		if meta, paired, err = PairedMetadata(h, coin); err != nil || !paired {
			return b, err
		}
	}
	fa, err := storeBalance(h, primaryStoreAddress(owner, meta))
	if err != nil {
		return 0, err
	}
	if b+fa < b {
		return 0, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "coin::balance overflows u64"}
	}
	return b + fa, nil
}

func viewCoinBalance(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	b, err := CoinBalance(hostOf(c), args[0].AsAddress(), t)
	return []movevm.Value{movevm.U64(b)}, err
}

// viewCoinBalanceAtLeast is is_balance_at_least<T>(owner, amount): the
// CoinStore, then the paired primary store for the rest.
func viewCoinBalanceAtLeast(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	h, owner, amount := hostOf(c), args[0].AsAddress(), args[1].AsU64()
	b, err := coinStoreBalance(h, owner, t)
	if err != nil || b >= amount {
		return []movevm.Value{movevm.Bool(err == nil)}, err
	}
	meta, ok, err := PairedMetadata(h, t)
	if err != nil || !ok {
		return []movevm.Value{movevm.Bool(false)}, err
	}
	fa, err := storeBalance(h, primaryStoreAddress(owner, meta))
	return []movevm.Value{movevm.Bool(fa >= amount-b)}, err
}

// CoinInfo is coin::name, symbol and decimals<T>: the fields of
// CoinInfo<T> (ECOIN_INFO_NOT_PUBLISHED without one).
func CoinInfo(h native.Host, coin ledgerapi.TypeTag) (name, symbol string, decimals uint8, err error) {
	if coin.Kind != ledgerapi.KindStruct {
		return "", "", 0, coinAbort(native.NotFound, eCoinInfoNotPublished)
	}
	b, ok, err := h.Resource(coin.Struct.Address, coinInfoTag(coin))
	if err != nil {
		return "", "", 0, err
	}
	if !ok {
		return "", "", 0, coinAbort(native.NotFound, eCoinInfoNotPublished)
	}
	d := bcs.NewDecoder(b)
	name, symbol, decimals = d.String("name"), d.String("symbol"), d.U8("decimals")
	return name, symbol, decimals, d.Err()
}

// viewCoinInfo returns field i (name, symbol or decimals) of CoinInfo<T>.
func viewCoinInfo(field int) native.Func {
	return func(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		name, symbol, decimals, err := CoinInfo(hostOf(c), t)
		if err != nil {
			return nil, err
		}
		if field == 2 {
			return []movevm.Value{movevm.U8(decimals)}, nil
		}
		var e bcs.Encoder
		e.String([]string{name, symbol}[field])
		return valueOf(c, stringType, e.Bytes())
	}
}

// CoinSupply is coin::supply<T>: the supply CoinInfo<T> tracks plus the
// paired asset's, as a u128's halves; tracked is false when CoinInfo<T>
// tracks none (ECOIN_INFO_NOT_PUBLISHED without CoinInfo<T>).
func CoinSupply(h native.Host, coin ledgerapi.TypeTag) (lo, hi uint64, tracked bool, err error) {
	if _, _, _, err := CoinInfo(h, coin); err != nil {
		return 0, 0, false, err
	}
	lo, hi, tracked, err = coinSupply(h, coin)
	if err != nil || !tracked {
		return 0, 0, false, err
	}
	meta, paired := APTMetadata, IsAPT(coin)
	if !paired {
		if meta, paired, err = PairedMetadata(h, coin); err != nil || !paired {
			return lo, hi, tracked, err
		}
	}
	var cs onchain.ConcurrentSupply
	if _, err := readResource(h, meta, concurrentSupplyTag, &cs); err != nil {
		return 0, 0, false, err
	}
	lo, carry := bits.Add64(lo, cs.Value, 0)
	hi, carry = bits.Add64(hi, cs.ValueHi, carry)
	if carry != 0 {
		return 0, 0, false, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "coin::supply overflows u128"}
	}
	return lo, hi, true, nil
}

// viewCoinSupply is supply<T> or, with coinOnly, coin_supply<T> (CoinInfo's
// own).
func viewCoinSupply(coinOnly bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		var lo, hi uint64
		var tracked bool
		if coinOnly {
			if _, _, _, err = CoinInfo(hostOf(c), t); err == nil {
				lo, hi, tracked, err = coinSupply(hostOf(c), t)
			}
		} else {
			lo, hi, tracked, err = CoinSupply(hostOf(c), t)
		}
		switch {
		case err != nil:
			return nil, err
		case !tracked:
			return valueOf(c, optionU128Type, []byte{0})
		}
		return valueOf(c, optionU128Type, u128Option(lo, hi))
	}
}

// coinInitialized is is_coin_initialized<T>: CoinInfo<T> exists at the
// coin's address.
func coinInitialized(h native.Host, coin ledgerapi.TypeTag) (bool, error) {
	a, err := coinAddress(coin)
	if err != nil {
		return false, err
	}
	_, ok, err := h.Resource(a, coinInfoTag(coin))
	return ok, err
}

func viewCoinInitialized(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	ok, err := coinInitialized(hostOf(c), t)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// IsAccountRegistered is coin::is_account_registered<T>(account): the coin
// must be initialized (ECOIN_INFO_NOT_PUBLISHED, invalid argument); the
// account is registered with a CoinStore<T> or a primary store of the
// paired asset. Every account is registered for APT.
func IsAccountRegistered(h native.Host, account ledgerapi.Address, coin ledgerapi.TypeTag) (bool, error) {
	if IsAPT(coin) {
		return true, nil
	}
	if ok, err := coinInitialized(h, coin); err != nil || !ok {
		if err == nil {
			err = coinAbort(native.InvalidArgument, eCoinInfoNotPublished)
		}
		return false, err
	}
	if _, ok, err := h.Resource(account, coinStoreTag(coin)); err != nil || ok {
		return ok, err
	}
	meta, ok, err := PairedMetadata(h, coin)
	if err != nil || !ok {
		return false, err
	}
	_, ok, err = h.Resource(primaryStoreAddress(account, meta), FungibleStoreTag)
	return ok, err
}

func viewCoinRegistered(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	ok, err := IsAccountRegistered(hostOf(c), args[0].AsAddress(), t)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// viewCoinStoreFrozen is is_coin_store_frozen<T>(account): true when the
// account is not registered, else its CoinStore's flag (a registration
// through the paired store alone has no CoinStore to borrow: MISSING_DATA,
// as on Aptos).
func viewCoinStoreFrozen(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	h, a := hostOf(c), args[0].AsAddress()
	ok, err := IsAccountRegistered(h, a, t)
	if err != nil || !ok {
		return []movevm.Value{movevm.Bool(true)}, err
	}
	var cs onchain.CoinStore
	if ok, err := readResource(h, a, coinStoreTag(t), &cs); err != nil {
		return nil, err
	} else if !ok {
		return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::coin::CoinStore does not exist"}
	}
	return []movevm.Value{movevm.Bool(cs.Frozen)}, nil
}

func viewPairedMetadata(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	meta, ok, err := PairedMetadata(hostOf(c), t)
	if err != nil {
		return nil, err
	}
	tag := ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(objectMetadataTag)}})
	if !ok {
		return valueOf(c, tag, []byte{0})
	}
	return valueOf(c, tag, append([]byte{1}, meta[:]...))
}

// viewPairedCoin is paired_coin(metadata): the PairedCoinType's TypeInfo
// at the metadata object, none without one.
func viewPairedCoin(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tag := ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{typeInfoType}})
	b, ok, err := hostOf(c).Resource(refAddress(args[0]), pairedCoinTypeTag)
	if err != nil {
		return nil, err
	}
	if !ok {
		return valueOf(c, tag, []byte{0})
	}
	return valueOf(c, tag, append([]byte{1}, b...))
}

// viewPairedRefExists is paired_mint_ref_exists (0), _transfer_ (1) and
// _burn_ (2): whether the ref is still in PairedFungibleAssetRefs.
func viewPairedRefExists(which int) native.Func {
	return func(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		_, refs, err := pairedRefs(hostOf(c), t)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.Bool(refs[which] != nil)}, nil
	}
}
