package indexer

import (
	"encoding/json"
	"math/rand"
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// TestTableSnapshotsStayOrdered interleaves inserts, replacements and
// snapshots and checks each snapshot against the rows' key order, and
// that a snapshot handed out never changes.
func TestTableSnapshotsStayOrdered(t *testing.T) {
	def := &gql.Table{Name: "t", PrimaryKey: []string{"a", "v"},
		Columns: []gql.Column{{Name: "a", Type: gql.TypeString}, {Name: "v", Type: gql.TypeBigint}, {Name: "x", Type: gql.TypeInt}}}
	tb := newTable(def, newInterner())
	rng := rand.New(rand.NewSource(1))
	type kept struct {
		snap []gql.Row
		copy []gql.Row
	}
	var old []kept
	for step := 0; step < 400; step++ {
		a := string(rune('a' + rng.Intn(5)))
		v := json.Number(strconv.Itoa(rng.Intn(200) - 3))
		tb.put(row{"a": a, "v": v, "x": json.Number(strconv.Itoa(step))})
		if rng.Intn(7) == 0 {
			s := tb.snapshot()
			if len(s) != tb.len() {
				t.Fatalf("step %d: snapshot of %d rows, table has %d", step, len(s), tb.len())
			}
			for i := 1; i < len(s); i++ {
				if !tb.less(s[i-1], s[i]) {
					t.Fatalf("step %d: rows %d and %d out of order: %v %v", step, i-1, i, s[i-1], s[i])
				}
			}
			for _, r := range s {
				if tb.get(r.Map())["x"] != r.Get("x") {
					t.Fatalf("step %d: snapshot serves a replaced row %v", step, r)
				}
			}
			old = append(old, kept{s, append([]gql.Row(nil), s...)})
		}
	}
	for _, k := range old {
		for i := range k.snap {
			if k.snap[i].Get("x") != k.copy[i].Get("x") {
				t.Fatal("a snapshot handed out changed")
			}
		}
	}
	if compare(json.Number("-1"), json.Number("0")) >= 0 || compare(nil, json.Number("0")) <= 0 ||
		compare(json.Number("18446744073709551615"), json.Number("9")) <= 0 {
		t.Error("compare orders numbers or nulls wrongly")
	}
}

// TestTableKeyCollisions stores rows whose key hashes mostly collide
// and checks each key still finds its own, latest row.
func TestTableKeyCollisions(t *testing.T) {
	def := &gql.Table{Name: "t", PrimaryKey: []string{"k"},
		Columns: []gql.Column{{Name: "k", Type: gql.TypeString}, {Name: "x", Type: gql.TypeBigint}}}
	tb := newTable(def, newInterner())
	tb.mask = 3
	want := map[string]json.Number{}
	for step := 0; step < 300; step++ {
		k := strconv.Itoa(step % 40)
		x := json.Number(strconv.Itoa(step))
		tb.put(row{"k": k, "x": x})
		want[k] = x
	}
	if tb.len() != len(want) {
		t.Fatalf("%d rows stored, want %d", tb.len(), len(want))
	}
	for k, x := range want {
		if got := tb.get(row{"k": k}); got["x"] != x {
			t.Errorf("key %s: got %v, want x=%s", k, got, x)
		}
	}
	if tb.get(row{"k": "absent"}) != nil {
		t.Error("an absent key found a row")
	}
	s := tb.snapshot()
	for i := 1; i < len(s); i++ {
		if !tb.less(s[i-1], s[i]) {
			t.Fatalf("snapshot out of order at %d", i)
		}
	}
}

func TestTimestampsClampAndTrim(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{timestamp(0), "1970-01-01T00:00:00"},
		{timestamp(1_700_000_000_500_000), "2023-11-14T22:13:20.5"},
		{timestamp(^uint64(0)), "9999-12-31T23:59:59.999999"},
		{timestampSecs(^uint64(0)), "9999-12-31T23:59:59.999999"},
		{timestampSecs(60), "1970-01-01T00:01:00"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestVersionedTableReplacesWithinATransaction puts rows of a versioned
// table, some keys twice in one transaction (past setScan rows, so its
// index is a map, and with colliding hashes), and checks each key keeps
// its latest row, rows of other transactions stay, and every key is
// found.
func TestVersionedTableReplacesWithinATransaction(t *testing.T) {
	def := &gql.Table{Name: "t", PrimaryKey: []string{"k", "v"},
		Columns: []gql.Column{{Name: "k", Type: gql.TypeString}, {Name: "v", Type: gql.TypeBigint}, {Name: "x", Type: gql.TypeInt}}}
	for _, mask := range []uint64{^uint64(0), 3} {
		tb := newTable(def, newInterner())
		tb.versionedBy("v")
		tb.mask = mask
		type key struct{ k, v string }
		want := map[key]json.Number{}
		step := 0
		for v := 0; v < 4; v++ {
			for i := 0; i < 3*setScan; i++ {
				k := strconv.Itoa(i % (2 * setScan)) // the first setScan keys twice
				x := json.Number(strconv.Itoa(step))
				step++
				tb.put(row{"k": k, "v": json.Number(strconv.Itoa(v)), "x": x})
				want[key{k, strconv.Itoa(v)}] = x
			}
		}
		if tb.len() != len(want) {
			t.Fatalf("mask %x: %d rows stored, want %d", mask, tb.len(), len(want))
		}
		for k, x := range want {
			if got := tb.get(row{"k": k.k, "v": json.Number(k.v)}); got["x"] != x {
				t.Errorf("mask %x: key %v: got %v, want x=%s", mask, k, got, x)
			}
		}
		if tb.get(row{"k": "absent", "v": json.Number("1")}) != nil || tb.get(row{"k": "0", "v": json.Number("9")}) != nil {
			t.Errorf("mask %x: an absent key found a row", mask)
		}
		if len(tb.index) != 0 {
			t.Errorf("mask %x: a versioned table indexed %d keys", mask, len(tb.index))
		}
	}
}
