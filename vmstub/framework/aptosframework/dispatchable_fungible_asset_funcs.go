package aptosframework

// 0x1::dispatchable_fungible_asset's Funcs: registration (the hooks and
// the TransferRefStore), withdraw, deposit, the transfers, the derived
// balance and supply, and the private dispatch natives.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// dfaCallers is the framework module on Aptos's call stack when
// dispatchable_fungible_asset's own functions dispatch.
var dfaCallers = []string{"dispatchable_fungible_asset"}

// dfaRegister is register_dispatch_functions(constructor_ref, withdraw,
// deposit, derived_balance): fungible_asset's registration, then the
// TransferRef the hooks get, kept in a TransferRefStore.
func dfaRegister(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, err := registerDispatchFunctions(c, targs, args); err != nil {
		return nil, err
	}
	a := refAddress(args[0])
	if err := addressToObject(hostOf(c), a, metadataTag); err != nil {
		return nil, err
	}
	return nil, moveTo(hostOf(c), a, transferRefStoreTag, addressResource(a))
}

func dfaWithdrawFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	fa, err := dfaWithdraw(c, dfaCallers, targs[0], args[0], args[1], args[2].AsU64())
	if err != nil {
		return nil, err
	}
	return []movevm.Value{fa}, nil
}

func dfaDepositFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, dfaDeposit(c, dfaCallers, targs[0], args[0], args[1])
}

// dfaTransferFunc is transfer<T>(sender, from, to, amount) and
// transfer_assert_minimum_deposit<T>(…, expected).
func dfaTransferFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var expected *uint64
	if len(args) == 5 {
		e := args[4].AsU64()
		expected = &e
	}
	return nil, dfaTransfer(c, dfaCallers, targs[0], args[0], args[1], args[2], args[3].AsU64(), expected)
}

// dfaTransfer withdraws amount from from and deposits it into to, with
// their hooks; with expected, the recipient's balance must have grown by
// at least that much (EAMOUNT_MISMATCH, aborted).
func dfaTransfer(c *native.Context, callers []string, targ *movevm.Type, sender, from, to movevm.Value, amount uint64, expected *uint64) error {
	var start uint64
	if expected != nil {
		var err error
		if start, err = storeBalance(hostOf(c), refAddress(to)); err != nil {
			return err
		}
	}
	fa, err := dfaWithdraw(c, callers, targ, sender, from, amount)
	if err != nil {
		return err
	}
	if err := dfaDeposit(c, callers, targ, to, fa); err != nil {
		return err
	}
	if expected == nil {
		return nil
	}
	end, err := storeBalance(hostOf(c), refAddress(to))
	switch {
	case err != nil:
		return err
	case end < start:
		return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "dispatchable_fungible_asset::transfer_assert_minimum_deposit: balance decreased"}
	case end-start < *expected:
		return abortIn("dispatchable_fungible_asset", native.Aborted, eDFAAmountMismatch)
	}
	return nil
}

func dfaDerivedBalanceFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b, _, err := dfaDerivedBalance(c, dfaCallers, targs[0], args[0])
	return []movevm.Value{movevm.U64(b)}, err
}

// dfaBalanceAtLeastFunc is is_derived_balance_at_least<T>(store, amount):
// the hook's balance compared, or fungible_asset::is_balance_at_least
// (which is amount == 0 for a store that does not exist).
func dfaBalanceAtLeastFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store, amount := refAddress(args[0]), args[1].AsU64()
	st, ok, err := readStore(hostOf(c), store)
	if err != nil {
		return nil, err
	}
	if ok {
		if s, has, err := readHooks(hostOf(c), st.Metadata, dispatchStoreTag); err != nil {
			return nil, err
		} else if has && s.hooks[hookDerivedBalance] != nil {
			b, _, err := dfaDerivedBalance(c, dfaCallers, targs[0], args[0])
			return []movevm.Value{movevm.Bool(b >= amount)}, err
		}
	} else {
		// derived_balance_dispatch_function borrows the store.
		return nil, faAbort(native.NotFound, eStoreExistence)
	}
	return balanceAtLeast(c, store, amount)
}

// dfaDerivedSupplyFunc is derived_supply<T>(metadata): the DeriveSupply
// hook (metadata) or fungible_asset::supply.
func dfaDerivedSupplyFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, ok, err := readHooks(hostOf(c), refAddress(args[0]), deriveSupplyTag)
	if err != nil {
		return nil, err
	}
	if !ok || s.hooks[0] == nil {
		return viewSupply(c, targs, args)
	}
	return callHook(c, dfaCallers, s.hooks[0], targs, args[:1])
}

// dispatchNative is the private natives dispatchable_withdraw,
// dispatchable_deposit, dispatchable_derived_balance and
// dispatchable_derived_supply: the function the last argument names is
// called with the others.
func dispatchNative(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f, err := functionRefOf(c, args[len(args)-1])
	if err != nil {
		return nil, err
	}
	return callHook(c, dfaCallers, &funcInfo{Addr: f.Module.Address, Module: f.Module.Name, Name: f.Name}, targs, args[:len(args)-1])
}
