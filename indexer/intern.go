package indexer

import "encoding/json"

// maxInterned is the longest string or number interned: addresses (66
// characters), type names and timestamps repeat across rows, long values
// (signatures, event data) seldom do.
const maxInterned = 96

// interner shares one boxed copy of each short string and number stored
// in rows, so a value repeated across rows and tables (an address, a
// version, a type name) costs its bytes once.
type interner struct {
	strs map[string]any
	nums map[string]any
}

func newInterner() *interner {
	return &interner{strs: map[string]any{}, nums: map[string]any{}}
}

// value returns v, or the interned equal value stored before.
func (in *interner) value(v any) any {
	switch x := v.(type) {
	case string:
		return in.intern(in.strs, x, v)
	case json.Number:
		return in.intern(in.nums, string(x), v)
	}
	return v
}

func (in *interner) intern(m map[string]any, s string, v any) any {
	if len(s) > maxInterned {
		return v
	}
	if w, ok := m[s]; ok {
		return w
	}
	m[s] = v
	return v
}
