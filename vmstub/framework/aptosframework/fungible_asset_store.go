package aptosframework

// 0x1::fungible_asset's stores as Move code uses them, with Aptos's checks
// in Aptos's order: withdraw (the owner of an unfrozen store of an asset
// without a withdraw hook), deposit, transfer, the _with_ref forms that
// ignore the frozen flag, set_frozen_flag (the Frozen event), create_store
// and remove_store, the sanity checks dispatchable_fungible_asset runs, and
// withdraw_internal / deposit_internal, which move the amounts (the
// ConcurrentFungibleBalance aggregator when the store's own balance is 0
// and one exists) and emit Withdraw and Deposit (none for a zero amount).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// faStoreFunctions are fungible_asset's functions on stores.
func faStoreFunctions() []native.Function {
	const transferRef = "&0x1::fungible_asset::TransferRef"
	fn := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: keyParam, Params: params, Return: ret, Impl: impl}
	}
	friend := func(f native.Function) native.Function { f.Visibility = native.Friend; return f }
	entry := func(f native.Function) native.Function { f.IsEntry = true; return f }
	fa := []string{tFungibleAsset}
	return []native.Function{
		entry(fn("transfer", []string{"&signer", tObjT, tObjT, "u64"}, nil, faTransfer)),
		fn("create_store", []string{tCtorRef, tObjT}, []string{"0x1::object::Object<0x1::fungible_asset::FungibleStore>"}, createStore),
		{Name: "remove_store", Params: []string{"&0x1::object::DeleteRef"}, Impl: removeStore},
		fn("withdraw", []string{"&signer", tObjT, "u64"}, fa, faWithdraw),
		fn("deposit_sanity_check", []string{tObjT, "bool"}, nil, depositSanityCheck),
		fn("deposit", []string{tObjT, tFungibleAsset}, nil, faDeposit),
		fn("set_frozen_flag", []string{transferRef, tObjT, "bool"}, nil, setFrozenFlag),
		fn("withdraw_with_ref", []string{transferRef, tObjT, "u64"}, fa, withdrawWithRef),
		fn("deposit_with_ref", []string{transferRef, tObjT, tFungibleAsset}, nil, depositWithRef),
		fn("transfer_with_ref", []string{transferRef, tObjT, tObjT, "u64"}, nil, transferWithFARef),
		entry(fn("upgrade_store_to_concurrent", []string{"&signer", tObjT}, nil, upgradeStoreToConcurrent)),
		friend(fn("withdraw_sanity_check", []string{"&signer", tObjT, "bool"}, nil, withdrawSanityCheck)),
		friend(fn("set_frozen_flag_internal", []string{tObjT, "bool"}, nil, setFrozenFlagInternal)),
		friend(native.Function{Name: "deposit_internal", Params: []string{"address", tFungibleAsset}, Impl: depositInternalFunc}),
		friend(native.Function{Name: "withdraw_internal", Params: []string{"address", "u64"}, Return: fa, Impl: withdrawInternalFunc}),
	}
}

// mustReadStore reads the FungibleStore at a, aborting with
// EFUNGIBLE_STORE_EXISTENCE (not found) without one.
func mustReadStore(h native.Host, a ledgerapi.Address) (*onchain.FungibleStore, error) {
	st, ok, err := readStore(h, a)
	if err == nil && !ok {
		err = faAbort(native.NotFound, eStoreExistence)
	}
	return st, err
}

// refMetadata is the metadata object a MintRef, TransferRef, BurnRef,
// MutateMetadataRef or FungibleAsset holds (through a reference or not).
func refMetadata(v movevm.Value) ledgerapi.Address { return derefValue(v).Elem(0).Elem(0).AsAddress() }

