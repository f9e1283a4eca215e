package aptosframework

// 0x1::coin's CoinStores and migrate_to_fungible_store (and
// migrate_coin_store_to_fungible_store), which moves a CoinStore's coins
// into the paired primary fungible store.

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var coinStoreDeletionType = ledgerapi.StructType(tag1("coin", "CoinStoreDeletion"))

func coinStoreTag(coinType ledgerapi.TypeTag) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: "coin", Name: "CoinStore", TypeArgs: []ledgerapi.TypeTag{coinType}}
}

func coinInfoTag(coinType ledgerapi.TypeTag) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: addr, Module: "coin", Name: "CoinInfo", TypeArgs: []ledgerapi.TypeTag{coinType}}
}

// coinStoreBalance is the value of owner's CoinStore<T> (0 without one).
func coinStoreBalance(h native.Host, owner ledgerapi.Address, coinType ledgerapi.TypeTag) (uint64, error) {
	var cs onchain.CoinStore
	_, err := readResource(h, owner, coinStoreTag(coinType), &cs)
	return cs.Value, err
}

// coinInfoSupply locates the supply of a CoinInfo<T> value: the offset of
// Integer.value when the supply is tracked by an optional aggregator's
// integer (as APT's is), or -1 when the supply is not tracked. A supply
// kept in a parallelizable aggregator is not supported.
func coinInfoSupply(b []byte) (int, error) {
	d := bcs.NewDecoder(b)
	d.String("CoinInfo.name")
	d.String("CoinInfo.symbol")
	d.U8("CoinInfo.decimals")
	off := -1
	if d.Option("CoinInfo.supply") {
		if d.Option("OptionalAggregator.aggregator") {
			return -1, fmt.Errorf("aptosframework: CoinInfo supply in an aggregator is not supported")
		}
		if d.Option("OptionalAggregator.integer") {
			off = d.Offset()
			d.U128("Integer.value")
			d.U128("Integer.limit")
		}
	}
	return off, d.Finish()
}

// coinSupply returns the supply recorded in CoinInfo<T> and whether it is
// tracked (false also when CoinInfo<T> does not exist).
func coinSupply(h native.Host, coinType ledgerapi.TypeTag) (lo, hi uint64, tracked bool, err error) {
	b, ok, err := h.Resource(coinType.Struct.Address, coinInfoTag(coinType))
	if err != nil || !ok {
		return 0, 0, false, err
	}
	off, err := coinInfoSupply(b)
	if err != nil || off < 0 {
		return 0, 0, false, err
	}
	d := bcs.NewDecoder(b[off:])
	lo, hi = d.U128("Integer.value")
	return lo, hi, true, d.Err()
}

// migrateToFungibleStore is coin::migrate_to_fungible_store<T>(account).
func migrateToFungibleStore(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	return nil, MigrateToFungibleStore(hostOf(c), signerAddress(args[0]), t)
}

// MigrateToFungibleStore is coin::migrate_to_fungible_store<T>
// (maybe_convert_to_fungible_store<T>): without a
// CoinStore<T> at account it does nothing. Otherwise the CoinStore is
// removed; an empty one (or one of a coin without CoinInfo, which must be
// empty: EDESTRUCTION_OF_NONZERO_TOKEN) leaves no other trace. A non-empty
// one of an initialized coin is converted, as coin_to_fungible_asset does:
// its value leaves CoinInfo<T>'s supply and joins the paired asset's
// ConcurrentSupply, and is deposited without a Deposit event into the
// account's primary store (created if needed). It emits CoinStoreDeletion
// {coin_type, event_handle_creation_address,
// deleted_deposit_event_handle_creation_number,
// deleted_withdraw_event_handle_creation_number} and, when the CoinStore's
// frozen flag differs from the store's, sets it on the store and emits
// fungible_asset::Frozen {store, frozen}. The coin's paired asset is
// created if it has none (ensure_paired_metadata).
func MigrateToFungibleStore(h native.Host, account ledgerapi.Address, coinType ledgerapi.TypeTag) error {
	tag := coinStoreTag(coinType)
	var cs onchain.CoinStore
	if ok, err := readResource(h, account, tag, &cs); err != nil || !ok {
		return err
	}
	if err := h.DeleteResource(account, tag); err != nil {
		return err
	}
	initialized := false
	if coinType.Kind == ledgerapi.KindStruct {
		_, ok, err := h.Resource(coinType.Struct.Address, coinInfoTag(coinType))
		if err != nil {
			return err
		}
		initialized = ok
	}
	if !initialized || cs.Value == 0 {
		if cs.Value != 0 {
			return coinAbort(native.InvalidArgument, eDestructionOfNonzeroToken)
		}
		return nil
	}
	meta, err := ensurePairedMetadata(h, coinType, false)
	if err != nil {
		return err
	}
	storeAddr, err := ensurePrimaryStore(h, account, meta)
	if err != nil {
		return err
	}
	e := bcs.NewEncoder(128)
	e.String(coinType.String())
	e.Fixed(cs.DepositEvents.Addr[:])
	e.U64(cs.DepositEvents.CreationNum)
	e.U64(cs.WithdrawEvents.CreationNum)
	h.EmitBCS(coinStoreDeletionType, e.Bytes())
	if err := burnCoinSupply(h, coinType, cs.Value); err != nil {
		return err
	}
	if err := mintSupply(h, meta, cs.Value); err != nil {
		return err
	}
	st, _, err := readStore(h, storeAddr)
	if err != nil {
		return err
	}
	if st.Balance+cs.Value < st.Balance {
		return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "fungible store balance overflows u64"}
	}
	st.Balance += cs.Value
	if st.Frozen != cs.Frozen {
		st.Frozen = cs.Frozen
		f := bcs.NewEncoder(33)
		f.Fixed(storeAddr[:])
		f.Bool(cs.Frozen)
		h.EmitBCS(frozenEventType, f.Bytes())
	}
	return putResource(h, storeAddr, FungibleStoreTag, st)
}

// migrateCoinStores is migrate_coin_store_to_fungible_store<T>(accounts):
// each account's CoinStore<T> migrated, as migrate_to_fungible_store does.
func migrateCoinStores(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	n := args[0].Len()
	if err := c.ChargeElems(n); err != nil {
		return nil, err
	}
	for i := range n {
		if err := MigrateToFungibleStore(hostOf(c), args[0].Elem(i).AsAddress(), t); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
