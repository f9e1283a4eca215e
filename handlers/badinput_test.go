package handlers_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// badCase is one bad input: the request, and the status, error code and
// a piece of the message that must name the problem.
type badCase struct {
	name, method, path, ct string
	body                   []byte
	status                 int
	code                   string
	mention                string // case-insensitive substring of the message
}

// The real node's words for a body that does not decode.
const (
	txnDecode  = "Failed to deserialize input into SignedTransaction: "
	viewDecode = "Failed to deserialize input into ViewRequest: "
)

const (
	jsonCT = ledgerapi.ContentTypeJSON
	bcsCT  = ledgerapi.ContentTypeAptosSignedTxnBCS
	viewCT = ledgerapi.ContentTypeAptosViewFunctionBCS
)

// badInputCases builds the battery against a live stack's accounts.
func badInputCases(dev []vmstub.DevAccount, mk func(vmstub.DevAccount, uint64, func(*txn.RawTransaction)) *txn.SignedTransaction) []badCase {
	a0 := dev[0].Address.String()
	good := mk(dev[0], 0, nil).Bytes()
	transferJSON := func(extra string) []byte {
		return []byte(`{"sender":"` + a0 + `","sequence_number":"0","max_gas_amount":"1000","gas_unit_price":"100","expiration_timestamp_secs":"99999999999","payload":{"type":"entry_function_payload","function":"0x1::aptos_account::transfer","type_arguments":[],"arguments":["0x2","1"]}` + extra + `}`)
	}
	sig := `,"signature":{"type":"ed25519_signature","public_key":"0x` + strings.Repeat("11", 32) + `","signature":"0x` + strings.Repeat("22", 64) + `"}`
	deep := strings.Repeat("vector<", 100) + "u8" + strings.Repeat(">", 100)
	longIdent := strings.Repeat("a", 10_000)
	viewBody := func(fn, tyArgs, args string) []byte {
		return []byte(`{"function":"` + fn + `","type_arguments":[` + tyArgs + `],"arguments":[` + args + `]}`)
	}
	// BCS bodies.
	truncated := good[:len(good)/2]
	trailing := append(append([]byte{}, good...), 0)
	nonMinimal := append([]byte{}, good...)
	// The payload variant (after sender 32 + seq 8) is a one-byte ULEB; an
	// equivalent two-byte encoding (0x82 0x00) is not canonical.
	nonMinimal = append(append(append([]byte{}, nonMinimal[:40]...), 0x80|nonMinimal[40], 0x00), nonMinimal[41:]...)
	unknownPayload := append([]byte{}, good...)
	unknownPayload[40] = 0x7f
	unknownAuth := append([]byte{}, good...)
	unknownAuth[len(good)-1-64-1-32-1] = 0x6f         // the authenticator variant before pubkey(len+32) and signature(len+64)
	hugeBatch := []byte{0x80, 0x80, 0x80, 0x80, 0x08} // ULEB 2^31 transactions
	expired := mk(dev[0], 0, func(r *txn.RawTransaction) { r.ExpirationTimestampSecs = 1 }).Bytes()
	wrongChain := mk(dev[0], 0, func(r *txn.RawTransaction) { r.ChainID = 9 }).Bytes()
	lowPrice := mk(dev[0], 0, func(r *txn.RawTransaction) { r.GasUnitPrice = 1 }).Bytes()
	hugeGas := mk(dev[0], 0, func(r *txn.RawTransaction) { r.MaxGasAmount = 1 << 60 }).Bytes()
	bigBody := bytes.Repeat([]byte("a"), 9<<20)
	var batch11 bytes.Buffer
	batch11.WriteByte(11)
	for range 11 {
		batch11.Write(good)
	}

	return []badCase{
		// Malformed and truncated JSON, wrong types.
		{"json empty body", "POST", "/transactions", jsonCT, nil, 400, "web_framework_error", "empty"},
		{"json truncated", "POST", "/transactions", jsonCT, []byte(`{"sender":"0x1",`), 400, "web_framework_error", "json"},
		{"json not an object", "POST", "/transactions", jsonCT, []byte(`[1,2,3]`), 400, "web_framework_error", "expected"},
		{"json garbage", "POST", "/view", jsonCT, []byte(`{{{`), 400, "web_framework_error", "malformed"},
		{"json trailing data", "POST", "/view", jsonCT, append(viewBody("0x1::chain_id::get", "", ""), []byte(` {}`)...), 400, "web_framework_error", "after"},
		{"json unknown field", "POST", "/transactions", jsonCT, transferJSON(sig + `,"surprise":1`), 400, "web_framework_error", "surprise"},
		{"json wrong type for sequence_number", "POST", "/transactions", jsonCT, []byte(`{"sender":"` + a0 + `","sequence_number":0}`), 400, "web_framework_error", "sequence_number"},
		{"json missing signature", "POST", "/transactions", jsonCT, transferJSON(""), 400, "", "signature"},
		{"json u64 overflow", "POST", "/transactions", jsonCT, bytes.Replace(transferJSON(sig), []byte(`"sequence_number":"0"`), []byte(`"sequence_number":"18446744073709551616"`), 1), 400, "", "sequence_number"},
		{"json u64 negative", "POST", "/transactions", jsonCT, bytes.Replace(transferJSON(sig), []byte(`"max_gas_amount":"1000"`), []byte(`"max_gas_amount":"-1"`), 1), 400, "", "max_gas_amount"},
		{"json u64 with plus sign", "POST", "/transactions", jsonCT, bytes.Replace(transferJSON(sig), []byte(`"gas_unit_price":"100"`), []byte(`"gas_unit_price":"+100"`), 1), 400, "", "gas_unit_price"},
		{"json u64 argument overflow", "POST", "/transactions", jsonCT, bytes.Replace(transferJSON(sig), []byte(`"0x2","1"`), []byte(`"0x2","18446744073709551616"`), 1), 400, "invalid_input", "u64"},
		{"json u128 table key overflow", "POST", "/tables/0x1/item", jsonCT, []byte(`{"key_type":"u128","value_type":"u8","key":"340282366920938463463374607431768211456"}`), 400, "invalid_input", "u128"},
		{"json u8 table key overflow", "POST", "/tables/0x1/item", jsonCT, []byte(`{"key_type":"u8","value_type":"u8","key":256}`), 400, "invalid_input", "u8"},
		{"json bad hex in signature", "POST", "/transactions", jsonCT, transferJSON(`,"signature":{"type":"ed25519_signature","public_key":"0xzz","signature":"0x00"}`), 400, "", "hex"},
		{"json odd-length hex", "POST", "/transactions", jsonCT, transferJSON(`,"signature":{"type":"ed25519_signature","public_key":"0x123","signature":"0x00"}`), 400, "", "hex"},
		{"json oversized address", "POST", "/transactions", jsonCT, bytes.Replace(transferJSON(sig), []byte(`"sender":"`+a0+`"`), []byte(`"sender":"0x`+strings.Repeat("ab", 33)+`"`), 1), 400, "", "sender"},
		{"json unknown payload type", "POST", "/transactions", jsonCT, bytes.Replace(transferJSON(sig), []byte(`"entry_function_payload"`), []byte(`"teleport_payload"`), 1), 400, "", "teleport_payload"},
		{"json unknown signature type", "POST", "/transactions", jsonCT, transferJSON(`,"signature":{"type":"quantum_signature"}`), 400, "", "quantum_signature"},
		{"json type tag nested 100 deep", "POST", "/view", jsonCT, viewBody("0x1::coin::balance", `"`+deep+`"`, `"0x1"`), 400, "invalid_input", "deep"},
		{"json 10,000-char identifier", "POST", "/view", jsonCT, viewBody("0x1::"+longIdent+"::f", "", ""), 400, "invalid_input", "identifier"},
		{"json bad function id", "POST", "/view", jsonCT, viewBody("not-a-function", "", ""), 400, "invalid_input", "function"},
		{"json table key of the wrong type", "POST", "/tables/0x1/item", jsonCT, []byte(`{"key_type":"u64","value_type":"u8","key":"x"}`), 400, "invalid_input", "key"},
		{"json table bad key type", "POST", "/tables/0x1/item", jsonCT, []byte(`{"key_type":"` + deep + `","value_type":"u8","key":"1"}`), 400, "invalid_input", "key_type"},
		{"json table missing key_type", "POST", "/tables/0x1/item", jsonCT, []byte(`{"value_type":"u8","key":"1"}`), 400, "", "key_type"},
		{"json raw item bad hex", "POST", "/tables/0x1/raw_item", jsonCT, []byte(`{"key":"0xz"}`), 400, "", "hex"},

		// BCS bodies.
		{"bcs empty", "POST", "/transactions", bcsCT, nil, 400, "invalid_input", txnDecode},
		{"bcs truncated", "POST", "/transactions", bcsCT, truncated, 400, "invalid_input", txnDecode},
		{"bcs trailing byte", "POST", "/transactions", bcsCT, trailing, 400, "invalid_input", txnDecode},
		{"bcs non-minimal uleb128", "POST", "/transactions", bcsCT, nonMinimal, 400, "invalid_input", txnDecode},
		{"bcs unknown payload variant", "POST", "/transactions", bcsCT, unknownPayload, 400, "invalid_input", txnDecode},
		{"bcs unknown authenticator variant", "POST", "/transactions", bcsCT, unknownAuth, 400, "invalid_input", txnDecode},
		{"bcs batch claiming 2^31 elements", "POST", "/transactions/batch", bcsCT, hugeBatch, 400, "invalid_input", txnDecode},
		{"bcs simulate truncated", "POST", "/transactions/simulate", bcsCT, truncated, 400, "invalid_input", txnDecode},
		{"bcs view bad bool", "POST", "/view", viewCT, []byte{0x00}, 400, "invalid_input", viewDecode},
		{"bcs view truncated", "POST", "/view", viewCT, []byte{0x01, 0x02}, 400, "invalid_input", viewDecode},
		{"bcs view garbage", "POST", "/view", viewCT, bytes.Repeat([]byte{0xff}, 64), 400, "invalid_input", viewDecode},

		// Limits, content types, methods.
		{"9 MiB body", "POST", "/transactions", bcsCT, bigBody, 413, "web_framework_error", "limit"},
		{"9 MiB view body", "POST", "/view", jsonCT, bigBody, 413, "web_framework_error", "limit"},
		{"unsupported content type", "POST", "/transactions", "text/plain", good, 415, "web_framework_error", "content-type"},
		{"missing content type", "POST", "/view", "", viewBody("0x1::chain_id::get", "", ""), 415, "web_framework_error", "content-type"},
		{"gzip is not accepted as a transaction", "POST", "/transactions", "application/gzip", []byte{0x1f, 0x8b, 0x08, 0x00}, 415, "web_framework_error", ""},
		{"wrong method on submit", "GET", "/transactions/batch", "", nil, 405, "web_framework_error", "method"},
		{"wrong method on a read", "POST", "/accounts/0x1", jsonCT, []byte(`{}`), 405, "web_framework_error", "method"},
		{"batch above the maximum", "POST", "/transactions/batch", bcsCT, batch11.Bytes(), 400, "invalid_input", "limit"},

		// Query and path parameters.
		{"limit zero", "GET", "/transactions?limit=0", "", nil, 400, "invalid_input", "limit"},
		{"limit not a number", "GET", "/transactions?limit=ten", "", nil, 400, "web_framework_error", "failed to parse parameter `limit`: "},
		{"limit above u16", "GET", "/transactions?limit=65536", "", nil, 400, "web_framework_error", "limit"},
		{"limit negative", "GET", "/accounts/0x1/resources?limit=-1", "", nil, 400, "web_framework_error", "limit"},
		{"start not a number", "GET", "/transactions?start=abc", "", nil, 400, "web_framework_error", "failed to parse parameter `start`: "},
		{"start above u64", "GET", "/transactions?start=18446744073709551616", "", nil, 400, "web_framework_error", "start"},
		{"start beyond the ledger", "GET", "/transactions?start=99999999", "", nil, 400, "invalid_input", "start"},
		{"ledger_version not a number", "GET", "/accounts/0x1?ledger_version=x", "", nil, 400, "web_framework_error", "failed to parse parameter `ledger_version`: "},
		{"ledger_version negative", "GET", "/accounts/0x1/resources?ledger_version=-5", "", nil, 400, "web_framework_error", "ledger_version"},
		{"ledger_version in the future", "GET", "/accounts/0x1/resource/0x1::chain_id::ChainId?ledger_version=99999999", "", nil, 404, "version_not_found", "version"},
		{"bad address", "GET", "/accounts/0xnothex", "", nil, 400, "web_framework_error", "failed to parse path `address`: "},
		{"address too long", "GET", "/accounts/0x" + strings.Repeat("1", 65), "", nil, 400, "web_framework_error", "address"},
		{"bad hash", "GET", "/transactions/by_hash/0x1234", "", nil, 400, "web_framework_error", "failed to parse path `txn_hash`: "},
		{"bad version", "GET", "/transactions/by_version/-1", "", nil, 400, "web_framework_error", "failed to parse path `txn_version`: "},
		{"bad block height", "GET", "/blocks/by_height/1e3", "", nil, 400, "web_framework_error", "failed to parse path `block_height`: "},
		{"bad struct tag", "GET", "/accounts/0x1/resource/0x1::coin", "", nil, 400, "invalid_input", "resource_type"},
		{"struct tag nested 100 deep", "GET", "/accounts/0x1/resource/0x1::m::S%3C" + strings.Repeat("vector%3C", 100) + "u8" + strings.Repeat("%3E", 100) + "%3E", "", nil, 400, "invalid_input", ""},
		{"10,000-char module name", "GET", "/accounts/0x1/module/" + longIdent, "", nil, 400, "invalid_input", "module"},
		{"bad creation number", "GET", "/accounts/0x1/events/abc", "", nil, 400, "web_framework_error", "failed to parse path `creation_number`: "},
		{"bad field name", "GET", "/accounts/0x1/events/0x1::block::BlockResource/no-such-field!", "", nil, 400, "invalid_input", "field"},
		{"bad with_transactions", "GET", "/blocks/by_height/0?with_transactions=maybe", "", nil, 400, "web_framework_error", "failed to parse parameter `with_transactions`: "},
		{"bad duration_secs", "GET", "/-/healthy?duration_secs=-1", "", nil, 400, "web_framework_error", "duration_secs"},
		{"bad table handle", "POST", "/tables/0xzz/item", jsonCT, []byte(`{"key_type":"u8","value_type":"u8","key":1}`), 400, "web_framework_error", "failed to parse path `table_handle`: "},
		{"bad balance asset", "GET", "/accounts/0x1/balance/not::a", "", nil, 400, "invalid_input", "asset_type"},
		{"bad resources cursor", "GET", "/accounts/0x1/resources?start=zz", "", nil, 400, "invalid_input", "cursor"},
		{"bad simulate flag", "POST", "/transactions/simulate?estimate_max_gas_amount=yes", bcsCT, good, 400, "web_framework_error", "failed to parse parameter `estimate_max_gas_amount`: "},

		// Transactions the prologue rejects.
		{"wrong chain id", "POST", "/transactions", bcsCT, wrongChain, 400, "vm_error", "BAD_CHAIN_ID"},
		{"expired", "POST", "/transactions", bcsCT, expired, 400, "vm_error", "EXPIRED"},
		{"gas price below the minimum", "POST", "/transactions", bcsCT, lowPrice, 400, "vm_error", "GAS_UNIT_PRICE_BELOW_MIN_BOUND"},
		{"max gas above the maximum", "POST", "/transactions", bcsCT, hugeGas, 400, "vm_error", "MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND"},
		{"encode_submission with a signature", "POST", "/transactions/encode_submission", jsonCT, transferJSON(sig), 400, "invalid_input", "signature"},
	}
}

