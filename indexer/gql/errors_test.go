package gql

import (
	"context"
	"strings"
	"testing"
)

func TestHasuraErrors(t *testing.T) {
	h := newTestHandler(t, Options{})
	for _, c := range []struct{ name, body, want string }{
		{"unknown root field", `{"query":"{ ledger_inos { chain_id } }"}`,
			`{"errors":[{"message":"field 'ledger_inos' not found in type: 'query_root'","extensions":{"path":"$.selectionSet.ledger_inos","code":"validation-failed"}}]}`},
		{"unknown nested field", `{"query":"query { balances { storage_id metadata { nope } } }"}`,
			`{"errors":[{"message":"field 'nope' not found in type: 'metadata'","extensions":{"path":"$.selectionSet.balances.selectionSet.metadata.selectionSet.nope","code":"validation-failed"}}]}`},
		{"unknown argument", `{"query":"{ txs(limitt: 1) { version } }"}`,
			`{"errors":[{"message":"'txs' has no argument named 'limitt'","extensions":{"path":"$.selectionSet.txs","code":"validation-failed"}}]}`},
		{"unknown bool_exp field", `{"query":"{ txs(where: {nope: {_eq: 1}}) { version } }"}`,
			`{"errors":[{"message":"field \"nope\" not found in type: 'txs_bool_exp'","extensions":{"path":"$.selectionSet.txs.args.where.nope","code":"validation-failed"}}]}`},
		{"literal of the wrong type", `{"query":"{ txs(where: {sender: {_in: [\"a\", 5]}}) { version } }"}`,
			`{"errors":[{"message":"expected a string for type 'String', but found an integer","extensions":{"path":"$.selectionSet.txs.args.where.sender._in[1]","code":"validation-failed"}}]}`},
		{"unknown enum value", `{"query":"{ txs(order_by: {version: up}) { version } }"}`,
			`{"errors":[{"message":"expected one of the values \"asc\", \"asc_nulls_first\", \"asc_nulls_last\", \"desc\", \"desc_nulls_first\", or \"desc_nulls_last\" for type 'order_by', but found 'up'","extensions":{"path":"$.selectionSet.txs.args.order_by.version","code":"validation-failed"}}]}`},
		{"bad JSON", `{"query": `,
			`{"errors":[{"message":"Error in $: Failed reading: not a valid json value","extensions":{"path":"$","code":"invalid-json"}}]}`},
		{"no query", `{"variables": {}}`,
			`{"errors":[{"message":"key \"query\" not found","extensions":{"path":"$","code":"parse-failed"}}]}`},
		{"query not a string", `{"query": 5}`,
			`{"errors":[{"message":"expected String, but encountered Number","extensions":{"path":"$.query","code":"parse-failed"}}]}`},
		{"parse error", `{"query":"{ txs { version "}`,
			`{"errors":[{"message":"not a valid graphql query","extensions":{"path":"$.query","code":"parse-failed"}}]}`},
		{"missing variable", `{"query":"query q($address: String!) { txs(where: {sender: {_eq: $address}}) { version } }"}`,
			`{"errors":[{"message":"expecting a value for non-nullable variable: \"address\"","extensions":{"path":"$","code":"validation-failed"}}]}`},
		{"mutation", `{"query":"mutation { txs { version } }"}`,
			`{"errors":[{"message":"no mutations exist","extensions":{"path":"$","code":"validation-failed"}}]}`},
		{"two operations", `{"query":"query a { txs { version } } query b { txs { sender } }"}`,
			`{"errors":[{"message":"exactly one operation has to be present in the document when operationName is not specified","extensions":{"path":"$","code":"validation-failed"}}]}`},
		{"unknown operation", `{"query":"query a { txs { version } }","operationName":"b"}`,
			`{"errors":[{"message":"no such operation found in the document: \"b\"","extensions":{"path":"$","code":"validation-failed"}}]}`},
		{"negative limit", `{"query":"{ txs(limit: -1) { version } }"}`,
			`{"errors":[{"message":"unexpected negative value for limit","extensions":{"path":"$.selectionSet.txs.args.limit","code":"validation-failed"}}]}`},
	} {
		code, got := post(t, h, []byte(c.body))
		if code != 200 || got != c.want {
			t.Errorf("%s: status %d\n got %s\nwant %s", c.name, code, got, c.want)
		}
	}
}

