package gql

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestProcessorStatus(t *testing.T) {
	h := newTestHandler(t, Options{})
	got := query(t, h, `query getProcessorStatus($where_condition: processor_status_bool_exp) {
  processor_status(where: $where_condition) { last_success_version processor last_updated }
}`, `{"where_condition":{"processor":{"_eq":"default_processor"}}}`)
	want := `{"data":{"processor_status":[{"last_success_version":42,"processor":"default_processor","last_updated":"2024-06-01T12:00:00"}]}}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestScalarsOut(t *testing.T) {
	h := newTestHandler(t, Options{})
	got := query(t, h, `{ balances(where: {storage_id: {_in: ["s1", "s2"]}}) { amount is_frozen extra version } }`, "")
	want := `{"data":{"balances":[{"amount":100,"is_frozen":false,"extra":{"b":1,"a":[true]},"version":5},{"amount":18446744073709551616000,"is_frozen":true,"extra":null,"version":7}]}}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestByPK(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `{ a: balances_by_pk(storage_id: "s3") { owner_address } b: balances_by_pk(storage_id: "nope") { owner_address } }`, "",
		`{"data":{"a":{"owner_address":"0xa"},"b":null}}`)
	expect(t, h, `query($v: bigint!) { txs_by_pk(version: $v) { sender } }`, `{"v": "2"}`, `{"data":{"txs_by_pk":{"sender":"0xb"}}}`)
}

func TestAliasesFragmentsTypename(t *testing.T) {
	h := newTestHandler(t, Options{})
	q := `query Q {
  first: txs(limit: 1) { ...TxFields __typename }
  __typename
  meta: metadata(where: {asset_type: {_eq: "APT"}}) { ... on metadata { symbol } s2: symbol }
}
fragment TxFields on txs { version who: sender }`
	expect(t, h, q, "", `{"data":{"first":[{"version":1,"who":"0xa","__typename":"txs"}],"__typename":"query_root","meta":[{"symbol":"APT","s2":"APT"}]}}`)
}

func TestFieldMerging(t *testing.T) {
	h := newTestHandler(t, Options{})
	q := `{ balances(where: {storage_id: {_eq: "s1"}}) { metadata { symbol } ...F } }
fragment F on balances { metadata { decimals } }`
	expect(t, h, q, "", `{"data":{"balances":[{"metadata":{"symbol":"APT","decimals":8}}]}}`)
}

func TestSkipInclude(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `query($no: Boolean!) { txs(limit: 1) { version sender @include(if: $no) s: sender @skip(if: $no) } }`, `{"no": false}`,
		`{"data":{"txs":[{"version":1,"s":"0xa"}]}}`)
}

func TestVariables(t *testing.T) {
	h := newTestHandler(t, Options{})
	// A variable declared String! used at a bigint position, an unused
	// variable and an undeclared one are all tolerated, as Hasura does.
	q := `query($address: String!, $unused: Int, $limit: Int = 2) {
  txs(where: {version: {_gte: $address}}, limit: $limit) { version }
}`
	expect(t, h, q, `{"address": "2", "extra": 1}`, `{"data":{"txs":[{"version":2},{"version":3}]}}`)
	// order_by and where as variables, object key order kept.
	expect(t, h, `query($o: [balances_order_by!], $w: balances_bool_exp) { balances(order_by: $o, where: $w) { storage_id } }`,
		`{"o": {"owner_address": "desc", "amount": "asc"}, "w": {"is_frozen": {"_eq": false}}}`,
		`{"data":{"balances":[{"storage_id":"s4"},{"storage_id":"s5"},{"storage_id":"s3"}]}}`)
}

