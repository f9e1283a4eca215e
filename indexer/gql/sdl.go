package gql

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// tableInfo is a Table with its lookups, built once per Handler.
type tableInfo struct {
	Table
	cols map[string]Column
	rels map[string]*Relationship
}

// rootKind is what a query_root field answers.
type rootKind int

const (
	rootRows rootKind = iota
	rootAggregate
	rootByPK
)

// rootField maps a query_root field to its table.
type rootField struct {
	table *tableInfo
	kind  rootKind
}

// compiled is a Schema checked and turned into a GraphQL schema.
type compiled struct {
	tables map[string]*tableInfo
	roots  map[string]rootField
	ast    *ast.Schema
	sdl    string
}

var nameRE = regexp.MustCompile(`^[_A-Za-z][_0-9A-Za-z]*$`)

// scalarTypes are the column types a Schema may use.
var scalarTypes = []string{TypeBoolean, TypeInt, TypeString, TypeBigint, TypeJSONB, TypeNumeric, TypeTimestamp}

func isNumeric(t string) bool { return t == TypeInt || t == TypeBigint || t == TypeNumeric }

// isOrdered reports whether min/max apply to a column type.
func isOrdered(t string) bool {
	return isNumeric(t) || t == TypeString || t == TypeTimestamp
}

// compileSchema checks s and generates its GraphQL schema.
func compileSchema(s *Schema) (*compiled, error) {
	if s == nil || len(s.Tables) == 0 {
		return nil, fmt.Errorf("gql: the schema has no tables")
	}
	c := &compiled{tables: map[string]*tableInfo{}, roots: map[string]rootField{}}
	known := map[string]bool{}
	for _, t := range scalarTypes {
		known[t] = true
	}
	for i := range s.Tables {
		t := &tableInfo{Table: s.Tables[i], cols: map[string]Column{}, rels: map[string]*Relationship{}}
		if !nameRE.MatchString(t.Name) || strings.HasPrefix(t.Name, "__") {
			return nil, fmt.Errorf("gql: invalid table name %q", t.Name)
		}
		if c.tables[t.Name] != nil {
			return nil, fmt.Errorf("gql: table %q declared twice", t.Name)
		}
		if len(t.Columns) == 0 {
			return nil, fmt.Errorf("gql: table %q has no columns", t.Name)
		}
		for _, col := range t.Columns {
			if !nameRE.MatchString(col.Name) || strings.HasPrefix(col.Name, "__") || col.Name == "true" || col.Name == "false" || col.Name == "null" {
				return nil, fmt.Errorf("gql: table %q: invalid column name %q", t.Name, col.Name)
			}
			if !known[col.Type] {
				return nil, fmt.Errorf("gql: table %q column %q: unknown type %q", t.Name, col.Name, col.Type)
			}
			if _, dup := t.cols[col.Name]; dup {
				return nil, fmt.Errorf("gql: table %q: column %q declared twice", t.Name, col.Name)
			}
			t.cols[col.Name] = col
		}
		for _, pk := range t.PrimaryKey {
			if _, ok := t.cols[pk]; !ok {
				return nil, fmt.Errorf("gql: table %q: primary key column %q is not a column", t.Name, pk)
			}
		}
		c.tables[t.Name] = t
	}
	for _, t := range c.tables {
		for i := range t.Relationships {
			r := &t.Relationships[i]
			target := c.tables[r.Table]
			if target == nil {
				return nil, fmt.Errorf("gql: table %q relationship %q: unknown table %q", t.Name, r.Name, r.Table)
			}
			if !nameRE.MatchString(r.Name) || len(r.On) == 0 {
				return nil, fmt.Errorf("gql: table %q: invalid relationship %q", t.Name, r.Name)
			}
			if _, clash := t.cols[r.Name]; clash || t.rels[r.Name] != nil {
				return nil, fmt.Errorf("gql: table %q: relationship %q clashes with a field", t.Name, r.Name)
			}
			for from, to := range r.On {
				if _, ok := t.cols[from]; !ok {
					return nil, fmt.Errorf("gql: table %q relationship %q: unknown column %q", t.Name, r.Name, from)
				}
				if _, ok := target.cols[to]; !ok {
					return nil, fmt.Errorf("gql: table %q relationship %q: unknown column %q of %q", t.Name, r.Name, to, r.Table)
				}
			}
			t.rels[r.Name] = r
		}
	}
	for _, st := range s.Tables {
		t := c.tables[st.Name]
		roots := []rootField{{t, rootRows}}
		names := []string{t.Name}
		if t.Aggregate {
			roots, names = append(roots, rootField{t, rootAggregate}), append(names, t.Name+"_aggregate")
		}
		if len(t.PrimaryKey) > 0 {
			roots, names = append(roots, rootField{t, rootByPK}), append(names, t.Name+"_by_pk")
		}
		for i, n := range names {
			if _, dup := c.roots[n]; dup {
				return nil, fmt.Errorf("gql: root field %q generated twice", n)
			}
			c.roots[n] = roots[i]
		}
	}
	c.sdl = c.generateSDL(s)
	sch, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: c.sdl})
	if err != nil {
		return nil, fmt.Errorf("gql: generated schema: %v", err)
	}
	c.ast = sch
	return c, nil
}

