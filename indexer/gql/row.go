package gql

import (
	"maps"
	"slices"
	"sync"
	"unsafe"
)

// Layout is the column order of rows: the position of each column's value
// in a Row. One Layout is shared by every row built with it (typically
// one per table), so a row costs one slice of values, not a map.
type Layout struct {
	names []string
	index map[string]int
	// reg, when set, numbers the cells of the layout's rows: they hold
	// cell numbers (NewRowOfNumbers), not cell pointers.
	reg *Registry
}

// NumberedBy returns a layout of l's columns whose rows hold cell numbers
// of reg (see NewRowOfNumbers).
func (l *Layout) NumberedBy(reg *Registry) *Layout {
	return &Layout{names: l.names, index: l.index, reg: reg}
}

// NewLayout returns the layout of the given columns, in that order. A
// name given twice keeps its first position.
func NewLayout(columns ...string) *Layout {
	l := &Layout{names: append([]string(nil), columns...), index: make(map[string]int, len(columns))}
	for i, c := range columns {
		if _, ok := l.index[c]; !ok {
			l.index[c] = i
		}
	}
	return l
}

// Columns returns the column names in order. The caller must not modify
// the slice.
func (l *Layout) Columns() []string { return l.names }

// Index returns the position of col, or -1 when the layout lacks it.
func (l *Layout) Index(col string) int {
	if i, ok := l.index[col]; ok {
		return i
	}
	return -1
}

// Row is one row of a table: the values of its layout's columns, in
// order. A value is nil (SQL NULL), a bool, a string (text, and
// timestamps written "2006-01-02T15:04:05" or with a fraction, without
// zone), a json.Number (bigint and numeric columns, any size, rendered as
// a JSON number), or a json.RawMessage (jsonb, rendered as is). A column
// the layout lacks reads as NULL.
//
// A row holds one pointer per column, to a Cell with the value (nil for
// NULL), so rows repeating a value (an address, a version) can share one
// Cell; or, when its layout numbers its cells (Layout.NumberedBy), one
// cell number per column, for tables too large to have the collector
// follow a pointer per column. Rows are values: copying one shares its
// cells, which nobody may modify once the row is handed out.
type Row struct {
	layout *Layout
	// first points to the first of len(layout.names) cells (nil when
	// the layout has no column): a row is two words, not a slice header
	// besides its layout, since tables hold millions of them. It is a
	// **Cell, or a *uint32 (the first cell number) when the layout
	// numbers its cells.
	first unsafe.Pointer
}

// Cell holds one non-NULL value of a row. Cells are immutable, so one
// may be shared by any number of rows.
type Cell struct{ v any }

// The cells of true and false, shared by every row.
var cellTrue, cellFalse = &Cell{true}, &Cell{false}

// NewCell returns a cell holding v, or nil (NULL) when v is nil.
func NewCell(v any) *Cell {
	switch x := v.(type) {
	case nil:
		return nil
	case bool:
		if x {
			return cellTrue
		}
		return cellFalse
	}
	return &Cell{v}
}

// Deferred is the value of a deferred cell, computed when the cell is
// first read and kept: for a value costly to compute and seldom read (an
// event's data as JSON). Embed it in the type that computes the value, so
// that a deferred cell costs two objects (the cell and that type):
//
//	type eventData struct {
//		gql.Deferred
//		data []byte
//	}
//
//	func (e *eventData) Render() any { return render(e.data) }
//
//	e := &eventData{data: b}
//	cell := gql.NewDeferredCell(&e.Deferred, e)
type Deferred struct {
	once sync.Once
	r    Renderer
	v    any
}

// A Renderer computes a deferred cell's value. Render runs at most once,
// on whichever goroutine reads the cell first while others wait; it must
// be deterministic and return a non-nil value a cell may hold.
type Renderer interface{ Render() any }

// NewDeferredCell returns a cell whose value r renders into d when the
// cell is first read.
func NewDeferredCell(d *Deferred, r Renderer) *Cell {
	d.r = r
	return &Cell{d}
}

func (d *Deferred) value() any {
	d.once.Do(func() { d.v, d.r = d.r.Render(), nil })
	return d.v
}

// Value returns the cell's value, nil for the nil Cell.
func (c *Cell) Value() any {
	if c == nil {
		return nil
	}
	if d, ok := c.v.(*Deferred); ok {
		return d.value()
	}
	return c.v
}

