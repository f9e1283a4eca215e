package indexer

import (
	"encoding/json"
	"hash/maphash"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// row is a row being built or changed: column name → value. Rows are
// stored as gql.Rows in their table's layout once put.
type row map[string]any

// table holds one table's rows and the sorted snapshot served until the
// next change. Stored rows are never modified: an update stores a new
// row, so snapshots handed out stay valid.
//
// Rows sit in all, in insertion order. A table with a primary key finds a
// row through a hash of its key columns (index) rather than a map keyed by
// key strings, which would cost a string per row; the rare rows whose
// hash another key already has are found by key string in overflow.
type table struct {
	def      *gql.Table
	layout   *gql.Layout // the schema's columns, in order
	pk       []int       // the layout positions of the primary key
	in       *interner
	all      rowList
	index    map[uint64]int32
	overflow map[string]int32
	seed     maphash.Seed
	mask     uint64 // applied to hashes: all ones; tests force collisions
	// snap is the last sorted snapshot, valid when built. added holds the
	// rows with new keys since; replaced says a row of snap was replaced,
	// which needs a full sort instead of a merge.
	snap     []gql.Row
	built    bool
	added    []gql.Row
	replaced bool
	// mismatched counts the rows put whose columns were not the declared
	// ones (see put).
	mismatched int
	// changes, when not nil, records the position in all of every row put
	// (see changes.go); nil when no change feed was asked for.
	changes *[]int32
	// buf is the row buffer of blank and load.
	buf vals
	// hint is the position of the row load found last (-1 before): the
	// row put next most often replaces it (see sameKeyCells).
	hint int
	// slab is where a versioned table's next rows take their cells.
	slab []*gql.Cell
	// txn is what a versioned table keeps instead of index (table_txn.go).
	txn txnRows
	// unique marks a versioned table whose derivation never puts two
	// rows with one key for a transaction: its rows are appended without
	// hashing their keys to look for one to replace.
	unique bool
	// reg, set by numberRows, numbers the cells of a unique table's rows,
	// which it keeps as numbers; cellBuf and numBuf are store's buffers.
	reg     *gql.Registry
	cellBuf []*gql.Cell
	numBuf  []uint32
}

// numberRows makes an empty unique table keep its rows as numbers of
// cells in reg: rows that hold no pointer, for the tables that gain rows
// with every transaction, so the garbage collector has fewer to follow.
func (t *table) numberRows(reg *gql.Registry) {
	t.reg, t.layout = reg, t.layout.NumberedBy(reg)
	t.all.numbered(t.layout)
}

func newTable(def *gql.Table, in *interner) *table {
	t := &table{def: def, layout: layoutOf(def), in: in, index: map[uint64]int32{},
		overflow: map[string]int32{}, seed: maphash.MakeSeed(), mask: ^uint64(0), txn: txnRows{col: -1}, hint: -1}
	for _, c := range def.PrimaryKey {
		t.pk = append(t.pk, t.layout.Index(c))
	}
	return t
}

// layoutOf is the layout of a table's columns, in schema order.
func layoutOf(def *gql.Table) *gql.Layout {
	names := make([]string, len(def.Columns))
	for i, c := range def.Columns {
		names[i] = c.Name
	}
	return gql.NewLayout(names...)
}

// len returns the number of rows stored.
func (t *table) len() int { return t.all.len() }

// key returns the primary-key string of a row's key values (plain
// values or cells, in primary-key order).
func (t *table) key(keys []any) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(valueString(plain(k)))
		b.WriteByte(0)
	}
	return b.String()
}

// hash returns the hash of a row's key values (of their key string).
func (t *table) hash(keys []any) uint64 {
	var h maphash.Hash
	h.SetSeed(t.seed)
	for _, k := range keys {
		h.WriteString(valueString(plain(k)))
		h.WriteByte(0)
	}
	return h.Sum64() & t.mask
}

// sameKey reports whether the stored row g has the key values keys.
func (t *table) sameKey(g gql.Row, keys []any) bool {
	for j, k := range keys {
		if valueString(g.At(t.pk[j])) != valueString(plain(k)) {
			return false
		}
	}
	return true
}

// find returns the position in all of the row with the key values keys
// (plain values or cells, one per primary-key column, in order).
func (t *table) find(keys ...any) (int, bool) {
	if len(t.pk) == 0 || len(keys) != len(t.pk) {
		return 0, false
	}
	if t.txn.col >= 0 {
		return t.findVersioned(keys)
	}
	i, ok := t.index[t.hash(keys)]
	if !ok {
		return 0, false
	}
	if t.sameKey(t.all.at(int(i)), keys) {
		return int(i), true
	}
	i, ok = t.overflow[t.key(keys)]
	return int(i), ok
}

// keysOf returns r's primary-key values.
func (t *table) keysOf(r row) []any {
	keys := make([]any, len(t.def.PrimaryKey))
	for j, c := range t.def.PrimaryKey {
		keys[j] = r[c]
	}
	return keys
}

// lookup returns the stored row with r's primary key, to read.
func (t *table) lookup(r row) (gql.Row, bool) {
	return t.lookupKey(t.keysOf(r)...)
}

// lookupKey returns the stored row with the key values keys, to read.
func (t *table) lookupKey(keys ...any) (gql.Row, bool) {
	i, ok := t.find(keys...)
	if !ok {
		return gql.Row{}, false
	}
	return t.all.at(i), true
}

// get returns a copy of the row with r's primary key, to change, or nil.
func (t *table) get(r row) row {
	i, ok := t.find(t.keysOf(r)...)
	if !ok {
		return nil
	}
	return t.all.at(i).Map()
}

