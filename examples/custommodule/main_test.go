package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

func start(t *testing.T) (*ledger, *client, context.Context) {
	t.Helper()
	l, err := startLedger()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return l, &client{base: l.server.URL + "/v1", hc: l.server.Client()}, ctx
}

// TestGuestbookThroughAPI runs main's flow and checks every value read back.
func TestGuestbookThroughAPI(t *testing.T) {
	l, c, ctx := start(t)
	signer := l.vm.DevAccounts()[0]
	var out strings.Builder
	rep, err := guestbook(ctx, c, signer, []string{"hello from Go", "signed twice"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	addr := signer.Address.String()

	// The committed transactions: the payload rendered through the ABI, the
	// module event first and the fee statement last, and the gas the
	// schedule predicts (the first call creates three slots: the signer's
	// Account, its Entry and the table item, 40 units each at price 100).
	if len(rep.Txns) != 2 || len(rep.Events) != 2 {
		t.Fatalf("%d transactions, %d Signed events", len(rep.Txns), len(rep.Events))
	}
	for i, msg := range []string{"hello from Go", "signed twice"} {
		tx := rep.Txns[i]
		if tx.Sender != addr || tx.VMStatus != "Executed successfully" || tx.Payload.Function != "0xcafe::guestbook::sign" ||
			len(tx.Payload.Arguments) != 1 || string(tx.Payload.Arguments[0]) != `"`+msg+`"` {
			t.Fatalf("transaction %d: %+v", i, tx)
		}
		if len(tx.Events) != 2 || tx.Events[0].Type != "0xcafe::guestbook::Signed" || tx.Events[0].SequenceNumber != "0" ||
			tx.Events[1].Type != "0x1::transaction_fee::FeeStatement" {
			t.Fatalf("transaction %d events: %+v", i, tx.Events)
		}
		if want := `{"account":"` + addr + `","message":"` + msg + `"}`; string(rep.Events[i].Data) != want {
			t.Fatalf("event %d: %s, want %s", i, rep.Events[i].Data, want)
		}
	}
	if rep.Txns[0].GasUsed != "138" || rep.Txns[1].GasUsed != "18" {
		t.Fatalf("gas used %s and %s, want 138 and 18", rep.Txns[0].GasUsed, rep.Txns[1].GasUsed)
	}

	// The resource, the table and the views agree on the last message.
	if rep.Entry != (entryJSON{Message: "signed twice", Count: "2"}) {
		t.Fatalf("Entry %+v", rep.Entry)
	}
	if rep.TableHandle != vmstub.TableHandle(guestbookAddr, "guestbook::Book").String() || rep.TableItem != "signed twice" {
		t.Fatalf("table %s item %q", rep.TableHandle, rep.TableItem)
	}
	if rep.Get != "signed twice" || rep.Count != "2" {
		t.Fatalf("views get %q count %q", rep.Get, rep.Count)
	}

	// The ABI shows the declared functions and structs.
	abi, _ := json.Marshal(rep.ABI)
	// Addresses are AIP-40 long form except 0x0–0xf; type strings are short.
	wantABI := `{"address":"0x000000000000000000000000000000000000000000000000000000000000cafe","name":"guestbook","exposed_functions":[` +
		`{"name":"sign","is_entry":true,"is_view":false,"params":["\u0026signer","0x1::string::String"],"return":[]},` +
		`{"name":"get","is_entry":false,"is_view":true,"params":["address"],"return":["0x1::string::String"]},` +
		`{"name":"count","is_entry":false,"is_view":true,"params":["address"],"return":["u64"]}],"structs":[` +
		`{"name":"Entry","is_event":false,"abilities":["key"],"fields":[{"name":"message","type":"0x1::string::String"},{"name":"count","type":"u64"}]},` +
		`{"name":"Signed","is_event":true,"abilities":["drop","store"],"fields":[{"name":"account","type":"address"},{"name":"message","type":"0x1::string::String"}]},` +
		`{"name":"Book","is_event":false,"abilities":["key"],"fields":[{"name":"messages","type":"0x1::table::Table\u003caddress, 0x1::string::String\u003e"}]}]}`
	if string(abi) != wantABI {
		t.Fatalf("ABI\n%s\nwant\n%s", abi, wantABI)
	}

	for _, line := range []string{
		`signed "hello from Go": version `,
		`resource 0xcafe::guestbook::Entry: message "signed twice", count 2`,
		`view get = "signed twice", count = 2`,
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("output lacks %q:\n%s", line, out.String())
		}
	}
}

// TestGuestbookErrors: an abort is committed with the module's reason
// name; reads of an account that never signed answer the API's errors.
func TestGuestbookErrors(t *testing.T) {
	l, c, ctx := start(t)
	signer, other := l.vm.DevAccounts()[0], l.vm.DevAccounts()[1].Address.String()

	hash, err := c.submit(ctx, signer, signCall(""))
	if err != nil {
		t.Fatal(err)
	}
	tx, err := c.wait(ctx, hash)
	if err != nil {
		t.Fatal(err)
	}
	const abort = "Move abort in 0xcafe::guestbook: EINVALID_MESSAGE(0x10001): The message is empty or longer than 280 bytes."
	if tx.Success || tx.VMStatus != abort || len(tx.Events) != 1 {
		t.Fatalf("empty message: success %t, %q, %d events", tx.Success, tx.VMStatus, len(tx.Events))
	}

	var ae *apiError
	var res json.RawMessage
	err = c.get(ctx, "/accounts/"+signer.Address.String()+"/resource/0xcafe::guestbook::Entry", &res)
	if !errors.As(err, &ae) || ae.Status != http.StatusNotFound || ae.Body.ErrorCode != ledgerapi.CodeResourceNotFound {
		t.Fatalf("Entry after an aborted sign: %v", err)
	}
	item := map[string]string{"key_type": "address", "value_type": "0x1::string::String", "key": other}
	err = c.post(ctx, "/tables/"+messagesTable.String()+"/item", item, &res)
	if !errors.As(err, &ae) || ae.Status != http.StatusNotFound || ae.Body.ErrorCode != ledgerapi.CodeTableItemNotFound {
		t.Fatalf("table item of an account that never signed: %v", err)
	}
	if n, err := viewString(ctx, c, "count", other); err != nil || n != "0" {
		t.Fatalf("count of an account that never signed: %q %v", n, err)
	}
	_, err = viewString(ctx, c, "get", other)
	if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest || ae.Body.ErrorCode != ledgerapi.CodeInvalidInput ||
		!strings.Contains(ae.Body.Message, "ENO_ENTRY(0x60002)") {
		t.Fatalf("get of an account that never signed: %v", err)
	}
	if ae.Body.VMErrorCode == nil || *ae.Body.VMErrorCode != uint64(onchain.ABORTED) {
		t.Fatalf("get abort vm_error_code %v", ae.Body.VMErrorCode)
	}
}

// TestRun runs main's program against its own ledger.
func TestRun(t *testing.T) {
	var out strings.Builder
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `view get = "signed twice", count = 2`) {
		t.Fatalf("run printed:\n%s", out.String())
	}
}
