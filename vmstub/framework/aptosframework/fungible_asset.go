package aptosframework

// 0x1::fungible_asset: the declaration of the module, every struct and
// every public, entry and view function of it as on Aptos, its abort
// reasons, and the store primitives the executor's fast paths use
// (withdrawFrom, depositTo, storeBalance, mintSupply: APT transfers and the
// fee). The module's Funcs are in fungible_asset_store.go (stores:
// withdrawals, deposits, transfers, freezing, creation and removal),
// fungible_asset_supply.go (add_fungibility, refs, mint, burn, metadata
// mutation, supply upgrades), fungible_asset_dispatch.go (dispatch
// hooks' registration), fungible_asset_views.go and
// fungible_asset_values.go (FungibleAsset values). APT's metadata object
// is 0xa.
//
// Feature flags are those of Aptos's mainnet: concurrent supplies
// (ConcurrentSupply with an aggregator) and dispatchable assets on,
// concurrent store balances off (upgrade_store_to_concurrent aborts with
// ECONCURRENT_BALANCE_NOT_ENABLED; a ConcurrentFungibleBalance is still
// honoured where one exists). Permissioned signers do not exist here: a
// signer is always a master signer, so withdrawals need no permission,
// revoke_permission changes nothing and grant_permission /
// grant_apt_permission abort in permissioned_signer with
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED), as its
// authorize_increase does on Aptos;
// withdraw_with_permission (which takes a
// permissioned_signer::Permission) is not declared.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::fungible_asset.
const (
	eAmountCannotBeZero             = 1
	eTransferRefAndFAMismatch       = 2
	eStoreIsFrozen                  = 3
	eInsufficientBalance            = 4
	eMaxSupplyExceeded              = 5
	eAssetMismatch                  = 6
	eMintRefAndStoreMismatch        = 7
	eNotStoreOwner                  = 8
	eTransferRefAndStoreMismatch    = 9
	eBurnRefAndStoreMismatch        = 10
	eFAAndStoreMismatch             = 11
	eAmountIsNotZero                = 12
	eBurnRefAndFAMismatch           = 13
	eBalanceIsNotZero               = 14
	eNameTooLong                    = 15
	eSymbolTooLong                  = 16
	eDecimalsTooLarge               = 17
	eObjectIsDeletable              = 18
	eURITooLong                     = 19
	eSupplyUnderflow                = 20
	eSupplyNotFound                 = 21
	eConcurrentSupplyNotEnabled     = 22
	eStoreExistence                 = 23
	eNotMetadataOwner               = 24
	eWithdrawFunctionMismatch       = 25
	eDepositFunctionMismatch        = 26
	eDerivedBalanceFunctionMismatch = 27
	eInvalidDispatchableOperations  = 28
	eAlreadyRegistered              = 29
	eFungibleMetadataExistence      = 30
	eAPTNotDispatchable             = 31
	eConcurrentBalanceNotEnabled    = 32
	eDerivedSupplyFunctionMismatch  = 33
	eWithdrawPermissionDenied       = 34
)

// Limits of add_fungibility and mutate_metadata (string lengths in bytes).
const (
	maxNameLength   = 32
	maxSymbolLength = 10
	maxDecimals     = 32
	maxURILength    = 512
)

// APTMetadata is the address of APT's fungible-asset metadata object.
var APTMetadata = ledgerapi.AddressA

// Types of fungible_asset's resources and events.
var (
	FungibleStoreTag    = tag1("fungible_asset", "FungibleStore")
	metadataTag         = tag1("fungible_asset", "Metadata")
	concurrentSupplyTag = tag1("fungible_asset", "ConcurrentSupply")
	supplyTag           = tag1("fungible_asset", "Supply")
	untransferableTag   = tag1("fungible_asset", "Untransferable")
	concurrentFABalTag  = tag1("fungible_asset", "ConcurrentFungibleBalance")
	dispatchStoreTag    = tag1("fungible_asset", "DispatchFunctionStore")
	deriveSupplyTag     = tag1("fungible_asset", "DeriveSupply")
	faEventsTag         = tag1("fungible_asset", "FungibleAssetEvents")
	fungibleAssetTag    = tag1("fungible_asset", "FungibleAsset")
	withdrawEventType   = ledgerapi.StructType(tag1("fungible_asset", "Withdraw"))
	depositEventType    = ledgerapi.StructType(tag1("fungible_asset", "Deposit"))
	frozenEventType     = ledgerapi.StructType(tag1("fungible_asset", "Frozen"))
)

