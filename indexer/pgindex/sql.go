package pgindex

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// Select implements gql.Selector: one parameterised statement per call,
// its WHERE translated from q.Where (values are always parameters, never
// spliced into the text), ordered by q.OrderBy then the primary key, cut
// at q.Limit when the translation is exact. Parts it cannot translate
// exactly (jsonb comparisons) select every row there, so the rows are a
// superset the executor filters again; the fetch is bounded by MaxRows.
func (r *Reader) Select(ctx context.Context, q gql.Query) ([]gql.Row, bool, error) {
	t, ok := r.tables[q.Table]
	if !ok {
		return nil, false, fmt.Errorf("pgindex: unknown table %q", q.Table)
	}
	b := &builder{r: r}
	where, exact := b.where(t, "t", q.Where, 0)
	var order []string
	for _, o := range q.OrderBy {
		if _, ok := t.cols[o.Column]; !ok {
			return nil, false, fmt.Errorf("pgindex: %s has no column %q", q.Table, o.Column)
		}
		term := "t." + quote(o.Column)
		if o.Desc {
			term += " DESC"
		}
		if o.NullsFirst {
			term += " NULLS FIRST"
		} else {
			term += " NULLS LAST"
		}
		order = append(order, term)
	}
	key := orderByKey(t.def)
	if len(order) > 0 {
		key = " ORDER BY " + strings.Join(order, ", ") + ", " + strings.TrimPrefix(key, " ORDER BY ")
	}
	limit := -1
	if exact && q.Limit >= 0 {
		limit = q.Limit
	}
	if where == "true" {
		where = ""
	}
	rows, err := r.query(ctx, t, where, b.args, key, limit)
	return rows, exact, err
}

// builder collects a statement's parameters.
type builder struct {
	r    *Reader
	args []any
}

// param adds a parameter and returns its placeholder.
func (b *builder) param(v any) string {
	b.args = append(b.args, v)
	return fmt.Sprintf("$%d", len(b.args))
}

// maxDepth bounds the nesting translated (the executor validated the
// where with its own bound already).
const maxDepth = 32

// where translates a TABLE_bool_exp over the row alias a; exact is false
// when some part selects more rows than the expression does.
func (b *builder) where(t *tableSQL, a string, v any, depth int) (string, bool) {
	m, ok := v.(map[string]any)
	if v == nil || !ok || depth > maxDepth {
		return "true", v == nil
	}
	var parts []string
	exact := true
	for _, k := range slices.Sorted(maps.Keys(m)) {
		x := m[k]
		var s string
		ok := true
		switch k {
		case "_and", "_or":
			var subs []string
			for _, e := range gql.InputList(x) {
				sub, subExact := b.where(t, a, e, depth+1)
				subs = append(subs, sub)
				ok = ok && subExact
			}
			switch {
			case len(subs) == 0:
				s = "true"
			case k == "_and":
				s = "(" + strings.Join(subs, " AND ") + ")"
			case !ok:
				s = "true" // a superset of an OR is only safe whole
			default:
				s = "(" + strings.Join(subs, " OR ") + ")"
			}
		case "_not":
			if x == nil {
				continue
			}
			sub, subExact := b.where(t, a, x, depth+1)
			// The executor's logic has two values: a comparison with
			// NULL is false, and its negation true.
			s, ok = "NOT COALESCE("+sub+", false)", subExact
			if !ok {
				s = "true"
			}
		default:
			if c, isCol := t.cols[k]; isCol {
				s, ok = b.column(a, c, x)
			} else if rel := relationship(t.def, k); rel != nil {
				s, ok = b.related(a, rel, x, depth)
			} else {
				s, ok = "true", false
			}
		}
		parts = append(parts, s)
		exact = exact && ok
	}
	if len(parts) == 0 {
		return "true", exact
	}
	return "(" + strings.Join(parts, " AND ") + ")", exact
}

// related translates a relationship filter: some related row passes.
func (b *builder) related(a string, rel *gql.Relationship, v any, depth int) (string, bool) {
	if v == nil {
		return "true", true
	}
	target := b.r.tables[rel.Table]
	alias := fmt.Sprintf("r%d", depth+1)
	var on []string
	for _, from := range slices.Sorted(maps.Keys(rel.On)) {
		on = append(on, fmt.Sprintf("%s.%s = %s.%s", alias, quote(rel.On[from]), a, quote(from)))
	}
	sub, exact := b.where(target, alias, v, depth+1)
	return fmt.Sprintf("EXISTS (SELECT 1 FROM %s %s WHERE %s AND %s)", qualified(rel.Table), alias,
		strings.Join(on, " AND "), sub), exact
}

