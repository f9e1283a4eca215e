package indexer

import (
	"encoding/json"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// maxInterned is the longest string or number interned: addresses (66
// characters), type names and timestamps repeat across rows, long values
// (signatures, event data) seldom do.
const maxInterned = 96

// interner shares one cell for each short string and number stored in
// rows, so a value repeated across rows and tables (an address, a
// version, a type name) costs its bytes once and a pointer per row.
type interner struct {
	strs map[string]*gql.Cell
	nums map[string]*gql.Cell
}

func newInterner() *interner {
	return &interner{strs: map[string]*gql.Cell{}, nums: map[string]*gql.Cell{}}
}

// cell returns the cell of v: the interned one when an equal value was
// stored before.
func (in *interner) cell(v any) *gql.Cell {
	switch x := v.(type) {
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
