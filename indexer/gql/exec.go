package gql

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// executor runs one operation; it lives for one request.
type executor struct {
	ctx       context.Context
	h         *handler
	src       Source // h.src, or the request's snapshot of it
	doc       *ast.QueryDocument
	vars      map[string]any
	tables    map[string][]Row
	indexes   map[string]map[string][]Row
	processed int
	scanned   int
}

func newExecutor(ctx context.Context, h *handler, src Source, doc *ast.QueryDocument, vars map[string]any) *executor {
	return &executor{ctx: ctx, h: h, src: src, doc: doc, vars: vars, tables: map[string][]Row{}, indexes: map[string]map[string][]Row{}}
}

// fieldGroup is the fields answering one response key, merged.
type fieldGroup struct {
	key    string
	fields []*ast.Field
}

// name is the schema field a group selects.
func (g *fieldGroup) name() string { return g.fields[0].Name }

// field is the group's first field (its arguments are the group's).
func (g *fieldGroup) field() *ast.Field { return g.fields[0] }

// sub is the union of the group's selection sets.
func (g *fieldGroup) sub() ast.SelectionSet {
	if len(g.fields) == 1 {
		return g.fields[0].SelectionSet
	}
	var s ast.SelectionSet
	for _, f := range g.fields {
		s = append(s, f.SelectionSet...)
	}
	return s
}

