package aptosframework

// 0x1::coin's capabilities: initialize (CoinInfo<T> at the coin's
// address, the three capabilities returned), mint and burn (CoinInfo's
// supply), burn_from (the CoinStore first, then the paired primary store
// through the paired BurnRef), freeze_coin_store and unfreeze_coin_store
// (a CoinStore's flag), destroy_*_cap; the paired refs the capabilities
// borrow are in coin_refs.go. Supply upgrades are not supported, as on
// Aptos.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
	"math/bits"
)

// coinCapFunctions are coin's functions on capabilities.
func coinCapFunctions() []native.Function {
	caps := []string{"0x1::coin::BurnCapability<T0>", "0x1::coin::FreezeCapability<T0>", "0x1::coin::MintCapability<T0>"}
	initParams := []string{"&signer", tString, tString, "u8", "bool"}
	fs := []native.Function{
		{Name: "initialize", Params: initParams, Return: caps, Impl: coinInitialize(false)},
		{Name: "initialize_with_parallelizable_supply", Visibility: native.Friend, Params: initParams, Return: caps, Impl: coinInitialize(true)},
		{Name: "mint", Params: []string{"u64", "&" + caps[2]}, Return: []string{tCoinT0}, Impl: coinMint},
		{Name: "burn", Params: []string{tCoinT0, "&" + caps[0]}, Impl: coinBurn},
		{Name: "burn_from", Params: []string{"address", "u64", "&" + caps[0]}, Impl: coinBurnFrom},
		{Name: "freeze_coin_store", IsEntry: true, LegacyEntry: true, Params: []string{"address", "&" + caps[1]}, Impl: coinSetFrozen(true)},
		{Name: "unfreeze_coin_store", IsEntry: true, LegacyEntry: true, Params: []string{"address", "&" + caps[1]}, Impl: coinSetFrozen(false)},
		{Name: "upgrade_supply", IsEntry: true, Params: []string{"&signer"}, Impl: coinUpgradeSupply},
		{Name: "destroy_burn_cap", Params: caps[:1], Impl: unpackValue},
		{Name: "destroy_freeze_cap", Params: caps[1:2], Impl: unpackValue},
		{Name: "destroy_mint_cap", Params: caps[2:], Impl: unpackValue},
		{Name: "get_paired_mint_ref", Params: []string{"&" + caps[2]}, Return: []string{"0x1::fungible_asset::MintRef", "0x1::coin::MintRefReceipt"}, Impl: getPairedRef(0, false)},
		{Name: "get_paired_transfer_ref", Params: []string{"&" + caps[1]}, Return: []string{"0x1::fungible_asset::TransferRef", "0x1::coin::TransferRefReceipt"}, Impl: getPairedRef(1, false)},
		{Name: "get_paired_burn_ref", Params: []string{"&" + caps[0]}, Return: []string{"0x1::fungible_asset::BurnRef", "0x1::coin::BurnRefReceipt"}, Impl: getPairedRef(2, false)},
		{Name: "convert_and_take_paired_burn_ref", Params: caps[:1], Return: []string{"0x1::fungible_asset::BurnRef"}, Impl: getPairedRef(2, true)},
	}
	for i := range fs {
		fs[i].TypeParams = generic
	}
	return append(fs,
		native.Function{Name: "return_paired_mint_ref", Params: []string{"0x1::fungible_asset::MintRef", "0x1::coin::MintRefReceipt"}, Impl: returnPairedRef(0)},
		native.Function{Name: "return_paired_transfer_ref", Params: []string{"0x1::fungible_asset::TransferRef", "0x1::coin::TransferRefReceipt"}, Impl: returnPairedRef(1)},
		native.Function{Name: "return_paired_burn_ref", Params: []string{"0x1::fungible_asset::BurnRef", "0x1::coin::BurnRefReceipt"}, Impl: returnPairedRef(2)},
		native.Function{Name: "allow_supply_upgrades", Params: []string{"&signer", "bool"}, Impl: coinUpgradeSupply},
	)
}

// unpackValue takes apart its argument (a capability destroyed).
func unpackValue(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	movevm.Unpack(args[0])
	return nil, nil
}

func coinUpgradeSupply(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Abort(native.Code(native.InvalidState, eCoinSupplyUpgradeNotSupp))
}

