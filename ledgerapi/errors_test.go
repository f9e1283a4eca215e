package ledgerapi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// specErrorCodes is the Errors table of the interface document.
var specErrorCodes = []string{
	"account_not_found", "resource_not_found", "module_not_found",
	"struct_field_not_found", "version_not_found", "transaction_not_found",
	"table_item_not_found", "block_not_found", "state_value_not_found",
	"version_pruned", "block_pruned", "invalid_input",
	"invalid_transaction_update", "sequence_number_too_old", "vm_error",
	"rejected_by_filter", "health_check_failed", "mempool_is_full",
	"internal_error", "web_framework_error", "bcs_not_supported",
	"api_disabled",
}

func TestErrorCodesMatchSpec(t *testing.T) {
	if len(specErrorCodes) != 22 {
		t.Fatalf("the spec table has 22 codes, this list %d", len(specErrorCodes))
	}
	if len(ledgerapi.ErrorCodes) != len(specErrorCodes) {
		t.Fatalf("ErrorCodes has %d codes, the spec %d", len(ledgerapi.ErrorCodes), len(specErrorCodes))
	}
	seen := map[ledgerapi.ErrorCode]bool{}
	for i, c := range ledgerapi.ErrorCodes {
		if string(c) != specErrorCodes[i] {
			t.Errorf("ErrorCodes[%d] = %q, the spec has %q", i, c, specErrorCodes[i])
		}
		if seen[c] {
			t.Errorf("%q listed twice", c)
		}
		seen[c] = true
		if !c.Valid() {
			t.Errorf("%q not Valid", c)
		}
	}
	for _, c := range []ledgerapi.ErrorCode{
		"", "not_found", "Invalid_Input", "invalid_input ", "INVALID_INPUT", "vm_error_code",
		"sequence_number_too_new", "invalid_argument",
	} {
		if c.Valid() {
			t.Errorf("%q is Valid", c)
		}
	}
	// The named constants are the right strings.
	for c, want := range map[ledgerapi.ErrorCode]string{
		ledgerapi.CodeInvalidInput: "invalid_input", ledgerapi.CodeVMError: "vm_error",
		ledgerapi.CodeBCSNotSupported: "bcs_not_supported", ledgerapi.CodeAPIDisabled: "api_disabled",
		ledgerapi.CodeSequenceNumberTooOld: "sequence_number_too_old", ledgerapi.CodeMempoolIsFull: "mempool_is_full",
		ledgerapi.CodeVersionPruned: "version_pruned", ledgerapi.CodeAccountNotFound: "account_not_found",
	} {
		if string(c) != want {
			t.Errorf("constant %q, want %q", c, want)
		}
	}
}

func TestErrorJSON(t *testing.T) {
	e := ledgerapi.NewError(ledgerapi.CodeAccountNotFound, "Account not found by Address(%s) and Ledger version(%d)", "0x1", 7)
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"message":"Account not found by Address(0x1) and Ledger version(7)","error_code":"account_not_found","vm_error_code":null}`
	if string(b) != want {
		t.Fatalf("JSON = %s\nwant %s", b, want)
	}
	vm := ledgerapi.NewVMError(3, "Invalid transaction: Type: Validation Code: %s", "SEQUENCE_NUMBER_TOO_OLD")
	b, _ = json.Marshal(vm)
	want = `{"message":"Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD","error_code":"vm_error","vm_error_code":3}`
	if string(b) != want {
		t.Fatalf("JSON = %s\nwant %s", b, want)
	}
	zero := ledgerapi.NewVMError(0, "zero")
	if b, _ := json.Marshal(zero); !strings.Contains(string(b), `"vm_error_code":0`) {
		t.Fatalf("vm code 0 must be sent, got %s", b)
	}
	ii := ledgerapi.InvalidInput("bad %s", "limit")
	if ii.ErrorCode != ledgerapi.CodeInvalidInput || ii.Message != "bad limit" || ii.VMErrorCode != nil {
		t.Fatalf("InvalidInput = %+v", ii)
	}
}

func TestErrorDecode(t *testing.T) {
	var e ledgerapi.Error
	in := `{"message":"m","error_code":"vm_error","vm_error_code":18446744073709551615}`
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	if e.ErrorCode != ledgerapi.CodeVMError || e.VMErrorCode == nil || *e.VMErrorCode != 18446744073709551615 {
		t.Fatalf("decoded %+v", e)
	}
	if err := json.Unmarshal([]byte(`{"message":"m","error_code":"teapot"}`), &e); err == nil || !strings.Contains(err.Error(), `unknown error code "teapot"`) {
		t.Fatalf("unknown code: %v", err)
	}
	var c ledgerapi.ErrorCode = ledgerapi.CodeInternalError
	if err := c.UnmarshalText([]byte("nope")); err == nil || c != ledgerapi.CodeInternalError {
		t.Fatalf("UnmarshalText kept %q, err %v", c, err)
	}
}

func TestErrorIsAnError(t *testing.T) {
	var err error = ledgerapi.NewError(ledgerapi.CodeBlockNotFound, "Block not found by height %d", 9)
	if err.Error() != "block_not_found: Block not found by height 9" {
		t.Fatalf("Error() = %q", err.Error())
	}
	wrapped := errors.Join(errors.New("context"), err)
	var apiErr *ledgerapi.Error
	if !errors.As(wrapped, &apiErr) || apiErr.ErrorCode != ledgerapi.CodeBlockNotFound {
		t.Fatalf("errors.As through a wrapper: %v", apiErr)
	}
	// Formatting verbs in the message arguments are not re-interpreted.
	e := ledgerapi.NewError(ledgerapi.CodeInvalidInput, "%s", "100%d")
	if e.Message != "100%d" {
		t.Fatalf("Message = %q", e.Message)
	}
}
