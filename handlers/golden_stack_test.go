package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// goldenEpoch is the fixed wall clock of the golden ledger.
var goldenEpoch = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// newGoldenStack runs the whole ledger with a frozen clock and fixed keys,
// so every hash, timestamp and gas figure it produces is reproducible.
func newGoldenStack(t *testing.T) (string, []vmstub.DevAccount) {
	t.Helper()
	now := func() time.Time { return goldenEpoch }
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3, Seed: "golden"})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm, Now: now}, handlers.Options{GitHash: fixtureGitHash})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	return httptestServer(t, mux) + "/v1", vm.DevAccounts()
}

func goldenTxn(from vmstub.DevAccount, seq uint64, p txn.TransactionPayload) *txn.SignedTransaction {
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: p,
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(goldenEpoch.Unix()) + 600, ChainID: 4})
}

// TestGoldenStack compares the JSON bodies of every operation over the
// full stack (vmstub execution, node blocks) with reviewed files in
// testdata/golden/stack. Regenerate with: go test ./handlers -run GoldenStack -update
func TestGoldenStack(t *testing.T) {
	base, dev := newGoldenStack(t)
	a0, a1 := dev[0].Address.String(), dev[1].Address.String()
	// Two committed transfers, one at a time so that each is its own block.
	first := goldenTxn(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 1_000))
	second := goldenTxn(dev[1], 0, vmstub.TransferPayload(dev[0].Address, 7))
	for _, st := range []*txn.SignedTransaction{first, second} {
		if status, body, _ := post(t, base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes()); status != 202 {
			t.Fatalf("submit: %d %v", status, body)
		}
		if status, body := getAny(t, base+"/transactions/wait_by_hash/"+st.Hash().String()); status != 200 || body.(map[string]any)["type"] != "user_transaction" {
			t.Fatalf("wait: %d %v", status, body)
		}
	}
	// One parked behind a sequence gap stays pending.
	parked := goldenTxn(dev[2], 3, vmstub.TransferPayload(dev[0].Address, 1))
	simulated := goldenTxn(dev[0], 1, vmstub.TransferPayload(dev[1].Address, 5))
	simulated.Auth.Sender.Signature = make([]byte, 64)
	badBatch := goldenTxn(dev[2], 0, vmstub.TransferPayload(dev[0].Address, 1))
	badBatch.Raw.ChainID = 9
	badBatch = dev[2].Sign(badBatch.Raw)
	batch := append(append([]byte{2}, badBatch.Bytes()...), goldenTxn(dev[2], 4, vmstub.TransferPayload(dev[0].Address, 1)).Bytes()...)

	type req struct {
		name, method, path, ct string
		body                   []byte
		status                 int
	}
	cases := []req{
		{"ledger_info", "GET", "/", "", nil, 200},
		{"healthy", "GET", "/-/healthy", "", nil, 200},
		{"account", "GET", "/accounts/" + a0, "", nil, 200},
		{"account_unknown", "GET", "/accounts/0x77", "", nil, 200},
		{"account_resource", "GET", "/accounts/" + a0 + "/resource/0x1::account::Account", "", nil, 200},
		{"account_resources", "GET", "/accounts/" + a1 + "/resources", "", nil, 200},
		{"account_module", "GET", "/accounts/0x1/module/aptos_account", "", nil, 200},
		{"account_modules_page", "GET", "/accounts/0x1/modules?limit=1", "", nil, 200},
		{"balance_coin", "GET", "/accounts/" + a1 + "/balance/0x1::aptos_coin::AptosCoin", "", nil, 200},
		{"balance_fa", "GET", "/accounts/" + a1 + "/balance/0xa", "", nil, 200},
		{"transactions", "GET", "/transactions?start=1&limit=4", "", nil, 200},
		{"transaction_by_hash_committed", "GET", "/transactions/by_hash/" + first.Hash().String(), "", nil, 200},
		{"transaction_by_version_user", "GET", "/transactions/by_version/2", "", nil, 200},
		{"account_transactions", "GET", "/accounts/" + a0 + "/transactions", "", nil, 200},
		{"account_transaction_summaries", "GET", "/accounts/" + a0 + "/transaction_summaries", "", nil, 200},
		{"events_by_handle", "GET", "/accounts/0x1/events/0x1::block::BlockResource/new_block_events?limit=2", "", nil, 200},
		{"block_by_height_with_transactions", "GET", "/blocks/by_height/1?with_transactions=true", "", nil, 200},
		{"view_json", "POST", "/view", ledgerapi.ContentTypeJSON,
			[]byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + a1 + `"]}`), 200},
		{"estimate_gas_price", "GET", "/estimate_gas_price", "", nil, 200},
		{"simulate", "POST", "/transactions/simulate", ledgerapi.ContentTypeAptosSignedTxnBCS, simulated.Bytes(), 200},
		{"encode_submission", "POST", "/transactions/encode_submission", ledgerapi.ContentTypeJSON,
			[]byte(`{"sender":"` + a0 + `","sequence_number":"1","max_gas_amount":"1000","gas_unit_price":"100","expiration_timestamp_secs":"1767323645","payload":{"type":"entry_function_payload","function":"0x1::aptos_account::transfer","type_arguments":[],"arguments":["0x2","1"]}}`), 200},
		{"submit_pending", "POST", "/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, parked.Bytes(), 202},
		{"transaction_by_hash_pending", "GET", "/transactions/by_hash/" + parked.Hash().String(), "", nil, 200},
		{"batch_partial", "POST", "/transactions/batch", ledgerapi.ContentTypeAptosSignedTxnBCS, batch, 206},
		{"error_resource_not_found", "GET", "/accounts/" + a0 + "/resource/0x1::nope::Nope", "", nil, 404},
		{"error_sequence_too_old", "POST", "/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, first.Bytes(), 400},
		{"view_stateless_sequence_number", "POST", "/view", ledgerapi.ContentTypeJSON,
			[]byte(`{"function":"0x1::account::get_sequence_number","type_arguments":[],"arguments":["0x1234"]}`), 200},
		{"error_view_abort", "POST", "/view", ledgerapi.ContentTypeJSON,
			[]byte(`{"function":"0x1::fungible_asset::name","type_arguments":["0x1::fungible_asset::Metadata"],"arguments":["0x1234"]}`), 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, _, raw, _ := doReq(t, c.method, base+c.path, "", c.ct, c.body)
			if c.status != 0 && status != c.status {
				t.Fatalf("%s %s: status %d, want %d: %s", c.method, c.path, status, c.status, raw)
			}
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, raw, "", "  "); err != nil {
				t.Fatalf("not JSON: %s", raw)
			}
			pretty.WriteByte('\n')
			checkGolden(t, filepath.Join("testdata", "golden", "stack", c.name+".json"), pretty.Bytes())
		})
	}
}

// checkGolden compares got with the file, or rewrites it under -update.
func checkGolden(t *testing.T, file string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("body differs from %s:\n%s", file, diffLines(string(want), string(got)))
	}
}
