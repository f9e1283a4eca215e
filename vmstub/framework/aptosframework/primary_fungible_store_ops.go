package aptosframework

// 0x1::primary_fungible_store's Funcs: the asset's creation with primary
// store support, store creation and lookup, the views (balances through
// dispatchable_fungible_asset's derived balance), withdrawals, deposits
// and transfers through dispatchable_fungible_asset (the issuer's hooks
// run), burnt stores unburnt by their owner first, and the ref functions
// on primary stores. APT transfers keep the executor's fast path
// (TransferFungible).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// pfsCallers are the framework modules on Aptos's call stack when
// primary_fungible_store dispatches to a hook.
var pfsCallers = []string{"primary_fungible_store", "dispatchable_fungible_asset"}

// createPrimaryStoreEnabledFA is create_primary_store_enabled_fungible_asset
// (constructor_ref, maximum_supply, name, symbol, decimals, icon_uri,
// project_uri): add_fungibility, then the DeriveRefPod.
func createPrimaryStoreEnabledFA(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, err := addFungibility(c, targs, args); err != nil {
		return nil, err
	}
	a := refAddress(args[0])
	return nil, moveTo(hostOf(c), a, deriveRefPodTag, addressResource(a))
}

// storeObject is the Object<FungibleStore> of the store at a, and the
// FungibleStore type.
func storeObject(c *native.Context, a ledgerapi.Address) (movevm.Value, *movevm.Type, error) {
	t, err := typeOf(c, FungibleStoreTag)
	if err != nil {
		return movevm.Value{}, nil, err
	}
	v, err := ObjectValueOf(c, ledgerapi.StructType(FungibleStoreTag), a)
	return v, t, err
}

// ensureStoreObject is ensure_primary_store_exists(owner, metadata) as an
// Object<FungibleStore> (an existing store must be an object).
func ensureStoreObject(c *native.Context, owner, metadata ledgerapi.Address) (movevm.Value, *movevm.Type, error) {
	a, err := ensurePrimaryStore(hostOf(c), owner, metadata)
	if err == nil {
		err = addressToObject(hostOf(c), a, FungibleStoreTag)
	}
	if err != nil {
		return movevm.Value{}, nil, err
	}
	return storeObject(c, a)
}

// primaryStoreObject is primary_store(owner, metadata): the store, which
// address_to_object checks exists (object's aborts).
func primaryStoreObject(c *native.Context, owner, metadata ledgerapi.Address) (movevm.Value, *movevm.Type, error) {
	a := primaryStoreAddress(owner, metadata)
	if err := addressToObject(hostOf(c), a, FungibleStoreTag); err != nil {
		return movevm.Value{}, nil, err
	}
	return storeObject(c, a)
}

// ensurePrimaryStoreFunc is ensure_primary_store_exists<T>(owner,
// metadata) and (create) create_primary_store<T>(owner, metadata).
func ensurePrimaryStoreFunc(create bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		owner, metadata := args[0].AsAddress(), refAddress(args[1])
		if create {
			if err := createPrimaryStore(hostOf(c), owner, metadata); err != nil {
				return nil, err
			}
		}
		v, _, err := ensureStoreObject(c, owner, metadata)
		return []movevm.Value{v}, err
	}
}

// primaryStoreOf is the primary store address of the (owner, metadata)
// arguments of the views.
func primaryStoreOf(args []movevm.Value) ledgerapi.Address {
	return primaryStoreAddress(args[0].AsAddress(), refAddress(args[1]))
}

func viewPrimaryStoreAddress(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(primaryStoreOf(args))}, nil
}

// viewPrimaryStore is primary_store(owner, metadata).
func viewPrimaryStore(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _, err := primaryStoreObject(c, args[0].AsAddress(), refAddress(args[1]))
	return []movevm.Value{v}, err
}

func viewPrimaryStoreExists(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return existsAt(c, primaryStoreOf(args), FungibleStoreTag)
}

// viewPrimaryBalance is balance(account, metadata): the primary store's
// derived balance (its hook's, if the asset has one), 0 without a store.
func viewPrimaryBalance(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, err := primaryDerivedBalance(c, args)
	return []movevm.Value{movevm.U64(b)}, err
}

func primaryDerivedBalance(c *native.Context, args []movevm.Value) (uint64, error) {
	if _, ok, err := readStore(hostOf(c), primaryStoreOf(args)); err != nil || !ok {
		return 0, err
	}
	obj, t, err := primaryStoreObject(c, args[0].AsAddress(), refAddress(args[1]))
	if err != nil {
		return 0, err
	}
	b, _, err := dfaDerivedBalance(c, pfsCallers, t, obj)
	return b, err
}

// viewPrimaryBalanceAtLeast is is_balance_at_least(account, metadata,
// amount): amount == 0 without a store.
func viewPrimaryBalanceAtLeast(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok, err := readStore(hostOf(c), primaryStoreOf(args)); err != nil || !ok {
		return []movevm.Value{movevm.Bool(args[2].AsU64() == 0)}, err
	}
	b, err := primaryDerivedBalance(c, args)
	return []movevm.Value{movevm.Bool(b >= args[2].AsU64())}, err
}

// viewPrimaryIsFrozen is is_frozen(account, metadata): false without a
// store.
func viewPrimaryIsFrozen(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	st, ok, err := readStore(hostOf(c), primaryStoreOf(args))
	return []movevm.Value{movevm.Bool(ok && st.Frozen)}, err
}

