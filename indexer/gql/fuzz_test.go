package gql

import (
	"encoding/json"
	"testing"
)

// FuzzGraphQL posts random queries and variables: the answer is always
// HTTP 200 with a JSON object holding data or errors, never a panic.
func FuzzGraphQL(f *testing.F) {
	for _, s := range []struct{ q, v string }{
		{`{ processor_status { processor last_success_version } }`, ``},
		{`query($a: String!) { balances(where: {owner_address: {_eq: $a}}, order_by: {amount: desc}) { amount metadata { symbol } } }`, `{"a":"0xa"}`},
		{`query($w: balances_bool_exp, $o: [balances_order_by!]) { balances(where: $w, order_by: $o, limit: 2) { storage_id } }`, `{"w":{"_or":[{"amount":{"_gt":"1"}},{"metadata":{"symbol":{"_like":"U%"}}}]},"o":[{"metadata":{"decimals":"desc_nulls_last"}}]}`},
		{`{ balances_aggregate(distinct_on: owner_address) { aggregate { count(columns: [asset_type], distinct: true) sum { amount } avg { version } max { owner_address } } nodes { storage_id } } }`, ``},
		{`{ metadata { balances(limit: 1) { storage_id } balances_aggregate { aggregate { count } } } }`, `{}`},
		{`{ __schema { types { name fields { name type { kind ofType { name } } } } } }`, ``},
		{`{ txs_by_pk(version: 2) { ...F } } fragment F on txs { sender __typename }`, `null`},
		{`query($v: bigint) { txs(where: {version: {_in: [$v, 3]}}, offset: 1) { version } }`, `{"v": 1e400}`},
		{`{ ledger_inos { x } }`, `[]`},
	} {
		f.Add(s.q, s.v)
	}
	h := newTestHandler(f, Options{MaxRows: 1000, MaxScan: 100_000})
	f.Fuzz(func(t *testing.T, q, vars string) {
		body := map[string]any{"query": q}
		if json.Valid([]byte(vars)) {
			body["variables"] = json.RawMessage(vars)
		} else {
			body["variables"] = vars
		}
		b, err := json.Marshal(body)
		if err != nil {
			return
		}
		code, out := post(t, h, b)
		if code != 200 {
			t.Fatalf("status %d", code)
		}
		var resp map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &resp); err != nil {
			t.Fatalf("answer is not JSON: %v: %s", err, out)
		}
		_, hasData := resp["data"]
		_, hasErrors := resp["errors"]
		if hasData == hasErrors || len(resp) != 1 {
			t.Fatalf("answer: %s", out)
		}
	})
}

// FuzzGraphQLSelector posts random queries to a handler reading through
// a Selector (the path of the PostgreSQL reader) and to one reading
// Rows: the answers are the same, and every Query the executor asks is
// of a known table with a where that is JSON and a limit of -1 or more.
func FuzzGraphQLSelector(f *testing.F) {
	for _, s := range []struct{ q, v string }{
		{`{balances(where: {owner_address: {_eq: "0xa"}}) { storage_id amount metadata { symbol } }}`, ``},
		{`{balances(where: {_or: {amount: {_gt: "0x10"}}, metadata: {symbol: {_like: "U%\\"}}}, order_by: {metadata: {symbol: asc}}) { storage_id }}`, ``},
		{`query($l: [String!]) { balances(where: {storage_id: {_in: $l}}, distinct_on: owner_address, order_by: {amount: desc}) { owner_address } }`, `{"l":["s1","s\u0000"]}`},
		{`{balances(limit: 9223372036854775807, offset: 9223372036854775807) { storage_id }}`, ``},
		{`{metadata { balances_aggregate(where: {_not: {amount: {_in: 1}}}) { aggregate { count } } }}`, ``},
		{`{txs_aggregate(where: {version: {_eq: "-0"}}) { aggregate { count } }}`, ``},
	} {
		f.Add(s.q, s.v)
	}
	opts := Options{MaxRows: 1000, MaxScan: 100_000}
	plain := newTestHandler(f, opts)
	src := &selectSource{mem: testSource()}
	sel, err := NewHandler(testSchema(), src, opts)
	if err != nil {
		f.Fatal(err)
	}
	tables := map[string]bool{}
	for _, t := range testSchema().Tables {
		tables[t.Name] = true
	}
	f.Fuzz(func(t *testing.T, q, vars string) {
		body := map[string]any{"query": q}
		if json.Valid([]byte(vars)) {
			body["variables"] = json.RawMessage(vars)
		}
		b, err := json.Marshal(body)
		if err != nil {
			return
		}
		src.queries = src.queries[:0]
		code, viaSelect := post(t, sel, b)
		if code != 200 {
			t.Fatalf("status %d", code)
		}
		if _, viaRows := post(t, plain, b); viaRows != viaSelect {
			t.Fatalf("over Rows   %s\nover Select %s", viaRows, viaSelect)
		}
		for _, sq := range src.queries {
			if _, err := json.Marshal(sq.Where); err != nil || !tables[sq.Table] || sq.Limit < -1 {
				t.Fatalf("Select asked %+v (%v)", sq, err)
			}
		}
	})
}
