package gql

import (
	"strings"
	"testing"
)

// ids runs a balances query with a where and returns the storage ids.
func ids(t *testing.T, where string) string {
	t.Helper()
	s := testSchema()
	s.Tables[1].RowCap = 0
	h, err := NewHandler(s, testSource(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := query(t, h, `{ balances(limit: 100, where: `+where+`) { storage_id } }`, "")
	return collectIDs(t, out)
}

// collectIDs lists the storage_id values of an answer.
func collectIDs(t *testing.T, out string) string {
	t.Helper()
	if strings.Contains(out, `"errors"`) {
		t.Fatalf("%s", out)
	}
	var b strings.Builder
	for _, part := range strings.Split(out, `"storage_id":"`)[1:] {
		b.WriteString(part[:strings.IndexByte(part, '"')])
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

func TestWhereOperators(t *testing.T) {
	cases := []struct{ where, want string }{
		{`{}`, "s1 s2 s3 s4 s5"},
		{`{owner_address: {_eq: "0xa"}}`, "s1 s3"},
		{`{owner_address: {_neq: "0xa"}}`, "s2 s4 s5"},
		{`{amount: {_gt: 50}}`, "s1 s2"},
		{`{amount: {_gte: "50"}}`, "s1 s2 s5"},
		{`{amount: {_lt: 3}}`, "s4"},
		{`{amount: {_lte: 3.0}}`, "s3 s4"},
		{`{amount: {_gt: 18446744073709551615999}}`, "s2"},
		{`{amount: {_eq: 18446744073709551616000}}`, "s2"},
		{`{version: {_in: [5, 9]}}`, "s1 s5"},
		{`{version: {_nin: [5, 9]}}`, "s2 s4"},
		{`{version: {_is_null: true}}`, "s3"},
		{`{version: {_is_null: false}, amount: {_gt: 10}}`, "s1 s2 s5"},
		{`{asset_type: {_like: "US%"}}`, "s3 s5"},
		{`{asset_type: {_like: "A_T"}}`, "s1 s2"},
		{`{asset_type: {_like: "Zed\\_\\%"}}`, "s4"},
		{`{asset_type: {_like: "Zed__"}}`, "s4"},
		{`{asset_type: {_like: "apt"}}`, ""},
		{`{asset_type: {_ilike: "apt"}}`, "s1 s2"},
		{`{asset_type: {_ilike: "%d%"}}`, "s3 s4 s5"},
		{`{asset_type: {_nlike: "%T"}}`, "s3 s4 s5"},
		{`{asset_type: {_nilike: "%c"}}`, "s1 s2 s4"},
		{`{is_frozen: {_eq: true}}`, "s2"},
		{`{extra: {_eq: {a: [true], b: 1}}}`, "s1"},
		{`{_and: [{owner_address: {_eq: "0xb"}}, {asset_type: {_eq: "USDC"}}]}`, "s5"},
		{`{_or: [{owner_address: {_eq: "0xc"}}, {asset_type: {_eq: "USDC"}}]}`, "s3 s4 s5"},
		{`{_not: {owner_address: {_eq: "0xa"}}}`, "s2 s4 s5"},
		{`{_not: {_or: [{amount: {_lt: 10}}, {is_frozen: {_eq: true}}]}}`, "s1 s5"},
		{`{metadata: {symbol: {_eq: "USDC"}}}`, "s3 s5"},
		{`{metadata: {decimals: {_gt: 6}}, owner_address: {_eq: "0xb"}}`, "s2"},
		{`{metadata: {}}`, "s1 s2 s3 s5"},
		{`{_or: []}`, "s1 s2 s3 s4 s5"},
		{`{version: {_gt: 4, _lt: 8}}`, "s1 s2"},
		{`{amount: {_gt: 1.5e1}}`, "s1 s2 s5"},
		{`{amount: {_lt: "2E+1"}}`, "s3 s4"},
	}
	for _, c := range cases {
		if got := ids(t, c.where); got != c.want {
			t.Errorf("where %s: got %q, want %q", c.where, got, c.want)
		}
	}
}

func TestWhereArrayRelationshipFilter(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `{ metadata(where: {balances: {owner_address: {_eq: "0xc"}}}) { asset_type } }`, "", `{"data":{"metadata":[]}}`)
	expect(t, h, `{ metadata(where: {balances: {is_frozen: {_eq: true}}}) { asset_type } }`, "", `{"data":{"metadata":[{"asset_type":"APT"}]}}`)
}

func TestWhereErrors(t *testing.T) {
	h := newTestHandler(t, Options{})
	for _, c := range []struct{ q, vars, want string }{
		{`query($w: balances_bool_exp) { balances(where: $w) { storage_id } }`, `{"w": {"nope": {"_eq": 1}}}`,
			`{"errors":[{"message":"field \"nope\" not found in type: 'balances_bool_exp'","extensions":{"path":"$.selectionSet.balances.args.where.nope","code":"validation-failed"}}]}`},
		{`query($a: String) { balances(where: {amount: {_eq: $a}}) { storage_id } }`, `{"a": "x"}`,
			`{"errors":[{"message":"invalid input syntax for type numeric: \"x\"","extensions":{"path":"$","code":"data-exception"}}]}`},
		{`query($a: numeric) { balances(where: {amount: {_eq: $a}}) { storage_id } }`, `{"a": 1e999999999}`,
			`{"errors":[{"message":"invalid input syntax for type numeric: \"1e999999999\"","extensions":{"path":"$","code":"data-exception"}}]}`},
		{`query($a: String) { balances(where: {owner_address: {_eq: $a}}) { storage_id } }`, `{"a": null}`,
			`{"errors":[{"message":"expected a string for type 'String', but found null","extensions":{"path":"$.selectionSet.balances.args.where.owner_address._eq","code":"validation-failed"}}]}`},
	} {
		if got := query(t, h, c.q, c.vars); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.q, got, c.want)
		}
	}
}

func TestAbsentVariableOmitsField(t *testing.T) {
	h := newTestHandler(t, Options{})
	expect(t, h, `query($a: String, $v: bigint) { txs(where: {sender: {_eq: $a}, version: {_in: [$v]}}) { version } }`, `{"v": 3}`,
		`{"data":{"txs":[{"version":3}]}}`)
	expect(t, h, `query($a: String) { txs(where: {sender: {_eq: $a}}, limit: 1) { version } }`, `{}`,
		`{"data":{"txs":[{"version":1}]}}`)
}

func TestLike(t *testing.T) {
	for _, c := range []struct {
		pat, s string
		fold   bool
		want   bool
	}{
		{"%", "", false, true}, {"", "", false, true}, {"", "a", false, false}, {"a%b%c", "aXbYc", false, true},
		{"a%b%c", "aXbY", false, false}, {"%%a", "bba", false, true}, {"_", "é", false, true}, {"__", "é", false, false},
		{`50\%`, "50%", false, true}, {`50\%`, "500", false, false}, {"ÄB%", "äbc", true, true}, {"a%a%a%a%b", strings.Repeat("a", 200), false, false},
	} {
		if got := compileLike(c.pat, c.fold)(c.s); got != c.want {
			t.Errorf("like(%q, %q, fold %v) = %v", c.pat, c.s, c.fold, got)
		}
	}
}