func TestBatch(t *testing.T) {
	h := newTestHandler(t, Options{})
	_, got := post(t, h, []byte(`[{"query":"{ txs(limit: 1) { version } }"},{"query":"{ nope }"},5]`))
	want := `[{"data":{"txs":[{"version":1}]}},` +
		`{"errors":[{"message":"field 'nope' not found in type: 'query_root'","extensions":{"path":"$.selectionSet.nope","code":"validation-failed"}}]},` +
		`{"errors":[{"message":"expected Object, but encountered Number","extensions":{"path":"$","code":"parse-failed"}}]}]`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestOperationName(t *testing.T) {
	h := newTestHandler(t, Options{})
	_, got := post(t, h, []byte(`{"query":"query a { txs(limit: 1) { version } } query b { txs(limit: 1) { sender } }","operationName":"b","variables":null}`))
	if got != `{"data":{"txs":[{"sender":"0xa"}]}}` {
		t.Fatal(got)
	}
}

func TestBounds(t *testing.T) {
	h := newTestHandler(t, Options{MaxBodyBytes: 100, MaxDepth: 4})
	_, got := post(t, h, []byte(`{"query":"`+strings.Repeat(" ", 200)+`{ txs { version } }"}`))
	if !strings.Contains(got, "request body larger than 100 bytes") {
		t.Errorf("large body: %s", got)
	}
	_, got = post(t, h, []byte(`{"query":"{ balances { metadata { balances { metadata { symbol } } } } }"}`))
	if !strings.Contains(got, "nested deeper than 4") {
		t.Errorf("deep query: %s", got)
	}
	h = newTestHandler(t, Options{MaxFields: 10})
	_, got = post(t, h, []byte(`{"query":"{ txs { version } `+strings.Repeat("__typename ", 10)+`}"}`))
	if !strings.Contains(got, "selects more than 10 fields") {
		t.Errorf("many fields: %s", got)
	}
	h = newTestHandler(t, Options{MaxRows: 4})
	_, got = post(t, h, []byte(`{"query":"{ txs { version } a: txs { version } }"}`))
	if !strings.Contains(got, `"errors"`) || !strings.Contains(got, "more than 4 rows") {
		t.Errorf("row budget: %s", got)
	}
	_, got = post(t, h, []byte(`{"query":"{ txs { version } }"}`))
	if strings.Contains(got, `"errors"`) {
		t.Errorf("within the budget: %s", got)
	}
	h = newTestHandler(t, Options{MaxScan: 6})
	_, got = post(t, h, []byte(`{"query":"{ balances(where: {metadata: {symbol: {_eq: \"APT\"}}}) { storage_id } }"}`))
	if !strings.Contains(got, "examines more than 6 rows") {
		t.Errorf("scan budget: %s", got)
	}
	deep := `{"query":"query($w: txs_bool_exp) { txs(where: $w) { version } }","variables":{"w":` + strings.Repeat(`{"_not":`, 100) + "{}" + strings.Repeat("}", 100) + `}}`
	_, got = post(t, newTestHandler(t, Options{}), []byte(deep))
	if !strings.Contains(got, `"invalid-json"`) {
		t.Errorf("deep variables: %s", got)
	}
}

func TestCancelledAndSourceErrors(t *testing.T) {
	h := newTestHandler(t, Options{}).(*handler)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := string(h.Do(ctx, []byte(`{"query":"{ txs { version } }"}`)))
	if !strings.Contains(got, "the query took too long") || !strings.Contains(got, `"code":"unexpected"`) {
		t.Errorf("cancelled: %s", got)
	}
	s := testSchema()
	src := testSource()
	delete(src, "metadata")
	hs, err := NewHandler(s, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, got = post(t, hs, []byte(`{"query":"{ balances { metadata { symbol } } }"}`))
	if !strings.Contains(got, "could not read table metadata") {
		t.Errorf("source error: %s", got)
	}
}