// NewRow returns a row of layout l holding vals (one per column of l, in
// order; missing trailing values read as NULL, extra ones are dropped),
// in cells of its own, allocated together.
func NewRow(l *Layout, vals []any) Row {
	cells := make([]*Cell, len(l.names))
	vals = vals[:min(len(vals), len(cells))]
	n := 0
	for _, v := range vals {
		if own(v) {
			n++
		}
	}
	block := make([]Cell, n)
	for i, v := range vals {
		if own(v) {
			block[0].v = v
			cells[i], block = &block[0], block[1:]
		} else {
			cells[i] = NewCell(v)
		}
	}
	return NewRowOfCells(l, cells)
}

// own reports whether v needs a cell of its own (not NULL nor a boolean).
func own(v any) bool {
	switch v.(type) {
	case nil, bool:
		return false
	}
	return true
}

// NewRowOfCells returns a row of layout l whose values are cells (one per
// column of l, in order, nil for NULL; missing trailing cells read as
// NULL, extra ones are dropped). The row keeps cells when it has one per
// column; the caller must not modify them afterwards.
func NewRowOfCells(l *Layout, cells []*Cell) Row {
	n := len(l.names)
	if n == 0 {
		return Row{layout: l}
	}
	if len(cells) < n {
		cells = append(make([]*Cell, 0, n), cells...)[:n]
	}
	if l.reg != nil {
		panic("gql: NewRowOfCells with a layout that numbers its cells")
	}
	return Row{layout: l, first: unsafe.Pointer(&cells[0])}
}

// NewRowOfNumbers returns a row of layout l, which numbers its cells (see
// Layout.NumberedBy), whose cells are numbered nums (one per column of l,
// 0 for NULL). The row keeps nums; the caller must not modify them
// afterwards.
func NewRowOfNumbers(l *Layout, nums []uint32) Row {
	n := len(l.names)
	if l.reg == nil {
		panic("gql: NewRowOfNumbers with a layout that does not number its cells")
	}
	if n == 0 {
		return Row{layout: l}
	}
	if len(nums) < n {
		nums = append(make([]uint32, 0, n), nums...)[:n]
	}
	return Row{layout: l, first: unsafe.Pointer(&nums[0])}
}

// CellAt returns the cell of column i (nil when NULL or out of range):
// for a caller that stores the value again, it saves interning it anew.
func (r Row) CellAt(i int) *Cell {
	if r.first == nil || i < 0 || i >= len(r.layout.names) {
		return nil
	}
	if reg := r.layout.reg; reg != nil {
		return reg.cell(unsafe.Slice((*uint32)(r.first), len(r.layout.names))[i])
	}
	return unsafe.Slice((**Cell)(r.first), len(r.layout.names))[i]
}

// RowOf builds a row from a map, with a layout of its own (the columns
// sorted by name): a convenience for tests and small tables.
func RowOf(m map[string]any) Row {
	names := slices.Sorted(maps.Keys(m))
	vals := make([]any, len(names))
	for i, k := range names {
		vals[i] = m[k]
	}
	return NewRow(NewLayout(names...), vals)
}

// Layout returns the row's layout; nil for the zero Row.
func (r Row) Layout() *Layout { return r.layout }

// IsZero reports whether r is the zero Row (no layout, no values).
func (r Row) IsZero() bool { return r.layout == nil }

// Get returns the value of col, nil when NULL or not a column of the row.
func (r Row) Get(col string) any {
	if r.layout == nil {
		return nil
	}
	return r.At(r.layout.Index(col))
}

// At returns the value at position i of the layout, nil out of range.
func (r Row) At(i int) any {
	return r.CellAt(i).Value()
}

// Map returns the row as a new map from column name to value, NULL
// columns included.
func (r Row) Map() map[string]any {
	if r.layout == nil {
		return map[string]any{}
	}
	m := make(map[string]any, len(r.layout.names))
	for i, c := range r.layout.names {
		if _, ok := m[c]; !ok {
			m[c] = r.At(i)
		}
	}
	return m
}

// column reads one column of rows, looking its position up once per
// layout met rather than once per row. It is not safe for concurrent
// use; each query builds its own.
type column struct {
	name   string
	layout *Layout
	i      int
}

// get returns r's value of the column.
func (c *column) get(r Row) any {
	if r.layout != c.layout {
		if r.layout == nil {
			return nil
		}
		c.layout, c.i = r.layout, r.layout.Index(c.name)
	}
	return r.At(c.i)
}

// columnsOf returns a column reader per field group, looking each
// selected column up once per layout rather than once per row.
func columnsOf(groups []*fieldGroup) []column {
	cols := make([]column, len(groups))
	for i, g := range groups {
		cols[i].name = g.name()
	}
	return cols
}