// collect groups the fields a selection set selects on typeName, with
// fragments expanded and @skip/@include applied.
func (e *executor) collect(typeName string, sel ast.SelectionSet) ([]*fieldGroup, error) {
	var groups []*fieldGroup
	byKey := map[string]*fieldGroup{}
	var walk func(sel ast.SelectionSet, depth int) error
	walk = func(sel ast.SelectionSet, depth int) error {
		if depth > maxValueDepth {
			return &Error{Message: "fragments nested too deeply", Path: "$", Code: "validation-failed"}
		}
		for _, s := range sel {
			switch s := s.(type) {
			case *ast.Field:
				if !e.included(s.Directives) {
					continue
				}
				k := responseKey(s)
				if g := byKey[k]; g != nil {
					g.fields = append(g.fields, s)
					continue
				}
				g := &fieldGroup{key: k, fields: []*ast.Field{s}}
				byKey[k] = g
				groups = append(groups, g)
			case *ast.InlineFragment:
				if !e.included(s.Directives) || (s.TypeCondition != "" && s.TypeCondition != typeName) {
					continue
				}
				if err := walk(s.SelectionSet, depth+1); err != nil {
					return err
				}
			case *ast.FragmentSpread:
				f := e.doc.Fragments.ForName(s.Name)
				if f == nil || !e.included(s.Directives) || f.TypeCondition != typeName {
					continue
				}
				if err := walk(f.SelectionSet, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return groups, walk(sel, 0)
}

// included applies @skip(if:) and @include(if:).
func (e *executor) included(ds ast.DirectiveList) bool {
	for _, d := range ds {
		if d.Name != "skip" && d.Name != "include" {
			continue
		}
		v, _ := valueOf(d.Arguments.ForName("if").Value, e.vars, 0)
		b, _ := v.(bool)
		if d.Name == "skip" && b || d.Name == "include" && !b {
			return false
		}
	}
	return true
}

// check counts work and fails when a bound is passed.
func (e *executor) check(scanned, processed int) error {
	e.scanned += scanned
	e.processed += processed
	if e.processed > e.h.opts.MaxRows {
		return &Error{Message: fmt.Sprintf("the query returns more than %d rows; narrow it with where or limit", e.h.opts.MaxRows), Path: "$", Code: "unexpected"}
	}
	if e.scanned > e.h.opts.MaxScan {
		return &Error{Message: fmt.Sprintf("the query examines more than %d rows; narrow it with where or limit", e.h.opts.MaxScan), Path: "$", Code: "unexpected"}
	}
	if err := e.ctx.Err(); err != nil {
		return &Error{Message: "the query took too long: " + err.Error(), Path: "$", Code: "unexpected"}
	}
	return nil
}

// rows returns a table's snapshot, read once per request.
func (e *executor) rows(table string) ([]Row, error) {
	if r, ok := e.tables[table]; ok {
		return r, nil
	}
	r, err := e.src.Rows(e.ctx, table)
	if err != nil {
		return nil, &Error{Message: "could not read table " + table + ": " + err.Error(), Path: "$", Code: "unexpected"}
	}
	e.tables[table] = r
	return r, nil
}

// related returns the rows of r.Table joined to row, through an index of
// the target by its join columns built once per request.
func (e *executor) related(r *Relationship, row Row) ([]Row, error) {
	from, to, id := joinColumns(r)
	if _, ok := e.src.(Selector); ok {
		return e.relatedSelected(r, id, from, to, []Row{row})
	}
	idx, ok := e.indexes[id]
	if !ok {
		target, err := e.rows(r.Table)
		if err != nil {
			return nil, err
		}
		if err := e.check(len(target), 0); err != nil {
			return nil, err
		}
		idx = map[string][]Row{}
		for _, t := range target {
			if k, ok := joinKey(t, to); ok {
				idx[k] = append(idx[k], t)
			}
		}
		e.indexes[id] = idx
	}
	k, ok := joinKey(row, from)
	if !ok {
		return nil, nil
	}
	return idx[k], nil
}

// joinKey is the key of a row's join columns; false when one is null
// (null never joins).
func joinKey(row Row, cols []string) (string, bool) {
	var b strings.Builder
	for _, c := range cols {
		v := row.Get(c)
		if v == nil {
			return "", false
		}
		b.WriteString(valueKey(v))
		b.WriteByte(0)
	}
	return b.String(), true
}

// root executes the operation's selection on query_root.
func (e *executor) root(op *ast.OperationDefinition) ([]byte, error) {
	groups, err := e.collect("query_root", op.SelectionSet)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, g := range groups {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(&b, g.key)
		b.WriteByte(':')
		path := "$.selectionSet." + g.key
		switch g.name() {
		case "__typename":
			writeString(&b, "query_root")
			continue
		case "__schema", "__type":
			if err := e.introspect(&b, g, path); err != nil {
				return nil, err
			}
			continue
		}
		rf, ok := e.h.c.roots[g.name()]
		if !ok {
			return nil, &Error{Message: fmt.Sprintf("field '%s' not found in type: 'query_root'", g.name()), Path: path, Code: "validation-failed"}
		}
		switch rf.kind {
		case rootRows:
			all, exact, err := e.candidates(rf.table, g.field(), path, true)
			if err != nil {
				return nil, err
			}
			rows, err := e.selectRows(rf.table, g.field(), all, path, true, exact)
			if err != nil {
				return nil, err
			}
			if err := e.writeRows(&b, rf.table, rows, g.sub(), path); err != nil {
				return nil, err
			}
		case rootAggregate:
			if done, err := e.pushCount(&b, rf.table, g, path); done || err != nil {
				if err != nil {
					return nil, err
				}
				continue
			}
			all, exact, err := e.candidates(rf.table, g.field(), path, false)
			if err != nil {
				return nil, err
			}
			if err := e.aggregate(&b, rf.table, g, all, path, exact); err != nil {
				return nil, err
			}
		case rootByPK:
			if err := e.byPK(&b, rf.table, g, path); err != nil {
				return nil, err
			}
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// byPK answers NAME_by_pk: the row whose key columns equal the arguments.
func (e *executor) byPK(b *bytes.Buffer, t *tableInfo, g *fieldGroup, path string) error {
	var conds []func(Row) (bool, error)
	key := map[string]any{}
	for _, pk := range t.PrimaryKey {
		a := g.field().Arguments.ForName(pk)
		var v any
		var err error
		if a != nil {
			if v, err = valueOf(a.Value, e.vars, 0); err != nil {
				return err
			}
		}
		p, err := e.compileOp(t.cols[pk], "_eq", v, path+".args."+pk)
		if err != nil {
			return err
		}
		conds = append(conds, p)
		key[pk] = map[string]any{"_eq": toJSON(v)}
	}
	all, err := e.rowsWhere(t.Name, key)
	if err != nil {
		return err
	}
	if err := e.check(len(all), 0); err != nil {
		return err
	}
next:
	for _, row := range all {
		for _, c := range conds {
			ok, err := c(row)
			if err != nil {
				return err
			}
			if !ok {
				continue next
			}
		}
		if err := e.check(0, 1); err != nil {
			return err
		}
		return e.writeRow(b, t, row, g.sub(), path)
	}
	b.WriteString("null")
	return nil
}

// writeRows writes a JSON list of rows.
func (e *executor) writeRows(b *bytes.Buffer, t *tableInfo, rows []Row, sel ast.SelectionSet, path string) error {
	if err := e.check(0, len(rows)); err != nil {
		return err
	}
	groups, err := e.collect(t.Name, sel)
	if err != nil {
		return err
	}
	if err := e.prefetch(t, rows, sel, 0); err != nil {
		return err
	}
	var cols []column
	if len(rows) > 1 {
		cols = columnsOf(groups)
	}
	b.WriteByte('[')
	for i, row := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := e.writeFields(b, t, row, groups, cols, path); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// writeRow writes one row as a JSON object.
func (e *executor) writeRow(b *bytes.Buffer, t *tableInfo, row Row, sel ast.SelectionSet, path string) error {
	groups, err := e.collect(t.Name, sel)
	if err != nil {
		return err
	}
	return e.writeFields(b, t, row, groups, nil, path)
}

// writeFields writes the selected fields of a row; cols, when not nil,
// reads the columns of groups (see columnsOf: worth it over many rows).
func (e *executor) writeFields(b *bytes.Buffer, t *tableInfo, row Row, groups []*fieldGroup, cols []column, path string) error {
	b.WriteByte('{')
	for i, g := range groups {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, g.key)
		b.WriteByte(':')
		name := g.name()
		if name == "__typename" {
			writeString(b, t.Name)
			continue
		}
		if _, ok := t.cols[name]; ok {
			if cols != nil {
				writeScalar(b, cols[i].get(row))
			} else {
				writeScalar(b, row.Get(name))
			}
			continue
		}
		p := path + ".selectionSet." + g.key
		r := t.rels[name]
		agg := false
		if r == nil && strings.HasSuffix(name, "_aggregate") {
			r, agg = t.rels[strings.TrimSuffix(name, "_aggregate")], true
		}
		if r == nil {
			return &Error{Message: fmt.Sprintf("field '%s' not found in type: '%s'", name, t.Name), Path: p, Code: "validation-failed"}
		}
		target := e.h.c.tables[r.Table]
		matches, err := e.related(r, row)
		if err != nil {
			return err
		}
		switch {
		case agg:
			err = e.aggregate(b, target, g, matches, p, false)
		case r.Array:
			var rows []Row
			if rows, err = e.selectRows(target, g.field(), matches, p, true, false); err == nil {
				err = e.writeRows(b, target, rows, g.sub(), p)
			}
		case len(matches) == 0:
			b.WriteString("null")
		default:
			if err = e.check(0, 1); err == nil {
				err = e.writeRow(b, target, matches[0], g.sub(), p)
			}
		}
		if err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}
