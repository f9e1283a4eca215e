package gql

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

// bigHandler serves 100,000 balances over 1,000 owners and 100 assets.
func bigHandler(b *testing.B) http.Handler {
	src := testSource()
	const n = 100_000
	rows := make([]Row, n)
	bal := NewLayout("storage_id", "owner_address", "asset_type", "amount", "is_frozen", "version", "extra")
	for i := range rows {
		rows[i] = NewRow(bal, []any{fmt.Sprintf("s%06d", i), fmt.Sprintf("0x%d", i%1000),
			fmt.Sprintf("A%d", i%100), json.Number(fmt.Sprint(i)), false, json.Number(fmt.Sprint(i)), nil})
	}
	src["balances"] = rows
	meta := make([]Row, 100)
	md := NewLayout("asset_type", "symbol", "decimals")
	for i := range meta {
		meta[i] = NewRow(md, []any{fmt.Sprintf("A%d", i), fmt.Sprintf("S%d", i), json.Number("8")})
	}
	src["metadata"] = meta
	s := testSchema()
	s.Tables[1].RowCap = 100
	h, err := NewHandler(s, src, Options{})
	if err != nil {
		b.Fatal(err)
	}
	return h
}

func benchQuery(b *testing.B, q, vars string) {
	h := bigHandler(b)
	body, _ := json.Marshal(map[string]any{"query": q, "variables": json.RawMessage(vars)})
	b.ResetTimer()
	for b.Loop() {
		if _, out := post(b, h, body); len(out) < 20 || out[2] == 'e' {
			b.Fatal(out)
		}
	}
}

func BenchmarkProcessorStatus(b *testing.B) {
	benchQuery(b, `query($p: String) { processor_status(where: {processor: {_eq: $p}}) { last_success_version processor last_updated } }`,
		`{"p":"default_processor"}`)
}

func BenchmarkBalancesByOwner(b *testing.B) {
	benchQuery(b, `query($w: balances_bool_exp, $o: [balances_order_by!]) {
  balances(where: $w, order_by: $o, offset: 0, limit: 100) { amount asset_type owner_address storage_id metadata { symbol decimals } }
}`, `{"w":{"owner_address":{"_eq":"0x7"}},"o":[{"amount":"desc"}]}`)
}

func BenchmarkLatestByVersion(b *testing.B) {
	benchQuery(b, `{ balances(limit: 10, order_by: {version: desc}) { version } }`, `{}`)
}

func BenchmarkCountByOwner(b *testing.B) {
	benchQuery(b, `{ balances_aggregate(where: {owner_address: {_eq: "0x7"}}) { aggregate { count } } }`, `{}`)
}
