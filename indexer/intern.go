package indexer

import (
	"encoding/json"
	"strconv"
	"unsafe"

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
	types map[tagKey]*gql.Cell
	// small holds the cells of the numbers below smallNums once looked
	// up (event indices, creation numbers, zero amounts, thresholds):
	// found without rendering and hashing them.
	small [smallNums]*gql.Cell
	// recentAddrs and recentStrs remember the cells of the addresses and
	// strings looked up lately, in front of the maps: a transaction names
	// the same few accounts, stores and type names again and again. A
	// string is remembered by where its bytes are: the same bytes are
	// the same string (the entry keeps them from being reused), and the
	// strings asked for most are constants and cached renderings.
	recentAddrs [recentSlots]struct {
		a ledgerapi.Address
		c *gql.Cell
	}
	recentStrs [recentSlots]struct {
		p *byte
		n int
		c *gql.Cell
	}
}

// recentSlots is the size of the interner's caches of recent lookups.
const recentSlots = 1 << 8

// smallNums bounds the numbers whose cells are kept by value.
const smallNums = 64

func newInterner() *interner {
	return &interner{strs: map[string]*gql.Cell{}, nums: map[string]*gql.Cell{}, addrs: map[ledgerapi.Address]*gql.Cell{},
		types: map[tagKey]*gql.Cell{}}
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

// str returns the interned cell of a string (taking it as a string
// saves boxing it to find the cell).
func (in *interner) str(s string) *gql.Cell {
	p := unsafe.StringData(s)
	// The bytes' address only picks a slot and is compared; it is never
	// turned back into a pointer.
	slot := &in.recentStrs[(uintptr(unsafe.Pointer(p))>>3^uintptr(len(s)))&(recentSlots-1)]
	if slot.p == p && slot.n == len(s) && p != nil {
		return slot.c
	}
	c, ok := in.strs[s]
	if !ok {
		c = in.cell(s)
	}
	slot.p, slot.n, slot.c = p, len(s), c
	return c
}

// addr returns the interned cell of address a as the indexer renders it
// (addr), the one a string of it gets too.
func (in *interner) addr(a ledgerapi.Address) *gql.Cell {
	slot := &in.recentAddrs[(int(a[31])|int(a[30])<<8)&(recentSlots-1)]
	if slot.c != nil && slot.a == a {
		return slot.c
	}
	c, ok := in.addrs[a]
	if !ok {
		c = in.cell(addr(a))
		in.addrs[a] = c
	}
	slot.a, slot.c = a, c
	return c
}

// num returns the interned cell of an unsigned integer, rendering it
// only when it is new.
func (in *interner) num(v uint64) *gql.Cell {
	if v < smallNums && in.small[v] != nil {
		return in.small[v]
	}
	var buf [20]byte
	b := strconv.AppendUint(buf[:0], v, 10)
	c, ok := in.nums[string(b)]
	if !ok {
		c = in.cell(json.Number(b))
	}
	if v < smallNums {
		in.small[v] = c
	}
	return c
}

// eventIndex returns the interned cell of an event index, -1 for a
// transaction's gas fee.
func (in *interner) eventIndex(i int64) *gql.Cell {
	if i >= 0 {
		return in.num(uint64(i))
	}
	return in.cell(inum(i))
}

// typeName returns the interned cell of a type's canonical name (as
// TypeTag.String renders it), rendering a struct type without type
// arguments only the first time.
func (in *interner) typeName(t ledgerapi.TypeTag) *gql.Cell {
	st := t.Struct
	if t.Kind != ledgerapi.KindStruct || st == nil || len(st.TypeArgs) > 0 {
		return in.cell(t.String())
	}
	k := tagKey{a: st.Address, module: st.Module, name: st.Name}
	if c, ok := in.types[k]; ok {
		return c
	}
	c := in.cell(t.String())
	if len(in.types) < maxTypesCached {
		in.types[k] = c
	}
	return c
}

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
