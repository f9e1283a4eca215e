package gql

import (
	"testing"
)

// uncapped is the test handler with balances' row cap lifted.
func uncapped(t *testing.T) *handler {
	s := testSchema()
	s.Tables[1].RowCap = 0
	h, err := NewHandler(s, testSource(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return h.(*handler)
}

func TestOrderBy(t *testing.T) {
	h := uncapped(t)
	for _, c := range []struct{ args, want string }{
		{`order_by: {amount: desc}`, "s2 s1 s5 s3 s4"},
		{`order_by: {amount: asc}`, "s4 s3 s5 s1 s2"},
		{`order_by: [{owner_address: asc}, {amount: desc}]`, "s1 s3 s2 s5 s4"},
		{`order_by: {owner_address: asc, amount: desc}`, "s1 s3 s2 s5 s4"},
		{`order_by: {amount: desc, owner_address: asc}`, "s2 s1 s5 s3 s4"},
		{`order_by: {version: asc}`, "s4 s1 s2 s5 s3"},
		{`order_by: {version: asc_nulls_first}`, "s3 s4 s1 s2 s5"},
		{`order_by: {version: desc}`, "s3 s5 s2 s1 s4"},
		{`order_by: {version: desc_nulls_last}`, "s5 s2 s1 s4 s3"},
		{`order_by: {metadata: {decimals: asc}, storage_id: desc}`, "s5 s3 s2 s1 s4"},
		{`order_by: {metadata: {symbol: desc_nulls_last}}`, "s3 s5 s1 s2 s4"},
		{`order_by: {is_frozen: desc}`, "s2 s1 s3 s4 s5"},
		{`order_by: {amount: desc}, limit: 2`, "s2 s1"},
		{`order_by: {amount: desc}, limit: 2, offset: 1`, "s1 s5"},
		{`offset: 3`, "s4 s5"},
		{`order_by: {amount: desc}, limit: 1`, "s2"},
		{`order_by: {owner_address: desc}, limit: 1`, "s4"},
		{`order_by: {asset_type: asc}, limit: 1`, "s1"},
		{`order_by: {asset_type: asc}, limit: 1, offset: 1`, "s2"},
		{`limit: 0`, ""},
		{`offset: 10`, ""},
		{`distinct_on: owner_address, order_by: {owner_address: asc, amount: asc}`, "s3 s5 s4"},
		{`distinct_on: [asset_type]`, "s1 s3 s4"},
		{`distinct_on: [owner_address, asset_type], order_by: [{asset_type: desc}, {owner_address: asc}]`, "s4 s3 s5 s1 s2"},
	} {
		got := idsWith(t, h, c.args)
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.args, got, c.want)
		}
	}
}

func idsWith(t *testing.T, h *handler, args string) string {
	t.Helper()
	out := query(t, h, `{ balances(`+args+`) { storage_id } }`, "")
	return collectIDs(t, out)
}

func TestDistinctOnNeedsOrderBy(t *testing.T) {
	h := uncapped(t)
	got := query(t, h, `{ balances(distinct_on: owner_address, order_by: {amount: asc}) { storage_id } }`, "")
	want := `{"errors":[{"message":"\"distinct_on\" columns must match initial \"order_by\" columns","extensions":{"path":"$.selectionSet.balances.args","code":"validation-failed"}}]}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestRowCap(t *testing.T) {
	h := newTestHandler(t, Options{})
	for _, c := range []struct{ args, want string }{
		{`where: {}`, "s1 s2 s3"},
		{`limit: 100`, "s1 s2 s3"},
		{`limit: 2`, "s1 s2"},
		{`offset: 3, limit: 50`, "s4 s5"},
		{`order_by: {amount: asc}`, "s4 s3 s5"},
	} {
		if got := idsWith(t, h.(*handler), c.args); got != c.want {
			t.Errorf("%s: got %q, want %q", c.args, got, c.want)
		}
	}
	// Array relationships are capped too; aggregates count every row.
	expect(t, h, `{ metadata(where: {asset_type: {_eq: "APT"}}) { balances { storage_id } } balances_aggregate { aggregate { count } } }`, "",
		`{"data":{"metadata":[{"balances":[{"storage_id":"s1"},{"storage_id":"s2"}]}],"balances_aggregate":{"aggregate":{"count":5}}}}`)
}

func TestAggregate(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `{ balances_aggregate(where: {owner_address: {_eq: "0xa"}}) { aggregate { count } } }`, "",
		`{"data":{"balances_aggregate":{"aggregate":{"count":2}}}}`)
	expect(t, h, `{ balances_aggregate { __typename aggregate { __typename n: count c: count(columns: version) d: count(columns: [owner_address], distinct: true)
  sum { amount version } avg { version } max { amount owner_address } min { amount version __typename } } } }`, "",
		`{"data":{"balances_aggregate":{"__typename":"balances_aggregate","aggregate":{"__typename":"balances_aggregate_fields","n":5,"c":4,"d":3,
		"sum":{"amount":18446744073709551616153,"version":23},"avg":{"version":5.75},
		"max":{"amount":18446744073709551616000,"owner_address":"0xc"},"min":{"amount":0,"version":2,"__typename":"balances_min_fields"}}}}}`)
	expect(t, h, `{ balances_aggregate(order_by: {amount: desc}, limit: 2, offset: 1) { aggregate { count sum { amount } } nodes { storage_id } } }`, "",
		`{"data":{"balances_aggregate":{"aggregate":{"count":2,"sum":{"amount":150}},"nodes":[{"storage_id":"s1"},{"storage_id":"s5"}]}}}`)
	expect(t, h, `{ txs_aggregate(where: {sender: {_eq: "nobody"}}) { aggregate { count sum { version } max { version } avg { version } } } }`, "",
		`{"data":{"txs_aggregate":{"aggregate":{"count":0,"sum":{"version":null},"max":{"version":null},"avg":{"version":null}}}}}`)
	expect(t, h, `{ txs_aggregate { aggregate { avg { version } } } }`, "", `{"data":{"txs_aggregate":{"aggregate":{"avg":{"version":2}}}}}`)
	got := query(t, h, `{ txs_aggregate(where: {version: {_lt: 3}}, distinct_on: sender) { aggregate { avg { version } } } }`, "")
	if got != `{"data":{"txs_aggregate":{"aggregate":{"avg":{"version":1.5}}}}}` {
		t.Errorf("avg with distinct_on: %s", got)
	}
}

func TestTopK(t *testing.T) {
	vals := []int{5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	less := func(a, b int) bool {
		if vals[a] != vals[b] {
			return vals[a] < vals[b]
		}
		return a < b
	}
	got := topK(len(vals), 4, less)
	want := []int{1, 3, 6, 9} // values 1, 1, 2, 3 in source order
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if len(topK(3, 0, less)) != 0 {
		t.Fatal("k = 0")
	}
}
