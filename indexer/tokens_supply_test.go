package indexer_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
)

// TestCollectionSupplies covers the supply resources aptos_token does not
// create: a FixedSupply gives max_supply, an UnlimitedSupply none, and a
// later supply write alone updates the row from the stored Collection.
func TestCollectionSupplies(t *testing.T) {
	l := &ledger{t: t, store: memstore.New(memstore.Options{ChainID: chainID})}
	creator := ledgerapi.Address{0: 0xc, 31: 1}
	fixed, unlimited := ledgerapi.Address{0: 0xf1, 31: 1}, ledgerapi.Address{0: 0xf2, 31: 2}
	tag := func(module, name string) ledgerapi.StructTag {
		return ledgerapi.StructTag{Address: addr4, Module: module, Name: name}
	}
	handle := func(e *bcs.Encoder, a ledgerapi.Address, n uint64) {
		h := onchain.EventHandle{CreationNum: n, Addr: a}
		h.MarshalBCS(e)
	}
	collection := func(a ledgerapi.Address, name string) storage.WriteOp {
		e := bcs.NewEncoder(128)
		e.Fixed(creator[:])
		e.String("about " + name)
		e.String(name)
		e.String("https://" + name)
		handle(e, a, 1)
		return storage.WriteOp{Key: storage.ResourceKey(a, tag("collection", "Collection")), Value: e.Bytes()}
	}
	supply := func(a ledgerapi.Address, name string, current uint64, max *uint64, total uint64) storage.WriteOp {
		e := bcs.NewEncoder(128)
		e.U64(current)
		if max != nil {
			e.U64(*max)
		}
		e.U64(total)
		handle(e, a, 2)
		handle(e, a, 3)
		return storage.WriteOp{Key: storage.ResourceKey(a, tag("collection", name)), Value: e.Bytes()}
	}
	core := func(a ledgerapi.Address) storage.WriteOp {
		oc := onchain.ObjectCore{GUIDCreationNum: 4, Owner: creator, AllowUngatedTransfer: true}
		return storage.WriteOp{Key: storage.ResourceKey(a, fwTag("object", "ObjectCore")), Value: bcs.Marshal(&oc)}
	}
	ten := uint64(10)
	l.commit(storage.KindGenesis, []storage.WriteOp{
		collection(fixed, "fixed"), supply(fixed, "FixedSupply", 0, &ten, 0), core(fixed),
		collection(unlimited, "unlimited"), supply(unlimited, "UnlimitedSupply", 0, nil, 0), core(unlimited),
	}, nil)
	v := l.commit(storage.KindGenesis, []storage.WriteOp{supply(unlimited, "UnlimitedSupply", 2, nil, 3)}, nil)
	ix := indexer.New(l.store, indexer.Options{})
	cs := rows(t, ix, "current_collections_v2")
	if len(cs) != 2 {
		t.Fatalf("collections: %d rows", len(cs))
	}
	f := where(cs, "collection_id", long(fixed))
	if len(f) != 1 || f[0].Get("max_supply") != n(10) || f[0].Get("current_supply") != n(0) || f[0].Get("total_minted_v2") != n(0) ||
		f[0].Get("collection_name") != "fixed" || f[0].Get("mutable_description") != nil {
		t.Errorf("fixed collection: %v", f)
	}
	u := where(cs, "collection_id", long(unlimited))
	if len(u) != 1 || u[0].Get("max_supply") != nil || u[0].Get("current_supply") != n(2) || u[0].Get("total_minted_v2") != n(3) ||
		u[0].Get("description") != "about unlimited" || u[0].Get("last_transaction_version") != n(v) {
		t.Errorf("unlimited collection: %v", u)
	}
	if got := rows(t, ix, "current_token_datas_v2"); len(got) != 0 {
		t.Errorf("token datas without tokens: %v", got)
	}
}