const (
	tString         = "0x1::string::String"
	tObjectMetadata = "0x1::object::Object<0x1::fungible_asset::Metadata>"
	tFungibleAsset  = "0x1::fungible_asset::FungibleAsset"
	tObjT           = "0x1::object::Object<T0>"
	tCtorRef        = "&0x1::object::ConstructorRef"
	tOptFuncInfo    = "0x1::option::Option<0x1::function_info::FunctionInfo>"
)

// keyParam is the type parameter of functions taking an Object<T>.
var keyParam = []native.TypeParam{{Constraints: []string{native.AbilityKey}}}

// FungibleAsset declares 0x1::fungible_asset.
func FungibleAsset() native.Module {
	group := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: []string{native.AbilityKey}, Fields: fields, ObjectGroup: true}
	}
	dropStore := []string{native.AbilityDrop, native.AbilityStore}
	ref := func(name string) native.Struct {
		return native.Struct{Name: name, Abilities: dropStore, Fields: []string{"metadata: " + tObjectMetadata}}
	}
	event := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: dropStore, Fields: fields, IsEvent: true}
	}
	plain := func(name string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: dropStore, Fields: fields}
	}
	metadata := group("Metadata", "name: "+tString, "symbol: "+tString, "decimals: u8", "icon_uri: "+tString, "project_uri: "+tString)
	metadata.Abilities = []string{native.AbilityCopy, native.AbilityDrop, native.AbilityKey}
	var fs []native.Function
	for _, part := range [][]native.Function{faViewFunctions(), faValueFunctions(), faStoreFunctions(), faSupplyFunctions(), faDispatchFunctions()} {
		fs = append(fs, part...)
	}
	return native.Module{Address: addr, Name: "fungible_asset",
		Friends: []string{"0x1::coin", "0x1::primary_fungible_store", "0x1::aptos_account", "0x1::dispatchable_fungible_asset"},
		Structs: []native.Struct{
			group("Supply", "current: u128", "maximum: 0x1::option::Option<u128>"),
			group("ConcurrentSupply", "current: 0x1::aggregator_v2::Aggregator<u128>"),
			metadata,
			group("Untransferable", "dummy_field: bool"),
			group("FungibleStore", "metadata: "+tObjectMetadata, "balance: u64", "frozen: bool"),
			group("DispatchFunctionStore", "withdraw_function: "+tOptFuncInfo, "deposit_function: "+tOptFuncInfo,
				"derived_balance_function: "+tOptFuncInfo),
			group("DeriveSupply", "dispatch_function: "+tOptFuncInfo),
			group("ConcurrentFungibleBalance", "balance: 0x1::aggregator_v2::Aggregator<u64>"),
			{Name: "FungibleAsset", Fields: []string{"metadata: " + tObjectMetadata, "amount: u64"}},
			ref("MintRef"), ref("TransferRef"), ref("BurnRef"), ref("MutateMetadataRef"),
			{Name: "WithdrawPermission", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				Fields: []string{"metadata_address: address"}},
			event("Deposit", "store: address", "amount: u64"),
			event("Withdraw", "store: address", "amount: u64"),
			event("Frozen", "store: address", "frozen: bool"),
			group("FungibleAssetEvents", "deposit_events: 0x1::event::EventHandle<0x1::fungible_asset::DepositEvent>",
				"withdraw_events: 0x1::event::EventHandle<0x1::fungible_asset::WithdrawEvent>",
				"frozen_events: 0x1::event::EventHandle<0x1::fungible_asset::FrozenEvent>"),
			plain("DepositEvent", "amount: u64"),
			plain("WithdrawEvent", "amount: u64"),
			plain("FrozenEvent", "frozen: bool"),
		},
		Functions: fs,
		Errors:    faErrors,
	}
}