// selectArgs are the arguments of a rows, aggregate or array
// relationship field.
func selectArgs(t string) string {
	return fmt.Sprintf("(distinct_on: [%[1]s_select_column!], limit: Int, offset: Int, order_by: [%[1]s_order_by!], where: %[1]s_bool_exp)", t)
}

// generateSDL writes the schema document, tables in declaration order.
func (c *compiled) generateSDL(s *Schema) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("schema {\n  query: query_root\n}\n\n")
	for _, t := range []string{TypeBigint, TypeJSONB, TypeNumeric, TypeTimestamp} {
		w("scalar %s\n\n", t)
	}
	w("\"\"\"column ordering options\"\"\"\nenum order_by {\n")
	for _, d := range []string{"asc", "asc_nulls_first", "asc_nulls_last", "desc", "desc_nulls_first", "desc_nulls_last"} {
		w("  %s\n", d)
	}
	w("}\n\n")
	for _, t := range scalarTypes {
		w("\"\"\"Boolean expression to compare columns of type %q. All fields are combined with logical 'AND'.\"\"\"\n", t)
		w("input %s_comparison_exp {\n", t)
		for _, op := range []string{"_eq", "_gt", "_gte", "_lt", "_lte", "_neq"} {
			w("  %s: %s\n", op, t)
		}
		w("  _in: [%s!]\n  _is_null: Boolean\n  _nin: [%s!]\n", t, t)
		if t == TypeString {
			for _, op := range []string{"_ilike", "_like", "_nilike", "_nlike"} {
				w("  %s: String\n", op)
			}
		}
		w("}\n\n")
	}
	w("type query_root {\n")
	for _, st := range s.Tables {
		t := c.tables[st.Name]
		w("  %s%s: [%s!]!\n", t.Name, selectArgs(t.Name), t.Name)
		if t.Aggregate {
			w("  %s_aggregate%s: %s_aggregate!\n", t.Name, selectArgs(t.Name), t.Name)
		}
		if len(t.PrimaryKey) > 0 {
			var args []string
			for _, pk := range t.PrimaryKey {
				args = append(args, pk+": "+t.cols[pk].Type+"!")
			}
			w("  %s_by_pk(%s): %s\n", t.Name, strings.Join(args, ", "), t.Name)
		}
	}
	w("}\n\n")
	for _, st := range s.Tables {
		c.writeTable(&b, c.tables[st.Name])
	}
	return b.String()
}

