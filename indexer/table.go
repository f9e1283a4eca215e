package indexer

import (
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// table holds one table's rows keyed by primary key, and the sorted
// snapshot served until the next change. Stored rows are never modified:
// an update stores a new row, so snapshots handed out stay valid.
type table struct {
	def  *gql.Table
	rows map[string]gql.Row
	// seq numbers rows of tables without a primary key, in insertion order.
	seq int
	// snap is the last sorted snapshot, valid when built. added holds the
	// rows with new keys since; replaced says a row of snap was replaced,
	// which needs a full sort instead of a merge.
	snap     []gql.Row
	built    bool
	added    []gql.Row
	replaced bool
}

func newTable(def *gql.Table) *table {
	return &table{def: def, rows: map[string]gql.Row{}}
}

// key returns the primary-key string of r.
func (t *table) key(r gql.Row) string {
	var b strings.Builder
	for _, c := range t.def.PrimaryKey {
		b.WriteString(valueString(r[c]))
		b.WriteByte(0)
	}
	return b.String()
}

// get returns the row with r's primary key, or nil.
func (t *table) get(r gql.Row) gql.Row { return t.rows[t.key(r)] }

// put stores r, replacing the row with the same primary key.
func (t *table) put(r gql.Row) {
	k := t.key(r)
	if len(t.def.PrimaryKey) == 0 {
		t.seq++
		k = strconv.Itoa(t.seq)
	}
	if _, ok := t.rows[k]; ok {
		t.replaced = true
	} else if t.built && !t.replaced {
		t.added = append(t.added, r)
		if len(t.added) > len(t.rows)/2+64 {
			t.replaced = true // cheaper to sort everything again
		}
	}
	t.rows[k] = r
	if t.replaced {
		t.added = nil
	}
}

// less orders rows by primary key (insertion order without one).
func (t *table) less(a, b gql.Row) bool {
	for _, c := range t.def.PrimaryKey {
		if d := compare(a[c], b[c]); d != 0 {
			return d < 0
		}
	}
	return false
}

// snapshot returns the rows in primary-key order. Rows added since the
// last snapshot are merged into it; a replaced row makes it sort again.
func (t *table) snapshot() []gql.Row {
	switch {
	case t.built && !t.replaced && len(t.added) == 0:
		return t.snap
	case t.built && !t.replaced:
		sort.SliceStable(t.added, func(i, j int) bool { return t.less(t.added[i], t.added[j]) })
		out := make([]gql.Row, 0, len(t.snap)+len(t.added))
		i, j := 0, 0
		for i < len(t.snap) && j < len(t.added) {
			if t.less(t.added[j], t.snap[i]) {
				out = append(out, t.added[j])
				j++
			} else {
				out = append(out, t.snap[i])
				i++
			}
		}
		out = append(append(out, t.snap[i:]...), t.added[j:]...)
		t.snap, t.added = out, nil
		return out
	}
	out := make([]gql.Row, 0, len(t.rows))
	if len(t.def.PrimaryKey) == 0 {
		for i := 1; i <= t.seq; i++ {
			if r, ok := t.rows[strconv.Itoa(i)]; ok {
				out = append(out, r)
			}
		}
	} else {
		for _, r := range t.rows {
			out = append(out, r)
		}
		sort.Slice(out, func(i, j int) bool { return t.less(out[i], out[j]) })
	}
	t.snap, t.built, t.added, t.replaced = out, true, nil, false
	return out
}

func valueString(v any) string {
	switch x := v.(type) {
	case nil:
		return "\x01null"
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case json.Number:
		return string(x)
	case json.RawMessage:
		return string(x)
	}
	return ""
}

// compare orders two values of one column: NULL last, numbers by value,
// strings by bytes, false before true.
func compare(a, b any) int {
	if a == nil || b == nil {
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			return 1
		}
		return -1
	}
	switch x := a.(type) {
	case json.Number:
		y, _ := b.(json.Number)
		return compareNumbers(x, y)
	case bool:
		y, _ := b.(bool)
		switch {
		case x == y:
			return 0
		case !x:
			return -1
		}
		return 1
	}
	return strings.Compare(valueString(a), valueString(b))
}

func compareNumbers(a, b json.Number) int {
	if x, err := strconv.ParseInt(string(a), 10, 64); err == nil {
		if y, err := strconv.ParseInt(string(b), 10, 64); err == nil {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	}
	x, ok1 := new(big.Int).SetString(string(a), 10)
	y, ok2 := new(big.Int).SetString(string(b), 10)
	if ok1 && ok2 {
		return x.Cmp(y)
	}
	return strings.Compare(string(a), string(b))
}
