package aptosframework

// 0x1::coin: the declaration of the whole module (its structs, public,
// entry and view functions and error constants) as on Aptos with the
// coin-to-fungible-asset migration, module events and
// NEW_ACCOUNTS_DEFAULT_TO_FA_APT_STORE on. A coin is initialized by the
// account that declares its type (CoinInfo<T> there); coins live in
// CoinStore<T>s made by register and in the primary stores of the coin's
// paired fungible asset (coin_pairing.go), and balance and supply count
// both. The functions are in coin_values.go (Coin values, withdraw,
// deposit, transfer, register), coin_caps.go (initialize, mint, burn,
// freeze, capabilities and the paired refs), coin_views.go (the views),
// coin_migrate.go (migration to fungible stores).
//
// APT (0x1::aptos_coin::AptosCoin), paired with 0xa at genesis, keeps the
// executor's fast path: its balances are in primary fungible stores, which
// a deposit creates; every account is registered for it; its coins in
// flight stay counted in 0xa's supply.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::coin.
const (
	eCoinInfoAddressMismatch     = 1
	eCoinInfoAlreadyPublished    = 2
	eCoinInfoNotPublished        = 3
	eCoinStoreAlreadyPublished   = 4
	eCoinStoreNotPublished       = 5
	eCoinInsufficientBalance     = 6
	eDestructionOfNonzeroToken   = 7
	eFrozen                      = 10
	eCoinSupplyUpgradeNotSupp    = 11
	eCoinNameTooLong             = 12
	eCoinSymbolTooLong           = 13
	eAggregatableCoinValueTooBig = 14
	ePairedCoin                  = 15
	ePairedFungibleAsset         = 16
	eCoinTypeMismatch            = 17
	eCoinToFAFeatureNotEnabled   = 18
	ePairedRefsNotFound          = 19
	eMintRefReceiptMismatch      = 20
	eMintRefNotFound             = 21
	eTransferRefReceiptMismatch  = 22
	eTransferRefNotFound         = 23
	eBurnRefReceiptMismatch      = 24
	eBurnRefNotFound             = 25
	eMigrationNotEnabled         = 26
	eCoinConversionMapNotFound   = 27
	eAPTPairingNotEnabled        = 28
	eCoinDecimalsTooLarge        = 29
)

// Limits of CoinInfo (extended coin symbols on).
const (
	maxCoinNameLength   = 32
	maxCoinSymbolLength = 32
	maxCoinDecimals     = 32
)

var (
	aptosCoinTag = tag1("aptos_coin", "AptosCoin")
	typeInfoType = ledgerapi.StructType(tag1("type_info", "TypeInfo"))
)

const (
	tTypeInfo = "0x1::type_info::TypeInfo"
	tOptMeta  = "0x1::option::Option<" + tObjectMetadata + ">"
)