// writeTable writes the types one table generates.
func (c *compiled) writeTable(b *strings.Builder, t *tableInfo) {
	w := func(format string, a ...any) { fmt.Fprintf(b, format, a...) }
	n := t.Name
	w("type %s {\n", n)
	for _, col := range t.Columns {
		w("  %s: %s\n", col.Name, col.Type)
	}
	for _, r := range t.Relationships {
		if r.Array {
			w("  %s%s: [%s!]!\n", r.Name, selectArgs(r.Table), r.Table)
			if c.tables[r.Table].Aggregate {
				w("  %s_aggregate%s: %s_aggregate!\n", r.Name, selectArgs(r.Table), r.Table)
			}
		} else {
			w("  %s: %s\n", r.Name, r.Table)
		}
	}
	w("}\n\n")
	w("\"\"\"Boolean expression to filter rows from the table %q. All fields are combined with a logical 'AND'.\"\"\"\n", n)
	w("input %[1]s_bool_exp {\n  _and: [%[1]s_bool_exp!]\n  _not: %[1]s_bool_exp\n  _or: [%[1]s_bool_exp!]\n", n)
	for _, col := range t.Columns {
		w("  %s: %s_comparison_exp\n", col.Name, col.Type)
	}
	for _, r := range t.Relationships {
		w("  %s: %s_bool_exp\n", r.Name, r.Table)
	}
	w("}\n\n")
	w("\"\"\"Ordering options when selecting data from %q.\"\"\"\ninput %s_order_by {\n", n, n)
	for _, col := range t.Columns {
		w("  %s: order_by\n", col.Name)
	}
	for _, r := range t.Relationships {
		if !r.Array {
			w("  %s: %s_order_by\n", r.Name, r.Table)
		}
	}
	w("}\n\n")
	w("\"\"\"select columns of table %q\"\"\"\nenum %s_select_column {\n", n, n)
	for _, col := range t.Columns {
		w("  %s\n", col.Name)
	}
	w("}\n\n")
	if !t.Aggregate {
		return
	}
	var numeric, ordered []Column
	for _, col := range t.Columns {
		if isNumeric(col.Type) {
			numeric = append(numeric, col)
		}
		if isOrdered(col.Type) {
			ordered = append(ordered, col)
		}
	}
	w("\"\"\"aggregated selection of %q\"\"\"\ntype %[2]s_aggregate {\n  aggregate: %[2]s_aggregate_fields\n  nodes: [%[2]s!]!\n}\n\n", n, n)
	w("\"\"\"aggregate fields of %q\"\"\"\ntype %s_aggregate_fields {\n", n, n)
	if len(numeric) > 0 {
		w("  avg: %s_avg_fields\n", n)
	}
	w("  count(columns: [%s_select_column!], distinct: Boolean): Int!\n", n)
	if len(ordered) > 0 {
		w("  max: %[1]s_max_fields\n  min: %[1]s_min_fields\n", n)
	}
	if len(numeric) > 0 {
		w("  sum: %s_sum_fields\n", n)
	}
	w("}\n\n")
	if len(numeric) > 0 {
		w("\"\"\"aggregate avg on columns\"\"\"\ntype %s_avg_fields {\n", n)
		for _, col := range numeric {
			w("  %s: Float\n", col.Name)
		}
		w("}\n\n\"\"\"aggregate sum on columns\"\"\"\ntype %s_sum_fields {\n", n)
		for _, col := range numeric {
			w("  %s: %s\n", col.Name, sumType(col.Type))
		}
		w("}\n\n")
	}
	if len(ordered) > 0 {
		for _, m := range []string{"max", "min"} {
			w("\"\"\"aggregate %s on columns\"\"\"\ntype %s_%s_fields {\n", m, n, m)
			for _, col := range ordered {
				w("  %s: %s\n", col.Name, col.Type)
			}
			w("}\n\n")
		}
	}
}

// sumType is the type of a column's sum (an Int column sums to bigint).
func sumType(t string) string {
	if t == TypeInt {
		return TypeBigint
	}
	return t
}
