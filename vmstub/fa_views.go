package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// The #[view] functions of 0x1::fungible_asset and
// 0x1::primary_fungible_store, answered as the framework computes them.
// Their Object<T> arguments were checked to name an object holding T before
// they run.

var (
	supplyTag              = tag1("fungible_asset", "Supply")
	untransferableTag      = tag1("fungible_asset", "Untransferable")
	concurrentFABalanceTag = tag1("fungible_asset", "ConcurrentFungibleBalance")
)

// storeBalance is fungible_asset::balance: the FungibleStore's balance, or
// the ConcurrentFungibleBalance aggregator's value when the store's own
// balance is 0 and the aggregator exists, or 0 without a store.
func (s *Session) storeBalance(addr ledgerapi.Address) (uint64, error) {
	st, ok, err := s.store(addr)
	if err != nil || !ok || st.Balance != 0 {
		return st.Balance, err
	}
	b, ok, err := s.Resource(addr, concurrentFABalanceTag)
	if err != nil || !ok {
		return 0, err
	}
	d := bcs.NewDecoder(b)
	v := d.U64("ConcurrentFungibleBalance.balance.value")
	return v, d.Err()
}

func viewFABalance(c *Call) ([][]byte, error) {
	b, err := c.storeBalance(c.ArgAddress(0))
	return [][]byte{U64Value(b)}, err
}

func viewFAStoreExists(c *Call) ([][]byte, error) {
	_, ok, err := c.Resource(c.ArgAddress(0), fungibleStoreTag)
	return [][]byte{BoolValue(ok)}, err
}

// viewFAIsFrozen is is_frozen(store): false when no store exists there.
func viewFAIsFrozen(c *Call) ([][]byte, error) {
	st, ok, err := c.store(c.ArgAddress(0))
	return [][]byte{BoolValue(ok && st.Frozen)}, err
}

// viewFAStoreMetadata is store_metadata(store): the store's Object<Metadata>,
// EFUNGIBLE_STORE_EXISTENCE (not found) without a FungibleStore.
func viewFAStoreMetadata(c *Call) ([][]byte, error) {
	st, ok, err := c.store(c.ArgAddress(0))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &Abort{Module: faModuleID, Code: AbortCode(CategoryNotFound, eFAStoreExistence)}
	}
	return [][]byte{AddressValue(st.Metadata)}, nil
}

func viewFAUntransferable(c *Call) ([][]byte, error) {
	_, ok, err := c.Resource(c.ArgAddress(0), untransferableTag)
	return [][]byte{BoolValue(ok)}, err
}

// viewFAMetadata answers name, symbol, decimals, icon_uri and project_uri
// from the Metadata resource; without one the read fails with MISSING_DATA,
// as borrow_global does.
func viewFAMetadata(get func(*faMetadata) []byte) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		var m faMetadata
		ok, err := readResource(c, c.ArgAddress(0), metadataTag, &m)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fail(onchain.MISSING_DATA)
		}
		return [][]byte{get(&m)}, nil
	}
}

// faSupply reads the supply resources of the metadata object at addr: the
// ConcurrentSupply aggregator when it exists, else Supply{current, maximum}
// (maximum as its Option<u128> BCS). It reports which one was found.
func (s *Session) faSupply(addr ledgerapi.Address) (cs *concurrentSupply, current, maximum []byte, err error) {
	cs = &concurrentSupply{}
	if ok, err := readResource(s, addr, concurrentSupplyTag, cs); err != nil || ok {
		return cs, nil, nil, err
	}
	b, ok, err := s.Resource(addr, supplyTag)
	if err != nil || !ok {
		return nil, nil, nil, err
	}
	d := bcs.NewDecoder(b)
	d.U128("Supply.current")
	if d.Option("Supply.maximum") {
		d.U128("Supply.maximum")
	}
	if err := d.Finish(); err != nil {
		return nil, nil, nil, err
	}
	return nil, b[:16], b[16:], nil
}

// viewFASupply is supply(metadata): Some(current) from ConcurrentSupply or
// Supply, None when the asset tracks no supply.
func viewFASupply(c *Call) ([][]byte, error) {
	cs, current, _, err := c.faSupply(c.ArgAddress(0))
	switch {
	case err != nil:
		return nil, err
	case cs != nil:
		return [][]byte{u128Option(cs.Value, cs.ValueHi)}, nil
	case current != nil:
		return [][]byte{OptionValue(current)}, nil
	}
	return [][]byte{OptionValue(nil)}, nil
}

// viewFAMaximum is maximum(metadata): the aggregator's max_value unless it
// is u128::MAX (unlimited, None), Supply.maximum, or None.
func viewFAMaximum(c *Call) ([][]byte, error) {
	cs, _, maximum, err := c.faSupply(c.ArgAddress(0))
	switch {
	case err != nil:
		return nil, err
	case cs != nil && (cs.Max != maxU64 || cs.MaxHi != maxU64):
		return [][]byte{u128Option(cs.Max, cs.MaxHi)}, nil
	case maximum != nil:
		return [][]byte{maximum}, nil
	}
	return [][]byte{OptionValue(nil)}, nil
}

// u128Option is the BCS of Some(u128{lo, hi}).
func u128Option(lo, hi uint64) []byte {
	e := bcs.NewEncoder(17)
	e.U8(1)
	e.U128(lo, hi)
	return e.Bytes()
}

func viewPrimaryStoreAddress(c *Call) ([][]byte, error) {
	return [][]byte{AddressValue(c.primaryStore(c.ArgAddress(0), c.ArgAddress(1)))}, nil
}

// viewPrimaryStore is primary_store(owner, metadata): the store as
// Object<FungibleStore>, which object::address_to_object checks exists.
func viewPrimaryStore(c *Call) ([][]byte, error) {
	addr := c.primaryStore(c.ArgAddress(0), c.ArgAddress(1))
	if _, ok, err := c.Resource(addr, objectCoreTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, objectAbort(CategoryNotFound, eObjectDoesNotExist)
	}
	if _, ok, err := c.Resource(addr, fungibleStoreTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, objectAbort(CategoryNotFound, eResourceDoesNotExist)
	}
	return [][]byte{AddressValue(addr)}, nil
}

func viewPrimaryStoreExists(c *Call) ([][]byte, error) {
	_, ok, err := c.store(c.primaryStore(c.ArgAddress(0), c.ArgAddress(1)))
	return [][]byte{BoolValue(ok)}, err
}

// viewPrimaryBalance is balance(account, metadata): the primary store's
// fungible_asset::balance, 0 without a store.
func viewPrimaryBalance(c *Call) ([][]byte, error) {
	b, err := c.storeBalance(c.primaryStore(c.ArgAddress(0), c.ArgAddress(1)))
	return [][]byte{U64Value(b)}, err
}

// viewPrimaryIsFrozen is is_frozen(account, metadata): false without a
// store.
func viewPrimaryIsFrozen(c *Call) ([][]byte, error) {
	st, ok, err := c.store(c.primaryStore(c.ArgAddress(0), c.ArgAddress(1)))
	return [][]byte{BoolValue(ok && st.Frozen)}, err
}
