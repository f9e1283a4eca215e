package aptosframework

// 0x1::primary_fungible_store: every account's store of each fungible
// asset, an object at an address derived from the owner and the metadata
// object, created (silently) when first needed for assets made with
// create_primary_store_enabled_fungible_asset (a DeriveRefPod on the
// metadata object); the declaration, the addresses (cached: their sha3 is
// a large part of a transfer's cost), store creation and the executor's
// helpers (APT transfers, balances, genesis). The module's Funcs are in
// primary_fungible_store_ops.go, the fee's burn in _fee.go.

import (
	"math/big"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var deriveRefPodTag = tag1("primary_fungible_store", "DeriveRefPod")

// PrimaryFungibleStore declares 0x1::primary_fungible_store.
func PrimaryFungibleStore() native.Module {
	const (
		objT        = tObjT
		storeObj    = "0x1::object::Object<0x1::fungible_asset::FungibleStore>"
		transferRef = "&0x1::fungible_asset::TransferRef"
	)
	view := func(name, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, TypeParams: keyParam, Params: []string{"address", objT}, Return: []string{ret}, Impl: impl}
	}
	generic := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: keyParam, Params: params, Return: ret, Impl: impl}
	}
	fn := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	entry := func(f native.Function) native.Function { f.IsEntry = true; return f }
	fa := []string{tFungibleAsset}
	m := native.Module{Address: addr, Name: "primary_fungible_store",
		Structs: []native.Struct{{Name: "DeriveRefPod", Abilities: []string{native.AbilityKey}, ObjectGroup: true,
			Fields: []string{"metadata_derive_ref: 0x1::object::DeriveRef"}}},
		Functions: []native.Function{
			fn("create_primary_store_enabled_fungible_asset", []string{tCtorRef, "0x1::option::Option<u128>", tString, tString, "u8", tString, tString},
				nil, createPrimaryStoreEnabledFA),
			generic("ensure_primary_store_exists", []string{"address", objT}, []string{storeObj}, ensurePrimaryStoreFunc(false)),
			generic("create_primary_store", []string{"address", objT}, []string{storeObj}, ensurePrimaryStoreFunc(true)),
			view("primary_store_address", "address", viewPrimaryStoreAddress),
			view("primary_store", storeObj, viewPrimaryStore),
			view("primary_store_exists", "bool", viewPrimaryStoreExists),
			generic("grant_permission", []string{"&signer", "&signer", objT, "u64"}, nil, signerDisabled),
			fn("grant_apt_permission", []string{"&signer", "&signer", "u64"}, nil, signerDisabled),
			view("balance", "u64", viewPrimaryBalance),
			{Name: "is_balance_at_least", IsView: true, TypeParams: keyParam, Params: []string{"address", objT, "u64"},
				Return: []string{"bool"}, Impl: viewPrimaryBalanceAtLeast},
			view("is_frozen", "bool", viewPrimaryIsFrozen),
			generic("withdraw", []string{"&signer", objT, "u64"}, fa, primaryWithdraw),
			fn("deposit", []string{"address", tFungibleAsset}, nil, primaryDeposit),
			fn("deposit_with_signer", []string{"&signer", tFungibleAsset}, nil, primaryDeposit),
			entry(generic("transfer", []string{"&signer", objT, "address", "u64"}, nil, primaryTransfer)),
			entry(generic("transfer_assert_minimum_deposit", []string{"&signer", objT, "address", "u64", "u64"}, nil, primaryTransferMinimum)),
			fn("mint", []string{"&0x1::fungible_asset::MintRef", "address", "u64"}, nil, primaryMint),
			fn("burn", []string{"&0x1::fungible_asset::BurnRef", "address", "u64"}, nil, primaryBurn),
			fn("set_frozen_flag", []string{transferRef, "address", "bool"}, nil, primarySetFrozen),
			fn("withdraw_with_ref", []string{transferRef, "address", "u64"}, fa, primaryWithdrawWithRef),
			fn("deposit_with_ref", []string{transferRef, "address", tFungibleAsset}, nil, primaryDepositWithRef),
			fn("transfer_with_ref", []string{transferRef, "address", "address", "u64"}, nil, primaryTransferWithRef),
		},
	}
	// While the module dispatches to a hook, the hook may not call it.
	for i := range m.Functions {
		m.Functions[i].Impl = guarded("primary_fungible_store", m.Functions[i].Impl)
	}
	return m
}

// storeCache caches primary store addresses: a sha3 each, for the
// busiest owners. Bounded: it starts over when full.
var storeCache struct {
	mu sync.RWMutex
	m  map[[2]ledgerapi.Address]ledgerapi.Address
}

const maxCachedStores = 1 << 14

// primaryStoreAddress is primary_store_address: owner's primary store
// address for the metadata object.
func primaryStoreAddress(owner, metadata ledgerapi.Address) ledgerapi.Address {
	key := [2]ledgerapi.Address{owner, metadata}
	storeCache.mu.RLock()
	a, ok := storeCache.m[key]
	storeCache.mu.RUnlock()
	if !ok {
		a = crypto.PrimaryStoreAddress(owner, metadata)
		storeCache.mu.Lock()
		if storeCache.m == nil || len(storeCache.m) >= maxCachedStores {
			storeCache.m = make(map[[2]ledgerapi.Address]ledgerapi.Address)
		}
		storeCache.m[key] = a
		storeCache.mu.Unlock()
	}
	return a
}

