package aptosframework

// 0x1::dispatchable_fungible_asset: withdrawals, deposits, transfers,
// balances and supplies that run the issuer's hooks (AIP-73): an asset
// whose metadata object holds a DispatchFunctionStore (registered here
// with register_dispatch_functions, which also keeps a TransferRef for the
// hooks in a TransferRefStore) has its withdraw, deposit and
// derived_balance replaced by the registered Move functions, which the
// Funcs call on the interpreter (movevm's NativeContext.Call), passing the
// store, the amount (or the FungibleAsset) and a reference to the
// TransferRef; DeriveSupply replaces derived_supply. Assets without hooks
// go through fungible_asset's own functions.
//
// Re-entrancy is refused as on Aptos, with RUNTIME_DISPATCH_ERROR: a hook
// may not call into a module that is running, the hook's own module, the
// module that called dispatchable_fungible_asset, or
// dispatchable_fungible_asset and primary_fungible_store while they
// dispatch (hooks call fungible_asset's _with_ref functions instead).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::dispatchable_fungible_asset.
const (
	eDFAStoreNotFound  = 1
	eDFAAmountMismatch = 2
	eDFANotActivated   = 3
	eDFANotLoaded      = 4
)

var transferRefStoreTag = tag1("dispatchable_fungible_asset", "TransferRefStore")

// DispatchableFungibleAsset declares 0x1::dispatchable_fungible_asset.
func DispatchableFungibleAsset() native.Module {
	const (
		transferRef = "&0x1::fungible_asset::TransferRef"
		funcInfoRef = "&" + tFunctionInfo
	)
	g := func(f native.Function) native.Function {
		f.TypeParams = keyParam
		f.Impl = guarded("dispatchable_fungible_asset", f.Impl)
		return f
	}
	private := func(f native.Function) native.Function { f.Visibility = native.Private; return f }
	fa := []string{tFungibleAsset}
	return native.Module{Address: addr, Name: "dispatchable_fungible_asset",
		Structs: []native.Struct{{Name: "TransferRefStore", Abilities: []string{native.AbilityKey}, ObjectGroup: true,
			Fields: []string{"transfer_ref: 0x1::fungible_asset::TransferRef"}}},
		Functions: []native.Function{
			{Name: "register_dispatch_functions", Params: []string{tCtorRef, tOptFuncInfo, tOptFuncInfo, tOptFuncInfo}, Impl: dfaRegister},
			{Name: "register_derive_supply_dispatch_function", Params: []string{tCtorRef, tOptFuncInfo}, Impl: registerDeriveSupply},
			g(native.Function{Name: "withdraw", Params: []string{"&signer", tObjT, "u64"}, Return: fa, Impl: dfaWithdrawFunc}),
			g(native.Function{Name: "deposit", Params: []string{tObjT, tFungibleAsset}, Impl: dfaDepositFunc}),
			g(native.Function{Name: "transfer", IsEntry: true, Params: []string{"&signer", tObjT, tObjT, "u64"}, Impl: dfaTransferFunc}),
			g(native.Function{Name: "transfer_assert_minimum_deposit", IsEntry: true, Params: []string{"&signer", tObjT, tObjT, "u64", "u64"}, Impl: dfaTransferFunc}),
			g(native.Function{Name: "derived_balance", IsView: true, Params: []string{tObjT}, Return: []string{"u64"}, Impl: dfaDerivedBalanceFunc}),
			g(native.Function{Name: "is_derived_balance_at_least", IsView: true, Params: []string{tObjT, "u64"}, Return: []string{"bool"}, Impl: dfaBalanceAtLeastFunc}),
			g(native.Function{Name: "derived_supply", IsView: true, Params: []string{tObjT}, Return: []string{"0x1::option::Option<u128>"}, Impl: dfaDerivedSupplyFunc}),
			private(g(native.Function{Name: "dispatchable_withdraw", Params: []string{tObjT, "u64", transferRef, funcInfoRef}, Return: fa, Impl: dispatchNative})),
			private(g(native.Function{Name: "dispatchable_deposit", Params: []string{tObjT, tFungibleAsset, transferRef, funcInfoRef}, Impl: dispatchNative})),
			private(g(native.Function{Name: "dispatchable_derived_balance", Params: []string{tObjT, funcInfoRef}, Return: []string{"u64"}, Impl: dispatchNative})),
			private(g(native.Function{Name: "dispatchable_derived_supply", Params: []string{tObjT, funcInfoRef}, Return: []string{"0x1::option::Option<u128>"}, Impl: dispatchNative})),
		},
		Errors: []native.AbortReason{
			{Reason: eDFAStoreNotFound, Name: "ESTORE_NOT_FOUND", Description: "TransferRefStore doesn't exist on the fungible asset type."},
			{Reason: eDFAAmountMismatch, Name: "EAMOUNT_MISMATCH", Description: "Recipient is not getting the guaranteed value;"},
			{Reason: eDFANotActivated, Name: "ENOT_ACTIVATED", Description: "Feature is not activated yet on the network."},
			{Reason: eDFANotLoaded, Name: "ENOT_LOADED", Description: "Dispatch target is not loaded."},
		},
	}
}

// dispatchState is the framework modules whose Funcs are dispatching to a
// hook in this session (a count each): Aptos would have their frames on
// the call stack.
type dispatchState struct{ active map[string]int }

var dispatching = native.NewState(func() *dispatchState { return &dispatchState{active: map[string]int{}} })

