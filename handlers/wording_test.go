package handlers_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// A view of a function that cannot be called gets one answer whether the
// request is JSON or BCS: the same status, error code, message and
// vm_error_code, byte for byte. A module or function that does not exist
// is FUNCTION_RESOLUTION_FAILURE (1091), as the real node's VM reports a
// function it cannot load, even when the JSON arguments could not have
// been converted for it.
func TestViewFunctionErrorsAlikeInBothEncodings(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	u64 := func(v uint64) []byte { var e bcs.Encoder; e.U64(v); return e.Bytes() }
	addr2 := ledgerapi.MustParseAddress("0x2")
	cases := []struct {
		name     string
		fn       string
		jsonArgs string   // the JSON arguments
		bcsArgs  [][]byte // the same arguments in BCS
		vmCode   any      // vm_error_code: float64 or nil
		message  string
	}{
		{"module does not exist", "0x1::nope::f", ``, nil, float64(1091), "Module or function do not exist for 0x1::nope::f"},
		{"function does not exist", "0x1::coin::nope", ``, nil, float64(1091), "Module or function do not exist for 0x1::coin::nope"},
		{"function does not exist, arguments given", "0x1::coin::nope", `"0x2","1"`, [][]byte{addr2[:], u64(1)},
			float64(1091), "Module or function do not exist for 0x1::coin::nope"},
		{"function does not exist, arguments unreadable", "0x1::coin::nope", `"not an address"`, [][]byte{{0xff}},
			float64(1091), "Module or function do not exist for 0x1::coin::nope"},
		{"not a view function", "0x1::aptos_account::transfer", `"0x2","1"`, [][]byte{addr2[:], u64(1)},
			nil, "function 0x1::aptos_account::transfer is not marked as a view function"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fn, err := ledgerapi.ParseEntryFunctionId(c.fn)
			if err != nil {
				t.Fatal(err)
			}
			jsonBody := []byte(`{"function":"` + c.fn + `","type_arguments":[],"arguments":[` + c.jsonArgs + `]}`)
			bcsBody := bcs.Marshal(&txn.EntryFunction{Module: fn.Module, Function: fn.Name, Args: c.bcsArgs})
			answers := map[string]viewAnswer{
				"JSON": callView(t, s.base+"/view", ledgerapi.ContentTypeJSON, "", jsonBody),
				"BCS":  callView(t, s.base+"/view", ledgerapi.ContentTypeAptosViewFunctionBCS, "", bcsBody),
			}
			for enc, a := range answers {
				var e map[string]any
				if err := json.Unmarshal([]byte(a.body), &e); err != nil {
					t.Fatalf("%s: not JSON: %s", enc, a.body)
				}
				if a.status != http.StatusBadRequest || e["error_code"] != "invalid_input" || e["vm_error_code"] != c.vmCode || e["message"] != c.message {
					t.Errorf("%s: %d %s, want 400 invalid_input, vm_error_code %v, message %q", enc, a.status, a.body, c.vmCode, c.message)
				}
				if a.ledger == "" {
					t.Errorf("%s: no ledger headers", enc)
				}
			}
			if answers["JSON"].body != answers["BCS"].body {
				t.Errorf("the encodings answer differently:\n JSON %s\n  BCS %s", answers["JSON"].body, answers["BCS"].body)
			}
		})
	}
}

// Bodies and parameters that do not parse are answered in the real node's
// words (its web framework's for JSON bodies and parameters, its own for
// BCS bodies), followed by the detail that names what is wrong.
func TestParseErrorsWordedAsTheRealNode(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	bcsTxn := ledgerapi.ContentTypeAptosSignedTxnBCS
	cases := []struct {
		method, path, ct string
		body             []byte
		status           int
		code, prefix     string
	}{
		{"POST", "/transactions", bcsTxn, []byte{0x01, 0x02}, 400, "invalid_input", "Failed to deserialize input into SignedTransaction: "},
		{"POST", "/transactions/simulate", bcsTxn, []byte{0x01, 0x02}, 400, "invalid_input", "Failed to deserialize input into SignedTransaction: "},
		{"POST", "/transactions/batch", bcsTxn, []byte{0x80, 0x80, 0x80, 0x80, 0x08}, 400, "invalid_input", "Failed to deserialize input into SignedTransaction: "},
		{"POST", "/view", ledgerapi.ContentTypeAptosViewFunctionBCS, []byte{0x01, 0x02}, 400, "invalid_input", "Failed to deserialize input into ViewRequest: "},
		{"POST", "/view", ledgerapi.ContentTypeJSON, []byte(`{"function":`), 400, "web_framework_error", "parse request payload error: "},
		{"POST", "/transactions", ledgerapi.ContentTypeJSON, []byte(`[1]`), 400, "web_framework_error", "parse request payload error: "},
		{"GET", "/transactions/by_hash/0x12", "", nil, 400, "web_framework_error", "failed to parse path `txn_hash`: "},
		{"GET", "/transactions/wait_by_hash/zz", "", nil, 400, "web_framework_error", "failed to parse path `txn_hash`: "},
		{"GET", "/accounts/0xzz/resources", "", nil, 400, "web_framework_error", "failed to parse path `address`: "},
		{"GET", "/blocks/by_version/x", "", nil, 400, "web_framework_error", "failed to parse path `version`: "},
		{"GET", "/transactions?limit=ten", "", nil, 400, "web_framework_error", "failed to parse parameter `limit`: "},
		{"GET", "/accounts/0x1?ledger_version=x", "", nil, 400, "web_framework_error", "failed to parse parameter `ledger_version`: "},
	}
	for _, c := range cases {
		status, _, raw, _ := doReq(t, c.method, s.base+c.path, "", c.ct, c.body)
		var e struct {
			Message   string `json:"message"`
			ErrorCode string `json:"error_code"`
		}
		if err := json.Unmarshal(raw, &e); err != nil || status != c.status || e.ErrorCode != c.code {
			t.Errorf("%s %s: %d %s, want %d %s", c.method, c.path, status, raw, c.status, c.code)
			continue
		}
		if len(e.Message) <= len(c.prefix) || e.Message[:len(c.prefix)] != c.prefix {
			t.Errorf("%s %s: message %q, want %q and the detail", c.method, c.path, e.Message, c.prefix)
		}
	}
}