var faErrors = []native.AbortReason{
	{Reason: eAmountCannotBeZero, Name: "EAMOUNT_CANNOT_BE_ZERO", Description: "Amount cannot be zero."},
	{Reason: eTransferRefAndFAMismatch, Name: "ETRANSFER_REF_AND_FUNGIBLE_ASSET_MISMATCH", Description: "The transfer ref and the fungible asset do not match."},
	{Reason: eStoreIsFrozen, Name: "ESTORE_IS_FROZEN", Description: "Store is disabled from sending and receiving this fungible asset."},
	{Reason: eInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Insufficient balance to withdraw or transfer."},
	{Reason: eMaxSupplyExceeded, Name: "EMAX_SUPPLY_EXCEEDED", Description: "The fungible asset's supply has exceeded maximum."},
	{Reason: eAssetMismatch, Name: "EFUNGIBLE_ASSET_MISMATCH", Description: "Fungible asset do not match when merging."},
	{Reason: eMintRefAndStoreMismatch, Name: "EMINT_REF_AND_STORE_MISMATCH", Description: "The mint ref and the store do not match."},
	{Reason: eNotStoreOwner, Name: "ENOT_STORE_OWNER", Description: "Account is not the store's owner."},
	{Reason: eTransferRefAndStoreMismatch, Name: "ETRANSFER_REF_AND_STORE_MISMATCH", Description: "Transfer ref and store do not match."},
	{Reason: eBurnRefAndStoreMismatch, Name: "EBURN_REF_AND_STORE_MISMATCH", Description: "Burn ref and store do not match."},
	{Reason: eFAAndStoreMismatch, Name: "EFUNGIBLE_ASSET_AND_STORE_MISMATCH", Description: "Fungible asset and store do not match."},
	{Reason: eAmountIsNotZero, Name: "EAMOUNT_IS_NOT_ZERO", Description: "Cannot destroy non-empty fungible assets."},
	{Reason: eBurnRefAndFAMismatch, Name: "EBURN_REF_AND_FUNGIBLE_ASSET_MISMATCH", Description: "Burn ref and fungible asset do not match."},
	{Reason: eBalanceIsNotZero, Name: "EBALANCE_IS_NOT_ZERO", Description: "Cannot destroy fungible stores with a non-zero balance."},
	{Reason: eNameTooLong, Name: "ENAME_TOO_LONG", Description: "Name of the fungible asset metadata is too long"},
	{Reason: eSymbolTooLong, Name: "ESYMBOL_TOO_LONG", Description: "Symbol of the fungible asset metadata is too long"},
	{Reason: eDecimalsTooLarge, Name: "EDECIMALS_TOO_LARGE", Description: "Decimals is over the maximum of 32"},
	{Reason: eObjectIsDeletable, Name: "EOBJECT_IS_DELETABLE", Description: "Fungibility is only available for non-deletable objects."},
	{Reason: eURITooLong, Name: "EURI_TOO_LONG", Description: "URI for the icon of the fungible asset metadata is too long"},
	{Reason: eSupplyUnderflow, Name: "ESUPPLY_UNDERFLOW", Description: "The fungible asset's supply will be negative which should be impossible."},
	{Reason: eSupplyNotFound, Name: "ESUPPLY_NOT_FOUND", Description: "Supply resource is not found for a metadata object."},
	{Reason: eConcurrentSupplyNotEnabled, Name: "ECONCURRENT_SUPPLY_NOT_ENABLED", Description: "Flag for Concurrent Supply not enabled"},
	{Reason: eStoreExistence, Name: "EFUNGIBLE_STORE_EXISTENCE", Description: "Flag for the existence of fungible store."},
	{Reason: eNotMetadataOwner, Name: "ENOT_METADATA_OWNER", Description: "Account is not the owner of metadata object."},
	{Reason: eWithdrawFunctionMismatch, Name: "EWITHDRAW_FUNCTION_SIGNATURE_MISMATCH", Description: "Provided withdraw function type doesn't meet the signature requirement."},
	{Reason: eDepositFunctionMismatch, Name: "EDEPOSIT_FUNCTION_SIGNATURE_MISMATCH", Description: "Provided deposit function type doesn't meet the signature requirement."},
	{Reason: eDerivedBalanceFunctionMismatch, Name: "EDERIVED_BALANCE_FUNCTION_SIGNATURE_MISMATCH", Description: "Provided derived_balance function type doesn't meet the signature requirement."},
	{Reason: eInvalidDispatchableOperations, Name: "EINVALID_DISPATCHABLE_OPERATIONS", Description: "Invalid withdraw/deposit on dispatchable token. The specified token has a dispatchable function hook. Need to invoke dispatchable_fungible_asset::withdraw/deposit to perform transfer."},
	{Reason: eAlreadyRegistered, Name: "EALREADY_REGISTERED", Description: "Trying to re-register dispatch hook on a fungible asset."},
	{Reason: eFungibleMetadataExistence, Name: "EFUNGIBLE_METADATA_EXISTENCE", Description: "Fungible metadata does not exist on this account."},
	{Reason: eAPTNotDispatchable, Name: "EAPT_NOT_DISPATCHABLE", Description: "Cannot register dispatch hook for APT."},
	{Reason: eConcurrentBalanceNotEnabled, Name: "ECONCURRENT_BALANCE_NOT_ENABLED", Description: "Flag for Concurrent Supply not enabled"},
	{Reason: eDerivedSupplyFunctionMismatch, Name: "EDERIVED_SUPPLY_FUNCTION_SIGNATURE_MISMATCH", Description: "Provided derived_supply function type doesn't meet the signature requirement."},
	{Reason: eWithdrawPermissionDenied, Name: "EWITHDRAW_PERMISSION_DENIED", Description: "signer don't have the permission to perform withdraw operation"},
}

// faAbort is an abort of fungible_asset.
func faAbort(category, reason uint64) error { return abortIn("fungible_asset", category, reason) }

// readStore reads the FungibleStore at a.
func readStore(h native.Host, a ledgerapi.Address) (*onchain.FungibleStore, bool, error) {
	var st onchain.FungibleStore
	ok, err := readResource(h, a, FungibleStoreTag, &st)
	return &st, ok, err
}

// withdrawFrom takes amount out of the store at a and emits Withdraw (the
// executor's fast path: APT transfers, coin conversions). It reports false
// (changing nothing) when there is no store or its balance is short; a
// frozen store aborts first with ESTORE_IS_FROZEN.
func withdrawFrom(h native.Host, a ledgerapi.Address, amount uint64) (bool, error) {
	st, ok, err := readStore(h, a)
	if err == nil && ok && st.Frozen {
		err = faAbort(native.InvalidArgument, eStoreIsFrozen)
	}
	if err != nil || !ok || st.Balance < amount {
		return false, err
	}
	st.Balance -= amount
	if err := putResource(h, a, FungibleStoreTag, st); err != nil {
		return false, err
	}
	h.EmitBCS(withdrawEventType, storeEvent(a, amount))
	return true, nil
}

// depositTo adds amount to the store at a and emits Deposit (the fast
// path); a missing store fails with MISSING_DATA, a frozen one aborts with
// ESTORE_IS_FROZEN.
func depositTo(h native.Host, a ledgerapi.Address, amount uint64) error {
	st, ok, err := readStore(h, a)
	switch {
	case err != nil:
		return err
	case !ok:
		return &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::fungible_asset::FungibleStore does not exist"}
	case st.Frozen:
		return faAbort(native.InvalidArgument, eStoreIsFrozen)
	case st.Balance+amount < st.Balance:
		return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "fungible store balance overflows u64"}
	}
	st.Balance += amount
	if err := putResource(h, a, FungibleStoreTag, st); err != nil {
		return err
	}
	h.EmitBCS(depositEventType, storeEvent(a, amount))
	return nil
}

