package devapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// checkWriteSet checks the write-set transaction a setter answered with,
// as /transactions serves it, and returns its changes.
func checkWriteSet(t *testing.T, s *stack, out map[string]any) []any {
	t.Helper()
	_, body := do(t, http.MethodGet, s.base+"/transactions/by_version/"+out["version"].(string), "", nil)
	tx := object(t, body)
	payload, _ := tx["payload"].(map[string]any)
	ws, _ := payload["write_set"].(map[string]any)
	if tx["type"] != "genesis_transaction" || tx["hash"] != out["hash"] || payload["type"] != "write_set_payload" ||
		ws["type"] != "direct_write_set" || tx["success"] != true {
		t.Fatalf("the write-set transaction %v is served as %s", out, body)
	}
	if changes, _ := tx["changes"].([]any); len(changes) == 0 {
		t.Fatalf("write-set transaction without changes: %s", body)
	}
	return tx["changes"].([]any)
}

func TestSetBalanceForms(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	dev := s.vm.DevAccounts()
	// A dev account (a primary fungible store).
	status, out := s.devPost(t, "/set_balance", fmt.Sprintf(`{"address":"%s","octas":"123456789"}`, dev[0].Address))
	if status != 200 {
		t.Fatalf("set_balance: %d %v", status, out)
	}
	checkWriteSet(t, s, out)
	if got := s.balance(t, dev[0].Address); got != "123456789" {
		t.Errorf("balance after set_balance = %s", got)
	}
	// A new address: the store is created, and the account can spend it
	// (impersonated, since nobody holds its key).
	fresh := ledgerapi.MustParseAddress("0x" + strings.Repeat("5e", 32))
	if status, out := s.devPost(t, "/set_balance", fmt.Sprintf(`{"address":"%s","octas":50000000}`, fresh)); status != 200 {
		t.Fatalf("set_balance of a new address: %d %v", status, out)
	}
	if got := s.balance(t, fresh); got != "50000000" {
		t.Errorf("balance of a new address after set_balance = %s", got)
	}
	s.node.Impersonate(fresh)
	st := dev[1].Sign(txn.RawTransaction{Sender: fresh, Payload: vmstub.TransferPayload(dev[2].Address, 1000), MaxGasAmount: 10_000,
		GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
	s.submit(t, st)
	if tx := s.wait(t, st.Hash()); tx["success"] != true {
		t.Fatalf("spending a set balance: %v", tx)
	}
	// The coin form: an account holding only a CoinStore<AptosCoin>.
	coinOnly := ledgerapi.MustParseAddress("0x" + strings.Repeat("c0", 32))
	coinStore := fmt.Sprintf(`{"coin":{"value":"5"},"frozen":false,`+
		`"deposit_events":{"counter":"0","guid":{"id":{"addr":"%[1]s","creation_num":"2"}}},`+
		`"withdraw_events":{"counter":"0","guid":{"id":{"addr":"%[1]s","creation_num":"3"}}}}`, coinOnly)
	status, out = s.devPost(t, "/set_resource", fmt.Sprintf(`{"address":"%s","type":"0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>","data":%s}`, coinOnly, coinStore))
	if status != 200 {
		t.Fatalf("set_resource CoinStore: %d %v", status, out)
	}
	checkWriteSet(t, s, out)
	if got := s.balance(t, coinOnly); got != "5" {
		t.Fatalf("balance of the coin-only account = %s, want 5", got)
	}
	// Through the Go API.
	if _, err := s.node.SetBalance(context.Background(), coinOnly, 777); err != nil {
		t.Fatal(err)
	}
	_, body := do(t, http.MethodGet, s.base+"/accounts/"+coinOnly.String()+"/resource/0x1::coin::CoinStore%3C0x1::aptos_coin::AptosCoin%3E", "", nil)
	if got := object(t, body)["data"].(map[string]any)["coin"].(map[string]any)["value"]; got != "777" || s.balance(t, coinOnly) != "777" {
		t.Errorf("the coin form after SetBalance: %s", body)
	}
}

func TestSetSequenceNumber(t *testing.T) {
	s := newStack(t, stores(t)["pebble"](), handlers.Options{})
	dev := s.vm.DevAccounts()
	status, out := s.devPost(t, "/set_sequence_number", fmt.Sprintf(`{"address":"%s","sequence_number":"40"}`, dev[0].Address))
	if status != 200 {
		t.Fatalf("set_sequence_number: %d %v", status, out)
	}
	checkWriteSet(t, s, out)
	_, body := do(t, http.MethodGet, s.base+"/accounts/"+dev[0].Address.String(), "", nil)
	if got := object(t, body)["sequence_number"]; got != "40" {
		t.Fatalf("sequence number after set_sequence_number = %v", got)
	}
	st := s.sign(dev[0], 40, vmstub.TransferPayload(dev[1].Address, 5), time.Now().Add(time.Minute))
	s.submit(t, st)
	if tx := s.wait(t, st.Hash()); tx["sequence_number"] != "40" || tx["success"] != true {
		t.Fatalf("a transaction at the set sequence number: %v", tx)
	}
	status, out = s.devPost(t, "/set_sequence_number", fmt.Sprintf(`{"address":"%s","sequence_number":"40"}`, dev[0].Address))
	if status != 400 || out["error_code"] != "invalid_input" {
		t.Errorf("setting a used sequence number: %d %v", status, out)
	}
	if _, err := s.node.SetSequenceNumber(context.Background(), dev[1].Address, 7); err != nil {
		t.Fatal(err)
	}
	_, body = do(t, http.MethodGet, s.base+"/accounts/"+dev[1].Address.String(), "", nil)
	if got := object(t, body)["sequence_number"]; got != "7" {
		t.Errorf("sequence number after SetSequenceNumber = %v", got)
	}
}

func TestSetResourceRefusals(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	for _, body := range []string{
		`{"address":"0x1","type":"0x1::nope::Nope","data":{}}`,
		`{"address":"0x1","type":"0x1::coin::Coin<0x1::aptos_coin::AptosCoin>","data":{"value":"1"}}`, // no key ability
		`{"address":"0x1","type":"0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>","data":{"coin":1}}`,
		`{"address":"0x1","type":"not a type","data":{}}`,
		`{"address":"0x1","type":"0x1::account::Account"}`,
		`{"type":"0x1::account::Account","data":{}}`,
		`{"address":"0x1","octas":"1","extra":1}`,
	} {
		path := "/set_resource"
		if strings.Contains(body, "octas") {
			path = "/set_balance"
		}
		if status, out := s.devPost(t, path, body); status != 400 || out["error_code"] != "invalid_input" {
			t.Errorf("%s %s: %d %v", path, body, status, out)
		}
	}
}
