package handlers_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage/memstore"
)

// TestPrunedReads commits enough blocks through the real node to move the
// pruning window, then checks that every read operation that takes a
// version or height answers 410 with version_pruned / block_pruned below
// the window, and still answers at the oldest version.
func TestPrunedReads(t *testing.T) {
	s := newStackWith(t, handlers.Options{}, 0, memstore.Options{ChainID: 4, PruneWindow: 12})
	dev := s.vm.DevAccounts()
	ctx := context.Background()
	var last string
	for seq := uint64(0); seq < 12; seq++ {
		st := s.transfer(t, dev[0], seq, dev[1].Address, 1)
		if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes()); status != 202 {
			t.Fatalf("submit %d: %d %v", seq, status, body)
		}
		last = st.Hash().String()
		getAny(t, s.base+"/transactions/wait_by_hash/"+last) // one block per transfer
	}
	info, _ := s.store.LedgerInfo(ctx)
	if info.OldestVersion == 0 || info.OldestBlockHeight == 0 {
		t.Fatalf("window did not move: %+v", info)
	}
	old, oldest := u(info.OldestVersion-1), u(info.OldestVersion)
	a := dev[0].Address.String()
	table := `{"key_type":"address","value_type":"address","key":"0x1"}`
	cases := []struct {
		method, path, body string
		code               string
	}{
		{"GET", "/accounts/" + a + "?ledger_version=" + old, "", "version_pruned"},
		{"GET", "/accounts/" + a + "/resources?ledger_version=" + old, "", "version_pruned"},
		{"GET", "/accounts/" + a + "/resource/0x1::account::Account?ledger_version=" + old, "", "version_pruned"},
		{"GET", "/accounts/0x1/modules?ledger_version=" + old, "", "version_pruned"},
		{"GET", "/accounts/0x1/module/coin?ledger_version=" + old, "", "version_pruned"},
		{"GET", "/accounts/" + a + "/balance/0x1::aptos_coin::AptosCoin?ledger_version=" + old, "", "version_pruned"},
		{"GET", "/transactions/by_version/" + old, "", "version_pruned"},
		{"GET", "/transactions?start=" + old, "", "version_pruned"},
		{"GET", "/blocks/by_version/" + old, "", "version_pruned"},
		{"GET", "/blocks/by_height/" + u(info.OldestBlockHeight-1), "", "block_pruned"},
		{"GET", "/accounts/" + a + "/transactions?start=0", "", "version_pruned"},
		{"POST", "/tables/0x1/item?ledger_version=" + old, table, "version_pruned"},
		{"POST", "/view?ledger_version=" + old, `{"function":"0x1::chain_id::get","type_arguments":[],"arguments":[]}`, "version_pruned"},
	}
	for _, c := range cases {
		var status int
		var body map[string]any
		if c.method == "GET" {
			st, b := getAny(t, s.base+c.path)
			status, body = st, asMap(b)
		} else {
			status, body, _ = post(t, s.base+c.path, "application/json", []byte(c.body))
		}
		if status != http.StatusGone || body["error_code"] != c.code {
			t.Errorf("%s %s: %d %v, want 410 %s", c.method, c.path, status, body, c.code)
		}
	}
	// The oldest version itself is still readable.
	for _, p := range []string{"/transactions/by_version/" + oldest, "/blocks/by_version/" + oldest,
		"/accounts/" + a + "/resource/0x1::account::Account?ledger_version=" + oldest} {
		if status, body := getAny(t, s.base+p); status != 200 {
			t.Errorf("%s at the oldest version: %d %v", p, status, body)
		}
	}
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
