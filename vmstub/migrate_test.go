package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

const (
	evCoinStoreDeletion = "0x1::coin::CoinStoreDeletion"
	evFrozen            = "0x1::fungible_asset::Frozen"

	faFrozen = "Move abort in 0x1::fungible_asset: ESTORE_IS_FROZEN(0x10003): Store is disabled from sending and receiving this fungible asset."
)

func migratePayload(coinType string) txn.TransactionPayload {
	return call("coin", "migrate_to_fungible_store", []ledgerapi.TypeTag{structType(coinType)})
}

const aptTag = "0x1::aptos_coin::AptosCoin"

// coinBalanceView is coin::balance<AptosCoin>(owner) through the view path.
func (c *chain) coinBalanceView(owner ledgerapi.Address) string {
	return c.mustView("0x1::coin::balance", []string{aptTag}, addrJSON(owner))
}

// TestMigrateToFungibleStore: a legacy CoinStore<AptosCoin> is removed and
// its coins land in the primary store; balances (coin::balance, which
// counts both) and the supply are unchanged but for the fee; nothing to
// migrate is a no-op; transfers work afterwards.
func TestMigrateToFungibleStore(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	const coins = 250_000_000
	c.seedCoinStore(a.Address, coins, false)
	store := crypto.PrimaryStoreAddress(a.Address, ledgerapi.AddressA)
	fa, supply := c.balance(a.Address), c.supply()
	if got := c.coinBalanceView(a.Address); got != `["`+u(fa+coins)+`"]` {
		t.Fatalf("coin::balance before: %s, want the CoinStore plus the store %d", got, fa+coins)
	}
	if supply != vmstub.DefaultRootBalance+vmstub.DefaultDevAccounts*vmstub.DefaultDevBalance+coins {
		t.Fatalf("coin::supply %d does not count the CoinStore", supply)
	}

	r := c.raw(a, migratePayload(aptTag))
	out := c.mustExec(a.Sign(r))
	js := renderOutput(t, c.vm, out)
	if !out.Info.Success() || !equalStrings(eventTypes(out), []string{evCoinStoreDeletion, evFee}) {
		t.Fatalf("migrate: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	wantEv := `{"coin_type":"0x1::aptos_coin::AptosCoin","deleted_deposit_event_handle_creation_number":"2",` +
		`"deleted_withdraw_event_handle_creation_number":"3","event_handle_creation_address":"` + a.Address.String() + `"}`
	if got := js["event "+evCoinStoreDeletion+"#0"]; got != wantEv {
		t.Fatalf("CoinStoreDeletion\n got  %s\n want %s", got, wantEv)
	}
	if out.Events[0].Key != (storage.EventKey{}) {
		t.Fatalf("CoinStoreDeletion is not a module event: %+v", out.Events[0].Key)
	}
	// The write set: the CoinStore deleted, CoinInfo's supply, the store and
	// 0xa's ConcurrentSupply, and the epilogue's Account.
	var keys []string
	deleted := false
	for _, w := range out.Changes {
		keys = append(keys, w.Key.Resource.String()+"@"+w.Key.Address.ShortString())
		if w.Key.Address == a.Address && w.Key.Resource.String() == coinStoreAPT {
			deleted = w.Deleted
		}
	}
	wantKeys := []string{coinStoreAPT + "@" + a.Address.ShortString(), coinInfoAPT + "@0x1", "0x1::fungible_asset::ConcurrentSupply@0xa",
		"0x1::fungible_asset::FungibleStore@" + store.ShortString(), "0x1::account::Account@" + a.Address.ShortString()}
	if !equalStrings(keys, wantKeys) {
		t.Fatalf("write set\n got  %v\n want %v", keys, wantKeys)
	}
	if !deleted || c.get(a.Address, coinStoreAPT) != nil {
		t.Fatal("the CoinStore was not deleted")
	}
	if got := js[coinInfoAPT+"@0x1"]; got == "" || c.coinInfoSupply() != 0 {
		t.Fatalf("CoinInfo not written or its supply not burnt: %s", got)
	}
	fee := out.Info.GasUsed * r.GasUnitPrice
	wantBalance(t, c, a.Address, fa+coins-fee)
	if got := c.coinBalanceView(a.Address); got != `["`+u(fa+coins-fee)+`"]` {
		t.Fatalf("coin::balance after: %s", got)
	}
	if got := c.supply(); got != supply-fee {
		t.Fatalf("supply %d, want %d less the fee %d", got, supply, fee)
	}
	// 5 execution; io: CoinStore, CoinInfo, 0xa, the store, the new Account,
	// one event, the size; storage: the Account.
	_, exec, io, storageFee, _ := feeStatement(t, eventTypes(out), out.Events[len(out.Events)-1].Data)
	if exec != 5 || io != 5+1+(rawSize(&r)+99)/100 || storageFee != 4000 {
		t.Fatalf("gas: execution %d, io %d, storage %d", exec, io, storageFee)
	}

	// Idempotent: nothing left to migrate.
	again := c.mustExec(a.Sign(c.raw(a, migratePayload(aptTag))))
	if !again.Info.Success() || !equalStrings(eventTypes(again), []string{evFee}) {
		t.Fatalf("second migrate: %s %v", again.Info.Status.String(), eventTypes(again))
	}
	for _, w := range again.Changes {
		if w.Key.Kind == storage.StateResource && (w.Key.Resource.Module == "coin" || w.Key.Address == store && w.Key.Resource.Name != "FungibleStore") {
			t.Fatalf("second migrate wrote %s", w.Key)
		}
	}
	// Transfers from the migrated store still work.
	before := c.balance(b.Address)
	tr := c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, coins))))
	if !tr.Info.Success() || c.balance(b.Address) != before+coins {
		t.Fatalf("transfer after migration: %s", tr.Info.Status.String())
	}
}

