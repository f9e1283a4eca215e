package indexer

import (
	"encoding/json"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// maxInterned is the longest string or number interned: addresses (66
// characters), type names and timestamps repeat across rows, long values
// (signatures, event data) seldom do.
const maxInterned = 96

// interner shares one cell for each short string and number stored in
// rows, so a value repeated across rows and tables (an address, a
// version, a type name) costs its bytes once and a pointer per row.
// Addresses have their cells found by address too, so that a row being
// built names an account without rendering it.
type interner struct {
	strs  map[string]*gql.Cell
	nums  map[string]*gql.Cell
	addrs map[ledgerapi.Address]*gql.Cell
}

func newInterner() *interner {
	return &interner{strs: map[string]*gql.Cell{}, nums: map[string]*gql.Cell{}, addrs: map[ledgerapi.Address]*gql.Cell{}}
}

// cell returns the cell of v: the interned one when an equal value was
// stored before; v itself when it is a cell already.
func (in *interner) cell(v any) *gql.Cell {
	switch x := v.(type) {
	case *gql.Cell:
		return x
	case string:
		return in.intern(in.strs, x, v)
	case json.Number:
		return in.intern(in.nums, string(x), v)
	}
	return gql.NewCell(v)
}

func (in *interner) intern(m map[string]*gql.Cell, s string, v any) *gql.Cell {
	if len(s) > maxInterned {
		return gql.NewCell(v)
	}
	if c, ok := m[s]; ok {
		return c
	}
	c := gql.NewCell(v)
	m[s] = c
	return c
}

// addr returns the interned cell of address a as the indexer renders it
// (addr), the one a string of it gets too.
func (in *interner) addr(a ledgerapi.Address) *gql.Cell {
	if c, ok := in.addrs[a]; ok {
		return c
	}
	c := in.cell(addr(a))
	in.addrs[a] = c
	return c
}

// addrKey returns address a as a key value to look a row up with: its
// cell when one was interned, else its string (interning nothing).
func (in *interner) addrKey(a ledgerapi.Address) any {
	if c, ok := in.addrs[a]; ok {
		return c
	}
	return addr(a)
}

// num returns the interned cell of an unsigned integer.
func (in *interner) num(v uint64) *gql.Cell { return in.cell(num(v)) }

// vals is a row being built by position: one value per column of its
// table, in schema order (columns.go names the positions). A value is a
// plain one (string, json.Number, bool, json.RawMessage, nil) or a
// *gql.Cell, interned already.
type vals []any

// plain returns the value of v, unwrapping a cell.
func plain(v any) any {
	if c, ok := v.(*gql.Cell); ok {
		return c.Value()
	}
	return v
}
