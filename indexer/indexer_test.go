package indexer_test

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

const aptCoin = "0x1::aptos_coin::AptosCoin"

func rows(t *testing.T, ix *indexer.Indexer, table string) []gql.Row {
	t.Helper()
	rs, err := ix.Rows(context.Background(), table)
	if err != nil {
		t.Fatalf("%s: %v", table, err)
	}
	return rs
}

// where returns the rows whose columns equal the given values.
func where(rs []gql.Row, kv ...any) []gql.Row {
	var out []gql.Row
next:
	for _, r := range rs {
		for i := 0; i+1 < len(kv); i += 2 {
			if r.Get(kv[i].(string)) != kv[i+1] {
				continue next
			}
		}
		out = append(out, r)
	}
	return out
}

func n(v uint64) json.Number { return json.Number(strconv.FormatUint(v, 10)) }

func long(a ledgerapi.Address) string { return a.LongString() }

// faBalance reads the APT balance of a's primary store from the store.
func (c *chain) faBalance(a ledgerapi.Address) uint64 {
	c.t.Helper()
	key := storage.ResourceKey(crypto.PrimaryStoreAddress(a, ledgerapi.Address{31: 0xa}),
		ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"})
	b, err := c.store.StateValue(context.Background(), key, c.latest())
	if err != nil {
		c.t.Fatal(err)
	}
	var fs onchain.FungibleStore
	if err := bcs.Unmarshal(b, &fs); err != nil {
		c.t.Fatal(err)
	}
	return fs.Balance
}

func fresh(b byte) ledgerapi.Address { return ledgerapi.Address{0: 0x42, 31: b} }

func TestFundedAccountBalanceAndStatus(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	to := fresh(1)
	c.run(c.devs[0], vmstub.TransferPayload(to, 1000))

	bal := where(rows(t, ix, "current_fungible_asset_balances"), "owner_address", long(to))
	if len(bal) != 1 {
		t.Fatalf("balances of the funded account: %v", bal)
	}
	r := bal[0]
	if r.Get("amount") != n(1000) || r.Get("asset_type") != aptCoin || r.Get("token_standard") != "v1" || r.Get("is_primary") != true {
		t.Errorf("funded balance row: %v", r)
	}
	if r.Get("storage_id") != long(crypto.PrimaryStoreAddress(to, ledgerapi.Address{31: 0xa})) {
		t.Errorf("storage_id %v", r.Get("storage_id"))
	}
	sender := where(rows(t, ix, "current_fungible_asset_balances"), "owner_address", long(c.devs[0].Address))
	if len(sender) != 1 || sender[0].Get("amount") != n(c.faBalance(c.devs[0].Address)) {
		t.Errorf("sender balance %v, store says %d", sender, c.faBalance(c.devs[0].Address))
	}
	meta := where(rows(t, ix, "fungible_asset_metadata"), "asset_type", aptCoin)
	if len(meta) != 1 || meta[0].Get("symbol") != "APT" || meta[0].Get("name") != "Aptos Coin" || meta[0].Get("decimals") != n(8) ||
		meta[0].Get("token_standard") != "v1" {
		t.Errorf("APT metadata: %v", meta)
	}
	status := rows(t, ix, "processor_status")
	if len(status) < 10 {
		t.Fatalf("processor_status has %d rows", len(status))
	}
	for _, p := range []string{"default_processor", "fungible_asset_processor", "account_transactions_processor",
		"token_v2_processor", "objects_processor", "user_transaction_processor", "account_restoration_processor"} {
		got := where(status, "processor", p)
		if len(got) != 1 || got[0].Get("last_success_version") != n(c.latest()) {
			t.Errorf("processor %s: %v (latest %d)", p, got, c.latest())
		}
	}
	if li := rows(t, ix, "ledger_infos"); len(li) != 1 || li[0].Get("chain_id") != n(chainID) {
		t.Errorf("ledger_infos %v", li)
	}
	objs := where(rows(t, ix, "current_objects"), "owner_address", long(to))
	if len(objs) != 1 || objs[0].Get("is_deleted") != false {
		t.Errorf("objects owned by the funded account: %v", objs)
	}
}

func TestTransactionsActivitiesAndEvents(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	from, to := c.devs[0], fresh(2)
	tx1 := c.run(from, vmstub.TransferPayload(to, 500))
	tx2 := c.run(from, vmstub.TransferPayload(to, 700))

	ut := rows(t, ix, "user_transactions")
	if len(ut) != 2 || ut[0].Get("version") != n(tx1.Version) || ut[1].Get("version") != n(tx2.Version) {
		t.Fatalf("user_transactions: %v", ut)
	}
	if ut[1].Get("sender") != long(from.Address) || ut[1].Get("sequence_number") != n(1) ||
		ut[1].Get("entry_function_id_str") != "0x1::aptos_account::transfer" || ut[1].Get("gas_unit_price") != n(100) {
		t.Errorf("user transaction row: %v", ut[1])
	}
	at := rows(t, ix, "account_transactions")
	for _, a := range []ledgerapi.Address{from.Address, to} {
		for _, v := range []uint64{tx1.Version, tx2.Version} {
			if got := where(at, "account_address", long(a), "transaction_version", n(v)); len(got) != 1 {
				t.Errorf("account_transactions of %s at %d: %v", a, v, got)
			}
		}
	}
	if got := where(at, "account_address", long(to)); len(got) != 2 {
		t.Errorf("recipient's account_transactions: %v", got)
	}
	acts := where(rows(t, ix, "fungible_asset_activities"), "transaction_version", n(tx2.Version))
	gas := where(acts, "event_index", json.Number("-1"))
	if len(gas) != 1 || gas[0].Get("is_gas_fee") != true || gas[0].Get("type") != "0x1::aptos_coin::GasFeeEvent" ||
		gas[0].Get("amount") != n(tx2.Info.GasUsed*100) || gas[0].Get("asset_type") != aptCoin || gas[0].Get("owner_address") != long(from.Address) {
		t.Errorf("gas row: %v", gas)
	}
	if acts[0].Get("event_index") != json.Number("-1") {
		t.Errorf("the gas row is not first in key order: %v", acts[0])
	}
	dep := where(acts, "type", "0x1::fungible_asset::Deposit")
	wd := where(acts, "type", "0x1::fungible_asset::Withdraw")
	if len(dep) != 1 || dep[0].Get("owner_address") != long(to) || dep[0].Get("amount") != n(700) ||
		len(wd) != 1 || wd[0].Get("owner_address") != long(from.Address) || wd[0].Get("amount") != n(700) {
		t.Errorf("deposit %v withdraw %v", dep, wd)
	}
	ev := where(rows(t, ix, "events"), "transaction_version", n(tx2.Version))
	if len(ev) != len(tx2.Events) || ev[0].Get("account_address") != long(ledgerapi.Address{}) {
		t.Errorf("events: %v", ev)
	}
	decoded := indexer.New(c.store, indexer.Options{Modules: c.vm})
	dep2 := where(rows(t, decoded, "events"), "transaction_version", n(tx2.Version), "type", "0x1::fungible_asset::Deposit")
	var data struct{ Store, Amount string }
	if len(dep2) != 1 || json.Unmarshal(dep2[0].Get("data").(json.RawMessage), &data) != nil || data.Amount != "700" {
		t.Errorf("decoded deposit event: %v", dep2)
	}
	sig := where(rows(t, ix, "signatures"), "transaction_version", n(tx2.Version))
	if len(sig) != 1 || sig[0].Get("is_sender_primary") != true || sig[0].Get("public_key") != "0x"+hexOf(from.PublicKey) {
		t.Errorf("signatures: %v", sig)
	}
}

func TestFailedTransaction(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	from := c.devs[1]
	tx := c.run(from, vmstub.TransferPayload(fresh(3), c.faBalance(from.Address)*2))
	if tx.Info.Success() {
		t.Fatal("an over-balance transfer succeeded")
	}
	gas := where(rows(t, ix, "fungible_asset_activities"), "transaction_version", n(tx.Version))
	if len(gas) != 1 || gas[0].Get("is_transaction_success") != false || gas[0].Get("is_gas_fee") != true {
		t.Errorf("a failed transaction's activities: %v", gas)
	}
	if got := where(rows(t, ix, "account_transactions"), "transaction_version", n(tx.Version), "account_address", long(from.Address)); len(got) != 1 {
		t.Errorf("the failed transaction is not the sender's: %v", got)
	}
	bal := where(rows(t, ix, "current_fungible_asset_balances"), "owner_address", long(from.Address))
	if len(bal) != 1 || bal[0].Get("amount") != n(c.faBalance(from.Address)) || bal[0].Get("last_transaction_version") != n(tx.Version) {
		t.Errorf("balance after a failed transaction: %v (store %d)", bal, c.faBalance(from.Address))
	}
}

func TestFeePayerTransaction(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	sender, payer := c.devs[0], c.devs[2]
	raw := c.raw(sender.Address, vmstub.TransferPayload(fresh(4), 10))
	msg := raw.MultiAgentSigningMessage(nil, &payer.Address)
	st := &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthFeePayer,
		Sender: sender.Authenticator(msg), FeePayerAddress: payer.Address, FeePayer: payer.Authenticator(msg)}}
	c.submit(st)
	c.mine()
	tx, err := c.store.TransactionByHash(context.Background(), st.Hash())
	if err != nil || !tx.Info.Success() {
		t.Fatalf("fee-payer transaction: %v %v", err, tx.Info.Status)
	}
	at := where(rows(t, ix, "account_transactions"), "transaction_version", n(tx.Version))
	if len(where(at, "account_address", long(payer.Address))) != 1 || len(where(at, "account_address", long(sender.Address))) != 1 {
		t.Errorf("account_transactions of a fee-payer transaction: %v", at)
	}
	gas := where(rows(t, ix, "fungible_asset_activities"), "transaction_version", n(tx.Version), "is_gas_fee", true)
	if len(gas) != 1 || gas[0].Get("gas_fee_payer_address") != long(payer.Address) {
		t.Errorf("gas row: %v", gas)
	}
	sig := where(rows(t, ix, "signatures"), "transaction_version", n(tx.Version))
	if len(sig) != 2 || len(where(sig, "signer", long(payer.Address), "is_sender_primary", false)) != 1 {
		t.Errorf("signatures: %v", sig)
	}
	if ut := where(rows(t, ix, "user_transactions"), "version", n(tx.Version)); len(ut) != 1 || ut[0].Get("parent_signature_type") != "fee_payer_signature" {
		t.Errorf("user transaction: %v", ut)
	}
}