// assertFramework is system_addresses::assert_aptos_framework.
func assertFramework(a ledgerapi.Address) error {
	if a != addr {
		return abortIn("system_addresses", native.PermissionDenied, eNotAptosFramework)
	}
	return nil
}

// coinInitialize is initialize<T>(account, name, symbol, decimals,
// monitor_supply) or, with framework, initialize_with_parallelizable_supply
// (0x1 only). The coin's module must be at the account's address
// (ECOIN_INFO_ADDRESS_MISMATCH), initialized once
// (ECOIN_INFO_ALREADY_PUBLISHED), its name at most 32 characters, its
// symbol 32 and its decimals 32. A monitored supply is an optional
// aggregator's integer (limit u128::MAX), also when parallelizable is
// asked (this framework keeps no aggregator v1).
func coinInitialize(framework bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		account := signerAddress(args[0])
		if framework {
			if err := assertFramework(account); err != nil {
				return nil, err
			}
		}
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		ca, err := coinAddress(t)
		if err != nil {
			return nil, err
		}
		if ca != account {
			return nil, c.Abort(native.Code(native.InvalidArgument, eCoinInfoAddressMismatch))
		}
		h := hostOf(c)
		if _, ok, err := h.Resource(account, coinInfoTag(t)); err != nil {
			return nil, err
		} else if ok {
			return nil, c.Abort(native.Code(native.AlreadyExists, eCoinInfoAlreadyPublished))
		}
		name, symbol := args[1].Elem(0).Bytes(), args[2].Elem(0).Bytes()
		decimals, monitor := uint8(args[3].AsU64()), args[4].AsBool()
		switch {
		case len(name) > maxCoinNameLength: // string::length: bytes
			return nil, c.Abort(native.Code(native.InvalidArgument, eCoinNameTooLong))
		case len(symbol) > maxCoinSymbolLength:
			return nil, c.Abort(native.Code(native.InvalidArgument, eCoinSymbolTooLong))
		case decimals > maxCoinDecimals:
			return nil, c.Abort(native.Code(native.InvalidArgument, eCoinDecimalsTooLarge))
		}
		e := bcs.NewEncoder(len(name) + len(symbol) + 40)
		e.WriteBytes(name)
		e.WriteBytes(symbol)
		e.U8(decimals)
		if monitor {
			e.Fixed([]byte{1, 0, 1}) // Some(OptionalAggregator{aggregator: None, integer: Some(Integer{
			e.U128(0, 0)             //   value: 0,
			e.U128(maxU64, maxU64)   //   limit: u128::MAX})})
		} else {
			e.U8(0)
		}
		if err := h.SetResource(account, coinInfoTag(t), e.Bytes()); err != nil {
			return nil, err
		}
		return newCapabilities(c, t)
	}
}

// newCapabilities are the (BurnCapability, FreezeCapability,
// MintCapability) of the coin type t.
func newCapabilities(c *native.Context, t ledgerapi.TypeTag) ([]movevm.Value, error) {
	out := make([]movevm.Value, 3)
	for i, name := range []string{"BurnCapability", "FreezeCapability", "MintCapability"} {
		ct, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "coin", Name: name, TypeArgs: []ledgerapi.TypeTag{t}})
		if err != nil {
			return nil, err
		}
		out[i] = movevm.NewStruct(ct, []movevm.Value{movevm.Bool(false)})
	}
	return out, nil
}

// mintCoinSupply adds amount to CoinInfo<T>'s tracked supply
// (mint_internal): optional_aggregator's EAGGREGATOR_OVERFLOW past its
// limit. burnCoinSupply takes it out (burn_internal):
// EAGGREGATOR_UNDERFLOW below zero. Both leave an untracked supply alone
// and fail with MISSING_DATA without CoinInfo<T>.
func mintCoinSupply(h native.Host, coin ledgerapi.TypeTag, amount uint64) error {
	return changeCoinSupply(h, coin, amount, true)
}

func burnCoinSupply(h native.Host, coin ledgerapi.TypeTag, amount uint64) error {
	return changeCoinSupply(h, coin, amount, false)
}

