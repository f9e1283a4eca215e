package aptosframework

// 0x1::fungible_asset: the declaration of the module (metadata, supply and
// store resources, refs, events, the FungibleAsset value) and what stores
// do: withdrawals and deposits with their Withdraw and Deposit events, the
// frozen flag, the balance. Its views are in fungible_asset_views.go, its
// functions on FungibleAsset values in fungible_asset_values.go. APT's
// metadata object is 0xa.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::fungible_asset.
const (
	eStoreIsFrozen       = 3
	eInsufficientBalance = 4
	eMaxSupplyExceeded   = 5
	eAssetMismatch       = 6
	eAmountIsNotZero     = 12
	eStoreExistence      = 23
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
	fungibleAssetTag    = tag1("fungible_asset", "FungibleAsset")
	withdrawEventType   = ledgerapi.StructType(tag1("fungible_asset", "Withdraw"))
	depositEventType    = ledgerapi.StructType(tag1("fungible_asset", "Deposit"))
	frozenEventType     = ledgerapi.StructType(tag1("fungible_asset", "Frozen"))
)

const (
	tString         = "0x1::string::String"
	tObjectMetadata = "0x1::object::Object<0x1::fungible_asset::Metadata>"
	tFungibleAsset  = "0x1::fungible_asset::FungibleAsset"
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
	objT := []string{"0x1::object::Object<T0>"}
	optU128 := []string{"0x1::option::Option<u128>"}
	view := func(name string, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, TypeParams: keyParam, Params: objT, Return: []string{ret}, Impl: impl}
	}
	fs := []native.Function{
		{Name: "supply", IsView: true, TypeParams: keyParam, Params: objT, Return: optU128, Impl: viewSupply},
		{Name: "maximum", IsView: true, TypeParams: keyParam, Params: objT, Return: optU128, Impl: viewMaximum},
		view("name", tString, viewMetadata(0)),
		view("symbol", tString, viewMetadata(1)),
		view("decimals", "u8", viewMetadata(2)),
		view("icon_uri", tString, viewMetadata(3)),
		view("project_uri", tString, viewMetadata(4)),
		view("is_untransferable", "bool", viewUntransferable),
		{Name: "store_exists", IsView: true, Params: []string{"address"}, Return: []string{"bool"}, Impl: viewStoreExists},
		view("store_metadata", tObjectMetadata, viewStoreMetadata),
		view("balance", "u64", viewBalance),
		view("is_frozen", "bool", viewIsFrozen),
	}
	return native.Module{Address: addr, Name: "fungible_asset",
		Structs: []native.Struct{
			group("Metadata", "name: "+tString, "symbol: "+tString, "decimals: u8", "icon_uri: "+tString, "project_uri: "+tString),
			group("ConcurrentSupply", "current: 0x1::aggregator_v2::Aggregator<u128>"),
			group("Supply", "current: u128", "maximum: 0x1::option::Option<u128>"),
			group("Untransferable", "dummy_field: bool"),
			group("FungibleStore", "metadata: "+tObjectMetadata, "balance: u64", "frozen: bool"),
			group("ConcurrentFungibleBalance", "balance: 0x1::aggregator_v2::Aggregator<u64>"),
			ref("MintRef"), ref("TransferRef"), ref("BurnRef"),
			event("Deposit", "store: address", "amount: u64"),
			event("Withdraw", "store: address", "amount: u64"),
			event("Frozen", "store: address", "frozen: bool"),
			{Name: "FungibleAsset", Fields: []string{"metadata: " + tObjectMetadata, "amount: u64"}},
		},
		Functions: append(fs, faValueFunctions()...),
		Errors: []native.AbortReason{
			{Reason: eStoreIsFrozen, Name: "ESTORE_IS_FROZEN", Description: "Store is disabled from sending and receiving this fungible asset."},
			{Reason: eInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Insufficient balance to withdraw or transfer."},
			{Reason: eStoreExistence, Name: "EFUNGIBLE_STORE_EXISTENCE", Description: "Flag for the existence of fungible store."},
			{Reason: eAssetMismatch, Name: "EFUNGIBLE_ASSET_MISMATCH", Description: "Fungible asset do not match when merging."},
			{Reason: eAmountIsNotZero, Name: "EAMOUNT_IS_NOT_ZERO", Description: "Cannot destroy non-empty fungible assets."},
		},
	}
}

// faAbort is an abort of fungible_asset.
func faAbort(category, reason uint64) error { return abortIn("fungible_asset", category, reason) }

// readStore reads the FungibleStore at a.
func readStore(h native.Host, a ledgerapi.Address) (*onchain.FungibleStore, bool, error) {
	var st onchain.FungibleStore
	ok, err := readResource(h, a, FungibleStoreTag, &st)
	return &st, ok, err
}

// withdrawFrom takes amount out of the store at a and emits Withdraw. It
// reports false (changing nothing) when there is no store or its balance
// is short; a frozen store aborts first with ESTORE_IS_FROZEN.
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

// depositTo adds amount to the store at a and emits Deposit; a missing
// store fails with MISSING_DATA, a frozen one aborts with ESTORE_IS_FROZEN.
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
	b, ok, err := h.Resource(a, concurrentFABalTag)
	if err != nil || !ok {
		return 0, err
	}
	d := bcs.NewDecoder(b)
	v := d.U64("ConcurrentFungibleBalance.balance.value")
	return v, d.Err()
}

// mintSupply adds amount to the ConcurrentSupply of the metadata object at
// a (mint_internal), aborting with EMAX_SUPPLY_EXCEEDED above its
// max_value; without one it fails with MISSING_DATA.
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
