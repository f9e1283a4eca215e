package vmstub

import (
	"fmt"
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Legacy coin stores and coin::migrate_to_fungible_store. This executor
// never creates a CoinStore; one exists only if a host wrote it (a
// pre-seeded legacy account, as tests do). The views coin::balance and
// coin::supply count such stores, and migrate_to_fungible_store moves them
// into the paired primary fungible store.

// eDestructionOfNonzeroToken is coin's EDESTRUCTION_OF_NONZERO_TOKEN.
const eDestructionOfNonzeroToken = 7

// eMaxSupplyExceeded is fungible_asset's EMAX_SUPPLY_EXCEEDED.
const eMaxSupplyExceeded = 5

var (
	coinStoreDeletionType = ledgerapi.StructType(tag1("coin", "CoinStoreDeletion"))
	frozenEventType       = ledgerapi.StructType(tag1("fungible_asset", "Frozen"))
)

func coinStoreTag(coinType ledgerapi.TypeTag) ledgerapi.StructTag {
	return tag1("coin", "CoinStore", coinType)
}

// coinBalance is the value of owner's CoinStore<T> (0 without one).
func (s *Session) coinBalance(owner ledgerapi.Address, coinType ledgerapi.TypeTag) (uint64, error) {
	var cs coinStore
	_, err := readResource(s, owner, coinStoreTag(coinType), &cs)
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
			return -1, fmt.Errorf("vmstub: CoinInfo supply in an aggregator is not supported")
		}
		if d.Option("OptionalAggregator.integer") {
			off = d.Offset()
			d.U128("Integer.value")
			d.U128("Integer.limit")
		}
	}
	return off, d.Finish()
}