func changeCoinSupply(h native.Host, coin ledgerapi.TypeTag, amount uint64, mint bool) error {
	if mint && amount == 0 {
		return nil // as mint_internal: nothing to count (a burn of 0 still needs CoinInfo)
	}
	a, err := coinAddress(coin)
	if err != nil {
		return err
	}
	tag := coinInfoTag(coin)
	b, ok, err := h.Resource(a, tag)
	if err != nil {
		return err
	}
	if !ok {
		return &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::coin::CoinInfo does not exist"}
	}
	off, err := coinInfoSupply(b)
	if err != nil || off < 0 {
		return err
	}
	d := bcs.NewDecoder(b[off:])
	lo, hi := d.U128("Integer.value")
	if mint {
		llo, lhi := d.U128("Integer.limit")
		var carry uint64
		lo, carry = bits.Add64(lo, amount, 0)
		nhi, carry := bits.Add64(hi, 0, carry)
		if carry != 0 || nhi > lhi || nhi == lhi && lo > llo {
			return abortIn("optional_aggregator", native.OutOfRange, 1) // EAGGREGATOR_OVERFLOW
		}
		hi = nhi
	} else {
		var borrow uint64
		lo, borrow = bits.Sub64(lo, amount, 0)
		hi, borrow = bits.Sub64(hi, 0, borrow)
		if borrow != 0 {
			return abortIn("optional_aggregator", native.OutOfRange, 2) // EAGGREGATOR_UNDERFLOW
		}
	}
	out := append([]byte(nil), b...)
	e := bcs.NewEncoder(16)
	e.U128(lo, hi)
	copy(out[off:], e.Bytes())
	return h.SetResource(a, tag, out)
}

// coinMint is mint<T>(amount, cap): a new Coin, counted in the supply.
func coinMint(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := args[0].AsU64()
	if err := mintCoinSupply(hostOf(c), t, amount); err != nil {
		return nil, err
	}
	return newCoin(c, targs[0], amount)
}

// coinBurn is burn<T>(coin, cap): the coin is destroyed, its value taken
// out of the supply.
func coinBurn(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := coinAmount(args[0])
	movevm.Unpack(args[0])
	if amount == 0 {
		return nil, nil
	}
	return nil, burnCoinSupply(hostOf(c), t, amount)
}

// coinBurnFrom is burn_from<T>(account, amount, cap): nothing for zero;
// the CoinStore's coins first (frozen or not), the rest from the paired
// primary store (EINSUFFICIENT_BALANCE when there is none) through the
// paired BurnRef (EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND, EBURN_REF_NOT_FOUND).
func coinBurnFrom(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	h, account, amount := hostOf(c), args[0].AsAddress(), args[1].AsU64()
	if amount == 0 {
		return nil, nil
	}
	fromCoin, fromFA, meta, err := splitWithdrawal(h, account, t, amount)
	if err != nil {
		return nil, err
	}
	if fromCoin > 0 {
		var cs onchain.CoinStore
		if _, err := readResource(h, account, coinStoreTag(t), &cs); err != nil {
			return nil, err
		}
		cs.Value -= fromCoin
		if err := putResource(h, account, coinStoreTag(t), &cs); err != nil {
			return nil, err
		}
		if err := burnCoinSupply(h, t, fromCoin); err != nil {
			return nil, err
		}
	}
	if fromFA == 0 {
		return nil, nil
	}
	if _, refs, err := pairedRefs(h, t); err != nil {
		return nil, err
	} else if refs[2] == nil {
		return nil, c.Abort(native.Code(native.NotFound, eBurnRefNotFound))
	}
	fa, err := withdrawInternal(c, primaryStoreAddress(account, meta), fromFA) // frozen or not
	if err != nil {
		return nil, err
	}
	movevm.Unpack(fa)
	return nil, changeSupply(h, meta, fromFA, false)
}

// coinSetFrozen is freeze_coin_store<T> (true) and unfreeze_coin_store<T>:
// the account's CoinStore<T> flag (MISSING_DATA without one). Both are
// #[legacy_entry_fun] entry functions, as on Aptos: no transaction can
// pass their &FreezeCapability.
func coinSetFrozen(frozen bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		h, a := hostOf(c), args[0].AsAddress()
		var cs onchain.CoinStore
		if ok, err := readResource(h, a, coinStoreTag(t), &cs); err != nil {
			return nil, err
		} else if !ok {
			return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::coin::CoinStore does not exist"}
		}
		cs.Frozen = frozen
		return nil, putResource(h, a, coinStoreTag(t), &cs)
	}
}
