package gql

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// How the executor reads from a Selector: a root selection fetches the
// rows its where may pass (ordered and cut to the rows needed when it
// can), by_pk the row of its key, and relationships the rows of the keys
// of the rows being written, in batches (one statement per relationship
// per list of rows, nested relationships likewise), never a whole table.

// maxKeysPerSelect bounds the keys of one relationship fetch.
const maxKeysPerSelect = 1000

// selectError wraps a Selector's error as a read failure.
func selectError(table string, err error) error {
	return &Error{Message: "could not read table " + table + ": " + err.Error(), Path: "$", Code: "unexpected"}
}

// candidates returns the rows a root selection of t evaluates: the whole
// table from Rows, or what a Selector fetches for the selection's where,
// order_by and limit; exact says they are the where's matches.
func (e *executor) candidates(t *tableInfo, f *ast.Field, path string, capped bool) ([]Row, bool, error) {
	sel, ok := e.src.(Selector)
	if !ok {
		all, err := e.rows(t.Name)
		return all, false, err
	}
	args := path + ".args"
	wv, err := e.arg(f, "where")
	if err != nil {
		return nil, false, err
	}
	if _, err := e.compileWhere(t, wv, args+".where", 0); err != nil {
		return nil, false, err // invalid input fails before anything is read
	}
	ov, err := e.arg(f, "order_by")
	if err != nil {
		return nil, false, err
	}
	var terms []orderTerm
	for _, x := range InputList(ov) {
		if terms, err = e.compileOrder(t, x, nil, terms, args+".order_by", 0); err != nil {
			return nil, false, err
		}
	}
	q := Query{Table: t.Name, Where: toJSON(wv), Limit: -1}
	own := true
	for _, term := range terms {
		own = own && len(term.rels) == 0
		q.OrderBy = append(q.OrderBy, OrderColumn{Column: term.col.Name, Desc: term.desc, NullsFirst: term.nullsFirst})
	}
	if !own {
		q.OrderBy = nil
	}
	dv, err := e.arg(f, "distinct_on")
	if err != nil {
		return nil, false, err
	}
	limit, err := e.intArg(f, "limit", args)
	if err != nil {
		return nil, false, err
	}
	offset, err := e.intArg(f, "offset", args)
	if err != nil {
		return nil, false, err
	}
	if capped && t.RowCap > 0 && (limit < 0 || limit > t.RowCap) {
		limit = t.RowCap
	}
	if own && dv == nil && limit >= 0 {
		q.Limit = offset + limit
	}
	rows, exact, err := sel.Select(e.ctx, q)
	if err != nil {
		return nil, false, selectError(t.Name, err)
	}
	if err := e.check(len(rows), 0); err != nil {
		return nil, false, err
	}
	// An order_by through relationships reads them for every row: fetch
	// them in batches first.
	for _, term := range terms {
		cur := rows
		for _, r := range term.rels {
			if cur, err = e.relatedOf(r, cur); err != nil {
				return nil, false, err
			}
		}
	}
	return rows, exact, nil
}

// rowsWhere returns the rows of table that may pass where: a Selector's
// fetch, or the whole table.
func (e *executor) rowsWhere(table string, where map[string]any) ([]Row, error) {
	sel, ok := e.src.(Selector)
	if !ok {
		return e.rows(table)
	}
	rows, _, err := sel.Select(e.ctx, Query{Table: table, Where: where, Limit: -1})
	if err != nil {
		return nil, selectError(table, err)
	}
	return rows, nil
}

// relatedOf fetches, in batches, the rows of r related to rows that were
// not fetched yet, and returns every row related to rows.
func (e *executor) relatedOf(r *Relationship, rows []Row) ([]Row, error) {
	from, to, id := joinColumns(r)
	return e.relatedSelected(r, id, from, to, rows)
}

// joinColumns returns a relationship's columns on both sides, in one
// order, and the id of its index.
func joinColumns(r *Relationship) (from, to []string, id string) {
	from = slices.Sorted(maps.Keys(r.On))
	to = make([]string, len(from))
	for i, f := range from {
		to[i] = r.On[f]
	}
	return from, to, r.Table + "\x00" + strings.Join(to, "\x00")
}