// Coin declares 0x1::coin.
func Coin() native.Module {
	const eventHandle = "0x1::event::EventHandle<"
	phantom := []native.TypeParam{{Phantom: true}}
	key, dropStore := []string{native.AbilityKey}, []string{native.AbilityDrop, native.AbilityStore}
	copyStore := []string{native.AbilityCopy, native.AbilityStore}
	event := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: dropStore, Fields: fields, IsEvent: true}
	}
	group := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: key, Fields: fields, ObjectGroup: true}
	}
	coinEvent := func(name string) native.Struct {
		return event(name, "coin_type: "+tString, "account: address", "amount: u64")
	}
	capability := func(name string) native.Struct {
		return native.Struct{Name: name, Abilities: copyStore, TypeParams: phantom, Fields: []string{"dummy_field: bool"}}
	}
	receipt := func(name string) native.Struct {
		return native.Struct{Name: name, Fields: []string{"metadata: " + tObjectMetadata}}
	}
	fs := append(coinValueFunctions(), coinCapFunctions()...)
	fs = append(fs, coinViewFunctions()...)
	fs = append(fs, coinPairingFunctions()...)
	return native.Module{Address: addr, Name: "coin", Friends: []string{"0x1::aptos_coin", "0x1::genesis", "0x1::transaction_fee"},
		Structs: []native.Struct{
			{Name: "Coin", Abilities: []string{native.AbilityStore}, TypeParams: phantom, Fields: []string{"value: u64"}},
			{Name: "AggregatableCoin", Abilities: []string{native.AbilityStore}, TypeParams: phantom, Fields: []string{"value: 0x1::aggregator::Aggregator"}},
			{Name: "CoinStore", Abilities: key, TypeParams: phantom, Fields: []string{"coin: 0x1::coin::Coin<T0>", "frozen: bool",
				"deposit_events: " + eventHandle + "0x1::coin::DepositEvent>", "withdraw_events: " + eventHandle + "0x1::coin::WithdrawEvent>"}},
			{Name: "SupplyConfig", Abilities: key, Fields: []string{"allow_upgrades: bool"}},
			{Name: "CoinInfo", Abilities: key, TypeParams: phantom, Fields: []string{"name: " + tString, "symbol: " + tString, "decimals: u8",
				"supply: 0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>"}},
			coinEvent("CoinDeposit"),
			coinEvent("CoinWithdraw"),
			{Name: "Deposit", Abilities: dropStore, TypeParams: phantom, Fields: []string{"account: address", "amount: u64"}, IsEvent: true},
			{Name: "Withdraw", Abilities: dropStore, TypeParams: phantom, Fields: []string{"account: address", "amount: u64"}, IsEvent: true},
			{Name: "DepositEvent", Abilities: dropStore, Fields: []string{"amount: u64"}},
			{Name: "WithdrawEvent", Abilities: dropStore, Fields: []string{"amount: u64"}},
			event("CoinEventHandleDeletion", "event_handle_creation_address: address",
				"deleted_deposit_event_handle_creation_number: u64", "deleted_withdraw_event_handle_creation_number: u64"),
			event("CoinStoreDeletion", "coin_type: "+tString, "event_handle_creation_address: address",
				"deleted_deposit_event_handle_creation_number: u64", "deleted_withdraw_event_handle_creation_number: u64"),
			event("PairCreation", "coin_type: "+tTypeInfo, "fungible_asset_metadata_address: address"),
			capability("MintCapability"),
			capability("FreezeCapability"),
			capability("BurnCapability"),
			{Name: "CoinConversionMap", Abilities: key,
				Fields: []string{"coin_to_fungible_asset_map: 0x1::table::Table<" + tTypeInfo + ", " + tObjectMetadata + ">"}},
			group("PairedCoinType", "type: "+tTypeInfo),
			group("PairedFungibleAssetRefs", "mint_ref_opt: 0x1::option::Option<0x1::fungible_asset::MintRef>",
				"transfer_ref_opt: 0x1::option::Option<0x1::fungible_asset::TransferRef>",
				"burn_ref_opt: 0x1::option::Option<0x1::fungible_asset::BurnRef>"),
			receipt("MintRefReceipt"),
			receipt("TransferRefReceipt"),
			receipt("BurnRefReceipt"),
			group("MigrationFlag", "dummy_field: bool"),
		},
		Functions: fs,
		Errors:    coinErrors(),
	}
}

