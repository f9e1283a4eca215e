package aptosframework

// 0x1::primary_fungible_store's part in a transaction's fee: the epilogue
// burns the fee from the gas payer's primary APT store and from APT's
// ConcurrentSupply (transaction_fee::burn_fee).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Fee is the gas payer's primary APT store and APT's supply, read by the
// epilogue before it prices the transaction.
type Fee struct {
	addr   ledgerapi.Address
	store  onchain.FungibleStore
	supply onchain.ConcurrentSupply
}

// PrepareFee reads payer's primary APT store (an empty one when it does
// not exist) and APT's ConcurrentSupply, and writes both back unchanged
// (the store only when it exists), so that they count in the write set
// the epilogue prices before the fee is known.
func PrepareFee(h native.Host, payer ledgerapi.Address) (Fee, error) {
	f := Fee{addr: primaryStoreAddress(payer, APTMetadata), store: onchain.FungibleStore{Metadata: APTMetadata}}
	ok, err := readResource(h, f.addr, FungibleStoreTag, &f.store)
	if err != nil {
		return f, err
	}
	if _, err := readResource(h, APTMetadata, concurrentSupplyTag, &f.supply); err != nil {
		return f, err
	}
	if ok {
		if err := putResource(h, f.addr, FungibleStoreTag, &f.store); err != nil {
			return f, err
		}
	}
	return f, putResource(h, APTMetadata, concurrentSupplyTag, &f.supply)
}

// Balance is the payer's APT balance.
func (f *Fee) Balance() uint64 { return f.store.Balance }

// Burn takes fee, which the caller checked is within Balance, out of the
// payer's store and out of APT's supply.
func (f *Fee) Burn(h native.Host, fee uint64) error {
	f.store.Balance -= fee
	if f.supply.Value < fee && f.supply.ValueHi > 0 {
		f.supply.ValueHi--
	}
	f.supply.Value -= fee
	if err := putResource(h, f.addr, FungibleStoreTag, &f.store); err != nil {
		return err
	}
	return putResource(h, APTMetadata, concurrentSupplyTag, &f.supply)
}
