package gql

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// orderTerm is one key of order_by: a column reached through zero or
// more object relationships.
type orderTerm struct {
	rels       []*Relationship
	col        Column
	desc       bool
	nullsFirst bool
}

// arg returns an argument's value, variables substituted.
func (e *executor) arg(f *ast.Field, name string) (any, error) {
	a := f.Arguments.ForName(name)
	if a == nil {
		return nil, nil
	}
	return valueOf(a.Value, e.vars, 0)
}

// selectRows applies where, order_by, distinct_on, offset and limit (the
// limit capped by the table's RowCap when capped) to candidate rows;
// exact says the candidates are the where's matches (Selector.Select),
// which then needs no evaluation.
func (e *executor) selectRows(t *tableInfo, f *ast.Field, cands []Row, path string, capped, exact bool) ([]Row, error) {
	args := path + ".args"
	wv, err := e.arg(f, "where")
	if err != nil {
		return nil, err
	}
	where, err := e.compileWhere(t, wv, args+".where", 0)
	if err != nil {
		return nil, err
	}
	if exact {
		wv = nil
	}
	ov, err := e.arg(f, "order_by")
	if err != nil {
		return nil, err
	}
	var terms []orderTerm
	for i, x := range InputList(ov) {
		if terms, err = e.compileOrder(t, x, nil, terms, fmt.Sprintf("%s.order_by[%d]", args, i), 0); err != nil {
			return nil, err
		}
	}
	dv, err := e.arg(f, "distinct_on")
	if err != nil {
		return nil, err
	}
	var distinct []string
	for _, x := range InputList(dv) {
		s, ok := x.(string)
		if _, known := t.cols[s]; !ok || !known {
			return nil, &Error{Message: fmt.Sprintf("expected one of the values of %s_select_column, but found %s", t.Name, kindName(x)), Path: args + ".distinct_on", Code: "validation-failed"}
		}
		distinct = append(distinct, s)
	}
	if len(distinct) > 0 {
		if terms, err = distinctOrder(t, distinct, terms, args); err != nil {
			return nil, err
		}
	}
	limit, err := e.intArg(f, "limit", args)
	if err != nil {
		return nil, err
	}
	offset, err := e.intArg(f, "offset", args)
	if err != nil {
		return nil, err
	}
	if capped && t.RowCap > 0 && (limit < 0 || limit > t.RowCap) {
		limit = t.RowCap
	}
	stopAt := -1 // without ordering, matching stops once enough rows are found
	if len(terms) == 0 && limit >= 0 {
		stopAt = offset + limit
	}
	// Without where every row matches: out is a prefix of cands, shared
	// rather than copied (nothing below writes into it).
	var out []Row
	passed := 0
	for i, row := range cands {
		if stopAt >= 0 && passed >= stopAt {
			break
		}
		if i%4096 == 0 {
			if err := e.check(min(4096, len(cands)-i), 0); err != nil {
				return nil, err
			}
		}
		if wv == nil {
			passed++
			continue
		}
		ok, err := where(row)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, row)
			passed++
		}
	}
	if wv == nil {
		out = cands[:passed:passed]
	}
	if len(terms) > 0 {
		keep := -1 // only the first offset+limit rows matter when nothing is dropped after sorting
		if limit >= 0 && len(distinct) == 0 {
			keep = offset + limit
		}
		if out, err = e.sortRows(out, terms, keep); err != nil {
			return nil, err
		}
	}
	if len(distinct) > 0 {
		out = distinctRows(t, out, distinct)
	}
	if offset >= len(out) {
		return nil, nil
	}
	out = out[offset:]
	if limit >= 0 && limit < len(out) {
		out = out[:limit]
	}
	return out, nil
}