func TestAccountRestoration(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	a := c.devs[0]
	c.run(a, vmstub.TransferPayload(fresh(5), 1))
	rs := where(rows(t, ix, "auth_key_account_addresses"), "account_address", long(a.Address))
	if len(rs) != 1 || rs[0].Get("auth_key") != long(a.Address) || rs[0].Get("is_auth_key_used") != false {
		t.Fatalf("an unrotated account: %v", rs)
	}
	pk := where(rows(t, ix, "public_key_auth_keys"), "public_key", "0x"+hexOf(a.PublicKey))
	if len(pk) != 1 || pk[0].Get("auth_key") != long(a.Address) || pk[0].Get("is_public_key_used") != true || pk[0].Get("public_key_type") != "ed25519" ||
		pk[0].Get("account_public_key") != nil { // set for multi-keys only: the SDKs look those up by it
		t.Errorf("public key row: %v", pk)
	}
	newKey := c.devs[1].Address // another key's auth key
	tx := c.run(a, vmstub.EntryPayload(ledgerapi.AddressOne, "account", "rotate_authentication_key_call", nil, vmstub.BytesValue(newKey[:])))
	if !tx.Info.Success() {
		t.Fatalf("rotation failed: %v", tx.Info.Status)
	}
	rs = where(rows(t, ix, "auth_key_account_addresses"), "account_address", long(a.Address))
	if len(rs) != 1 || rs[0].Get("auth_key") != long(newKey) || rs[0].Get("last_transaction_version") != n(tx.Version) {
		t.Errorf("after rotate_authentication_key_call: %v", rs)
	}
}

