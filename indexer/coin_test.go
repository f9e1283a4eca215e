package indexer_test

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
)

// ledger commits hand-made blocks of one transaction each: write sets
// the framework does not produce (coin stores), with their events.
type ledger struct {
	t     *testing.T
	store *memstore.Store
	next  uint64
}

func (l *ledger) commit(kind storage.TransactionKind, changes []storage.WriteOp, events []storage.Event) uint64 {
	l.t.Helper()
	v := l.next
	tx := storage.Transaction{Version: v, Hash: ledgerapi.HashValue{0: byte(v + 1), 1: 0x5a}, Kind: kind,
		TimestampUsec: 1_700_000_000_000_000 + v, Changes: changes, Events: events}
	b := storage.Block{Height: v, Hash: ledgerapi.HashValue{0: byte(v + 1), 1: 0xb1}, TimestampUsec: tx.TimestampUsec,
		FirstVersion: v, LastVersion: v}
	if err := l.store.CommitBlock(context.Background(), b, []storage.Transaction{tx}); err != nil {
		l.t.Fatal(err)
	}
	l.next++
	return v
}

func coinStoreKey(a ledgerapi.Address, coin string) storage.StateKey {
	tag, _ := ledgerapi.ParseTypeTag(coin)
	return storage.ResourceKey(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{tag}})
}

func fwTag(module, name string) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: module, Name: name}
}

