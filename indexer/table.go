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
	seq  int
	snap []gql.Row
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
	t.rows[k] = r
	t.snap = nil
}

// snapshot returns the rows in primary-key order.
func (t *table) snapshot() []gql.Row {
	if t.snap != nil {
		return t.snap
	}
	out := make([]gql.Row, 0, len(t.rows))
	for _, r := range t.rows {
		out = append(out, r)
	}
	keys := t.def.PrimaryKey
	sort.Slice(out, func(i, j int) bool {
		for _, c := range keys {
			if d := compare(out[i][c], out[j][c]); d != 0 {
				return d < 0
			}
		}
		return false
	})
	t.snap = out
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