// guarded is impl refusing to run (RUNTIME_DISPATCH_ERROR) while a Func of
// module dispatches to a hook.
func guarded(module string, impl native.Func) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if dispatching.Get(c).active[module] > 0 {
			return nil, &movevm.Error{Status: onchain.RUNTIME_DISPATCH_ERROR,
				Message: "reentrancy disallowed: 0x1::" + module + " is dispatching to a hook"}
		}
		return impl(c, targs, args)
	}
}

// callHook runs hook f with type arguments targs and arguments args, the
// modules callers (on Aptos's call stack) marked as dispatching meanwhile.
// The hook's module is loaded first (function_info::load_module_from_function:
// LINKER_ERROR without it).
func callHook(c *native.Context, callers []string, f *funcInfo, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if m, err := loadModule(c, f.ref().Module); err != nil {
		return nil, err
	} else if m == nil {
		return nil, &movevm.Error{Status: onchain.LINKER_ERROR, Message: "module " + f.ref().Module.String() + " does not exist"}
	}
	st := dispatching.Get(c)
	for _, m := range callers {
		st.active[m]++
	}
	defer func() {
		for _, m := range callers {
			st.active[m]--
		}
	}()
	return c.Call(ledgerapi.EntryFunctionId{Module: f.ref().Module, Name: f.Name}, targs, args)
}

// transferRefArg is a reference to the TransferRef kept for the hooks of
// the store's asset (ESTORE_NOT_FOUND without a TransferRefStore).
func transferRefArg(c *native.Context, store ledgerapi.Address) (movevm.Value, error) {
	st, err := mustReadStore(hostOf(c), store)
	if err != nil {
		return movevm.Value{}, err
	}
	if _, ok, err := hostOf(c).Resource(st.Metadata, transferRefStoreTag); err != nil {
		return movevm.Value{}, err
	} else if !ok {
		return movevm.Value{}, abortIn("dispatchable_fungible_asset", native.NotFound, eDFAStoreNotFound)
	}
	obj, err := metadataObject(c, st.Metadata)
	if err != nil {
		return movevm.Value{}, err
	}
	t, err := typeOf(c, tag1("fungible_asset", "TransferRef"))
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Ref(movevm.NewCell(t, movevm.NewStruct(t, obj)), false)
}

// dfaWithdraw is withdraw<T>(owner, store, amount) for callers: the
// withdrawal checks without the hook check, then the asset's withdraw hook
// (store, amount, &transfer_ref) or fungible_asset's withdrawal.
func dfaWithdraw(c *native.Context, callers []string, targ *movevm.Type, owner movevm.Value, storeObj movevm.Value, amount uint64) (movevm.Value, error) {
	store := refAddress(storeObj)
	if err := withdrawSanity(c, signerAddress(owner), store, false); err != nil {
		return movevm.Value{}, err
	}
	st, err := mustReadStore(hostOf(c), store)
	if err != nil {
		return movevm.Value{}, err
	}
	f, err := metadataHook(hostOf(c), st.Metadata, hookWithdraw)
	if err != nil || f == nil {
		if err != nil {
			return movevm.Value{}, err
		}
		return withdrawInternal(c, store, amount)
	}
	ref, err := transferRefArg(c, store)
	if err != nil {
		return movevm.Value{}, err
	}
	rets, err := callHook(c, callers, f, []*movevm.Type{targ}, []movevm.Value{storeObj, movevm.U64(amount), ref})
	if err != nil {
		return movevm.Value{}, err
	}
	return rets[0], nil
}

// dfaDeposit is deposit<T>(store, fa) for callers: the deposit checks
// without the hook check, then the asset's deposit hook (store, fa,
// &transfer_ref) or fungible_asset's deposit.
func dfaDeposit(c *native.Context, callers []string, targ *movevm.Type, storeObj movevm.Value, fa movevm.Value) error {
	store := refAddress(storeObj)
	if err := storeSanity(c, store, false, hookDeposit); err != nil {
		return err
	}
	st, err := mustReadStore(hostOf(c), store)
	if err != nil {
		return err
	}
	f, err := metadataHook(hostOf(c), st.Metadata, hookDeposit)
	if err != nil || f == nil {
		if err != nil {
			return err
		}
		return depositInternal(c, store, fa)
	}
	ref, err := transferRefArg(c, store)
	if err != nil {
		return err
	}
	_, err = callHook(c, callers, f, []*movevm.Type{targ}, []movevm.Value{storeObj, fa, ref})
	return err
}

// dfaDerivedBalance is derived_balance<T>(store): the derived-balance hook
// or fungible_asset::balance (EFUNGIBLE_STORE_EXISTENCE without a store).
func dfaDerivedBalance(c *native.Context, callers []string, targ *movevm.Type, storeObj movevm.Value) (uint64, bool, error) {
	store := refAddress(storeObj)
	st, err := mustReadStore(hostOf(c), store)
	if err != nil {
		return 0, false, err
	}
	var f *funcInfo
	if s, ok, err := readHooks(hostOf(c), st.Metadata, dispatchStoreTag); err != nil {
		return 0, false, err
	} else if ok {
		f = s.hooks[hookDerivedBalance]
	}
	if f == nil {
		b, err := storeBalance(hostOf(c), store)
		return b, false, err
	}
	rets, err := callHook(c, callers, f, []*movevm.Type{targ}, []movevm.Value{storeObj})
	if err != nil {
		return 0, true, err
	}
	return rets[0].AsU64(), true, nil
}
