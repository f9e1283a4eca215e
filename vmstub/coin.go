package vmstub

import (
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// 0x1::coin and 0x1::aptos_account. APT is a coin type paired with the
// fungible asset at 0xa; balances live in primary fungible stores (this
// executor creates no CoinStore), as with NEW_ACCOUNTS_DEFAULT_TO_FA_APT_STORE
// and OPERATIONS_DEFAULT_TO_FA_APT_STORE on. Legacy CoinStores a host wrote
// are counted by the views and moved by migrate_to_fungible_store
// (migrate.go); transfers and fees use only the primary stores.

var (
	coinModuleID         = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}
	aptosAccountModuleID = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "aptos_account"}
)

const (
	eCoinInfoNotPublished     = 3
	eCoinStoreNotPublished    = 5
	eCoinInsufficientBalance  = 6
	eMismatchingRecipientsLen = 5 // aptos_account
	eAccountAlreadyExists     = 1 // account
	eCannotReservedAddress    = 5 // account
)

func coinModuleDef() Module {
	optAgg := "0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>"
	coinEvents := func(name string) Struct {
		return sEvent(name, "coin_type: "+tString, "account: address", "amount: u64")
	}
	m := mod1("coin", []Struct{
		sGeneric(sPlain("Coin", abStore, "value: u64"), phantom),
		sGeneric(sKey("CoinStore", "coin: 0x1::coin::Coin<T0>", "frozen: bool",
			"deposit_events: "+tEventHandle+"0x1::coin::DepositEvent>",
			"withdraw_events: "+tEventHandle+"0x1::coin::WithdrawEvent>"), phantom),
		sGeneric(sKey("CoinInfo", "name: "+tString, "symbol: "+tString, "decimals: u8", "supply: "+optAgg), phantom),
		sPlain("DepositEvent", abDropStore, "amount: u64"),
		sPlain("WithdrawEvent", abDropStore, "amount: u64"),
		coinEvents("CoinDeposit"),
		coinEvents("CoinWithdraw"),
		sGroup("PairedCoinType", "type: "+tTypeInfo),
		sGroup("PairedFungibleAssetRefs", "mint_ref_opt: 0x1::option::Option<0x1::fungible_asset::MintRef>",
			"transfer_ref_opt: 0x1::option::Option<0x1::fungible_asset::TransferRef>",
			"burn_ref_opt: 0x1::option::Option<0x1::fungible_asset::BurnRef>"),
		sEvent("PairCreation", "coin_type: "+tTypeInfo, "fungible_asset_metadata_address: address"),
		sEvent("CoinEventHandleDeletion", "event_handle_creation_address: address",
			"deleted_deposit_event_handle_creation_number: u64", "deleted_withdraw_event_handle_creation_number: u64"),
		sEvent("CoinStoreDeletion", "coin_type: "+tString, "event_handle_creation_address: address",
			"deleted_deposit_event_handle_creation_number: u64", "deleted_withdraw_event_handle_creation_number: u64"),
	}, append([]Function{
		generic(entry("transfer", []string{"&signer", "address", "u64"}, nativeCoinTransfer), anyParam),
		generic(entry("migrate_to_fungible_store", []string{"&signer"}, nativeMigrateToFungibleStore), anyParam),
		generic(view("balance", []string{"address"}, []string{"u64"}, viewCoinBalance), anyParam),
		generic(view("name", nil, []string{tString}, viewCoinInfo(0)), anyParam),
		generic(view("symbol", nil, []string{tString}, viewCoinInfo(1)), anyParam),
		generic(view("decimals", nil, []string{"u8"}, viewCoinInfo(2)), anyParam),
		generic(view("supply", nil, []string{"0x1::option::Option<u128>"}, viewCoinSupply), anyParam),
		generic(view("is_account_registered", []string{"address"}, []string{"bool"}, viewCoinRegistered), anyParam),
		generic(view("paired_metadata", nil, []string{"0x1::option::Option<" + tObjectMetadata + ">"}, viewPairedMetadata), anyParam),
		view("paired_coin", []string{tObjectMetadata}, []string{"0x1::option::Option<" + tTypeInfo + ">"}, viewPairedCoin),
	}, coinFunctions()...),
		AbortReason{Reason: eCoinInfoNotPublished, Name: "ECOIN_INFO_NOT_PUBLISHED", Description: "`CoinType` hasn't been initialized as a coin"},
		AbortReason{Reason: eCoinStoreNotPublished, Name: "ECOIN_STORE_NOT_PUBLISHED", Description: "Account hasn't registered `CoinStore` for `CoinType`"},
		AbortReason{Reason: eCoinInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Not enough coins to complete transaction"},
		AbortReason{Reason: eDestructionOfNonzeroToken, Name: "EDESTRUCTION_OF_NONZERO_TOKEN", Description: "Cannot destroy non-zero coins"},
	)
	m.Friends = []string{"0x1::aptos_account"}
	return m
}

func aptosAccountModuleDef() Module {
	return mod1("aptos_account", []Struct{
		sKey("DirectTransferConfig", "allow_arbitrary_coin_transfers: bool",
			"update_coin_transfer_events: "+tEventHandle+"0x1::aptos_account::DirectCoinTransferConfigUpdatedEvent>"),
		sPlain("DirectCoinTransferConfigUpdatedEvent", abDropStore, "new_allow_direct_transfers: bool"),
		sEvent("DirectCoinTransferConfigUpdated", "account: address", "new_allow_direct_transfers: bool"),
	}, []Function{
		entry("transfer", []string{"&signer", "address", "u64"}, nativeTransfer),
		generic(entry("transfer_coins", []string{"&signer", "address", "u64"}, nativeCoinTransfer), anyParam),
		{Name: "batch_transfer", IsEntry: true, Params: []string{"&signer", "vector<address>", "vector<u64>"}, Native: nativeBatchTransfer},
		entry("create_account", []string{"address"}, nativeCreateAccount),
		entry("transfer_fungible_assets", []string{"&signer", tObjectMetadata, "address", "u64"}, nativePrimaryTransfer),
		view("can_receive_direct_coin_transfers", []string{"address"}, []string{"bool"}, viewCanReceiveDirect),
	},
		AbortReason{Reason: 1, Name: "EACCOUNT_NOT_FOUND", Description: "Account does not exist."},
		AbortReason{Reason: 3, Name: "EACCOUNT_DOES_NOT_ACCEPT_DIRECT_COIN_TRANSFERS", Description: "Account opted out of receiving coins that they did not register to receive."},
		AbortReason{Reason: eMismatchingRecipientsLen, Name: "EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH", Description: "The lengths of the recipients and amounts lists don't match."},
	)
}

func isAPT(t ledgerapi.TypeTag) bool {
	return t.Kind == ledgerapi.KindStruct && t.Struct.Equal(aptosCoinTag)
}

// nativeTransfer is aptos_account::transfer(source, to, amount): an FA
// transfer of APT between primary stores.
func nativeTransfer(c *Call) ([][]byte, error) {
	return nil, c.TransferFungible(c.Signers[0], c.ArgAddress(0), aptMetadata, c.ArgU64(1))
}

// nativeCoinTransfer is coin::transfer<T> and aptos_account::transfer_coins<T>:
// coin::withdraw (which checks the balance with coin's own abort) then
// coin::deposit. Only APT is a known coin.
func nativeCoinTransfer(c *Call) ([][]byte, error) {
	from, to, amount := c.Signers[0], c.ArgAddress(0), c.ArgU64(1)
	if !isAPT(c.TypeArgs[0]) {
		if amount > 0 {
			return nil, &Abort{Module: coinModuleID, Code: AbortCode(CategoryInvalidArgument, eCoinInsufficientBalance)}
		}
		return nil, &Abort{Module: coinModuleID, Code: AbortCode(CategoryNotFound, eCoinStoreNotPublished)}
	}
	bal, err := c.FungibleBalance(from, aptMetadata)
	if err != nil {
		return nil, err
	}
	if bal < amount {
		return nil, &Abort{Module: coinModuleID, Code: AbortCode(CategoryInvalidArgument, eCoinInsufficientBalance)}
	}
	if amount > 0 {
		fromStore, err := c.ensurePrimaryStore(from, aptMetadata)
		if err != nil {
			return nil, err
		}
		if _, err := c.withdrawFrom(fromStore, amount); err != nil {
			return nil, err
		}
	}
	toStore, err := c.ensurePrimaryStore(to, aptMetadata)
	if err != nil {
		return nil, err
	}
	return nil, c.depositTo(toStore, amount)
}

// nativeBatchTransfer is aptos_account::batch_transfer: one transfer per
// recipient, each charged ExecutionPerCall.
func nativeBatchTransfer(c *Call) ([][]byte, error) {
	to, amounts := c.ArgAddresses(0), c.ArgU64s(1)
	if len(to) != len(amounts) {
		return nil, &Abort{Module: aptosAccountModuleID, Code: AbortCode(CategoryInvalidArgument, eMismatchingRecipientsLen)}
	}
	for i := range to {
		c.Charge(c.vm.gas.ExecutionPerCall)
		if err := c.TransferFungible(c.Signers[0], to[i], aptMetadata, amounts[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// nativeCreateAccount is aptos_account::create_account(auth_key): with
// stateless accounts it only checks that no Account resource exists and
// that the address is not reserved, and writes nothing.
func nativeCreateAccount(c *Call) ([][]byte, error) {
	addr := c.ArgAddress(0)
	if _, ok, err := c.account(addr); err != nil {
		return nil, err
	} else if ok {
		return nil, &Abort{Module: accountModuleID, Code: AbortCode(CategoryAlreadyExists, eAccountAlreadyExists)}
	}
	if addr == ledgerapi.AddressZero || addr == ledgerapi.AddressOne || addr == ledgerapi.AddressThree {
		return nil, &Abort{Module: accountModuleID, Code: AbortCode(CategoryInvalidArgument, eCannotReservedAddress)}
	}
	return nil, nil
}

func viewCanReceiveDirect(c *Call) ([][]byte, error) {
	b, ok, err := c.Resource(c.ArgAddress(0), directTransferTag)
	if err != nil || !ok {
		return [][]byte{BoolValue(true)}, err
	}
	return [][]byte{BoolValue(len(b) > 0 && b[0] == 1)}, nil
}

// viewCoinBalance is coin::balance<T>(owner): the CoinStore<T> value (a
// legacy store, see migrate.go) plus, for APT, the primary store balance.
func viewCoinBalance(c *Call) ([][]byte, error) {
	owner := c.ArgAddress(0)
	b, err := c.coinBalance(owner, c.TypeArgs[0])
	if err != nil || !isAPT(c.TypeArgs[0]) {
		return [][]byte{U64Value(b)}, err
	}
	fa, err := c.storeBalance(c.primaryStore(owner, aptMetadata))
	if err != nil {
		return nil, err
	}
	if b+fa < b {
		return nil, fail(onchain.ARITHMETIC_ERROR)
	}
	return [][]byte{U64Value(b + fa)}, nil
}

// viewCoinInfo returns field i (name, symbol or decimals) of CoinInfo<T>.
func viewCoinInfo(field int) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		t := c.TypeArgs[0]
		if t.Kind != ledgerapi.KindStruct {
			return nil, &Abort{Module: coinModuleID, Code: AbortCode(CategoryNotFound, eCoinInfoNotPublished)}
		}
		b, ok, err := c.Resource(t.Struct.Address, tag1("coin", "CoinInfo", t))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &Abort{Module: coinModuleID, Code: AbortCode(CategoryNotFound, eCoinInfoNotPublished)}
		}
		d := bcs.NewDecoder(b)
		name, symbol, decimals := d.String("name"), d.String("symbol"), d.U8("decimals")
		if err := d.Err(); err != nil {
			return nil, err
		}
		return [][]byte{[][]byte{StringValue(name), StringValue(symbol), U8Value(decimals)}[field]}, nil
	}
}

// viewCoinSupply is coin::supply<T>: for APT the supply CoinInfo tracks
// (coins still in legacy CoinStores) plus the paired asset's
// ConcurrentSupply.
func viewCoinSupply(c *Call) ([][]byte, error) {
	if !isAPT(c.TypeArgs[0]) {
		return viewCoinInfoExists(c)
	}
	lo, hi, _, err := c.coinSupply(c.TypeArgs[0])
	if err != nil {
		return nil, err
	}
	var cs concurrentSupply
	if _, err := readResource(c, aptMetadata, concurrentSupplyTag, &cs); err != nil {
		return nil, err
	}
	lo, carry := bits.Add64(lo, cs.Value, 0)
	hi, carry = bits.Add64(hi, cs.ValueHi, carry)
	if carry != 0 {
		return nil, fail(onchain.ARITHMETIC_ERROR)
	}
	return [][]byte{u128Option(lo, hi)}, nil
}

// viewCoinInfoExists answers supply<T> for coins other than APT: None when
// CoinInfo<T> exists (no supply tracking), else ECOIN_INFO_NOT_PUBLISHED.
func viewCoinInfoExists(c *Call) ([][]byte, error) {
	if _, err := viewCoinInfo(0)(c); err != nil {
		return nil, err
	}
	return [][]byte{OptionValue(nil)}, nil
}

func viewCoinRegistered(c *Call) ([][]byte, error) {
	return [][]byte{BoolValue(isAPT(c.TypeArgs[0]))}, nil
}

func viewPairedMetadata(c *Call) ([][]byte, error) {
	if !isAPT(c.TypeArgs[0]) {
		return [][]byte{OptionValue(nil)}, nil
	}
	return [][]byte{OptionValue(AddressValue(aptMetadata))}, nil
}

func viewPairedCoin(c *Call) ([][]byte, error) {
	if c.ArgAddress(0) != aptMetadata {
		return [][]byte{OptionValue(nil)}, nil
	}
	var e bcs.Encoder
	e.U8(1)
	typeInfoBCS(&e, aptosCoinTag)
	return [][]byte{e.Bytes()}, nil
}
