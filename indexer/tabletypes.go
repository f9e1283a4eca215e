package indexer

import (
	"encoding/json"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
)

// The types of tables. A table item's bytes do not say what they hold: as
// Aptos's table-info service does, the indexer learns a table's key and
// value types where the table first appears in state, inside a resource
// or a table item written with it, and decodes the table's items with
// them (table_items.decoded_key/decoded_value, table_metadatas).

// tableType is a table's key and value types.
type tableType struct{ key, value ledgerapi.TypeTag }

// tagKey is a struct type in the cache of types that can hold a table;
// args is set for generic types only, so most lookups allocate nothing.
type tagKey struct {
	a            ledgerapi.Address
	module, name string
	args         string
}

// maxTypesCached bounds the cache of which types can hold a table.
const maxTypesCached = 1 << 16

// maxTableNesting bounds the walk of a type's layout for tables.
const maxTableNesting = 16

// learnTableTypes records the tables held by the transaction's resources
// and, as far as nesting is known, by its table items.
func (s *state) learnTableTypes(x *tx) {
	if s.resolver == nil {
		return
	}
	for i := range x.t.Changes {
		w := &x.t.Changes[i]
		if w.Key.Kind == storage.StateResource && !w.Deleted && s.structMayHoldTable(&w.Key.Resource) {
			s.scanTables(ledgerapi.StructType(w.Key.Resource), w.Value)
		}
	}
	// A table created inside another's item: learn the outer table first.
	var scanned map[int]bool
	for progress := true; progress; {
		progress = false
		for i := range x.t.Changes {
			w := &x.t.Changes[i]
			if w.Key.Kind != storage.StateTableItem || w.Deleted || scanned[i] {
				continue
			}
			if tt, ok := s.tableTypes[w.Key.Handle]; ok {
				if scanned == nil {
					scanned = map[int]bool{}
				}
				scanned[i] = true
				before := len(s.tableTypes)
				s.scanTables(tt.value, w.Value)
				progress = progress || len(s.tableTypes) > before
			}
		}
	}
}

// scanTables records the tables a value of type t holds.
func (s *state) scanTables(t ledgerapi.TypeTag, b []byte) {
	if !s.mayHoldTable(t, 0) {
		return
	}
	_, _ = movevalue.Codec{Resolver: s.resolver, OnTable: func(h ledgerapi.Address, k, v ledgerapi.TypeTag) {
		if _, ok := s.tableTypes[h]; !ok {
			s.tableTypes[h] = tableType{key: k, value: v}
		}
	}}.BCSToJSON(t, b)
}

// structMayHoldTable is mayHoldTable of a struct type, answered from the
// cache without making a TypeTag when it knows the type (most
// resources written).
func (s *state) structMayHoldTable(st *ledgerapi.StructTag) bool {
	if len(st.TypeArgs) == 0 {
		if v, ok := s.holdsTable[tagKey{a: st.Address, module: st.Module, name: st.Name}]; ok {
			return v
		}
	}
	return s.mayHoldTable(ledgerapi.StructType(*st), 0)
}

// mayHoldTable reports whether a value of type t can hold a table.
func (s *state) mayHoldTable(t ledgerapi.TypeTag, depth int) bool {
	if depth > maxTableNesting {
		return false
	}
	switch t.Kind {
	case ledgerapi.KindVector:
		return t.Elem != nil && s.mayHoldTable(*t.Elem, depth+1)
	case ledgerapi.KindStruct:
	default:
		return false
	}
	st := t.Struct
	if st == nil {
		return false
	}
	if st.Address == ledgerapi.AddressOne {
		switch {
		case st.Module == "table" && st.Name == "Table":
			return true
		case st.Module == "string" && st.Name == "String", st.Module == "object" && st.Name == "Object":
			return false
		}
	}
	key := tagKey{a: st.Address, module: st.Module, name: st.Name}
	if len(st.TypeArgs) > 0 {
		key.args = st.String()
	}
	if v, ok := s.holdsTable[key]; ok {
		return v
	}
	l, err := s.resolver.StructLayout(*st)
	holds := false
	if err == nil && l != nil {
		for _, f := range l.Fields {
			if s.mayHoldTable(f.Type, depth+1) {
				holds = true
				break
			}
		}
	}
	// An unknown layout is not cached: its module may come later.
	if err == nil && l != nil && len(s.holdsTable) < maxTypesCached {
		s.holdsTable[key] = holds
	}
	return holds
}

// decodeTableItem renders a table item's key and value (nil when deleted)
// as JSON when the table's types are known, else as hex.
func (s *state) decodeTableItem(w *storage.WriteOp) (key, value json.RawMessage, tt tableType, known bool) {
	key = rawHexJSON(w.Key.Key)
	if !w.Deleted {
		value = rawHexJSON(w.Value)
	}
	tt, known = s.tableTypes[w.Key.Handle]
	if !known || s.resolver == nil {
		return key, value, tt, known
	}
	c := movevalue.Codec{Resolver: s.resolver}
	if out, err := c.BCSToJSON(tt.key, w.Key.Key); err == nil {
		key = out
	}
	if !w.Deleted {
		if out, err := c.BCSToJSON(tt.value, w.Value); err == nil {
			value = out
		}
	}
	return key, value, tt, known
}
