package aptosframework

// 0x1::primary_fungible_store: every account's store of each fungible
// asset, an object at an address derived from the owner and the metadata
// object, created (silently) when first needed; transfers between primary
// stores, withdrawals as FungibleAsset values and deposits of them, and the
// views. The addresses are cached: their sha3 is a large part of a
// transfer's cost.

import (
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// PrimaryFungibleStore declares 0x1::primary_fungible_store.
func PrimaryFungibleStore() native.Module {
	objT := "0x1::object::Object<T0>"
	view := func(name, ret string, impl native.Func) native.Function {
		return native.Function{Name: name, IsView: true, TypeParams: keyParam, Params: []string{"address", objT}, Return: []string{ret}, Impl: impl}
	}
	return native.Module{Address: addr, Name: "primary_fungible_store",
		Structs: []native.Struct{{Name: "DeriveRefPod", Abilities: []string{native.AbilityKey}, ObjectGroup: true,
			Fields: []string{"metadata_derive_ref: 0x1::object::DeriveRef"}}},
		Functions: []native.Function{
			{Name: "transfer", IsEntry: true, TypeParams: keyParam, Params: []string{"&signer", objT, "address", "u64"}, Impl: primaryTransfer},
			view("primary_store_address", "address", viewPrimaryStoreAddress),
			view("primary_store", "0x1::object::Object<0x1::fungible_asset::FungibleStore>", viewPrimaryStore),
			view("primary_store_exists", "bool", viewPrimaryStoreExists),
			view("balance", "u64", viewPrimaryBalance),
			view("is_frozen", "bool", viewPrimaryIsFrozen),
			{Name: "withdraw", TypeParams: keyParam, Params: []string{"&signer", objT, "u64"}, Return: []string{tFungibleAsset}, Impl: primaryWithdraw},
			{Name: "deposit", Params: []string{"address", tFungibleAsset}, Impl: primaryDeposit},
		},
	}
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

// ensurePrimaryStore returns owner's primary store address for metadata,
// creating the store object (ObjectCore and FungibleStore, no events) when
// it does not exist; the metadata object of an asset other than APT must
// exist (MISSING_DATA).
func ensurePrimaryStore(h native.Host, owner, metadata ledgerapi.Address) (ledgerapi.Address, error) {
	a := primaryStoreAddress(owner, metadata)
	if _, ok, err := h.Resource(a, FungibleStoreTag); ok || err != nil {
		return a, err
	}
	if metadata != APTMetadata {
		if _, ok, err := h.Resource(metadata, metadataTag); err != nil {
			return a, err
		} else if !ok {
			return a, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::fungible_asset::Metadata does not exist"}
		}
	}
	if err := putResource(h, a, ObjectCoreTag, newObjectCore(a, owner, false)); err != nil {
		return a, err
	}
	return a, putResource(h, a, FungibleStoreTag, &onchain.FungibleStore{Metadata: metadata})
}

// TransferFungible is primary_fungible_store::transfer: amount of the
// fungible asset whose metadata object is metadata (APTMetadata for APT)
// moves from from's primary store to to's. Both stores are created if
// needed (silently), then fungible_asset's Withdraw and Deposit are
// emitted. A frozen sender store, a short balance and a frozen recipient
// store abort, in that order, with 0x1::fungible_asset's ESTORE_IS_FROZEN,
// EINSUFFICIENT_BALANCE and ESTORE_IS_FROZEN (*movevm.Abort); other
// failures are execution failures (*movevm.Error) or failed reads.
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

// primaryTransfer is primary_fungible_store::transfer<T>(sender, metadata,
// recipient, amount).
func primaryTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, TransferFungible(hostOf(c), signerAddress(args[0]), args[2].AsAddress(), refAddress(args[1]), args[3].AsU64())
}

// primaryWithdraw is withdraw<T>(owner, metadata, amount): a
// FungibleAsset out of owner's primary store (created if needed); a short
// balance aborts with fungible_asset's EINSUFFICIENT_BALANCE.
func primaryWithdraw(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	metadata, amount := args[1].Elem(0), args[2].AsU64()
	store, err := ensurePrimaryStore(hostOf(c), signerAddress(args[0]), metadata.AsAddress())
	if err != nil {
		return nil, err
	}
	ok, err := withdrawFrom(hostOf(c), store, amount)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, faAbort(native.InvalidArgument, eInsufficientBalance)
	}
	fa, err := newFA(c, metadata, amount)
	return []movevm.Value{fa}, err
}

// primaryDeposit is deposit(owner, fa): fa goes into owner's primary store
// of its asset (created if needed).
func primaryDeposit(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, amount := faFields(args[1])
	movevm.Unpack(args[1])
	store, err := ensurePrimaryStore(hostOf(c), args[0].AsAddress(), m.AsAddress())
	if err != nil {
		return nil, err
	}
	return nil, depositTo(hostOf(c), store, amount)
}

// primaryStoreOf is the primary store address of the (owner, metadata)
// arguments of the views.
func primaryStoreOf(c *native.Context, args []movevm.Value) ledgerapi.Address {
	return primaryStoreAddress(args[0].AsAddress(), refAddress(args[1]))
}

func viewPrimaryStoreAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(primaryStoreOf(c, args))}, nil
}

// viewPrimaryStore is primary_store(owner, metadata): the store as
// Object<FungibleStore>, which object::address_to_object checks exists.
func viewPrimaryStore(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := primaryStoreOf(c, args)
	if _, ok, err := hostOf(c).Resource(a, ObjectCoreTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, abortIn("object", native.NotFound, eObjectDoesNotExist)
	}
	if _, ok, err := hostOf(c).Resource(a, FungibleStoreTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, abortIn("object", native.NotFound, eResourceDoesNotExist)
	}
	t, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "object", Name: "Object",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(FungibleStoreTag)}})
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.Address(a)})}, nil
}

func viewPrimaryStoreExists(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return existsAt(c, primaryStoreOf(c, args), FungibleStoreTag)
}

// viewPrimaryBalance is balance(account, metadata): the primary store's
// fungible_asset::balance, 0 without a store.
func viewPrimaryBalance(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := storeBalance(hostOf(c), primaryStoreOf(c, args))
	return []movevm.Value{movevm.U64(b)}, err
}

// viewPrimaryIsFrozen is is_frozen(account, metadata): false without a
// store.
func viewPrimaryIsFrozen(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	st, ok, err := readStore(hostOf(c), primaryStoreOf(c, args))
	return []movevm.Value{movevm.Bool(ok && st.Frozen)}, err
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