// TestCoinStoresMergeWithFungibleStores covers coin stores: their storage
// id (the paired asset's primary store), the merge with the fungible store
// there, coin events as activities, and a deleted store's zero amount.
func TestCoinStoresMergeWithFungibleStores(t *testing.T) {
	l := &ledger{t: t, store: memstore.New(memstore.Options{ChainID: chainID})}
	owner := ledgerapi.Address{0: 0xab, 31: 1}
	moon := "0xcafe::moon::Moon"
	apt := ledgerapi.Address{31: 0xa}
	aptStore := crypto.PrimaryStoreAddress(owner, apt)
	moonStore := crypto.PrimaryStoreAddress(owner, crypto.ObjectAddressFromSeed(apt, []byte(moon)))
	deposit := onchain.EventHandle{CreationNum: 2, Addr: owner}
	withdraw := onchain.EventHandle{CreationNum: 3, Addr: owner}
	coinStore := func(v uint64) []byte {
		return bcs.Marshal(&onchain.CoinStore{Value: v, DepositEvents: deposit, WithdrawEvents: withdraw})
	}
	l.commit(storage.KindGenesis, []storage.WriteOp{
		{Key: coinStoreKey(owner, aptCoin), Value: coinStore(500), Created: true},
		{Key: storage.ResourceKey(aptStore, fwTag("object", "ObjectCore")), Value: bcs.Marshal(&onchain.ObjectCore{Owner: owner}), Created: true},
		{Key: storage.ResourceKey(aptStore, fwTag("fungible_asset", "FungibleStore")), Value: bcs.Marshal(&onchain.FungibleStore{Metadata: apt, Balance: 200}), Created: true},
	}, nil)
	v1 := l.commit(storage.KindBlockMetadata, []storage.WriteOp{
		{Key: storage.ResourceKey(ledgerapi.Address{31: 1}, fwTag("block", "Marker")), Value: []byte{1}, Created: true},
	}, nil)
	v2 := l.commit(storage.KindBlockMetadata, []storage.WriteOp{{Key: coinStoreKey(owner, moon), Value: coinStore(300), Created: true}},
		[]storage.Event{{Key: withdraw.Key(), SequenceNumber: 0, Type: ledgerapi.TypeTag{Kind: ledgerapi.KindStruct,
			Struct: &ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "WithdrawEvent"}}, Data: u64le(40)}})

	ix := indexer.New(l.store, indexer.Options{})
	bal := rows(t, ix, "current_fungible_asset_balances")
	a := where(bal, "storage_id", long(aptStore))
	if len(a) != 1 || a[0].Get("amount") != n(700) || a[0].Get("amount_v1") != n(500) || a[0].Get("amount_v2") != n(200) ||
		a[0].Get("asset_type") != aptCoin || a[0].Get("token_standard") != "v1" || a[0].Get("owner_address") != long(owner) {
		t.Errorf("merged APT balance: %v", a)
	}
	m := where(bal, "storage_id", long(moonStore))
	if len(m) != 1 || m[0].Get("amount") != n(300) || m[0].Get("asset_type") != moon || m[0].Get("last_transaction_version") != n(v2) {
		t.Errorf("coin balance: %v", m)
	}
	act := where(rows(t, ix, "fungible_asset_activities"), "transaction_version", n(v2))
	if len(act) != 1 || act[0].Get("type") != "0x1::coin::WithdrawEvent" || act[0].Get("asset_type") != moon ||
		act[0].Get("amount") != n(40) || act[0].Get("owner_address") != long(owner) || act[0].Get("token_standard") != "v1" {
		t.Errorf("coin activity: %v", act)
	}
	at := where(rows(t, ix, "account_transactions"), "account_address", long(ledgerapi.Address{31: 1}))
	if len(at) != 1 || at[0].Get("transaction_version") != n(v1) {
		t.Errorf("account_transactions of a written resource's holder: %v", at)
	}

	// A coin's CoinInfo at its address: its v1 metadata row.
	info := bcs.NewEncoder(32)
	info.String("Moon")
	info.String("MOON")
	info.U8(6)
	info.U8(0) // supply: none
	cafe := ledgerapi.MustParseAddress("0xcafe")
	vi := l.commit(storage.KindBlockMetadata, []storage.WriteOp{{Key: storage.ResourceKey(cafe, ledgerapi.StructTag{Address: ledgerapi.AddressOne,
		Module: "coin", Name: "CoinInfo", TypeArgs: []ledgerapi.TypeTag{coinStoreKey(owner, moon).Resource.TypeArgs[0]}}), Value: info.Bytes(), Created: true}}, nil)
	md := where(rows(t, ix, "fungible_asset_metadata"), "asset_type", moon)
	if len(md) != 1 || md[0].Get("name") != "Moon" || md[0].Get("symbol") != "MOON" || md[0].Get("decimals") != n(6) ||
		md[0].Get("token_standard") != "v1" || md[0].Get("creator_address") != long(cafe) || md[0].Get("last_transaction_version") != n(vi) {
		t.Errorf("coin metadata: %v", md)
	}

	// The module event a CoinStore deposit emits today.
	dep := bcs.NewEncoder(64)
	dep.String(moon)
	dep.Fixed(owner[:])
	dep.U64(60)
	vd := l.commit(storage.KindBlockMetadata, []storage.WriteOp{{Key: coinStoreKey(owner, moon), Value: coinStore(360)}},
		[]storage.Event{{Type: ledgerapi.TypeTag{Kind: ledgerapi.KindStruct,
			Struct: &ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinDeposit"}}, Data: dep.Bytes()}})
	act = where(rows(t, ix, "fungible_asset_activities"), "transaction_version", n(vd))
	if len(act) != 1 || act[0].Get("type") != "0x1::coin::CoinDeposit" || act[0].Get("asset_type") != moon || act[0].Get("amount") != n(60) ||
		act[0].Get("owner_address") != long(owner) || act[0].Get("token_standard") != "v1" || act[0].Get("storage_id") != long(moonStore) {
		t.Errorf("CoinDeposit activity: %v", act)
	}
	if m := where(rows(t, ix, "current_fungible_asset_balances"), "storage_id", long(moonStore)); len(m) != 1 || m[0].Get("amount") != n(360) ||
		m[0].Get("token_standard") != "v1" {
		t.Errorf("coin balance after the deposit: %v", m)
	}

	v3 := l.commit(storage.KindBlockMetadata, []storage.WriteOp{{Key: coinStoreKey(owner, moon), Deleted: true}}, nil)
	m = where(rows(t, ix, "current_fungible_asset_balances"), "storage_id", long(moonStore))
	if len(m) != 1 || m[0].Get("amount") != n(0) || m[0].Get("last_transaction_version") != n(v3) {
		t.Errorf("deleted coin store: %v", m)
	}
}

func u64le(v uint64) []byte {
	b := make([]byte, 8)
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return b
}