// coinSupply returns the supply recorded in CoinInfo<T> at addr and
// whether it is tracked (false also when CoinInfo<T> does not exist).
func (s *Session) coinSupply(coinType ledgerapi.TypeTag) (lo, hi uint64, tracked bool, err error) {
	b, ok, err := s.Resource(coinType.Struct.Address, tag1("coin", "CoinInfo", coinType))
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

// nativeMigrateToFungibleStore is coin::migrate_to_fungible_store<T>.
func nativeMigrateToFungibleStore(c *Call) ([][]byte, error) {
	return nil, c.MigrateCoinStore(c.Signers[0], c.TypeArgs[0])
}

// MigrateCoinStore is coin::maybe_convert_to_fungible_store<T>: without a
// CoinStore<T> at account it does nothing. Otherwise the CoinStore is
// removed; an empty one (or one of a coin without CoinInfo, which must be
// empty: EDESTRUCTION_OF_NONZERO_TOKEN) leaves no other trace. A non-empty
// one of an initialized coin is converted, as coin_to_fungible_asset does:
// its value leaves CoinInfo<T>'s supply and joins the paired asset's
// ConcurrentSupply, and is deposited without a Deposit event into the
// account's primary store (created if needed). It emits
// 0x1::coin::CoinStoreDeletion {coin_type, event_handle_creation_address,
// deleted_deposit_event_handle_creation_number,
// deleted_withdraw_event_handle_creation_number} and, when the CoinStore's
// frozen flag differs from the store's, sets it on the store and emits
// 0x1::fungible_asset::Frozen {store, frozen}. Only APT has a paired
// fungible asset here: converting another coin fails with MISSING_DATA.
func (s *Session) MigrateCoinStore(account ledgerapi.Address, coinType ledgerapi.TypeTag) error {
	tag := coinStoreTag(coinType)
	var cs coinStore
	if ok, err := readResource(s, account, tag, &cs); err != nil || !ok {
		return err
	}
	if err := s.DeleteResource(account, tag); err != nil {
		return err
	}
	initialized := false
	if coinType.Kind == ledgerapi.KindStruct {
		_, ok, err := s.Resource(coinType.Struct.Address, tag1("coin", "CoinInfo", coinType))
		if err != nil {
			return err
		}
		initialized = ok
	}
	if !initialized || cs.Value == 0 {
		if cs.Value != 0 {
			return &Abort{Module: coinModuleID, Code: AbortCode(CategoryInvalidArgument, eDestructionOfNonzeroToken)}
		}
		return nil
	}
	if !isAPT(coinType) {
		return fail(onchain.MISSING_DATA)
	}
	storeAddr, err := s.ensurePrimaryStore(account, aptMetadata)
	if err != nil {
		return err
	}
	e := bcs.NewEncoder(128)
	e.String(coinType.String())
	e.Fixed(cs.DepositEvents.Addr[:])
	e.U64(cs.DepositEvents.CreationNum)
	e.U64(cs.WithdrawEvents.CreationNum)
	s.Emit(coinStoreDeletionType, e.Bytes())
	if err := s.burnCoinSupply(coinType, cs.Value); err != nil {
		return err
	}
	if err := s.mintFASupply(aptMetadata, cs.Value); err != nil {
		return err
	}
	st, _, err := s.store(storeAddr)
	if err != nil {
		return err
	}
	if st.Balance+cs.Value < st.Balance {
		return fail(onchain.ARITHMETIC_ERROR)
	}
	st.Balance += cs.Value
	if st.Frozen != cs.Frozen {
		st.Frozen = cs.Frozen
		f := bcs.NewEncoder(33)
		f.Fixed(storeAddr[:])
		f.Bool(cs.Frozen)
		s.Emit(frozenEventType, f.Bytes())
	}
	return s.putResource(storeAddr, fungibleStoreTag, st)
}

// burnCoinSupply takes amount out of CoinInfo<T>'s tracked supply
// (coin::burn_internal); an untracked supply is left alone.
func (s *Session) burnCoinSupply(coinType ledgerapi.TypeTag, amount uint64) error {
	tag := tag1("coin", "CoinInfo", coinType)
	b, ok, err := s.Resource(coinType.Struct.Address, tag)
	if err != nil || !ok {
		return firstErr(err, fail(onchain.MISSING_DATA))
	}
	off, err := coinInfoSupply(b)
	if err != nil || off < 0 {
		return err
	}
	d := bcs.NewDecoder(b[off:])
	lo, hi := d.U128("Integer.value")
	lo, borrow := bits.Sub64(lo, amount, 0)
	hi, borrow = bits.Sub64(hi, 0, borrow)
	if borrow != 0 {
		return &Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "optional_aggregator"},
			Code: AbortCode(CategoryOutOfRange, 2)} // EAGGREGATOR_UNDERFLOW
	}
	out := append([]byte(nil), b...)
	e := bcs.NewEncoder(16)
	e.U128(lo, hi)
	copy(out[off:], e.Bytes())
	return s.SetResource(coinType.Struct.Address, tag, out)
}

// mintFASupply adds amount to the ConcurrentSupply of the metadata object
// at addr (fungible_asset::mint_internal), aborting with
// EMAX_SUPPLY_EXCEEDED above its max_value.
func (s *Session) mintFASupply(addr ledgerapi.Address, amount uint64) error {
	var cs concurrentSupply
	if ok, err := readResource(s, addr, concurrentSupplyTag, &cs); err != nil || !ok {
		return firstErr(err, fail(onchain.MISSING_DATA))
	}
	lo, carry := bits.Add64(cs.Value, amount, 0)
	hi, carry := bits.Add64(cs.ValueHi, 0, carry)
	if carry != 0 || hi > cs.MaxHi || hi == cs.MaxHi && lo > cs.Max {
		return &Abort{Module: faModuleID, Code: AbortCode(CategoryOutOfRange, eMaxSupplyExceeded)}
	}
	cs.Value, cs.ValueHi = lo, hi
	return s.putResource(addr, concurrentSupplyTag, &cs)
}
