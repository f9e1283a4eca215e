package pgindex_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/pgindex"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestHostileInputs runs inputs a GraphQL fuzzer sends (LIKE patterns
// with %, _, backslashes and NUL bytes, numbers PostgreSQL cannot cast,
// NaN-like strings, -0, huge IN lists, deep nesting, single values where
// lists are expected, order_by on jsonb, distinct_on against order_by)
// against PostgreSQL and the in-memory index: every answer is the same
// (so no error is PostgreSQL's own text) and none names SQL.
func TestHostileInputs(t *testing.T) {
	c := newChain(t)
	p := pool(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	w := pgindex.NewWriter(p, ix)
	r := pgindex.NewReader(p, pgindex.ReaderOptions{})
	a := c.devs[0]
	c.run(a, vmstub.TransferPayload(fresh(1), 5))
	c.run(a, collection("Cats"))
	flush(t, w, c.latest())
	A := a.Address.LongString()

	deep := `{sender: {_eq: "` + A + `"}}`
	for range 40 {
		deep = `{_and: [` + deep + `], _not: {_or: [{sender: {_is_null: true}}]}}`
	}
	long := make([]any, 20000)
	for i := range long {
		long[i] = i
	}
	queries := []struct {
		q    string
		vars map[string]any
	}{
		{`{user_transactions(where: {sender: {_like: "%\\%"}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_like: "0x_%"}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_ilike: "\\"}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_nlike: "%\\"}}) { version }}`, nil},
		{`query($s: String) { user_transactions(where: {sender: {_like: $s}}) { version }}`, map[string]any{"s": "0x\x00%"}},
		{`query($s: String) { user_transactions(where: {entry_function_id_str: {_eq: $s}}) { version }}`, map[string]any{"s": "'; DROP TABLE x; --"}},
		{`{user_transactions(where: {version: {_eq: "1e400"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: 1e400}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: 99999999999999999999999999}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_eq: "-0"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_eq: -0}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_eq: "NaN"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_lt: "Infinity"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_in: ["1", "x"]}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_in: 2}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_like: "1%"}}) { version }}`, nil},
		{`{user_transactions(where: {_or: {version: {_eq: 2}}}) { version }}`, nil},
		{`{user_transactions(where: {_and: {version: {_eq: 2}}}) { version }}`, nil},
		{`{current_fungible_asset_balances(where: {amount: {_gt: "1.5"}}) { amount }}`, nil},
		{`{current_fungible_asset_balances(where: {amount: {_gt: "NaN"}}) { amount }}`, nil},
		{`{current_fungible_asset_balances(where: {amount: {_gt: 1e-400}}) { amount }}`, nil},
		{`{current_fungible_asset_balances(where: {is_frozen: {_eq: "maybe"}}) { amount }}`, nil},
		{`query($l: [bigint!]) { user_transactions(where: {version: {_in: $l}}) { version }}`, map[string]any{"l": long}},
		{`{user_transactions(where: ` + deep + `) { version }}`, nil},
		{`{events(order_by: {data: asc}) { transaction_version }}`, nil},
		{`{events(where: {data: {_eq: "x"}}) { transaction_version }}`, nil},
		{`{fungible_asset_activities(distinct_on: owner_address, order_by: {transaction_version: desc}) { owner_address }}`, nil},
		{`{fungible_asset_activities(distinct_on: [amount, owner_address], order_by: [{amount: asc}]) { owner_address }}`, nil},
		{`{current_fungible_asset_balances(where: {amount: {_gt: "1e200000"}}) { amount }}`, nil},
		{`{current_fungible_asset_balances(where: {amount: {_in: [1e-200000]}}) { amount }}`, nil},
		{`{user_transactions(where: {version: {_gt: 1e200000}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: "0x10"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: " 1"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: "+1"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: "1_000"}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_gt: ".5"}}) { version }}`, nil},
		{`{user_transactions(where: {is_frozen: {_gt: "t"}}) { version }}`, nil},
		{`{current_fungible_asset_balances(where: {is_frozen: {_gt: "t"}}) { amount }}`, nil},
		{`{current_fungible_asset_balances(where: {is_frozen: {_in: ["yes", "on"]}}) { amount }}`, nil},
		{`{current_fungible_asset_balances(where: {last_transaction_timestamp: {_gt: "not a time"}}) { amount }}`, nil},
		{`{user_transactions(limit: -1) { version }}`, nil},
		{`{user_transactions(where: {version: {_in: []}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_nin: []}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_in: null}}) { version }}`, nil},
		{`{user_transactions(where: {version: {_nin: [null]}}) { version }}`, nil},
		{`{user_transactions(where: {_not: null, _and: [], _or: []}) { version }}`, nil},
		{`{user_transactions(where: {_or: [{}, {version: {_eq: 2}}]}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_is_null: "x"}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_eq: null}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_gt: "\u00ff"}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_ilike: "0X%"}}) { version }}`, nil},
		{`{user_transactions(where: {sender: {_nilike: "%É%"}}) { version }}`, nil},
		{`{account_transactions(where: {user_transaction: {_or: {sender: {_like: "%"}}}}, order_by: {user_transaction: {sender: desc}}) { transaction_version }}`, nil},
		{`query($s: String) { user_transactions(where: {sender: {_like: $s}}) { version }}`, map[string]any{"s": strings.Repeat("%_", 50000)}},
		{`{events(order_by: [{data: desc_nulls_first}, {transaction_version: asc}], limit: 1) { transaction_version }}`, nil},
		{`{events_aggregate(distinct_on: data) { aggregate { count } }}`, nil},
		{`{user_transactions(offset: 9999999999999999999) { version }}`, nil},
		{`{user_transactions(limit: 9223372036854775807, offset: 9223372036854775807) { version }}`, nil},
	}
	for i, q := range queries {
		mem, pg := post(t, ix, q.q, q.vars), post(t, r, q.q, q.vars)
		if mem != pg {
			t.Errorf("query %d: %.200s\nin memory\n%.400s\nfrom PostgreSQL\n%.400s", i, q.q, mem, pg)
		}
		for _, leak := range []string{"SQLSTATE", "SELECT", "ERROR:", "pgindex"} {
			if strings.Contains(pg, leak) {
				t.Errorf("query %d: the answer names %q: %.400s", i, leak, pg)
			}
		}
	}

	// A statement PostgreSQL fails (a column gone under the reader) is
	// Hasura's "database query error", without PostgreSQL's text.
	if _, err := p.Exec(context.Background(), `ALTER TABLE `+pgindex.Schema+`.user_transactions DROP COLUMN sender`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`{user_transactions { version }}`, `{user_transactions_aggregate(where: {sender: {_eq: "0x1"}}) { aggregate { count } }}`} {
		got := post(t, r, q, nil)
		if !strings.Contains(got, `: database query error"`) || strings.Contains(got, "sender") || strings.Contains(got, "SQLSTATE") {
			t.Errorf("%s: %s", q, got)
		}
	}
}
