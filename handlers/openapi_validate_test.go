package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// Responses of a real server, validated against the document with
// kin-openapi's openapi3filter.

// checker sends requests to a real server and validates each request and
// response against the document.
type checker struct {
	t      *testing.T
	router routers.Router
}

type call struct {
	method, path, contentType, accept string
	body                              []byte
	status                            int
	invalidRequest                    bool // the request breaks the document on purpose
}

// registerDecoders teaches openapi3filter the BCS and HTML media types.
var registerDecoders = sync.OnceFunc(func() {
	for _, ct := range []string{ledgerapi.ContentTypeSignedTxnBCS, ledgerapi.ContentTypeAptosSignedTxnBCS,
		ledgerapi.ContentTypeViewFunctionBCS, ledgerapi.ContentTypeAptosViewFunctionBCS, ledgerapi.ContentTypeBCS} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
	}
	openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
})

func newChecker(t *testing.T, base string) *checker {
	registerDecoders()
	router, err := gorillamux.NewRouter(loadDocument(t, base))
	if err != nil {
		t.Fatal(err)
	}
	return &checker{t: t, router: router}
}

// do runs c against base and returns the response body.
func (k *checker) do(base string, c call) []byte {
	t := k.t
	t.Helper()
	name := c.method + " " + c.path
	req, err := http.NewRequest(c.method, base+c.path, bytes.NewReader(c.body))
	if err != nil {
		t.Fatal(err)
	}
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	if c.accept != "" {
		req.Header.Set("Accept", c.accept)
	}
	route, params, err := k.router.FindRoute(req)
	if err != nil {
		t.Errorf("%s: not an operation of the document: %v", name, err)
		return nil
	}
	opts := &openapi3filter.Options{MultiError: true, IncludeResponseStatus: true}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && !c.invalidRequest {
		t.Errorf("%s: the request does not match the document: %v", name, err)
	}
	req.Body = io.NopCloser(bytes.NewReader(c.body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != c.status {
		t.Errorf("%s: status %d, want %d: %s", name, resp.StatusCode, c.status, b)
	}
	if err := validateResponse(in, resp.StatusCode, resp.Header, b); err != nil {
		t.Errorf("%s: the %d response does not match the document: %v\n%s", name, resp.StatusCode, err, b)
	}
	return b
}

func validateResponse(in *openapi3filter.RequestValidationInput, status int, h http.Header, body []byte) error {
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: h, Options: in.Options}
	out.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(context.Background(), out)
}

// requestJSON renders a signed transaction as a JSON transaction request.
func requestJSON(t *testing.T, st *txn.SignedTransaction, codec txn.ArgCodec, signed bool) []byte {
	t.Helper()
	raw := &st.Raw
	m := map[string]any{
		"sender": raw.Sender, "sequence_number": ledgerapi.U64(raw.SequenceNumber), "max_gas_amount": ledgerapi.U64(raw.MaxGasAmount),
		"gas_unit_price": ledgerapi.U64(raw.GasUnitPrice), "expiration_timestamp_secs": ledgerapi.U64(raw.ExpirationTimestampSecs),
		"payload": txn.PayloadJSON(&raw.Payload, codec),
	}
	if signed {
		m["signature"] = txn.SignatureJSON(&st.Auth)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOpenAPIResponsesValidate(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	k := newChecker(t, s.base)
	dev := s.vm.DevAccounts()
	a0, a1 := dev[0].Address.String(), dev[1].Address.String()

	first := s.transfer(t, dev[0], 0, dev[1].Address, 5)
	k.do(s.base, call{method: "POST", path: "/transactions", contentType: "application/json", body: requestJSON(t, first, s.codec(t), true), status: 202})
	var committed map[string]any
	for i := 0; i < 10 && committed["type"] != "user_transaction"; i++ { // a pending answer means: retry
		json.Unmarshal(k.do(s.base, call{method: "GET", path: "/transactions/wait_by_hash/" + first.Hash().String(), status: 200}), &committed)
	}
	if committed["type"] != "user_transaction" {
		t.Fatalf("not committed: %v", committed)
	}
	version := committed["version"].(string)
	var blk map[string]any
	json.Unmarshal(k.do(s.base, call{method: "GET", path: "/blocks/by_version/" + version + "?with_transactions=true", status: 200}), &blk)
	height := blk["block_height"].(string)
	// A transaction with a sequence number gap stays pending.
	parked := s.transfer(t, dev[1], 3, dev[0].Address, 1)
	k.do(s.base, call{method: "POST", path: "/transactions", contentType: ledgerapi.ContentTypeSignedTxnBCS, body: parked.Bytes(), status: 202})
	var pending map[string]any
	json.Unmarshal(k.do(s.base, call{method: "GET", path: "/transactions/by_hash/" + parked.Hash().String(), status: 200}), &pending)
	if pending["type"] != "pending_transaction" {
		t.Fatalf("not pending: %v", pending)
	}
	zeroSig := s.transfer(t, dev[0], 1, dev[1].Address, 5)
	zeroSig.Auth.Sender.Signature = make([]byte, 64)
	second := s.transfer(t, dev[0], 1, dev[1].Address, 5)
	batch := []byte("[" + string(requestJSON(t, second, s.codec(t), true)) + "," + string(requestJSON(t, first, s.codec(t), true)) + "]")
	view := `{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + a0 + `"]}`

	calls := []call{
		{method: "GET", path: "/", status: 200},
		{method: "GET", path: "/-/healthy", status: 200},
		{method: "GET", path: "/spec", status: 200},
		{method: "GET", path: "/transactions?limit=2", status: 200},
		{method: "GET", path: "/transactions?start=0&limit=100", status: 200},
		{method: "GET", path: "/transactions/by_hash/" + first.Hash().String(), status: 200},
		{method: "GET", path: "/transactions/by_version/" + version, status: 200},
		{method: "GET", path: "/blocks/by_height/" + height, status: 200},
		{method: "GET", path: "/blocks/by_height/0?with_transactions=true", status: 200},
		{method: "GET", path: "/accounts/" + a0, status: 200},
		{method: "GET", path: "/accounts/" + a0 + "/resources", status: 200},
		{method: "GET", path: "/accounts/0x1/resources?limit=1", status: 200},
		{method: "GET", path: "/accounts/0x1/modules?limit=2", status: 200},
		{method: "GET", path: "/accounts/0x1/module/coin", status: 200},
		{method: "GET", path: "/accounts/0x1/resource/0x1::chain_id::ChainId", status: 200},
		{method: "GET", path: "/accounts/" + a1 + "/balance/0x1::aptos_coin::AptosCoin", status: 200},
		{method: "GET", path: "/accounts/" + a0 + "/transactions", status: 200},
		{method: "GET", path: "/accounts/" + a0 + "/events/0", status: 200},
		{method: "GET", path: "/accounts/0x1/events/2?limit=2", status: 200},
		{method: "GET", path: "/accounts/0x1/events/0x1::block::BlockResource/new_block_events?start=0&limit=2", status: 200},
		{method: "GET", path: "/accounts/" + a0 + "/transaction_summaries", status: 200},
		{method: "GET", path: "/estimate_gas_price", status: 200},
		{method: "POST", path: "/view", contentType: "application/json", body: []byte(view), status: 200},
		{method: "POST", path: "/transactions/simulate", contentType: ledgerapi.ContentTypeAptosSignedTxnBCS, body: zeroSig.Bytes(), status: 200},
		{method: "POST", path: "/transactions/encode_submission", contentType: "application/json", body: requestJSON(t, second, s.codec(t), false), status: 200},
		{method: "POST", path: "/transactions/batch", contentType: "application/json", body: batch, status: 206},
		// Errors.
		{method: "GET", path: "/blocks/by_height/999999", status: 404},
		{method: "GET", path: "/transactions/by_version/999999", status: 404},
		{method: "GET", path: "/accounts/0x1/resource/0x1::nope::Nope", status: 404},
		{method: "GET", path: "/transactions?limit=0", status: 400},
		{method: "GET", path: "/transactions/by_hash/0x12", status: 400, invalidRequest: true},
		{method: "POST", path: "/tables/0x1/item", contentType: "application/json", body: []byte(`{"key_type":"u64","value_type":"u64","key":"1"}`), status: 404},
		{method: "POST", path: "/tables/0x1/raw_item", contentType: "application/json", accept: ledgerapi.ContentTypeBCS, body: []byte(`{"key":"0x01"}`), status: 404},
		{method: "POST", path: "/tables/0x1/raw_item", contentType: "application/json", accept: "application/json", body: []byte(`{"key":"0x01"}`), status: 403},
		{method: "POST", path: "/transactions", contentType: "text/plain", body: []byte("x"), status: 415, invalidRequest: true},
	}
	for _, c := range calls {
		k.do(s.base, c)
	}
}

// TestOpenAPIValidationIsStrict makes sure the schemas are not vacuous: a
// response that breaks the document is caught.
func TestOpenAPIValidationIsStrict(t *testing.T) {
	base, _ := newEmptyBlocksServer(t, 2, 0)
	k := newChecker(t, base)
	cases := []struct{ path, from, to string }{
		{"/", `"chain_id":4`, `"chain_id":"4"`},
		{"/", `"git_hash":"` + fixtureGitHash + `"`, `"git_hash":5`},
		{"/transactions?limit=2", `"type":"state_checkpoint_transaction"`, `"type":"bogus_transaction"`},
		{"/transactions?limit=2", `"success":true`, `"success":"yes"`},
		{"/blocks/by_height/1", `"block_height":"1"`, `"block_height":1`},
		{"/blocks/by_height/99", `"error_code":"block_not_found"`, `"error_code":"version_pruned"`},
	}
	for _, c := range cases {
		req, _ := http.NewRequest("GET", base+c.path, nil)
		resp, body := fetch(t, base+c.path)
		broken := bytes.Replace(body, []byte(c.from), []byte(c.to), 1)
		if bytes.Equal(broken, body) {
			t.Fatalf("%s: %s not in %s", c.path, c.from, body)
		}
		route, params, err := k.router.FindRoute(req)
		if err != nil {
			t.Fatal(err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		if err := validateResponse(in, resp.StatusCode, resp.Header, body); err != nil {
			t.Errorf("%s: the real response fails: %v", c.path, err)
		}
		if err := validateResponse(in, resp.StatusCode, resp.Header, broken); err == nil {
			t.Errorf("%s: a response with %s passes validation", c.path, c.to)
		}
	}
	// A success without the ledger headers is caught too.
	req, _ := http.NewRequest("GET", base+"/", nil)
	resp, body := fetch(t, base+"/")
	route, params, _ := k.router.FindRoute(req)
	resp.Header.Del(ledgerapi.HeaderEpoch)
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
	if err := validateResponse(in, resp.StatusCode, resp.Header, body); err == nil {
		t.Error("a success without X-NODE-EPOCH passes validation")
	}
}
