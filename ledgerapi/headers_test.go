package ledgerapi_test

import (
	"net/http"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestHeaderNames(t *testing.T) {
	// The names of the spec's response header table, in its order.
	want := []string{
		"X-NODE-CHAIN-ID", "X-NODE-LEDGER-VERSION", "X-NODE-LEDGER-OLDEST-VERSION",
		"X-NODE-LEDGER-TIMESTAMPUSEC", "X-NODE-EPOCH", "X-NODE-BLOCK-HEIGHT",
		"X-NODE-OLDEST-BLOCK-HEIGHT", "X-NODE-GAS-USED", "X-NODE-CURSOR",
	}
	got := []string{
		ledgerapi.HeaderChainID, ledgerapi.HeaderLedgerVersion, ledgerapi.HeaderLedgerOldest,
		ledgerapi.HeaderLedgerTimestamp, ledgerapi.HeaderEpoch, ledgerapi.HeaderBlockHeight,
		ledgerapi.HeaderOldestBlockHeight, ledgerapi.HeaderGasUsed, ledgerapi.HeaderCursor,
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("header %d = %q, want %q", i, got[i], want[i])
		}
	}
	// Set and read back through net/http, which canonicalises the case.
	h := http.Header{}
	h.Set(ledgerapi.HeaderLedgerVersion, "5")
	if h.Get("x-node-ledger-version") != "5" {
		t.Error("header name does not survive canonicalisation")
	}
}

func TestMediaTypes(t *testing.T) {
	for mt, want := range map[string][2]bool{
		"application/x.node.signed_transaction+bcs":  {true, false},
		"application/x.aptos.signed_transaction+bcs": {true, false},
		"application/x.node.view_function+bcs":       {false, true},
		"application/x.aptos.view_function+bcs":      {false, true},
		"application/x-bcs":                          {false, false},
		"application/json":                           {false, false},
		"":                                           {false, false},
		"application/x.aptos.signed_transaction+bcs; charset=utf-8": {false, false}, // parameters must be stripped first
		"APPLICATION/X.APTOS.SIGNED_TRANSACTION+BCS":                {true, false},  // case-insensitive
		"Application/X.Node.View_Function+BCS":                      {false, true},
		"application/x.node.signed_transaction":                     {false, false},
	} {
		if got := ledgerapi.IsSignedTxnBCS(mt); got != want[0] {
			t.Errorf("IsSignedTxnBCS(%q) = %v", mt, got)
		}
		if got := ledgerapi.IsViewFunctionBCS(mt); got != want[1] {
			t.Errorf("IsViewFunctionBCS(%q) = %v", mt, got)
		}
	}
	if ledgerapi.ContentTypeSignedTxnBCS != "application/x.node.signed_transaction+bcs" {
		t.Errorf("ContentTypeSignedTxnBCS = %q, the spec's Versioning section differs", ledgerapi.ContentTypeSignedTxnBCS)
	}
	if ledgerapi.ContentTypeJSON != "application/json" || ledgerapi.ContentTypeBCS != "application/x-bcs" {
		t.Error("JSON/BCS content types")
	}
}