// put stores r, replacing the row with the same primary key. Repeated
// values are interned. A row whose columns are not exactly the declared
// ones (a mistake in the indexer) is counted in mismatched: columns the
// schema does not declare are dropped, missing ones are NULL.
func (t *table) put(r row) {
	cells := t.newCells()
	found := 0
	for i, c := range t.layout.Columns() {
		v, ok := r[c]
		if ok {
			found++
		}
		cells[i] = t.in.cell(v)
	}
	if found != len(cells) || found != len(r) {
		t.mismatched++
	}
	t.store(cells)
}

// putVals stores the row of values v (one per column, in order; see
// vals), replacing the row with the same primary key.
func (t *table) putVals(v vals) {
	cells := t.newCells()
	if len(v) != len(cells) {
		t.mismatched++
	}
	for i := range min(len(v), len(cells)) {
		cells[i] = t.in.cell(v[i])
	}
	t.store(cells)
}

// slabRows is how many rows' cells a versioned table allocates at once.
const slabRows = 64

// newCells returns the cells of a new row. A versioned table (whose rows
// are never replaced once their transaction is indexed) cuts them from a
// slab shared by slabRows rows: one allocation instead of one per row,
// and fewer objects for the garbage collector to find. A row of the
// current transaction replaced again keeps its slab's cells alive, as
// small as it is rare.
func (t *table) newCells() []*gql.Cell {
	n := len(t.layout.Columns())
	if t.reg != nil {
		// store numbers the cells and keeps the numbers: the buffer is
		// free again once it returns.
		if t.cellBuf == nil {
			t.cellBuf, t.numBuf = make([]*gql.Cell, n), make([]uint32, n)
		}
		clear(t.cellBuf)
		return t.cellBuf
	}
	if t.txn.col < 0 || n == 0 {
		return make([]*gql.Cell, n)
	}
	if len(t.slab) < n {
		t.slab = make([]*gql.Cell, n*slabRows)
	}
	cells := t.slab[:n:n]
	t.slab = t.slab[n:]
	return cells
}

// store stores a row of interned cells, one per column.
func (t *table) store(cells []*gql.Cell) {
	if t.reg != nil {
		nums := t.numBuf
		for i, c := range cells {
			nums[i] = t.reg.Number(c)
		}
		t.appendNumbers(nums)
		return
	}
	g := gql.NewRowOfCells(t.layout, cells)
	if t.unique {
		t.appendRow(g)
		return
	}
	if len(t.pk) > 0 {
		if i := t.hint; t.txn.col < 0 && i >= 0 && t.sameKeyCells(t.all.at(i), cells) {
			t.replace(i, g)
			return
		}
		var buf [4]any
		keys := buf[:0]
		for _, p := range t.pk {
			keys = append(keys, cells[p].Value())
		}
		h := t.hash(keys)
		if t.txn.col >= 0 {
			t.storeVersioned(g, keys, h)
			return
		}
		if i, ok := t.index[h]; !ok {
			t.index[h] = int32(t.all.len())
		} else if t.sameKey(t.all.at(int(i)), keys) {
			t.replace(int(i), g)
			return
		} else if i, ok := t.overflow[t.key(keys)]; ok {
			t.replace(int(i), g)
			return
		} else {
			t.overflow[t.key(keys)] = int32(t.all.len())
		}
	}
	t.appendRow(g)
}

// sameKeyCells reports whether row g's key columns hold the very cells
// of cells' (so the same values): a row put back after load has its key
// found without hashing it again.
func (t *table) sameKeyCells(g gql.Row, cells []*gql.Cell) bool {
	for _, p := range t.pk {
		if g.CellAt(p) != cells[p] {
			return false
		}
	}
	return true
}

// appendRow adds g, a row with a new key.
func (t *table) appendRow(g gql.Row) {
	t.changed(t.all.len())
	t.all.append(g)
	t.noteAdded(g)
}

// noteAdded records g, a row with a new key just stored, for the next
// snapshot.
func (t *table) noteAdded(g gql.Row) {
	if t.built && !t.replaced {
		t.added = append(t.added, g)
		if len(t.added) > t.all.len()/2+64 {
			t.replaced, t.added = true, nil // cheaper to sort everything again
		}
	}
}

// appendNumbers adds the row of a numbered table whose cells are numbered
// nums (see numberRows).
func (t *table) appendNumbers(nums []uint32) {
	i := t.all.len()
	t.changed(i)
	t.all.appendNumbers(nums)
	t.noteAdded(t.all.at(i))
}

// replace stores g at position i in place of a row with its key.
func (t *table) replace(i int, g gql.Row) {
	t.changed(i)
	t.all.set(i, g)
	t.replaced, t.added = true, nil
}

// less orders rows by primary key (insertion order without one).
func (t *table) less(a, b gql.Row) bool {
	for _, i := range t.pk {
		if d := compare(a.At(i), b.At(i)); d != 0 {
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
	out := t.all.appendTo(nil)
	if len(t.pk) > 0 {
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

// blank returns the table's row buffer, every column NULL, to build a row
// in and put with putVals. The buffer is the table's one: build one row
// of a table at a time.
func (t *table) blank() vals {
	if t.buf == nil {
		t.buf = make(vals, len(t.layout.Columns()))
	}
	clear(t.buf)
	return t.buf
}

// load copies the stored row with the key values keys into blank's
// buffer, as cells, to change and put again; ok is false (and the
// buffer blank) when there is none.
func (t *table) load(keys ...any) (v vals, ok bool) {
	v = t.blank()
	i, ok := t.find(keys...)
	if !ok {
		return v, false
	}
	g := t.all.at(i)
	for j := range v {
		if c := g.CellAt(j); c != nil {
			v[j] = c
		}
	}
	t.hint = i
	return v, true
}
