package movevalue

import (
	"slices"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// variantKey is the JSON key of an enum value's variant name.
const variantKey = "__variant__"

// variantValue renders the BCS of an enum value of layout l: its variant
// tag, then that variant's fields, as the object {"__variant__": name,
// field: value, …} with its keys sorted, as the other structs' are.
func (dd *jsonDecoder) variantValue(dst []byte, st *ledgerapi.StructTag, l *StructLayout, depth int) ([]byte, error) {
	d := dd.d
	idx := d.ULEB128("enum variant")
	if d.Failed() {
		return dst, dd.p.wrap(d.Err())
	}
	if int(idx) >= len(l.Variants) {
		return dst, dd.fail(bcs.ErrInvalidValue, st.String(), "variant %d of an enum of %d", idx, len(l.Variants))
	}
	v := &l.Variants[idx]
	type member struct {
		key string
		val []byte
	}
	members := make([]member, 0, len(v.Fields)+1)
	members = append(members, member{variantKey, appendString(nil, []byte(v.Name))})
	for _, f := range v.Fields {
		dd.p.push(f.Name)
		val, err := dd.value(nil, f.Type, depth+1)
		if err != nil {
			return dst, err
		}
		dd.p.pop()
		members = append(members, member{f.Name, val})
	}
	slices.SortStableFunc(members, func(a, b member) int { return strings.Compare(a.key, b.key) })
	dst = append(dst, '{')
	for i, m := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendKey(dst, m.key)
		dst = append(dst, m.val...)
	}
	return append(dst, '}'), nil
}
