package aptosframework

// 0x1::managed_coin: a coin whose capabilities its creator keeps in a
// Capabilities<T> resource: initialize (coin::initialize and the
// capabilities stored), mint (coin::mint then coin::deposit), burn
// (coin::withdraw then coin::burn), register (coin::register),
// destroy_caps and remove_caps. ENO_CAPABILITIES (not found) without
// Capabilities<T> at the signer.

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const eNoCapabilities = 1

// ManagedCoin declares 0x1::managed_coin.
func ManagedCoin() native.Module {
	caps := []string{"0x1::coin::BurnCapability<T0>", "0x1::coin::FreezeCapability<T0>", "0x1::coin::MintCapability<T0>"}
	fs := []native.Function{
		{Name: "initialize", IsEntry: true, Params: []string{"&signer", "vector<u8>", "vector<u8>", "u8", "bool"}, Impl: managedInitialize},
		{Name: "mint", IsEntry: true, Params: []string{"&signer", "address", "u64"}, Impl: managedMint},
		{Name: "burn", IsEntry: true, Params: []string{"&signer", "u64"}, Impl: managedBurn},
		{Name: "register", IsEntry: true, Params: []string{"&signer"}, Impl: coinRegister},
		{Name: "destroy_caps", IsEntry: true, Params: []string{"&signer"}, Impl: managedRemoveCaps(true)},
		{Name: "remove_caps", Params: []string{"&signer"}, Return: caps, Impl: managedRemoveCaps(false)},
	}
	for i := range fs {
		fs[i].TypeParams = generic
	}
	return native.Module{Address: addr, Name: "managed_coin",
		Structs: []native.Struct{{Name: "Capabilities", Abilities: []string{native.AbilityKey}, TypeParams: []native.TypeParam{{Phantom: true}},
			Fields: []string{"burn_cap: " + caps[0], "freeze_cap: " + caps[1], "mint_cap: " + caps[2]}}},
		Functions: fs,
		Errors:    []native.AbortReason{{Reason: eNoCapabilities, Name: "ENO_CAPABILITIES", Description: "Account has no capabilities (burn/mint)."}},
	}
}

func capabilitiesTag(coin ledgerapi.TypeTag) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: "managed_coin", Name: "Capabilities", TypeArgs: []ledgerapi.TypeTag{coin}}
}

// hasCapabilities aborts with ENO_CAPABILITIES unless Capabilities<T> is
// at a.
func hasCapabilities(c *native.Context, a ledgerapi.Address, coin ledgerapi.TypeTag) error {
	if _, ok, err := hostOf(c).Resource(a, capabilitiesTag(coin)); err != nil {
		return err
	} else if !ok {
		return c.Abort(native.Code(native.NotFound, eNoCapabilities))
	}
	return nil
}

// managedInitialize is initialize<T>(account, name, symbol, decimals,
// monitor_supply): string::utf8 of name and symbol (EINVALID_UTF8 of
// string), coin::initialize, and Capabilities<T> moved to the account.
func managedInitialize(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	st, err := typeOf(c, tag1("string", "String"))
	if err != nil {
		return nil, err
	}
	strs := make([]movevm.Value, 2)
	for i, v := range args[1:3] {
		if !utf8.Valid(v.Bytes()) {
			return nil, &movevm.Abort{Module: module1("string"), Code: 1} // EINVALID_UTF8
		}
		strs[i] = movevm.NewStruct(st, []movevm.Value{v})
	}
	capsV, err := coinInitialize(false)(c, targs, []movevm.Value{args[0], strs[0], strs[1], args[3], args[4]})
	if err != nil {
		return nil, err
	}
	ct, err := typeOf(c, capabilitiesTag(t))
	if err != nil {
		return nil, err
	}
	b, err := native.SerializeCharged(c.NativeContext, movevm.NewStruct(ct, capsV))
	if err != nil {
		return nil, err
	}
	return nil, hostOf(c).SetResource(signerAddress(args[0]), capabilitiesTag(t), b)
}

// managedMint is mint<T>(account, dst_addr, amount): coin::mint with the
// account's MintCapability, then coin::deposit to dst_addr.
func managedMint(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	if err := hasCapabilities(c, signerAddress(args[0]), t); err != nil {
		return nil, err
	}
	amount := args[2].AsU64()
	if err := mintCoinSupply(hostOf(c), t, amount); err != nil {
		return nil, err
	}
	return nil, depositCoin(hostOf(c), args[1].AsAddress(), t, amount)
}

// managedBurn is burn<T>(account, amount): coin::withdraw from the account
// then coin::burn.
func managedBurn(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	a, amount := signerAddress(args[0]), args[1].AsU64()
	if err := hasCapabilities(c, a, t); err != nil {
		return nil, err
	}
	if err := withdrawCoin(hostOf(c), a, t, amount); err != nil {
		return nil, err
	}
	if amount == 0 {
		return nil, nil
	}
	return nil, burnCoinSupply(hostOf(c), t, amount)
}

// managedRemoveCaps is remove_caps<T>(account): Capabilities<T> moved out
// of the account and its three capabilities returned; with destroy,
// destroy_caps<T>(account), which drops them.
func managedRemoveCaps(destroy bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		a := signerAddress(args[0])
		if err := hasCapabilities(c, a, t); err != nil {
			return nil, err
		}
		if err := hostOf(c).DeleteResource(a, capabilitiesTag(t)); err != nil {
			return nil, err
		}
		if destroy {
			return nil, nil
		}
		return newCapabilities(c, t)
	}
}
