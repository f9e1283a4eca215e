package txn

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// transferCodec knows one ABI: (address, u64) for every function, enough to
// exercise the JSON paths without the executor.
type transferCodec struct{}

func (transferCodec) EncodeArgs(fn ledgerapi.EntryFunctionId, _ []ledgerapi.TypeTag, args []json.RawMessage) ([][]byte, error) {
	if len(args) != 2 {
		return nil, fmt.Errorf("%s takes 2 arguments, got %d", fn, len(args))
	}
	var to ledgerapi.Address
	if err := json.Unmarshal(args[0], &to); err != nil {
		return nil, fmt.Errorf("arguments[0]: %v", err)
	}
	var amount ledgerapi.U64
	if err := json.Unmarshal(args[1], &amount); err != nil {
		return nil, fmt.Errorf("arguments[1]: %v", err)
	}
	return [][]byte{to[:], u64le(uint64(amount))}, nil
}

func (transferCodec) DecodeArgs(fn ledgerapi.EntryFunctionId, _ []ledgerapi.TypeTag, args [][]byte) ([]json.RawMessage, error) {
	if len(args) != 2 || len(args[0]) != 32 || len(args[1]) != 8 {
		return nil, errors.New("not a transfer")
	}
	var to ledgerapi.Address
	copy(to[:], args[0])
	d := bcs.NewDecoder(args[1])
	return []json.RawMessage{json.RawMessage(strconv.Quote(to.String())), json.RawMessage(strconv.Quote(strconv.FormatUint(d.U64("amount"), 10)))}, nil
}

// requestJSON renders a signed transaction as a submit request body, the way
// a JSON client would send it.
func requestJSON(t testing.TB, st *SignedTransaction) []byte {
	t.Helper()
	r := st.Raw
	m := map[string]any{
		"sender":                    r.Sender,
		"sequence_number":           ledgerapi.U64(r.SequenceNumber),
		"max_gas_amount":            ledgerapi.U64(r.MaxGasAmount),
		"gas_unit_price":            ledgerapi.U64(r.GasUnitPrice),
		"expiration_timestamp_secs": ledgerapi.U64(r.ExpirationTimestampSecs),
		"payload":                   PayloadJSON(&r.Payload, transferCodec{}),
		"signature":                 SignatureJSON(&st.Auth),
	}
	if n := r.Payload.ReplayProtectionNonce; n != nil {
		m["replay_protection_nonce"] = ledgerapi.U64(*n)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestJSONRoundTrip renders every sample as JSON, parses it back as a submit
// request and expects the identical signed transaction (and so identical
// BCS bytes, hash and a valid signature).
func TestJSONRoundTrip(t *testing.T) {
	for name, st := range sampleTransactions(t) {
		if st.Raw.Payload.Script != nil {
			continue // scripts are not accepted as JSON
		}
		if st.Raw.Payload.Variant == PayloadV1 && st.Raw.Payload.ReplayProtectionNonce == nil {
			continue // V1 without a nonce renders like the legacy variant
		}
		t.Run(name, func(t *testing.T) {
			body := requestJSON(t, st)
			var req SubmitTransactionRequest
			if err := DecodeJSON(body, &req); err != nil {
				t.Fatalf("decode %s: %v", body, err)
			}
			got, err := req.SignedTransaction(st.Raw.ChainID, transferCodec{})
			if err != nil {
				t.Fatalf("convert %s: %v", body, err)
			}
			if got.Hash() != st.Hash() {
				t.Fatalf("JSON round trip changed the transaction\n json %s\n got %#v\nwant %#v", body, got, st)
			}
			if err := got.Verify(); err != nil {
				t.Fatalf("Verify after JSON: %v", err)
			}
		})
	}
}

func TestSignatureJSONShapes(t *testing.T) {
	s := sampleTransactions(t)
	cases := map[string][]string{
		"ed25519":       {`"type":"ed25519_signature"`, `"public_key":"0x`, `"signature":"0x`},
		"single_sender": {`"type":"single_sender"`, `"public_key":{"value":"0x`, `"type":"ed25519"}`},
		"multi_ed25519": {`"type":"multi_ed25519_signature"`, `"threshold":2`, `"bitmap":"0xa0000000"`},
		"multi_key":     {`"type":"single_sender"`, `"signatures_required":2`, `"index":1`, `"index":2`},
		"multi_agent":   {`"type":"multi_agent_signature"`, `"secondary_signer_addresses":["0x`, `"type":"single_key_signature"`},
		"fee_payer":     {`"type":"fee_payer_signature"`, `"secondary_signer_addresses":[]`, `"secondary_signers":[]`, `"fee_payer_address":"0x`},
	}
	for name, wants := range cases {
		b, err := json.Marshal(SignatureJSON(&s[name].Auth))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wants {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: %s lacks %s", name, b, w)
			}
		}
	}
}

func TestPayloadJSONShapes(t *testing.T) {
	s := sampleTransactions(t)
	cases := map[string]string{
		"ed25519":        `{"function":"0x1::aptos_account::transfer","type_arguments":[],"arguments":["` + addrOf(testKey(2)).String() + `","5"],"type":"entry_function_payload"}`,
		"coin_transfer":  `{"function":"0x1::coin::transfer","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + addrOf(testKey(2)).String() + `","5"],"type":"entry_function_payload"}`,
		"multisig_empty": `{"multisig_address":"` + addrOf(testKey(3)).String() + `","type":"multisig_payload"}`,
	}
	for name, want := range cases {
		b, _ := json.Marshal(PayloadJSON(&s[name].Raw.Payload, transferCodec{}))
		if string(b) != want {
			t.Errorf("%s:\n got %s\nwant %s", name, b, want)
		}
	}
	// Without an ABI, arguments fall back to the hex of their BCS bytes.
	b, _ := json.Marshal(PayloadJSON(&s["ed25519"].Raw.Payload, nil))
	if !strings.Contains(string(b), `"0x0500000000000000"`) {
		t.Errorf("fallback rendering: %s", b)
	}
	// Script arguments render by kind.
	b, _ = json.Marshal(PayloadJSON(&s["script"].Raw.Payload, nil))
	for _, w := range []string{`"type":"script_payload"`, `"bytecode":"0xa11ceb0b"`, `"abi":null`, `"arguments":[7,"9","0",`, `"0x6869",true,513,67305985,"0","0x010203"]`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("script rendering %s lacks %s", b, w)
		}
	}
}