// relatedSelected is related over a Selector: the keys of rows not
// fetched yet are fetched (at most maxKeysPerSelect per statement) into
// the request's index of the target by its join columns; it returns the
// rows related to rows.
func (e *executor) relatedSelected(r *Relationship, id string, from, to []string, rows []Row) ([]Row, error) {
	idx := e.indexes[id]
	if idx == nil {
		idx = map[string][]Row{}
		e.indexes[id] = idx
	}
	var missing []string
	vals := make([][]any, len(from))
	seen := map[string]bool{}
	for _, row := range rows {
		k, ok := joinKey(row, from)
		if _, fetched := idx[k]; !ok || fetched || seen[k] {
			continue
		}
		seen[k] = true
		missing = append(missing, k)
		for i, c := range from {
			vals[i] = append(vals[i], row.Get(c))
		}
	}
	for start := 0; start < len(missing); start += maxKeysPerSelect {
		end := min(start+maxKeysPerSelect, len(missing))
		where := map[string]any{}
		for i, c := range to {
			where[c] = map[string]any{"_in": vals[i][start:end]}
		}
		got, err := e.rowsWhere(r.Table, where)
		if err != nil {
			return nil, err
		}
		if err := e.check(len(got), 0); err != nil {
			return nil, err
		}
		for _, k := range missing[start:end] {
			idx[k] = []Row{}
		}
		for _, g := range got {
			if k, ok := joinKey(g, to); ok {
				if _, asked := idx[k]; asked {
					idx[k] = append(idx[k], g)
				}
			}
		}
	}
	var out []Row
	for _, row := range rows {
		if k, ok := joinKey(row, from); ok {
			out = append(out, idx[k]...)
		}
	}
	return out, nil
}

// prefetch fetches, in batches, the relationships a selection of rows of
// t writes, and theirs in turn.
func (e *executor) prefetch(t *tableInfo, rows []Row, sel ast.SelectionSet, depth int) error {
	if _, ok := e.src.(Selector); !ok || len(rows) < 2 || depth > maxValueDepth {
		return nil
	}
	groups, err := e.collect(t.Name, sel)
	if err != nil {
		return err
	}
	for _, g := range groups {
		r := t.rels[g.name()]
		if r == nil {
			r = t.rels[strings.TrimSuffix(g.name(), "_aggregate")]
		}
		if r == nil {
			continue
		}
		got, err := e.relatedOf(r, rows)
		if err != nil {
			return err
		}
		if err := e.prefetch(e.h.c.tables[r.Table], got, g.sub(), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// countOnly reports whether an aggregate selection asks for nothing but
// count over the where's matches (and __typename).
func (e *executor) countOnly(t *tableInfo, g *fieldGroup) (bool, error) {
	for _, a := range g.field().Arguments {
		if a.Name != "where" {
			return false, nil
		}
	}
	groups, err := e.collect(t.Name+"_aggregate", g.sub())
	if err != nil {
		return false, err
	}
	for _, sg := range groups {
		switch sg.name() {
		case "__typename":
			continue
		case "aggregate":
		default:
			return false, nil
		}
		fields, err := e.collect(t.Name+"_aggregate_fields", sg.sub())
		if err != nil {
			return false, err
		}
		for _, f := range fields {
			if f.name() != "__typename" && (f.name() != "count" || len(f.field().Arguments) > 0) {
				return false, nil
			}
		}
	}
	return true, nil
}

// pushCount answers an aggregate that only counts with Counter.Count;
// false when the source cannot (then nothing was written).
func (e *executor) pushCount(b *bytes.Buffer, t *tableInfo, g *fieldGroup, path string) (bool, error) {
	cnt, ok := e.src.(Counter)
	if !ok {
		return false, nil
	}
	if only, err := e.countOnly(t, g); !only || err != nil {
		return false, err
	}
	wv, err := e.arg(g.field(), "where")
	if err != nil {
		return false, err
	}
	if _, err := e.compileWhere(t, wv, path+".args.where", 0); err != nil {
		return false, err
	}
	n, exact, err := cnt.Count(e.ctx, Query{Table: t.Name, Where: toJSON(wv), Limit: -1})
	if err != nil {
		return false, selectError(t.Name, err)
	}
	if !exact {
		return false, nil
	}
	return true, e.writeObject(b, t.Name+"_aggregate", g, path, func(sg *fieldGroup, p string) (bool, error) {
		if sg.name() != "aggregate" {
			return false, nil
		}
		return true, e.writeObject(b, t.Name+"_aggregate_fields", sg, p, func(cg *fieldGroup, _ string) (bool, error) {
			if cg.name() != "count" {
				return false, nil
			}
			fmt.Fprintf(b, "%d", n)
			return true, nil
		})
	})
}