// storeEvent is the BCS of Withdraw/Deposit {store, amount}.
func storeEvent(store ledgerapi.Address, amount uint64) []byte {
	e := bcs.NewEncoder(40)
	e.Fixed(store[:])
	e.U64(amount)
	return e.Bytes()
}

// storeBalance is fungible_asset::balance: the FungibleStore's balance, or
// the ConcurrentFungibleBalance aggregator's value when the store's own
// balance is 0 and the aggregator exists, or 0 without a store.
func storeBalance(h native.Host, a ledgerapi.Address) (uint64, error) {
	st, ok, err := readStore(h, a)
	if err != nil || !ok || st.Balance != 0 {
		return st.Balance, err
	}
	var cb concurrentBalance
	ok, err = readResource(h, a, concurrentFABalTag, &cb)
	if err != nil || !ok {
		return 0, err
	}
	return cb.Value, nil
}

// concurrentBalance is ConcurrentFungibleBalance: an Aggregator<u64>.
type concurrentBalance struct{ Value, Max uint64 }

func (b *concurrentBalance) MarshalBCS(e *bcs.Encoder) { e.U64(b.Value); e.U64(b.Max) }
func (b *concurrentBalance) UnmarshalBCS(d *bcs.Decoder) {
	b.Value = d.U64("ConcurrentFungibleBalance.balance.value")
	b.Max = d.U64("ConcurrentFungibleBalance.balance.max_value")
}

// mintSupply adds amount to the ConcurrentSupply of the metadata object at
// a (mint_internal's supply, for the executor's coin conversions),
// aborting with EMAX_SUPPLY_EXCEEDED above its max_value; without one it
// fails with MISSING_DATA.
func mintSupply(h native.Host, a ledgerapi.Address, amount uint64) error {
	var cs onchain.ConcurrentSupply
	if ok, err := readResource(h, a, concurrentSupplyTag, &cs); err != nil {
		return err
	} else if !ok {
		return &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::fungible_asset::ConcurrentSupply does not exist"}
	}
	lo := cs.Value + amount
	hi := cs.ValueHi
	if lo < cs.Value {
		hi++
		if hi == 0 {
			return faAbort(native.OutOfRange, eMaxSupplyExceeded)
		}
	}
	if hi > cs.MaxHi || hi == cs.MaxHi && lo > cs.Max {
		return faAbort(native.OutOfRange, eMaxSupplyExceeded)
	}
	cs.Value, cs.ValueHi = lo, hi
	return putResource(h, a, concurrentSupplyTag, &cs)
}