func TestJSONRequestErrors(t *testing.T) {
	valid := string(requestJSON(t, sampleTransactions(t)["ed25519"]))
	replace := func(old, new string) string {
		if !strings.Contains(valid, old) {
			t.Fatalf("fixture lacks %q", old)
		}
		return strings.Replace(valid, old, new, 1)
	}
	cases := []struct{ name, body, want string }{
		{"not json", `{"sender":`, "truncated"},
		{"trailing", valid + `{}`, "after the JSON value"},
		{"unknown field", replace(`"sender"`, `"bogus":1,"sender"`), "bogus"},
		{"u64 as number", replace(`"max_gas_amount":"200000"`, `"max_gas_amount":200000`), "u64 must be a JSON string"},
		{"negative u64", replace(`"gas_unit_price":"100"`, `"gas_unit_price":"-100"`), "not a decimal"},
		{"overflow", replace(`"sequence_number":"7"`, `"sequence_number":"18446744073709551616"`), "does not fit"},
		{"missing sender", replace(`"sender":`, `"sender_x":`), "sender_x"},
		{"bad payload type", replace(`"type":"entry_function_payload"`, `"type":"nope"`), "unknown payload type"},
		{"bad function", replace(`0x1::aptos_account::transfer`, `0x1::aptos_account`), "function"},
		{"bad type arg", replace(`"type_arguments":[]`, `"type_arguments":["vector<"]`), "type_arguments[0]"},
		{"bad signature type", replace(`"type":"ed25519_signature"`, `"type":"rsa"`), "unknown signature type"},
		{"short public key", replace(`"public_key":"0x`, `"public_key":"0x00`), "want 32 bytes"},
		{"odd hex", replace(`"signature":"0x`, `"signature":"0x0`), "odd number"},
		{"bad argument", replace(`"arguments":["`, `"arguments":["zz`), "arguments"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var req SubmitTransactionRequest
			err := DecodeJSON([]byte(c.body), &req)
			if err == nil {
				_, err = req.SignedTransaction(4, transferCodec{})
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want mention of %q", err, c.want)
			}
		})
	}
	var req SubmitTransactionRequest
	if err := DecodeJSON([]byte(`{"sequence_number":"1"}`), &req); err != nil {
		t.Fatal(err)
	}
	if _, err := req.SignedTransaction(4, transferCodec{}); err == nil || !strings.Contains(err.Error(), "missing required field sender") {
		t.Fatalf("missing sender: %v", err)
	}
}