func TestIncrementalRevertAndConcurrency(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	c.run(c.devs[0], vmstub.TransferPayload(fresh(6), 1))
	keep := c.latest()
	if got := len(rows(t, ix, "user_transactions")); got != 1 {
		t.Fatalf("%d user transactions", got)
	}
	c.run(c.devs[0], vmstub.TransferPayload(fresh(6), 2))
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if rs, err := ix.Rows(context.Background(), "user_transactions"); err != nil || len(rs) != 2 {
				t.Errorf("concurrent Rows: %d rows, %v", len(rs), err)
			}
		}()
	}
	wg.Wait()
	c.node.Close()
	if err := c.store.Revert(context.Background(), keep); err != nil {
		t.Fatal(err)
	}
	if got := len(rows(t, ix, "user_transactions")); got != 1 {
		t.Errorf("after a revert: %d user transactions", got)
	}
	st := rows(t, ix, "processor_status")
	if st[0].Get("last_success_version") != n(keep) {
		t.Errorf("after a revert: %v, want %d", st[0], keep)
	}
	bal := where(rows(t, ix, "current_fungible_asset_balances"), "owner_address", long(fresh(6)))
	if len(bal) != 1 || bal[0].Get("amount") != n(1) {
		t.Errorf("after a revert: %v", bal)
	}
	if _, err := ix.Rows(context.Background(), "no_such_table"); err == nil {
		t.Error("an unknown table gave no error")
	}
}