// TestMigrateCreatesStore: an account holding only a CoinStore (its fee
// paid by a sponsor) gets a primary store, untransferable as Aptos makes
// them, holding the coins.
func TestMigrateCreatesStore(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	sponsor, legacy := c.vm.DevAccounts()[0], unfunded(1)[0]
	c.seedCoinStore(legacy.Address, 77, false)
	out := c.mustExec(feePayer(c.raw(legacy, migratePayload(aptTag)), legacy, sponsor))
	if !out.Info.Success() || !equalStrings(eventTypes(out), []string{evCoinStoreDeletion, evFee}) {
		t.Fatalf("migrate: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	store := crypto.PrimaryStoreAddress(legacy.Address, ledgerapi.AddressA)
	if got := c.json(store, "0x1::fungible_asset::FungibleStore"); got != `{"balance":"77","frozen":false,"metadata":{"inner":"0xa"}}` {
		t.Fatalf("store %s", got)
	}
	if got := c.json(store, "0x1::object::ObjectCore"); got != `{"allow_ungated_transfer":false,"guid_creation_num":"1125899906842625","owner":"`+
		legacy.Address.String()+`","transfer_events":{"counter":"0","guid":{"id":{"addr":"`+store.String()+`","creation_num":"1125899906842624"}}}}` {
		t.Fatalf("store object %s", got)
	}
	if got := c.coinBalanceView(legacy.Address); got != `["77"]` {
		t.Fatalf("coin::balance %s", got)
	}
}

// TestMigrateFrozen: a frozen CoinStore freezes the primary store (with a
// Frozen event); a frozen store then refuses to send and to receive.
func TestMigrateFrozen(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	c.seedCoinStore(a.Address, 5, true)
	store := crypto.PrimaryStoreAddress(a.Address, ledgerapi.AddressA)
	out := c.mustExec(a.Sign(c.raw(a, migratePayload(aptTag))))
	js := renderOutput(t, c.vm, out)
	if !out.Info.Success() || !equalStrings(eventTypes(out), []string{evCoinStoreDeletion, evFrozen, evFee}) {
		t.Fatalf("migrate: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	if got := js["event "+evFrozen+"#1"]; got != `{"frozen":true,"store":"`+store.String()+`"}` {
		t.Fatalf("Frozen event %s", got)
	}
	for _, fn := range []string{"0x1::primary_fungible_store::is_frozen"} {
		if got := c.mustView(fn, []string{"0x1::fungible_asset::Metadata"}, addrJSON(a.Address), `"0xa"`); got != `[true]` {
			t.Fatalf("%s: %s", fn, got)
		}
	}
	if got := c.mustView("0x1::fungible_asset::is_frozen", []string{"0x1::fungible_asset::FungibleStore"}, addrJSON(store)); got != `[true]` {
		t.Fatalf("fungible_asset::is_frozen: %s", got)
	}
	for name, p := range map[string]func() *txn.SignedTransaction{
		"send":    func() *txn.SignedTransaction { return a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 1))) },
		"receive": func() *txn.SignedTransaction { return b.Sign(c.raw(b, vmstub.TransferPayload(a.Address, 1))) },
		"coin::transfer": func() *txn.SignedTransaction {
			return b.Sign(c.raw(b, call("coin", "transfer", []ledgerapi.TypeTag{aptType}, vmstub.AddressValue(a.Address), vmstub.U64Value(1))))
		},
	} {
		if out := c.mustExec(p()); out.Info.Status.String() != faFrozen {
			t.Fatalf("%s with a frozen store: %s", name, out.Info.Status.String())
		}
	}
}

// TestMigrateEdgeCases: an empty CoinStore just goes; a coin type without
// CoinInfo and a non-empty store aborts (rolled back); no store is a no-op.
func TestMigrateEdgeCases(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	c.seedCoinStore(a.Address, 0, false)
	fa := c.balance(a.Address)
	out := c.mustExec(a.Sign(c.raw(a, migratePayload(aptTag))))
	if !out.Info.Success() || !equalStrings(eventTypes(out), []string{evFee}) || c.get(a.Address, coinStoreAPT) != nil {
		t.Fatalf("empty CoinStore: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	if got := c.balance(a.Address); got != fa-out.Info.GasUsed*100 {
		t.Fatalf("balance %d", got)
	}

	fake := "0xcafe::fake::Coin"
	fakeStore := "0x1::coin::CoinStore<" + fake + ">"
	out = c.mustExec(a.Sign(c.raw(a, migratePayload(fake))))
	if !out.Info.Success() {
		t.Fatalf("no CoinStore<fake>: %s", out.Info.Status.String())
	}
	seeded := make([]byte, 105)
	seeded[0] = 9 // 9 coins
	c.put(a.Address, fakeStore, seeded)
	out = c.mustExec(a.Sign(c.raw(a, migratePayload(fake))))
	if want := "Move abort in 0x1::coin: EDESTRUCTION_OF_NONZERO_TOKEN(0x10007): Cannot destroy non-zero coins"; out.Info.Status.String() != want {
		t.Fatalf("uninitialized coin: %s", out.Info.Status.String())
	}
	if c.get(a.Address, fakeStore) == nil {
		t.Fatal("the aborted migration deleted the CoinStore")
	}
	if got := c.mustView("0x1::coin::balance", []string{fake}, addrJSON(a.Address)); got != `["9"]` {
		t.Fatalf("coin::balance<fake> %s", got)
	}
}
