package aptosframework

// 0x1::coin: the declaration of the module, its transfer entry function
// and its views. APT is a coin paired with the fungible asset at 0xa, and
// its balances live in primary fungible stores (no CoinStore is created),
// as with NEW_ACCOUNTS_DEFAULT_TO_FA_APT_STORE and
// OPERATIONS_DEFAULT_TO_FA_APT_STORE on; legacy CoinStores a host wrote are
// counted by the views and moved by migrate_to_fungible_store
// (coin_migrate.go). Coin values Move code holds are in coin_values.go.
// Only APT (0x1::aptos_coin::AptosCoin) is a known coin.

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::coin.
const (
	eCoinInfoNotPublished      = 3
	eCoinStoreNotPublished     = 5
	eCoinInsufficientBalance   = 6
	eDestructionOfNonzeroToken = 7
)

var (
	aptosCoinTag = tag1("aptos_coin", "AptosCoin")
	typeInfoType = ledgerapi.StructType(tag1("type_info", "TypeInfo"))
)

// Coin declares 0x1::coin.
func Coin() native.Module {
	const (
		tTypeInfo   = "0x1::type_info::TypeInfo"
		eventHandle = "0x1::event::EventHandle<"
	)
	any1 := []native.TypeParam{{}}
	phantom := []native.TypeParam{{Phantom: true}}
	key, dropStore := []string{native.AbilityKey}, []string{native.AbilityDrop, native.AbilityStore}
	event := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: dropStore, Fields: fields, IsEvent: true}
	}
	group := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: key, Fields: fields, ObjectGroup: true}
	}
	coinEvent := func(name string) native.Struct {
		return event(name, "coin_type: "+tString, "account: address", "amount: u64")
	}
	view := func(name string, params []string, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, TypeParams: any1, Params: params, Return: []string{ret}, Impl: impl}
	}
	fs := []native.Function{
		{Name: "transfer", IsEntry: true, TypeParams: any1, Params: []string{"&signer", "address", "u64"}, Impl: coinTransfer},
		{Name: "migrate_to_fungible_store", IsEntry: true, TypeParams: any1, Params: []string{"&signer"}, Impl: migrateToFungibleStore},
		view("balance", []string{"address"}, "u64", viewCoinBalance),
		view("name", nil, tString, viewCoinInfo(0)),
		view("symbol", nil, tString, viewCoinInfo(1)),
		view("decimals", nil, "u8", viewCoinInfo(2)),
		view("supply", nil, "0x1::option::Option<u128>", viewCoinSupply),
		view("is_account_registered", []string{"address"}, "bool", viewCoinRegistered),
		view("paired_metadata", nil, "0x1::option::Option<"+tObjectMetadata+">", viewPairedMetadata),
		{Name: "paired_coin", IsView: true, Params: []string{tObjectMetadata}, Return: []string{"0x1::option::Option<" + tTypeInfo + ">"}, Impl: viewPairedCoin},
	}
	return native.Module{Address: addr, Name: "coin", Friends: []string{"0x1::aptos_account"},
		Structs: []native.Struct{
			{Name: "Coin", Abilities: []string{native.AbilityStore}, TypeParams: phantom, Fields: []string{"value: u64"}},
			{Name: "CoinStore", Abilities: key, TypeParams: phantom, Fields: []string{"coin: 0x1::coin::Coin<T0>", "frozen: bool",
				"deposit_events: " + eventHandle + "0x1::coin::DepositEvent>", "withdraw_events: " + eventHandle + "0x1::coin::WithdrawEvent>"}},
			{Name: "CoinInfo", Abilities: key, TypeParams: phantom, Fields: []string{"name: " + tString, "symbol: " + tString, "decimals: u8",
				"supply: 0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>"}},
			{Name: "DepositEvent", Abilities: dropStore, Fields: []string{"amount: u64"}},
			{Name: "WithdrawEvent", Abilities: dropStore, Fields: []string{"amount: u64"}},
			coinEvent("CoinDeposit"),
			coinEvent("CoinWithdraw"),
			group("PairedCoinType", "type: "+tTypeInfo),
			group("PairedFungibleAssetRefs", "mint_ref_opt: 0x1::option::Option<0x1::fungible_asset::MintRef>",
				"transfer_ref_opt: 0x1::option::Option<0x1::fungible_asset::TransferRef>",
				"burn_ref_opt: 0x1::option::Option<0x1::fungible_asset::BurnRef>"),
			event("PairCreation", "coin_type: "+tTypeInfo, "fungible_asset_metadata_address: address"),
			event("CoinEventHandleDeletion", "event_handle_creation_address: address",
				"deleted_deposit_event_handle_creation_number: u64", "deleted_withdraw_event_handle_creation_number: u64"),
			event("CoinStoreDeletion", "coin_type: "+tString, "event_handle_creation_address: address",
				"deleted_deposit_event_handle_creation_number: u64", "deleted_withdraw_event_handle_creation_number: u64"),
		},
		Functions: append(fs, coinValueFunctions()...),
		Errors: []native.AbortReason{
			{Reason: eCoinInfoNotPublished, Name: "ECOIN_INFO_NOT_PUBLISHED", Description: "`CoinType` hasn't been initialized as a coin"},
			{Reason: eCoinStoreNotPublished, Name: "ECOIN_STORE_NOT_PUBLISHED", Description: "Account hasn't registered `CoinStore` for `CoinType`"},
			{Reason: eCoinInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Not enough coins to complete transaction"},
			{Reason: eDestructionOfNonzeroToken, Name: "EDESTRUCTION_OF_NONZERO_TOKEN", Description: "Cannot destroy non-zero coins"},
		},
	}
}

