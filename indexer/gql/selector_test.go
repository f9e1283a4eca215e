package gql

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// selectSource is a Selector over a memSource that answers every Select
// with the whole table (a superset: exact false), records the queries,
// and refuses Rows, so the executor must read through Select.
type selectSource struct {
	mem     memSource
	queries []Query
}

func (s *selectSource) Rows(context.Context, string) ([]Row, error) {
	return nil, errors.New("Rows called on a Selector")
}

func (s *selectSource) Select(ctx context.Context, q Query) ([]Row, bool, error) {
	s.queries = append(s.queries, q)
	rows, err := s.mem.Rows(ctx, q.Table)
	return rows, false, err
}

// TestSelectorAnswersAsRows checks that a Selector answers as the same
// rows given by Rows: root selections, relationships (objects, arrays,
// aggregates, nested), relationship filters, order_by through a
// relationship, distinct_on and by_pk.
func TestSelectorAnswersAsRows(t *testing.T) {
	plain := newTestHandler(t, Options{})
	src := &selectSource{mem: testSource()}
	sel, err := NewHandler(testSchema(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`{balances(where: {owner_address: {_eq: "0xa"}}) { storage_id amount metadata { symbol } }}`,
		`{metadata { symbol balances(order_by: {amount: desc}, limit: 1) { storage_id } balances_aggregate { aggregate { count } } }}`,
		`{balances(where: {metadata: {symbol: {_eq: "USDC"}}}, order_by: {metadata: {symbol: asc}, amount: desc}) { storage_id }}`,
		`{balances(distinct_on: owner_address, order_by: [{owner_address: asc}, {amount: desc}]) { owner_address amount }}`,
		`{balances_by_pk(storage_id: "s3") { amount metadata { decimals } } txs_aggregate(where: {sender: {_eq: "0xa"}}) { aggregate { count max { version } } }}`,
		`{balances(limit: 2, offset: 1) { storage_id metadata { balances { storage_id metadata { symbol } } } }}`,
	} {
		if a, b := query(t, plain, q, ""), query(t, sel, q, ""); a != b {
			t.Errorf("query %s\nover Rows   %s\nover Select %s", q, a, b)
		}
	}
}

// TestSelectorQueries checks what the executor asks a Selector: the
// where, the plain order_by and offset+limit (capped by the row cap) of
// a root selection, and one Select per relationship per list of rows,
// with the distinct keys of the rows.
func TestSelectorQueries(t *testing.T) {
	src := &selectSource{mem: testSource()}
	h, err := NewHandler(testSchema(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	query(t, h, `{balances(where: {owner_address: {_eq: "0xb"}}, order_by: {amount: desc}, offset: 1, limit: 1) { storage_id metadata { symbol balances { storage_id } } }}`, "")
	if len(src.queries) != 3 {
		t.Fatalf("%d Selects, want 3 (the root, metadata, its balances): %+v", len(src.queries), src.queries)
	}
	root := src.queries[0]
	where, _ := json.Marshal(root.Where)
	if root.Table != "balances" || string(where) != `{"owner_address":{"_eq":"0xb"}}` || root.Limit != 2 ||
		len(root.OrderBy) != 1 || root.OrderBy[0] != (OrderColumn{Column: "amount", Desc: true, NullsFirst: true}) {
		t.Errorf("root Select: %+v (where %s)", root, where)
	}
	meta := src.queries[1]
	if w, _ := json.Marshal(meta.Where); meta.Table != "metadata" || string(w) != `{"asset_type":{"_in":["USDC"]}}` {
		t.Errorf("relationship Select: %+v (where %s)", meta, w)
	}

	// A listing of every balance: the row cap (3) is the limit asked; the
	// relationship is fetched once for the distinct keys of the rows
	// written.
	src.queries = nil
	query(t, h, `{balances { storage_id metadata { symbol } }}`, "")
	if len(src.queries) != 2 || src.queries[0].Limit != 3 || src.queries[0].Where != nil {
		t.Fatalf("Selects: %+v", src.queries)
	}
	if w, _ := json.Marshal(src.queries[1].Where); string(w) != `{"asset_type":{"_in":["APT","USDC"]}}` { // s1, s2, s3: APT twice
		t.Errorf("relationship keys: %s", w)
	}

	// Ordering through a relationship or distinct_on: all the matches.
	src.queries = nil
	query(t, h, `{a: balances(order_by: {metadata: {symbol: asc}}, limit: 1) { storage_id } b: balances(distinct_on: owner_address, limit: 1) { storage_id }}`, "")
	if len(src.queries) < 2 || src.queries[0].Limit != -1 || src.queries[0].OrderBy != nil || src.queries[len(src.queries)-1].Limit != -1 {
		t.Errorf("Selects: %+v", src.queries)
	}
}

// snapSource is a selectSource that is a Snapshotter: it counts the
// snapshots taken and ended, and the reads through them.
type snapSource struct {
	*selectSource
	taken, ended int
}

func (s *snapSource) Snapshot(context.Context) (Source, func(), error) {
	s.taken++
	return s.selectSource, func() { s.ended++ }, nil
}

// TestSnapshotPerRequest checks that a Snapshotter's request reads
// through one snapshot, ended once the request is answered.
func TestSnapshotPerRequest(t *testing.T) {
	src := &snapSource{selectSource: &selectSource{mem: testSource()}}
	h, err := NewHandler(testSchema(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	query(t, h, `{balances { storage_id metadata { symbol } } txs_aggregate { aggregate { count } }}`, "")
	if src.taken != 1 || src.ended != 1 || len(src.queries) != 3 {
		t.Errorf("snapshots taken %d, ended %d, reads %d; want 1, 1, 3", src.taken, src.ended, len(src.queries))
	}
}