// withdrawSanity is withdraw_sanity_check(owner, store, abort_on_dispatch):
// owner owns the store (ENOT_STORE_OWNER), which exists, has no withdraw
// hook when abortOnDispatch (EINVALID_DISPATCHABLE_OPERATIONS) and is not
// frozen (ESTORE_IS_FROZEN, permission denied).
func withdrawSanity(c *native.Context, owner, store ledgerapi.Address, abortOnDispatch bool) error {
	if ok, err := objectOwns(c, store, owner); err != nil {
		return err
	} else if !ok {
		return faAbort(native.PermissionDenied, eNotStoreOwner)
	}
	return storeSanity(c, store, abortOnDispatch, hookWithdraw)
}

// storeSanity is the common part of the sanity checks: the store exists,
// has no hook i when abortOnDispatch, and is not frozen.
func storeSanity(c *native.Context, store ledgerapi.Address, abortOnDispatch bool, hook int) error {
	h := hostOf(c)
	st, err := mustReadStore(h, store)
	if err != nil {
		return err
	}
	if abortOnDispatch {
		if f, err := metadataHook(h, st.Metadata, hook); err != nil {
			return err
		} else if f != nil {
			return faAbort(native.InvalidArgument, eInvalidDispatchableOperations)
		}
	}
	if st.Frozen {
		return faAbort(native.PermissionDenied, eStoreIsFrozen)
	}
	return nil
}

func withdrawSanityCheck(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, withdrawSanity(c, signerAddress(args[0]), refAddress(args[1]), args[2].AsBool())
}

func depositSanityCheck(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, storeSanity(c, refAddress(args[0]), args[1].AsBool(), hookDeposit)
}

// withdrawInternal is withdraw_internal(store, amount): amount out of the
// store (EFUNGIBLE_STORE_EXISTENCE, EINSUFFICIENT_BALANCE) as a
// FungibleAsset; Withdraw is emitted for a non-zero amount.
func withdrawInternal(c *native.Context, store ledgerapi.Address, amount uint64) (movevm.Value, error) {
	h := hostOf(c)
	st, err := mustReadStore(h, store)
	if err != nil {
		return movevm.Value{}, err
	}
	if amount != 0 {
		var cb concurrentBalance
		ok := false
		if st.Balance == 0 {
			if ok, err = readResource(h, store, concurrentFABalTag, &cb); err != nil {
				return movevm.Value{}, err
			}
		}
		switch {
		case ok && cb.Value < amount, !ok && st.Balance < amount:
			return movevm.Value{}, faAbort(native.InvalidArgument, eInsufficientBalance)
		case ok:
			cb.Value -= amount
			err = putResource(h, store, concurrentFABalTag, &cb)
		default:
			st.Balance -= amount
			err = putResource(h, store, FungibleStoreTag, st)
		}
		if err != nil {
			return movevm.Value{}, err
		}
		h.EmitBCS(withdrawEventType, storeEvent(store, amount))
	}
	return newFA(c, movevm.Address(st.Metadata), amount)
}

// depositInternal is deposit_internal(store, fa): fa is taken apart and
// its amount added to the store (EFUNGIBLE_STORE_EXISTENCE,
// EFUNGIBLE_ASSET_AND_STORE_MISMATCH); Deposit is emitted for a non-zero
// amount.
func depositInternal(c *native.Context, store ledgerapi.Address, fa movevm.Value) error {
	m, amount := faFields(fa)
	movevm.Unpack(fa)
	h := hostOf(c)
	st, err := mustReadStore(h, store)
	if err != nil {
		return err
	}
	if m.AsAddress() != st.Metadata {
		return faAbort(native.InvalidArgument, eFAAndStoreMismatch)
	}
	if amount == 0 {
		return nil
	}
	var cb concurrentBalance
	ok := false
	if st.Balance == 0 {
		if ok, err = readResource(h, store, concurrentFABalTag, &cb); err != nil {
			return err
		}
	}
	switch {
	case ok && cb.Value+amount < cb.Value, ok && cb.Value+amount > cb.Max:
		return abortIn("aggregator_v2", native.OutOfRange, eAggregatorOverflow)
	case ok:
		cb.Value += amount
		err = putResource(h, store, concurrentFABalTag, &cb)
	case st.Balance+amount < st.Balance:
		return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "fungible store balance overflows u64"}
	default:
		st.Balance += amount
		err = putResource(h, store, FungibleStoreTag, st)
	}
	if err != nil {
		return err
	}
	h.EmitBCS(depositEventType, storeEvent(store, amount))
	return nil
}