// IsAPT reports whether the coin type t is 0x1::aptos_coin::AptosCoin,
// the only known coin (coin::is_account_registered: APT's primary stores
// need no registration).
func IsAPT(t ledgerapi.TypeTag) bool {
	return t.Kind == ledgerapi.KindStruct && t.Struct.Equal(aptosCoinTag)
}

// coinAbort is an abort of coin.
func coinAbort(category, reason uint64) error { return abortIn("coin", category, reason) }

// coinType is the tag of the coin type argument t. Type arguments were
// bounded and charged when the interpreter made them, and the tag of one
// is read here as the executor reads those of a transaction: uncharged.
func coinType(t *movevm.Type) (ledgerapi.TypeTag, error) { return t.Tag() }

// TransferCoins is coin::transfer<T> and aptos_account::transfer_coins<T>:
// coin::withdraw (which checks the balance with coin's own abort) then
// coin::deposit; a coin other than APT aborts with EINSUFFICIENT_BALANCE
// (a non-zero amount) or ECOIN_STORE_NOT_PUBLISHED.
func TransferCoins(h native.Host, from, to ledgerapi.Address, coin ledgerapi.TypeTag, amount uint64) error {
	if !IsAPT(coin) {
		if amount > 0 {
			return coinAbort(native.InvalidArgument, eCoinInsufficientBalance)
		}
		return coinAbort(native.NotFound, eCoinStoreNotPublished)
	}
	bal, err := PrimaryStoreBalance(h, from, APTMetadata)
	if err != nil {
		return err
	}
	if bal < amount {
		return coinAbort(native.InvalidArgument, eCoinInsufficientBalance)
	}
	if amount > 0 {
		fromStore, err := ensurePrimaryStore(h, from, APTMetadata)
		if err != nil {
			return err
		}
		if _, err := withdrawFrom(h, fromStore, amount); err != nil {
			return err
		}
	}
	toStore, err := ensurePrimaryStore(h, to, APTMetadata)
	if err != nil {
		return err
	}
	return depositTo(h, toStore, amount)
}

// coinTransfer is coin::transfer<T> and aptos_account::transfer_coins<T>.
func coinTransfer(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	return nil, TransferCoins(hostOf(c), signerAddress(args[0]), args[1].AsAddress(), t, args[2].AsU64())
}

// CoinBalance is coin::balance<T>(owner): the CoinStore<T> value (a legacy
// store) plus, for APT, the primary store balance.
func CoinBalance(h native.Host, owner ledgerapi.Address, coin ledgerapi.TypeTag) (uint64, error) {
	b, err := coinStoreBalance(h, owner, coin)
	if err != nil || !IsAPT(coin) {
		return b, err
	}
	fa, err := storeBalance(h, primaryStoreAddress(owner, APTMetadata))
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

// CoinSupply is coin::supply<T>: for APT the supply CoinInfo tracks (coins
// still in legacy CoinStores) plus the paired asset's ConcurrentSupply, as
// a u128's halves; for other coins none (tracked false) when CoinInfo<T>
// exists, else ECOIN_INFO_NOT_PUBLISHED.
func CoinSupply(h native.Host, coin ledgerapi.TypeTag) (lo, hi uint64, tracked bool, err error) {
	if !IsAPT(coin) {
		_, _, _, err := CoinInfo(h, coin)
		return 0, 0, false, err
	}
	lo, hi, _, err = coinSupply(h, coin)
	if err != nil {
		return 0, 0, false, err
	}
	var cs onchain.ConcurrentSupply
	if _, err := readResource(h, APTMetadata, concurrentSupplyTag, &cs); err != nil {
		return 0, 0, false, err
	}
	lo, carry := bits.Add64(lo, cs.Value, 0)
	hi, carry = bits.Add64(hi, cs.ValueHi, carry)
	if carry != 0 {
		return 0, 0, false, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "coin::supply overflows u128"}
	}
	return lo, hi, true, nil
}

func viewCoinSupply(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	lo, hi, tracked, err := CoinSupply(hostOf(c), t)
	switch {
	case err != nil:
		return nil, err
	case !tracked:
		return valueOf(c, optionU128Type, []byte{0})
	}
	return valueOf(c, optionU128Type, u128Option(lo, hi))
}

func viewCoinRegistered(_ *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(isAPT(targs[0]))}, nil
}

// isAPT reports whether the type t is 0x1::aptos_coin::AptosCoin.
func isAPT(t *movevm.Type) bool {
	return t.Kind == movevm.KindStruct && len(t.Args) == 0 && t.Struct.Module.Address == addr &&
		t.Struct.Module.Name == "aptos_coin" && t.Struct.Name == "AptosCoin"
}

func viewPairedMetadata(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	tag := ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(objectMetadataTag)}})
	if !isAPT(targs[0]) {
		return valueOf(c, tag, []byte{0})
	}
	return valueOf(c, tag, append([]byte{1}, APTMetadata[:]...))
}

func viewPairedCoin(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tag := ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{typeInfoType}})
	if refAddress(args[0]) != APTMetadata {
		return valueOf(c, tag, []byte{0})
	}
	var e bcs.Encoder
	e.U8(1)
	onchain.TypeInfo{Tag: aptosCoinTag}.MarshalBCS(&e)
	return valueOf(c, tag, e.Bytes())
}