// mayBeUnburn is may_be_unburn(owner, store): a burnt store is unburnt by
// its owner.
func mayBeUnburn(h native.Host, owner, store ledgerapi.Address) error {
	if _, ok, err := h.Resource(store, tombStoneTag); err != nil || !ok {
		return err
	}
	return unburnObject(h, owner, store)
}

// primaryWithdraw is withdraw<T>(owner, metadata, amount): from owner's
// primary store (created if needed, unburnt if burnt), through
// dispatchable_fungible_asset.
func primaryWithdraw(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	owner := signerAddress(args[0])
	obj, t, err := ensureStoreObject(c, owner, refAddress(args[1]))
	if err != nil {
		return nil, err
	}
	if err := mayBeUnburn(hostOf(c), owner, refAddress(obj)); err != nil {
		return nil, err
	}
	fa, err := dfaWithdraw(c, pfsCallers, t, args[0], obj, args[2].AsU64())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{fa}, nil
}

// primaryDeposit is deposit(owner, fa) and deposit_with_signer(owner, fa):
// into owner's primary store of fa's asset (created if needed), through
// dispatchable_fungible_asset.
func primaryDeposit(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	owner := args[0]
	if k := owner.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		owner = movevm.Address(signerAddress(owner))
	}
	obj, t, err := ensureStoreObject(c, owner.AsAddress(), refMetadata(args[1]))
	if err != nil {
		return nil, err
	}
	return nil, dfaDeposit(c, pfsCallers, t, obj, args[1])
}

// primaryTransfer is transfer<T>(sender, metadata, recipient, amount):
// both primary stores ensured (the sender's unburnt), then
// dispatchable_fungible_asset's transfer. APT takes the executor's fast
// path (TransferFungible).
func primaryTransfer(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if refAddress(args[1]) == APTMetadata {
		return nil, TransferFungible(hostOf(c), signerAddress(args[0]), args[2].AsAddress(), APTMetadata, args[3].AsU64())
	}
	return primaryTransferMinimum(c, targs, args)
}

// primaryTransferMinimum is transfer_assert_minimum_deposit<T>(sender,
// metadata, recipient, amount, expected) (and transfer, without expected).
func primaryTransferMinimum(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	sender, metadata := signerAddress(args[0]), refAddress(args[1])
	from, t, err := ensureStoreObject(c, sender, metadata)
	if err != nil {
		return nil, err
	}
	if err := mayBeUnburn(hostOf(c), sender, refAddress(from)); err != nil {
		return nil, err
	}
	to, _, err := ensureStoreObject(c, args[2].AsAddress(), metadata)
	if err != nil {
		return nil, err
	}
	var expected *uint64
	if len(args) == 5 {
		e := args[4].AsU64()
		expected = &e
	}
	return nil, dfaTransfer(c, pfsCallers, t, args[0], from, to, args[3].AsU64(), expected)
}

// primaryMint is mint(mint_ref, owner, amount): fungible_asset::mint_to
// owner's primary store (created if needed).
func primaryMint(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	obj, _, err := ensureStoreObject(c, args[1].AsAddress(), refMetadata(args[0]))
	if err != nil {
		return nil, err
	}
	return faMintTo(c, nil, []movevm.Value{args[0], obj, args[2]})
}

// primaryBurn is burn(burn_ref, owner, amount): fungible_asset::burn_from
// owner's primary store, which must exist.
func primaryBurn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	obj, _, err := primaryStoreObject(c, args[1].AsAddress(), refMetadata(args[0]))
	if err != nil {
		return nil, err
	}
	return faBurnFrom(c, nil, []movevm.Value{args[0], obj, args[2]})
}

// primarySetFrozen is set_frozen_flag(transfer_ref, owner, frozen) on
// owner's primary store (created if needed).
func primarySetFrozen(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	obj, _, err := ensureStoreObject(c, args[1].AsAddress(), refMetadata(args[0]))
	if err != nil {
		return nil, err
	}
	return setFrozenFlag(c, nil, []movevm.Value{args[0], obj, args[2]})
}

// primaryWithdrawWithRef is withdraw_with_ref(transfer_ref, owner, amount)
// from owner's primary store, which must exist.
func primaryWithdrawWithRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	obj, _, err := primaryStoreObject(c, args[1].AsAddress(), refMetadata(args[0]))
	if err != nil {
		return nil, err
	}
	return withdrawWithRef(c, nil, []movevm.Value{args[0], obj, args[2]})
}

// primaryDepositWithRef is deposit_with_ref(transfer_ref, owner, fa) into
// owner's primary store (created if needed).
func primaryDepositWithRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	obj, _, err := ensureStoreObject(c, args[1].AsAddress(), refMetadata(args[0]))
	if err != nil {
		return nil, err
	}
	return depositWithRef(c, nil, []movevm.Value{args[0], obj, args[2]})
}

// primaryTransferWithRef is transfer_with_ref(transfer_ref, from, to,
// amount): from's primary store must exist, to's is created if needed.
func primaryTransferWithRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	metadata := refMetadata(args[0])
	from, _, err := primaryStoreObject(c, args[1].AsAddress(), metadata)
	if err != nil {
		return nil, err
	}
	to, _, err := ensureStoreObject(c, args[2].AsAddress(), metadata)
	if err != nil {
		return nil, err
	}
	return transferWithFARef(c, nil, []movevm.Value{args[0], from, to, args[3]})
}