// ensurePrimaryStore is ensure_primary_store_exists: owner's primary store
// address for metadata, the store created when it does not exist
// (create_primary_store: an object must not be at the address yet,
// EOBJECT_EXISTS; for APT, the executor's fast path, the store object is
// then written directly; for other assets the metadata object must hold
// Metadata (object's aborts) and a DeriveRefPod (MISSING_DATA). The store
// object is owned by owner, without ungated transfers, untransferable
// when the asset is. No event is emitted.
func ensurePrimaryStore(h native.Host, owner, metadata ledgerapi.Address) (ledgerapi.Address, error) {
	a := primaryStoreAddress(owner, metadata)
	if _, ok, err := h.Resource(a, FungibleStoreTag); ok || err != nil {
		return a, err
	}
	return a, createPrimaryStore(h, owner, metadata)
}

// createPrimaryStore is create_primary_store(owner, metadata) (see
// ensurePrimaryStore).
func createPrimaryStore(h native.Host, owner, metadata ledgerapi.Address) error {
	a := primaryStoreAddress(owner, metadata)
	if _, ok, err := h.Resource(a, ObjectCoreTag); err != nil {
		return err
	} else if ok {
		return abortIn("object", native.AlreadyExists, eObjectExists)
	}
	if metadata == APTMetadata {
		if err := putResource(h, a, ObjectCoreTag, newObjectCore(a, owner, false)); err != nil {
			return err
		}
		return putResource(h, a, FungibleStoreTag, &onchain.FungibleStore{Metadata: metadata})
	}
	if err := addressToObject(h, metadata, metadataTag); err != nil {
		return err
	}
	if _, ok, err := h.Resource(metadata, deriveRefPodTag); err != nil {
		return err
	} else if !ok {
		return missingData(deriveRefPodTag, metadata)
	}
	if err := putResource(h, a, ObjectCoreTag, newObjectCore(a, owner, false)); err != nil {
		return err
	}
	if err := moveTo(h, a, FungibleStoreTag, &onchain.FungibleStore{Metadata: metadata}); err != nil {
		return err
	}
	if ok, err := isFAUntransferable(h, metadata); err != nil || !ok {
		return err
	}
	return SetUntransferable(h, a)
}

// CreatePrimaryStoreEnabledFungibleAsset is
// create_primary_store_enabled_fungible_asset on the (non-deletable)
// object at a: AddFungibility, then the DeriveRefPod that lets primary
// stores of the asset be created.
func CreatePrimaryStoreEnabledFungibleAsset(h native.Host, a ledgerapi.Address, maximum *big.Int, m *onchain.FungibleAssetMetadata) error {
	if err := AddFungibility(h, a, maximum, m); err != nil {
		return err
	}
	return moveTo(h, a, deriveRefPodTag, addressResource(a))
}

// TransferFungible is primary_fungible_store::transfer on the executor's
// fast path (APT transfers): amount of the fungible asset whose metadata
// object is metadata (APTMetadata for APT) moves from from's primary store
// to to's. Both stores are created if needed (silently), then
// fungible_asset's Withdraw and Deposit are emitted. A frozen sender
// store, a short balance and a frozen recipient store abort, in that
// order, with 0x1::fungible_asset's ESTORE_IS_FROZEN, EINSUFFICIENT_BALANCE
// and ESTORE_IS_FROZEN (*movevm.Abort); other failures are execution
// failures (*movevm.Error) or failed reads.
func TransferFungible(h native.Host, from, to, metadata ledgerapi.Address, amount uint64) error {
	fromStore, err := ensurePrimaryStore(h, from, metadata)
	if err != nil {
		return err
	}
	toStore, err := ensurePrimaryStore(h, to, metadata)
	if err != nil {
		return err
	}
	ok, err := withdrawFrom(h, fromStore, amount)
	if err != nil {
		return err
	}
	if !ok {
		return faAbort(native.InvalidArgument, eInsufficientBalance)
	}
	return depositTo(h, toStore, amount)
}

// PrimaryStoreBalance is owner's primary store balance of the fungible
// asset whose metadata object is metadata: the FungibleStore's balance, 0
// without a store.
func PrimaryStoreBalance(h native.Host, owner, metadata ledgerapi.Address) (uint64, error) {
	st, _, err := readStore(h, primaryStoreAddress(owner, metadata))
	return st.Balance, err
}

// GenesisPrimaryStore writes owner's primary store of the asset at
// metadata holding amount, creating the store object, without events:
// how genesis funds an account.
func GenesisPrimaryStore(h native.Host, owner, metadata ledgerapi.Address, amount uint64) error {
	a, err := ensurePrimaryStore(h, owner, metadata)
	if err != nil {
		return err
	}
	return putResource(h, a, FungibleStoreTag, &onchain.FungibleStore{Metadata: metadata, Balance: amount})
}
