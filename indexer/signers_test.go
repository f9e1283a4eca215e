package indexer_test

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestMultiAgentSigners: a multi-agent transaction counts for each of its
// signers in account_transactions and signs once per signer, with the
// sender primary and the secondary at agent index 1 — whether or not the
// call succeeds (a transfer takes one signer, so this one fails and is
// still kept).
func TestMultiAgentSigners(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	sender, second := c.devs[0], c.devs[1]
	raw := c.raw(sender.Address, vmstub.TransferPayload(fresh(9), 10))
	msg := raw.MultiAgentSigningMessage([]ledgerapi.Address{second.Address}, nil)
	st := &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthMultiAgent,
		Sender: sender.Authenticator(msg), SecondaryAddresses: []ledgerapi.Address{second.Address},
		SecondarySigners: []txn.AccountAuthenticator{second.Authenticator(msg)}}}
	c.submit(st)
	c.mine()
	tx, err := c.store.TransactionByHash(context.Background(), st.Hash())
	if err != nil {
		t.Fatalf("multi-agent transaction not committed: %v", err)
	}
	at := where(rows(t, ix, "account_transactions"), "transaction_version", n(tx.Version))
	for _, a := range []ledgerapi.Address{sender.Address, second.Address} {
		if len(where(at, "account_address", long(a))) != 1 {
			t.Errorf("account_transactions lacks signer %s: %v", a, at)
		}
	}
	sig := where(rows(t, ix, "signatures"), "transaction_version", n(tx.Version))
	if len(sig) != 2 ||
		len(where(sig, "signer", long(sender.Address), "is_sender_primary", true, "multi_agent_index", n(0))) != 1 ||
		len(where(sig, "signer", long(second.Address), "is_sender_primary", false, "multi_agent_index", n(1))) != 1 {
		t.Errorf("signatures of a multi-agent transaction: %v", sig)
	}
	ut := where(rows(t, ix, "user_transactions"), "version", n(tx.Version))
	if len(ut) != 1 || ut[0].Get("parent_signature_type") != "multi_agent_signature" || ut[0].Get("sender") != long(sender.Address) {
		t.Errorf("user transaction: %v", ut)
	}
}

// TestDeletedFungibleStore: deleting a fungible store zeroes its balance
// row (kept, at the deleting version) and counts the transaction for the
// store's address.
func TestDeletedFungibleStore(t *testing.T) {
	l := &ledger{t: t, store: memstore.New(memstore.Options{ChainID: chainID})}
	owner := ledgerapi.Address{0: 0xcd, 31: 2}
	meta := ledgerapi.Address{0: 0xfa, 31: 7}
	store := crypto.PrimaryStoreAddress(owner, meta)
	coreKey := storage.ResourceKey(store, fwTag("object", "ObjectCore"))
	fsKey := storage.ResourceKey(store, fwTag("fungible_asset", "FungibleStore"))
	l.commit(storage.KindGenesis, []storage.WriteOp{
		{Key: coreKey, Value: bcs.Marshal(&onchain.ObjectCore{Owner: owner}), Created: true},
		{Key: fsKey, Value: bcs.Marshal(&onchain.FungibleStore{Metadata: meta, Balance: 75}), Created: true},
	}, nil)
	ix := indexer.New(l.store, indexer.Options{})
	before := where(rows(t, ix, "current_fungible_asset_balances"), "storage_id", long(store))
	if len(before) != 1 || before[0].Get("amount") != n(75) || before[0].Get("is_primary") != true ||
		before[0].Get("owner_address") != long(owner) {
		t.Fatalf("store before deletion: %v", before)
	}
	v := l.commit(storage.KindBlockMetadata, []storage.WriteOp{{Key: fsKey, Deleted: true}, {Key: coreKey, Deleted: true}}, nil)
	after := where(rows(t, ix, "current_fungible_asset_balances"), "storage_id", long(store))
	if len(after) != 1 || after[0].Get("amount") != n(0) || after[0].Get("amount_v2") != n(0) ||
		after[0].Get("last_transaction_version_v2") != n(v) || after[0].Get("owner_address") != long(owner) {
		t.Errorf("store after deletion: %v", after)
	}
	if at := where(rows(t, ix, "account_transactions"), "transaction_version", n(v), "account_address", long(store)); len(at) != 1 {
		t.Errorf("account_transactions of the deletion: %v", at)
	}
}
