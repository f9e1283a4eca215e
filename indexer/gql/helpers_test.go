package gql

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// memSource is an in-memory Source for tests.
type memSource map[string][]Row

func (m memSource) Rows(_ context.Context, table string) ([]Row, error) {
	rows, ok := m[table]
	if !ok {
		return nil, fmt.Errorf("no table %q", table)
	}
	return rows, nil
}

func num(s string) json.Number { return json.Number(s) }

// testSchema has processor_status, balances (capped at 3 rows, with an
// object relationship to metadata), metadata (an array relationship back)
// and txs.
func testSchema() *Schema {
	return &Schema{Tables: []Table{
		{Name: "processor_status", PrimaryKey: []string{"processor"}, Columns: []Column{
			{"processor", TypeString}, {"last_success_version", TypeBigint}, {"last_updated", TypeTimestamp}}},
		{Name: "balances", PrimaryKey: []string{"storage_id"}, Aggregate: true, RowCap: 3, Columns: []Column{
			{"storage_id", TypeString}, {"owner_address", TypeString}, {"asset_type", TypeString},
			{"amount", TypeNumeric}, {"is_frozen", TypeBoolean}, {"version", TypeBigint}, {"extra", TypeJSONB}},
			Relationships: []Relationship{{Name: "metadata", Table: "metadata", On: map[string]string{"asset_type": "asset_type"}}}},
		{Name: "metadata", PrimaryKey: []string{"asset_type"}, Aggregate: true, Columns: []Column{
			{"asset_type", TypeString}, {"symbol", TypeString}, {"decimals", TypeInt}},
			Relationships: []Relationship{{Name: "balances", Table: "balances", On: map[string]string{"asset_type": "asset_type"}, Array: true}}},
		{Name: "txs", PrimaryKey: []string{"version"}, Aggregate: true, Columns: []Column{
			{"version", TypeBigint}, {"sender", TypeString}}},
	}}
}

// sourceOf builds a memSource from rows written as maps, each with a
// layout of its own.
func sourceOf(tables map[string][]map[string]any) memSource {
	src := memSource{}
	for name, ms := range tables {
		rows := make([]Row, len(ms))
		for i, m := range ms {
			rows[i] = RowOf(m)
		}
		src[name] = rows
	}
	return src
}

func testSource() memSource {
	return sourceOf(map[string][]map[string]any{
		"processor_status": {
			{"processor": "default_processor", "last_success_version": num("42"), "last_updated": "2024-06-01T12:00:00"},
			{"processor": "fungible_asset_processor", "last_success_version": num("41"), "last_updated": "2024-06-01T12:00:00.5"},
		},
		"balances": {
			{"storage_id": "s1", "owner_address": "0xa", "asset_type": "APT", "amount": num("100"), "is_frozen": false, "version": num("5"), "extra": json.RawMessage(`{"b": 1, "a": [true]}`)},
			{"storage_id": "s2", "owner_address": "0xb", "asset_type": "APT", "amount": num("18446744073709551616000"), "is_frozen": true, "version": num("7"), "extra": nil},
			{"storage_id": "s3", "owner_address": "0xa", "asset_type": "USDC", "amount": num("3"), "is_frozen": false, "version": nil, "extra": nil},
			{"storage_id": "s4", "owner_address": "0xc", "asset_type": "Zed_%", "amount": num("0"), "is_frozen": false, "version": num("2"), "extra": nil},
			{"storage_id": "s5", "owner_address": "0xb", "asset_type": "USDC", "amount": num("50"), "is_frozen": false, "version": num("9"), "extra": nil},
		},
		"metadata": {
			{"asset_type": "APT", "symbol": "APT", "decimals": num("8")},
			{"asset_type": "USDC", "symbol": "USDC", "decimals": num("6")},
		},
		"txs": {
			{"version": num("1"), "sender": "0xa"}, {"version": num("2"), "sender": "0xb"}, {"version": num("3"), "sender": "0xa"},
		},
	})
}

func newTestHandler(t testing.TB, opts Options) http.Handler {
	t.Helper()
	h, err := NewHandler(testSchema(), testSource(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// post sends a query and returns the HTTP status and body.
func post(t testing.TB, h http.Handler, body []byte) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/v1/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// query posts {query, variables} and returns the body, requiring 200.
func query(t testing.TB, h http.Handler, q string, vars string) string {
	t.Helper()
	body := map[string]any{"query": q}
	if vars != "" {
		body["variables"] = json.RawMessage(vars)
	}
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	code, out := post(t, h, b)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, out)
	}
	return out
}

// canon re-encodes JSON (numbers kept) so equal documents compare equal.
func canon(t testing.TB, s string) string {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("invalid JSON %q: %v", s, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// expect runs a query and compares the answer with want (as JSON).
func expect(t *testing.T, h http.Handler, q, vars, want string) {
	t.Helper()
	got := query(t, h, q, vars)
	if canon(t, got) != canon(t, want) {
		t.Errorf("query %s\n got %s\nwant %s", q, got, want)
	}
}