func withdrawInternalFunc(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	fa, err := withdrawInternal(c, args[0].AsAddress(), args[1].AsU64())
	return []movevm.Value{fa}, err
}

func depositInternalFunc(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, depositInternal(c, args[0].AsAddress(), args[1])
}

// faWithdraw is withdraw<T>(owner, store, amount).
func faWithdraw(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[1])
	if err := withdrawSanity(c, signerAddress(args[0]), store, true); err != nil {
		return nil, err
	}
	return withdrawInternalFunc(c, nil, []movevm.Value{movevm.Address(store), args[2]})
}

// faDeposit is deposit<T>(store, fa).
func faDeposit(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[0])
	if err := storeSanity(c, store, true, hookDeposit); err != nil {
		return nil, err
	}
	return nil, depositInternal(c, store, args[1])
}

// faTransfer is transfer<T>(sender, from, to, amount): withdraw, then
// deposit.
func faTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	fa, err := faWithdraw(c, nil, []movevm.Value{args[0], args[1], args[3]})
	if err != nil {
		return nil, err
	}
	return faDeposit(c, nil, []movevm.Value{args[2], fa[0]})
}

// checkRefStore aborts with ETRANSFER_REF_AND_STORE_MISMATCH unless the
// ref's asset is the store's (EFUNGIBLE_STORE_EXISTENCE without a store).
func checkRefStore(c *native.Context, ref movevm.Value, store ledgerapi.Address) error {
	st, err := mustReadStore(hostOf(c), store)
	if err == nil && refMetadata(ref) != st.Metadata {
		err = faAbort(native.InvalidArgument, eTransferRefAndStoreMismatch)
	}
	return err
}

// setFrozenFlag is set_frozen_flag<T>(transfer_ref, store, frozen).
func setFrozenFlag(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[1])
	if err := checkRefStore(c, args[0], store); err != nil {
		return nil, err
	}
	return nil, setFrozen(c, store, args[2].AsBool())
}

func setFrozenFlagInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, setFrozen(c, refAddress(args[0]), args[1].AsBool())
}

// setFrozen is set_frozen_flag_internal: the flag written (MISSING_DATA
// without a store) and Frozen {store, frozen} emitted.
func setFrozen(c *native.Context, store ledgerapi.Address, frozen bool) error {
	h := hostOf(c)
	st, ok, err := readStore(h, store)
	if err != nil {
		return err
	} else if !ok {
		return missingData(FungibleStoreTag, store)
	}
	st.Frozen = frozen
	if err := putResource(h, store, FungibleStoreTag, st); err != nil {
		return err
	}
	b := []byte{0}
	if frozen {
		b[0] = 1
	}
	h.EmitBCS(frozenEventType, append(append([]byte(nil), store[:]...), b...))
	return nil
}

// withdrawWithRef is withdraw_with_ref<T>(transfer_ref, store, amount),
// frozen or not.
func withdrawWithRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[1])
	if err := checkRefStore(c, args[0], store); err != nil {
		return nil, err
	}
	fa, err := withdrawInternal(c, store, args[2].AsU64())
	return []movevm.Value{fa}, err
}

// depositWithRef is deposit_with_ref<T>(transfer_ref, store, fa): the ref
// must be fa's asset's (ETRANSFER_REF_AND_FUNGIBLE_ASSET_MISMATCH).
func depositWithRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if refMetadata(args[0]) != refMetadata(args[2]) {
		return nil, faAbort(native.InvalidArgument, eTransferRefAndFAMismatch)
	}
	return nil, depositInternal(c, refAddress(args[1]), args[2])
}