// comparisons are the SQL operators of the comparison operators.
var comparisons = map[string]string{"_eq": "=", "_neq": "<>", "_gt": ">", "_gte": ">=", "_lt": "<", "_lte": "<=",
	"_like": "LIKE", "_nlike": "NOT LIKE", "_ilike": "ILIKE", "_nilike": "NOT ILIKE"}

// column translates a TYPE_comparison_exp over one column.
func (b *builder) column(a string, c gql.Column, v any) (string, bool) {
	m, ok := v.(map[string]any)
	if !ok || c.Type == gql.TypeJSONB {
		return "true", v == nil
	}
	col := a + "." + quote(c.Name)
	cast := "::text::" + strings.Fields(sqlType(c.Type))[0]
	if c.Type != gql.TypeBoolean && sqlType(c.Type) != "numeric" {
		cast = `::text COLLATE "C"`
	}
	var parts []string
	for _, op := range slices.Sorted(maps.Keys(m)) {
		x := m[op]
		switch op {
		case "_is_null":
			isNull, _ := x.(bool)
			if isNull {
				parts = append(parts, col+" IS NULL")
			} else {
				parts = append(parts, col+" IS NOT NULL")
			}
		case "_in", "_nin":
			list := gql.InputList(x)
			texts := make([]string, 0, len(list))
			for _, e := range list {
				s, ok := textOf(e)
				if !ok {
					return "true", false
				}
				texts = append(texts, s)
			}
			arr := b.param(texts) + "::text[]"
			if cast != `::text COLLATE "C"` {
				arr += "::" + strings.Fields(sqlType(c.Type))[0] + "[]"
			}
			in := col + " = ANY(" + arr + ")"
			if op == "_nin" {
				// NULL is in no list and outside none, as the executor has it.
				in = col + " IS NOT NULL AND NOT (" + in + ")"
			}
			parts = append(parts, "("+in+")")
		default:
			sqlOp, known := comparisons[op]
			s, ok := textOf(x)
			if !known || !ok || strings.HasSuffix(op, "ilike") && !ascii(s) || strings.HasSuffix(op, "like") && hasNul(x) {
				// PostgreSQL's ILIKE folds only ASCII letters in the "C"
				// collation, the executor every letter: it filters these,
				// and patterns with a NUL byte (stored text holds none, so
				// dropping it as _eq's operand does would widen the match).
				return "true", false
			}
			if strings.HasSuffix(op, "like") {
				s = likePattern(s)
			}
			parts = append(parts, fmt.Sprintf("%s %s %s%s", col, sqlOp, b.param(s), cast))
		}
	}
	if len(parts) == 0 {
		return "true", true
	}
	return "(" + strings.Join(parts, " AND ") + ")", true
}

// textOf is an operand as the text cast to its column's type.
func textOf(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return withoutNul(x), true // as stored
	case json.Number:
		return string(x), true
	case bool:
		if x {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

func hasNul(v any) bool {
	s, ok := v.(string)
	return ok && strings.IndexByte(s, 0) >= 0
}

// likePattern is a LIKE pattern as the executor reads it: a backslash
// escapes the next character, and a last, unpaired backslash is itself
// (PostgreSQL rejects such a pattern: it is escaped here).
func likePattern(p string) string {
	for i := 0; i < len(p); i++ {
		if p[i] == '\\' {
			if i == len(p)-1 {
				return p + "\\"
			}
			i++
		}
	}
	return p
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func relationship(t *gql.Table, name string) *gql.Relationship {
	for i := range t.Relationships {
		if t.Relationships[i].Name == name {
			return &t.Relationships[i]
		}
	}
	return nil
}

// Count implements gql.Counter: SELECT count(*) with q.Where translated
// as by Select; not exact when the translation is not.
func (r *Reader) Count(ctx context.Context, q gql.Query) (int, bool, error) {
	t, ok := r.tables[q.Table]
	if !ok {
		return 0, false, fmt.Errorf("pgindex: unknown table %q", q.Table)
	}
	b := &builder{r: r}
	where, exact := b.where(t, "t", q.Where, 0)
	if !exact {
		return 0, false, nil
	}
	var n int64
	rows, err := r.q(ctx, "SELECT count(*) FROM "+qualified(q.Table)+" t WHERE "+where, b.args...)
	if err == nil {
		n, err = pgx.CollectExactlyOneRow(rows, pgx.RowTo[int64])
	}
	if notYet(err) {
		return 0, true, nil
	}
	if err != nil {
		return 0, false, readError(q.Table, err)
	}
	return int(n), true, nil
}
