package handlers_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gorilla/mux"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// notInDocument are the routes that serve the document itself; like the
// real node's spec.json and spec.yaml they are not operations of it.
var notInDocument = map[string]bool{"spec_json": true, "spec_yaml": true}

func fetch(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// loadDocument fetches spec.json and spec.yaml, checks that both validate
// and hold the same document, and returns it.
func loadDocument(t *testing.T, base string) *openapi3.T {
	t.Helper()
	docs := map[string]*openapi3.T{}
	for name, ct := range map[string]string{"spec.json": "application/json", "spec.yaml": "application/x-yaml"} {
		resp, body := fetch(t, base+"/"+name)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != ct {
			t.Fatalf("%s: %d %q", name, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(body)
		if err != nil {
			t.Fatalf("%s does not load: %v", name, err)
		}
		if err := doc.Validate(loader.Context); err != nil {
			t.Fatalf("%s is not a valid OpenAPI document: %v", name, err)
		}
		docs[name] = doc
	}
	j, _ := json.Marshal(docs["spec.json"])
	y, _ := json.Marshal(docs["spec.yaml"])
	if !bytes.Equal(j, y) {
		t.Fatal("spec.yaml and spec.json differ")
	}
	return docs["spec.json"]
}

var templateVar = regexp.MustCompile(`\{[^{}]*\}`)

// opKey identifies an operation by method and path shape (parameter names
// aside).
func opKey(method, path string) string {
	return strings.ToUpper(method) + " " + templateVar.ReplaceAllString(path, "{}")
}

func documentOperations(doc *openapi3.T) map[string]*openapi3.Operation {
	out := map[string]*openapi3.Operation{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			out[opKey(method, path)] = op
		}
	}
	return out
}

func TestOpenAPIDocumentValidates(t *testing.T) {
	base, _ := newEmptyBlocksServer(t, 2, 0)
	doc := loadDocument(t, base)
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "/v1" {
		t.Errorf("servers: %v", doc.Servers)
	}
	codes := doc.Components.Schemas["AptosErrorCode"].Value.Enum
	if len(codes) != len(ledgerapi.ErrorCodes) {
		t.Errorf("error_code enum has %d values, want %d", len(codes), len(ledgerapi.ErrorCodes))
	}
	for _, name := range []string{"U64", "Address", "HexEncodedBytes", "HashValue", "AptosError", "IndexResponse", "Transaction",
		"PendingTransaction", "SubmitTransactionRequest", "TransactionPayload", "TransactionSignature", "Event", "Block", "MoveResource",
		"AccountData", "TableItemRequest", "RawTableItemRequest", "ViewRequest", "GasEstimation", "TransactionsBatchSubmissionResult",
		"HealthCheckSuccess"} {
		if doc.Components.Schemas[name] == nil {
			t.Errorf("schema %s missing", name)
		}
	}
	submit := doc.Paths.Value("/transactions").Post.RequestBody.Value.Content
	for _, ct := range []string{ledgerapi.ContentTypeSignedTxnBCS, ledgerapi.ContentTypeAptosSignedTxnBCS, "application/json"} {
		if submit[ct] == nil {
			t.Errorf("submit does not document %s", ct)
		}
	}
	view := doc.Paths.Value("/view").Post.RequestBody.Value.Content
	for _, ct := range []string{ledgerapi.ContentTypeViewFunctionBCS, ledgerapi.ContentTypeAptosViewFunctionBCS} {
		if view[ct] == nil {
			t.Errorf("view does not document %s", ct)
		}
	}
	ok := doc.Paths.Value("/accounts/{address}/resources").Get.Responses.Status(200).Value.Headers
	for _, h := range []string{ledgerapi.HeaderChainID, ledgerapi.HeaderLedgerVersion, ledgerapi.HeaderOldestBlockHeight, ledgerapi.HeaderCursor} {
		if ok[h] == nil {
			t.Errorf("resources 200 does not document %s", h)
		}
	}
	if doc.Paths.Value("/view").Post.Responses.Status(200).Value.Headers[ledgerapi.HeaderGasUsed] == nil {
		t.Error("view 200 does not document the gas header")
	}
	// Each error status lists exactly the codes StatusOf maps to it.
	for _, c := range ledgerapi.ErrorCodes {
		resp := doc.Components.Responses[fmt.Sprintf("Error%d", handlers.StatusOf(c))]
		if resp == nil || !strings.Contains(*resp.Value.Description, string(c)) {
			t.Errorf("error response for %s (%d) missing or does not name it", c, handlers.StatusOf(c))
		}
	}

	resp, page := fetch(t, base+"/spec")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("/spec: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	html := string(page)
	if !strings.Contains(html, `href="spec.json"`) || strings.Contains(strings.ToLower(html), "<script") {
		t.Error("/spec must link spec.json and load no scripts")
	}
	for _, op := range documentOperations(doc) {
		if !strings.Contains(html, op.OperationID) {
			t.Errorf("/spec does not list %s", op.OperationID)
		}
	}
}

// TestOpenAPIMatchesRouteTable checks that the route table (as registered
// on a gorilla/mux router) and the document hold the same operations, with
// the same methods and operation ids, and that every one is documented.
func TestOpenAPIMatchesRouteTable(t *testing.T) {
	base, store := newEmptyBlocksServer(t, 2, 0)
	doc := loadDocument(t, base)
	ops := documentOperations(doc)
	api, err := handlers.New(handlers.Deps{Store: store}, handlers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := mux.NewRouter()
	api.Register(r)
	routes := map[string]string{}
	err = r.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		path, err := route.GetPathTemplate()
		if err != nil {
			return err
		}
		methods, err := route.GetMethods()
		if err != nil {
			return err
		}
		for _, m := range methods {
			key := opKey(m, path)
			routes[key] = route.GetName()
			op := ops[key]
			switch {
			case notInDocument[route.GetName()]:
				if op != nil {
					t.Errorf("%s (%s) serves the document and must not be an operation of it", key, route.GetName())
				}
			case op == nil:
				t.Errorf("route %s (%s) is not in the document", key, route.GetName())
			case op.OperationID != route.GetName():
				t.Errorf("%s: document operationId %q, route table %q", key, op.OperationID, route.GetName())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) < 25 {
		t.Fatalf("walked only %d routes", len(routes))
	}
	for key, op := range ops {
		if _, ok := routes[key]; !ok {
			t.Errorf("document operation %s (%s) has no route", key, op.OperationID)
		}
		if op.Extensions["x-undocumented"] != nil {
			t.Errorf("%s (%s) has no entry in the operation docs", key, op.OperationID)
		}
		if op.Summary == "" || len(op.Tags) != 1 {
			t.Errorf("%s: summary %q tags %v", key, op.Summary, op.Tags)
		}
		success := 0
		for status := range op.Responses.Map() {
			if strings.HasPrefix(status, "2") {
				success++
			}
		}
		if success == 0 || op.Responses.Default() == nil {
			t.Errorf("%s: no success response or no default error response", key)
		}
	}
}

// specOperations are the operations of node-rest-interface.md: the
// "Endpoints" sections, the "method and path shown" list, and the
// operations known by name only (at the real API's paths).
var specOperations = []string{
	// Endpoints.
	"POST /transactions", "POST /transactions/batch", "POST /transactions/simulate",
	"POST /transactions/encode_submission", "GET /transactions", "GET /transactions/by_hash/{txn_hash}",
	"GET /transactions/wait_by_hash/{txn_hash}", "GET /blocks/by_version/{version}",
	"GET /accounts/{address}/resource/{resource_type}", "GET /accounts/{address}/balance/{asset_type}",
	"GET /accounts/{address}/events/{creation_number}", "GET /accounts/{address}/events/{event_handle}/{field_name}",
	"POST /tables/{table_handle}/item", "POST /tables/{table_handle}/raw_item", "POST /view",
	// Method and path shown.
	"GET /transactions/by_version/{txn_version}", "GET /accounts/{address}/transactions",
	"GET /accounts/{address}/transaction_summaries", "GET /estimate_gas_price",
	// Known by name only: get account, get account resources, get account
	// modules, get account module, get blocks by height, the OpenAPI
	// explorer, basic node information, health check, ledger info.
	"GET /accounts/{address}", "GET /accounts/{address}/resources", "GET /accounts/{address}/modules",
	"GET /accounts/{address}/module/{module_name}", "GET /blocks/by_height/{block_height}", "GET /spec",
	"GET /info", "GET /-/healthy", "GET /",
}

// knownGaps are spec operations without a route yet. The test fails when
// one of them gets a route (and so appears in the document): remove it
// from this list then.
var knownGaps = map[string]string{}

func TestOpenAPICoversSpecOperations(t *testing.T) {
	base, _ := newEmptyBlocksServer(t, 2, 0)
	ops := documentOperations(loadDocument(t, base))
	for _, s := range specOperations {
		method, path, _ := strings.Cut(s, " ")
		_, documented := ops[opKey(method, path)]
		why, gap := knownGaps[s]
		switch {
		case documented && gap:
			t.Errorf("%s is documented now: remove it from knownGaps", s)
		case !documented && !gap:
			t.Errorf("spec operation %s is not in the document", s)
		case gap:
			t.Logf("known gap: %s (%s)", s, why)
		}
	}
	for g := range knownGaps {
		found := false
		for _, s := range specOperations {
			found = found || s == g
		}
		if !found {
			t.Errorf("known gap %s is not a spec operation", g)
		}
	}
}