// coinErrors are coin's error constants with their doc comments.
func coinErrors() []native.AbortReason {
	return []native.AbortReason{
		{Reason: eCoinInfoAddressMismatch, Name: "ECOIN_INFO_ADDRESS_MISMATCH", Description: "Address of account which is used to initialize a coin `CoinType` doesn't match the deployer of module"},
		{Reason: eCoinInfoAlreadyPublished, Name: "ECOIN_INFO_ALREADY_PUBLISHED", Description: "`CoinType` is already initialized as a coin"},
		{Reason: eCoinInfoNotPublished, Name: "ECOIN_INFO_NOT_PUBLISHED", Description: "`CoinType` hasn't been initialized as a coin"},
		{Reason: eCoinStoreAlreadyPublished, Name: "ECOIN_STORE_ALREADY_PUBLISHED", Description: "Deprecated. Account already has `CoinStore` registered for `CoinType`"},
		{Reason: eCoinStoreNotPublished, Name: "ECOIN_STORE_NOT_PUBLISHED", Description: "Account hasn't registered `CoinStore` for `CoinType`"},
		{Reason: eCoinInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Not enough coins to complete transaction"},
		{Reason: eDestructionOfNonzeroToken, Name: "EDESTRUCTION_OF_NONZERO_TOKEN", Description: "Cannot destroy non-zero coins"},
		{Reason: eFrozen, Name: "EFROZEN", Description: "CoinStore is frozen. Coins cannot be deposited or withdrawn"},
		{Reason: eCoinSupplyUpgradeNotSupp, Name: "ECOIN_SUPPLY_UPGRADE_NOT_SUPPORTED", Description: "Cannot upgrade the total supply of coins to different implementation."},
		{Reason: eCoinNameTooLong, Name: "ECOIN_NAME_TOO_LONG", Description: "Name of the coin is too long"},
		{Reason: eCoinSymbolTooLong, Name: "ECOIN_SYMBOL_TOO_LONG", Description: "Symbol of the coin is too long"},
		{Reason: eAggregatableCoinValueTooBig, Name: "EAGGREGATABLE_COIN_VALUE_TOO_LARGE", Description: "The value of aggregatable coin used for transaction fees redistribution does not fit in u64."},
		{Reason: ePairedCoin, Name: "EPAIRED_COIN", Description: "Error regarding paired coin type of the fungible asset metadata."},
		{Reason: ePairedFungibleAsset, Name: "EPAIRED_FUNGIBLE_ASSET", Description: "Error regarding paired fungible asset metadata of a coin type."},
		{Reason: eCoinTypeMismatch, Name: "ECOIN_TYPE_MISMATCH", Description: "The coin type from the map does not match the calling function type argument."},
		{Reason: eCoinToFAFeatureNotEnabled, Name: "ECOIN_TO_FUNGIBLE_ASSET_FEATURE_NOT_ENABLED", Description: "The feature of migration from coin to fungible asset is not enabled."},
		{Reason: ePairedRefsNotFound, Name: "EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND", Description: "PairedFungibleAssetRefs resource does not exist."},
		{Reason: eMintRefReceiptMismatch, Name: "EMINT_REF_RECEIPT_MISMATCH", Description: "The MintRefReceipt does not match the MintRef to be returned."},
		{Reason: eMintRefNotFound, Name: "EMINT_REF_NOT_FOUND", Description: "The MintRef does not exist."},
		{Reason: eTransferRefReceiptMismatch, Name: "ETRANSFER_REF_RECEIPT_MISMATCH", Description: "The TransferRefReceipt does not match the TransferRef to be returned."},
		{Reason: eTransferRefNotFound, Name: "ETRANSFER_REF_NOT_FOUND", Description: "The TransferRef does not exist."},
		{Reason: eBurnRefReceiptMismatch, Name: "EBURN_REF_RECEIPT_MISMATCH", Description: "The BurnRefReceipt does not match the BurnRef to be returned."},
		{Reason: eBurnRefNotFound, Name: "EBURN_REF_NOT_FOUND", Description: "The BurnRef does not exist."},
		{Reason: eMigrationNotEnabled, Name: "EMIGRATION_FRAMEWORK_NOT_ENABLED", Description: "The migration process from coin to fungible asset is not enabled yet."},
		{Reason: eCoinConversionMapNotFound, Name: "ECOIN_CONVERSION_MAP_NOT_FOUND", Description: "The coin converison map is not created yet."},
		{Reason: eAPTPairingNotEnabled, Name: "EAPT_PAIRING_IS_NOT_ENABLED", Description: "APT pairing is not eanbled yet."},
		{Reason: eCoinDecimalsTooLarge, Name: "ECOIN_DECIMALS_TOO_LARGE", Description: "The decimals of the coin is too large."},
	}
}

// generic is one type parameter without constraints (CoinType).
var generic = []native.TypeParam{{}}

// IsAPT reports whether the coin type t is 0x1::aptos_coin::AptosCoin.
func IsAPT(t ledgerapi.TypeTag) bool {
	return t.Kind == ledgerapi.KindStruct && t.Struct.Equal(aptosCoinTag)
}

// coinAbort is an abort of coin.
func coinAbort(category, reason uint64) error { return abortIn("coin", category, reason) }

// coinType is the tag of the coin type argument t. Type arguments were
// bounded and charged when the interpreter made them, and the tag of one
// is read here as the executor reads those of a transaction: uncharged.
func coinType(t *movevm.Type) (ledgerapi.TypeTag, error) { return t.Tag() }

// coinAddress is coin_address<T>: the address of the module declaring the
// coin type (type_of aborts for a type that is not a struct).
func coinAddress(t ledgerapi.TypeTag) (ledgerapi.Address, error) {
	if t.Kind != ledgerapi.KindStruct {
		_, err := coinTypeInfo(t)
		return ledgerapi.Address{}, err
	}
	return t.Struct.Address, nil
}