// TestBadInputBattery sends every bad input through the real router over
// loopback HTTP: each gets its 4xx with the right error code and a message
// naming the problem, and the node answers normally afterwards.
func TestBadInputBattery(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	mk := func(from vmstub.DevAccount, seq uint64, edit func(*txn.RawTransaction)) *txn.SignedTransaction {
		raw := txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(dev[1].Address, 1),
			MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4}
		if edit != nil {
			edit(&raw)
		}
		return from.Sign(raw)
	}
	cases := badInputCases(dev, mk)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, _, raw, _ := doReq(t, c.method, s.base+c.path, "", c.ct, c.body)
			var e struct {
				Message   string `json:"message"`
				ErrorCode string `json:"error_code"`
			}
			if err := json.Unmarshal(raw, &e); err != nil {
				t.Fatalf("%d, body is not a JSON error: %.200s", status, raw)
			}
			if status != c.status || (c.code != "" && e.ErrorCode != c.code) {
				t.Fatalf("got %d %s (%s), want %d %s", status, e.ErrorCode, e.Message, c.status, c.code)
			}
			if !strings.Contains(strings.ToLower(e.Message), strings.ToLower(c.mention)) {
				t.Fatalf("message %q does not mention %q", e.Message, c.mention)
			}
			if len(e.Message) > 2000 {
				t.Fatalf("message of %d bytes echoes too much input", len(e.Message))
			}
		})
	}
	t.Logf("%d bad inputs tried", len(cases))
	// The node still answers and still accepts a good transaction.
	st := mk(dev[0], 0, nil)
	if status, body, _ := post(t, s.base+"/transactions", bcsCT, st.Bytes()); status != 202 {
		t.Fatalf("a good transaction after the battery: %d %v", status, body)
	}
	if status, body := getAny(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String()); status != 200 || body.(map[string]any)["success"] != true {
		t.Fatalf("after the battery: %d %v", status, body)
	}
	// Replaying it is too old.
	if status, body, _ := post(t, s.base+"/transactions", bcsCT, st.Bytes()); status != 400 || body["error_code"] != "vm_error" ||
		!strings.Contains(body["message"].(string), "SEQUENCE_NUMBER_TOO_OLD") {
		t.Fatalf("replay: %d %v", status, body)
	}
}