func TestRelationships(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `{ balances(where: {owner_address: {_eq: "0xa"}}) { storage_id metadata { symbol } } }`, "",
		`{"data":{"balances":[{"storage_id":"s1","metadata":{"symbol":"APT"}},{"storage_id":"s3","metadata":{"symbol":"USDC"}}]}}`)
	expect(t, h, `{ balances(where: {storage_id: {_eq: "s4"}}) { metadata { symbol } } }`, "",
		`{"data":{"balances":[{"metadata":null}]}}`)
	expect(t, h, `{ metadata { asset_type balances(where: {amount: {_gt: 10}}, order_by: {amount: desc}, limit: 1) { storage_id } } }`, "",
		`{"data":{"metadata":[{"asset_type":"APT","balances":[{"storage_id":"s2"}]},{"asset_type":"USDC","balances":[{"storage_id":"s5"}]}]}}`)
	expect(t, h, `{ metadata(where: {asset_type: {_eq: "USDC"}}) { balances_aggregate { aggregate { count sum { amount } } } } }`, "",
		`{"data":{"metadata":[{"balances_aggregate":{"aggregate":{"count":2,"sum":{"amount":53}}}}]}}`)
}

func TestGETPage(t *testing.T) {
	h := newTestHandler(t, Options{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/graphql", nil))
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(body, "<textarea") || !strings.Contains(body, "fetch(") {
		t.Fatalf("status %d body %q", rec.Code, body)
	}
	if strings.Contains(body, "http://") || strings.Contains(body, "https://") || strings.Contains(body, "src=") {
		t.Fatal("the page loads something from elsewhere")
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodDelete, "/v1/graphql", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("DELETE: status %d", rec.Code)
	}
}

func TestSDL(t *testing.T) {
	sdl, err := SDL(testSchema())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"balances(distinct_on: [balances_select_column!], limit: Int, offset: Int, order_by: [balances_order_by!], where: balances_bool_exp): [balances!]!",
		"balances_aggregate(distinct_on: [balances_select_column!], limit: Int, offset: Int, order_by: [balances_order_by!], where: balances_bool_exp): balances_aggregate!",
		"balances_by_pk(storage_id: String!): balances",
		"input String_comparison_exp {", "_ilike: String", "input bigint_comparison_exp {", "_in: [bigint!]",
		"enum order_by {", "desc_nulls_last", "input balances_bool_exp {", "metadata: metadata_bool_exp",
		"input balances_order_by {", "metadata: metadata_order_by", "enum balances_select_column {",
		"count(columns: [balances_select_column!], distinct: Boolean): Int!", "type balances_sum_fields {",
		"type balances_avg_fields {", "type metadata_max_fields {",
		"balances(distinct_on: [balances_select_column!], limit: Int, offset: Int, order_by: [balances_order_by!], where: balances_bool_exp): [balances!]!\n  balances_aggregate",
	} {
		if !strings.Contains(sdl, want) {
			t.Errorf("SDL lacks %q", want)
		}
	}
	if _, err := SDL(&Schema{Tables: []Table{{Name: "t", Columns: []Column{{"a", "weird"}}}}}); err == nil {
		t.Error("an unknown column type was accepted")
	}
	if _, err := SDL(&Schema{Tables: []Table{{Name: "t", Columns: []Column{{"a", TypeString}},
		Relationships: []Relationship{{Name: "r", Table: "missing", On: map[string]string{"a": "a"}}}}}}); err == nil {
		t.Error("a relationship to an unknown table was accepted")
	}
}

// TestAggregateObjects: every level of an aggregate answers __typename,
// its fields, and max/min give a row's own value.
func TestAggregateObjects(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `{ balances_aggregate(where: {asset_type: {_eq: "USDC"}}) { __typename aggregate { __typename count max { __typename amount } min { amount storage_id } } nodes { storage_id } } }`, "",
		`{"data":{"balances_aggregate":{"__typename":"balances_aggregate","aggregate":{"__typename":"balances_aggregate_fields","count":2,"max":{"__typename":"balances_max_fields","amount":50},"min":{"amount":3,"storage_id":"s3"}},"nodes":[{"storage_id":"s3"},{"storage_id":"s5"}]}}}`)
}