// transferWithFARef is transfer_with_ref<T>(transfer_ref, from, to, amount).
func transferWithFARef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	fa, err := withdrawWithRef(c, nil, []movevm.Value{args[0], args[1], args[3]})
	if err != nil {
		return nil, err
	}
	return depositWithRef(c, nil, []movevm.Value{args[0], args[2], fa[0]})
}

// createStore is create_store<T>(constructor_ref, metadata): an empty,
// unfrozen FungibleStore of the asset (which must be an object holding
// Metadata) on the new object, untransferable when the asset is.
func createStore(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, metadata := refAddress(args[0]), refAddress(args[1])
	h := hostOf(c)
	if err := addressToObject(h, metadata, metadataTag); err != nil {
		return nil, err
	}
	if err := moveTo(h, a, FungibleStoreTag, &onchain.FungibleStore{Metadata: metadata}); err != nil {
		return nil, err
	}
	if ok, err := isFAUntransferable(h, metadata); err != nil {
		return nil, err
	} else if ok {
		if err := SetUntransferable(h, a); err != nil {
			return nil, err
		}
	}
	if err := addressToObject(h, a, FungibleStoreTag); err != nil {
		return nil, err
	}
	v, err := ObjectValueOf(c, ledgerapi.StructType(FungibleStoreTag), a)
	return []movevm.Value{v}, err
}

// isFAUntransferable is fungible_asset::is_untransferable of the asset at
// metadata.
func isFAUntransferable(h native.Host, metadata ledgerapi.Address) (bool, error) {
	_, ok, err := h.Resource(metadata, untransferableTag)
	return ok, err
}

// removeStore is remove_store(delete_ref): the FungibleStore goes (its
// balance must be 0, EBALANCE_IS_NOT_ZERO), with its
// ConcurrentFungibleBalance (likewise) and FungibleAssetEvents if any.
func removeStore(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := refAddress(args[0])
	h := hostOf(c)
	if err := addressToObject(h, a, FungibleStoreTag); err != nil {
		return nil, err
	}
	st, err := mustReadStore(h, a)
	if err != nil {
		return nil, err
	}
	if st.Balance != 0 {
		return nil, faAbort(native.PermissionDenied, eBalanceIsNotZero)
	}
	if err := h.DeleteResource(a, FungibleStoreTag); err != nil {
		return nil, err
	}
	var cb concurrentBalance
	if ok, err := readResource(h, a, concurrentFABalTag, &cb); err != nil {
		return nil, err
	} else if ok {
		if cb.Value != 0 {
			return nil, faAbort(native.PermissionDenied, eBalanceIsNotZero)
		}
		if err := h.DeleteResource(a, concurrentFABalTag); err != nil {
			return nil, err
		}
	}
	if _, ok, err := h.Resource(a, faEventsTag); err != nil {
		return nil, err
	} else if ok {
		return nil, h.DeleteResource(a, faEventsTag)
	}
	return nil, nil
}

// upgradeStoreToConcurrent is upgrade_store_to_concurrent<T>(owner,
// store): after the owner (ENOT_STORE_OWNER) and frozen
// (ESTORE_IS_FROZEN) checks it aborts with ECONCURRENT_BALANCE_NOT_ENABLED:
// concurrent balances are off, as on Aptos's mainnet.
func upgradeStoreToConcurrent(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[1])
	if ok, err := objectOwns(c, store, signerAddress(args[0])); err != nil {
		return nil, err
	} else if !ok {
		return nil, faAbort(native.PermissionDenied, eNotStoreOwner)
	}
	if st, ok, err := readStore(hostOf(c), store); err != nil {
		return nil, err
	} else if ok && st.Frozen {
		return nil, faAbort(native.InvalidArgument, eStoreIsFrozen)
	}
	return nil, faAbort(native.InvalidArgument, eConcurrentBalanceNotEnabled)
}