// intArg reads limit or offset: -1 when absent or null.
func (e *executor) intArg(f *ast.Field, name, args string) (int, error) {
	v, err := e.arg(f, name)
	if err != nil || v == nil {
		return -1 + boolInt(name == "offset"), err
	}
	n, ok := v.(json.Number)
	i, perr := n.Int64()
	if !ok || perr != nil || i > math.MaxInt32 || i < math.MinInt32 {
		return 0, typeError("a 32-bit integer", TypeInt, v, args+"."+name)
	}
	if i < 0 {
		return 0, &Error{Message: fmt.Sprintf("unexpected negative value for %s", name), Path: args + "." + name, Code: "validation-failed"}
	}
	return int(i), nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compileOrder appends the terms of one NAME_order_by object.
func (e *executor) compileOrder(t *tableInfo, v any, rels []*Relationship, terms []orderTerm, path string, depth int) ([]orderTerm, error) {
	if v == nil {
		return terms, nil
	}
	if depth > maxValueDepth {
		return nil, &Error{Message: "order_by nested too deeply", Path: path, Code: "validation-failed"}
	}
	o, ok := v.(obj)
	if !ok {
		return nil, typeError("an object", t.Name+"_order_by", v, path)
	}
	for _, f := range o {
		p := path + "." + f.k
		if f.v == nil {
			continue
		}
		if col, ok := t.cols[f.k]; ok {
			dir, _ := f.v.(string)
			term := orderTerm{rels: rels, col: col}
			switch dir {
			case "asc", "asc_nulls_last":
			case "asc_nulls_first":
				term.nullsFirst = true
			case "desc", "desc_nulls_first":
				term.desc, term.nullsFirst = true, true
			case "desc_nulls_last":
				term.desc = true
			default:
				msg := fmt.Sprintf("expected an enum value for type 'order_by', but found %s", kindName(f.v))
				if s, ok := f.v.(string); ok {
					msg = fmt.Sprintf("expected one of the values %s for type 'order_by', but found '%s'", enumValuesText("order_by"), s)
				}
				return nil, &Error{Message: msg, Path: p, Code: "validation-failed"}
			}
			terms = append(terms, term)
			continue
		}
		r := t.rels[f.k]
		if r == nil || r.Array {
			return nil, &Error{Message: fmt.Sprintf("field %q not found in type: '%s_order_by'", f.k, t.Name), Path: p, Code: "validation-failed"}
		}
		var err error
		sub := append(append([]*Relationship(nil), rels...), r)
		if terms, err = e.compileOrder(e.h.c.tables[r.Table], f.v, sub, terms, p, depth+1); err != nil {
			return nil, err
		}
	}
	return terms, nil
}

// distinctOrder checks that order_by begins with the distinct_on columns
// (Hasura's rule); without order_by the rows are ordered by them.
func distinctOrder(t *tableInfo, distinct []string, terms []orderTerm, args string) ([]orderTerm, error) {
	if len(terms) == 0 {
		for _, c := range distinct {
			terms = append(terms, orderTerm{col: t.cols[c]})
		}
		return terms, nil
	}
	set := map[string]bool{}
	for _, c := range distinct {
		set[c] = true
	}
	if len(terms) < len(set) {
		return nil, distinctError(args)
	}
	for _, term := range terms[:len(set)] {
		if len(term.rels) > 0 || !set[term.col.Name] {
			return nil, distinctError(args)
		}
	}
	return terms, nil
}

func distinctError(args string) error {
	return &Error{Message: `"distinct_on" columns must match initial "order_by" columns`, Path: args, Code: "validation-failed"}
}

// distinctRows keeps the first row of each distinct_on value.
func distinctRows(t *tableInfo, rows []Row, cols []string) []Row {
	seen := map[string]bool{}
	var out []Row
	readers := make([]column, len(cols))
	for i, c := range cols {
		readers[i].name = c
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range cols {
			if v := readers[i].get(r); v == nil {
				b.WriteString("null")
			} else if n, ok := normalize(t.cols[c].Type, v); ok {
				b.WriteString(valueKey(n))
			} else {
				b.WriteString(valueKey(v))
			}
			b.WriteByte(0)
		}
		if k := b.String(); !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

// sortRows orders rows by the terms, stably (ties keep source order),
// and returns the first keep rows (all when keep < 0). Nulls sort last
// ascending and first descending unless told otherwise.
func (e *executor) sortRows(rows []Row, terms []orderTerm, keep int) ([]Row, error) {
	if err := e.check(len(rows)*len(terms), 0); err != nil {
		return nil, err
	}
	keys := make([][]any, len(rows))
	readers := make([]column, len(terms))
	for j, term := range terms {
		readers[j].name = term.col.Name
	}
	for i, r := range rows {
		k := make([]any, len(terms))
		for j, term := range terms {
			cur := r
			for _, rel := range term.rels {
				m, err := e.related(rel, cur)
				if err != nil {
					return nil, err
				}
				if len(m) == 0 {
					cur = Row{}
					break
				}
				cur = m[0]
			}
			if v := readers[j].get(cur); v != nil {
				if n, ok := normalize(term.col.Type, v); ok {
					k[j] = n
				}
			}
		}
		keys[i] = k
	}
	less := func(a, b int) bool {
		ka, kb := keys[a], keys[b]
		for j, term := range terms {
			x, y := ka[j], kb[j]
			switch {
			case x == nil && y == nil:
				continue
			case x == nil:
				return term.nullsFirst
			case y == nil:
				return !term.nullsFirst
			}
			c := compareNorm(x, y)
			if c == 0 {
				continue
			}
			return c < 0 != term.desc
		}
		return a < b
	}
	idx := make([]int, 0, len(rows))
	if keep >= 0 && keep < len(rows)/2 {
		idx = topK(len(rows), keep, less)
	} else {
		for i := range rows {
			idx = append(idx, i)
		}
		sort.Slice(idx, func(a, b int) bool { return less(idx[a], idx[b]) })
	}
	out := make([]Row, len(idx))
	for i, j := range idx {
		out[i] = rows[j]
	}
	return out, nil
}

// topK returns the k least of 0..n-1 under less (a total order), sorted:
// a bounded max-heap, O(n log k).
func topK(n, k int, less func(a, b int) bool) []int {
	if k == 0 {
		return []int{}
	}
	h := make([]int, 0, k)
	down := func(i int) {
		for {
			l, big := 2*i+1, i
			if l < len(h) && less(h[big], h[l]) {
				big = l
			}
			if r := l + 1; r < len(h) && less(h[big], h[r]) {
				big = r
			}
			if big == i {
				return
			}
			h[i], h[big] = h[big], h[i]
			i = big
		}
	}
	for i := 0; i < n; i++ {
		if len(h) < k {
			h = append(h, i)
			for j := len(h) - 1; j > 0; {
				p := (j - 1) / 2
				if !less(h[p], h[j]) {
					break
				}
				h[p], h[j] = h[j], h[p]
				j = p
			}
			continue
		}
		if less(i, h[0]) {
			h[0] = i
			down(0)
		}
	}
	sort.Slice(h, func(a, b int) bool { return less(h[a], h[b]) })
	return h
}
