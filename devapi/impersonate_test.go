package devapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestImpersonatedTransfer: a transfer from dev[2], signed with dev[0]'s
// key, is refused (INVALID_AUTH_KEY) until dev[2] is impersonated; then it
// commits with dev[2]'s sequence number, gas and balance, keeps the
// authenticator as sent, and leaves dev[2]'s authentication key as it was.
// A transaction without any signature (the SDK's simulation form) works too,
// and other senders are still checked.
func TestImpersonatedTransfer(t *testing.T) {
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newStack(t, open(), handlers.Options{})
			dev := s.vm.DevAccounts()
			victim, signer := dev[2], dev[0]
			_, acct := do(t, http.MethodGet, s.base+"/accounts/"+victim.Address.String(), "", nil)
			authKey := object(t, acct)["authentication_key"]
			before := s.balance(t, dev[1].Address)
			raw := txn.RawTransaction{Sender: victim.Address, SequenceNumber: 0, Payload: vmstub.TransferPayload(dev[1].Address, 500),
				MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4}
			st := signer.Sign(raw)
			status, body := do(t, http.MethodPost, s.base+"/transactions", "application/x.aptos.signed_transaction+bcs", st.Bytes())
			if m := object(t, body); status != 400 || m["vm_error_code"] != float64(2) {
				t.Fatalf("an unimpersonated sender signed with another key: %d %s (want INVALID_AUTH_KEY)", status, body)
			}

			status, out := s.devPost(t, "/impersonate", `{"address":"`+victim.Address.String()+`"}`)
			if accts, _ := out["accounts"].([]any); status != 200 || len(accts) != 1 || accts[0] != victim.Address.String() {
				t.Fatalf("impersonate: %d %v", status, out)
			}
			s.submit(t, st)
			committed := s.wait(t, st.Hash())
			if committed["success"] != true || committed["sender"] != victim.Address.String() {
				t.Fatalf("impersonated transfer: %v", committed)
			}
			sig := committed["signature"].(map[string]any)
			if sig["public_key"] != "0x"+hexOf(signer.PrivateKey.Public()) {
				t.Errorf("the committed signature %v is not the one sent (dev[0]'s key)", sig)
			}
			if got := s.balance(t, dev[1].Address); got == before {
				t.Error("the impersonated transfer moved no APT")
			}
			_, acct = do(t, http.MethodGet, s.base+"/accounts/"+victim.Address.String(), "", nil)
			if a := object(t, acct); a["authentication_key"] != authKey || a["sequence_number"] != "1" {
				t.Errorf("the impersonated account after its transfer: %v (auth key was %v)", a, authKey)
			}

			// No signature at all.
			raw.SequenceNumber = 1
			bare := &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
				Sender: txn.AccountAuthenticator{Variant: txn.AccountNoAccount}}}
			s.submit(t, bare)
			if tx := s.wait(t, bare.Hash()); tx["success"] != true {
				t.Errorf("an unsigned impersonated transfer: %v", tx)
			}

			// Others are checked as before; stopping ends it.
			other := signer.Sign(txn.RawTransaction{Sender: dev[1].Address, Payload: vmstub.TransferPayload(dev[0].Address, 1),
				MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: raw.ExpirationTimestampSecs, ChainID: 4})
			if status, _ := do(t, http.MethodPost, s.base+"/transactions", "application/x.aptos.signed_transaction+bcs", other.Bytes()); status != 400 {
				t.Errorf("another sender signed with a wrong key: %d, want 400", status)
			}
			s.devPost(t, "/stop_impersonating", `{"address":"`+victim.Address.String()+`"}`)
			raw.SequenceNumber = 2
			again := signer.Sign(raw)
			if status, _ := do(t, http.MethodPost, s.base+"/transactions", "application/x.aptos.signed_transaction+bcs", again.Bytes()); status != 400 {
				t.Errorf("after stop_impersonating: %d, want 400", status)
			}
		})
	}
}

// TestAutoImpersonateGoAPI uses the node's methods directly.
func TestAutoImpersonateGoAPI(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{})
	dev := s.vm.DevAccounts()
	s.node.SetAutoImpersonate(true)
	if _, auto := s.node.Impersonation(); !auto {
		t.Fatal("Impersonation() does not report auto")
	}
	raw := txn.RawTransaction{Sender: dev[1].Address, Payload: vmstub.TransferPayload(dev[2].Address, 77),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4}
	st := dev[0].Sign(raw)
	if _, err := s.node.Submit(context.Background(), st, st.Bytes(), st.Hash()); err != nil {
		t.Fatalf("Submit with auto impersonation: %v", err)
	}
	if tx := s.wait(t, st.Hash()); tx["success"] != true {
		t.Fatalf("auto-impersonated transfer: %v", tx)
	}
	s.node.SetAutoImpersonate(false)
	raw.SequenceNumber = 1
	st = dev[0].Sign(raw)
	if _, err := s.node.Submit(context.Background(), st, st.Bytes(), st.Hash()); err == nil {
		t.Fatal("Submit after auto impersonation is off accepted a wrong key")
	}
}
