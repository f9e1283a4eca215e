package gql

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
)

// aggregate answers NAME_aggregate (or REL_aggregate) over candidate
// rows: where, order_by, distinct_on, offset and limit apply first, then
// aggregate { count sum avg max min } and nodes. The RowCap does not
// bound what is counted; written nodes count towards MaxRows. exact is
// selectRows'.
func (e *executor) aggregate(b *bytes.Buffer, t *tableInfo, g *fieldGroup, cands []Row, path string, exact bool) error {
	rows, err := e.selectRows(t, g.field(), cands, path, false, exact)
	if err != nil {
		return err
	}
	return e.writeObject(b, t.Name+"_aggregate", g, path, func(sg *fieldGroup, p string) (bool, error) {
		switch sg.name() {
		case "nodes":
			return true, e.writeRows(b, t, rows, sg.sub(), p)
		case "aggregate":
			return true, e.aggregateFields(b, t, sg, rows, p)
		}
		return false, nil
	})
}

// writeObject writes an object of type typ with g's subfields: field
// writes the value of one (at path p) and reports whether typ has it;
// __typename is answered here.
func (e *executor) writeObject(b *bytes.Buffer, typ string, g *fieldGroup, path string, field func(sg *fieldGroup, p string) (bool, error)) error {
	groups, err := e.collect(typ, g.sub())
	if err != nil {
		return err
	}
	b.WriteByte('{')
	for i, sg := range groups {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, sg.key)
		b.WriteByte(':')
		p := path + ".selectionSet." + sg.key
		if sg.name() == "__typename" {
			writeString(b, typ)
			continue
		}
		ok, err := field(sg, p)
		if err != nil {
			return err
		}
		if !ok {
			return &Error{Message: fmt.Sprintf("field '%s' not found in type: '%s'", sg.name(), typ), Path: p, Code: "validation-failed"}
		}
	}
	b.WriteByte('}')
	return nil
}

// aggregateFields writes NAME_aggregate_fields.
func (e *executor) aggregateFields(b *bytes.Buffer, t *tableInfo, g *fieldGroup, rows []Row, path string) error {
	return e.writeObject(b, t.Name+"_aggregate_fields", g, path, func(sg *fieldGroup, p string) (bool, error) {
		switch fn := sg.name(); fn {
		case "count":
			n, err := e.count(t, sg, rows, p)
			if err != nil {
				return true, err
			}
			fmt.Fprintf(b, "%d", n)
			return true, nil
		case "sum", "avg", "max", "min":
			return true, e.columnAggregates(b, t, sg, fn, rows, p)
		}
		return false, nil
	})
}

// count is count(columns, distinct): every row without columns, else
// the rows whose columns are all non-null (distinct tuples if asked).
func (e *executor) count(t *tableInfo, g *fieldGroup, rows []Row, path string) (int, error) {
	cv, err := e.arg(g.field(), "columns")
	if err != nil {
		return 0, err
	}
	dv, err := e.arg(g.field(), "distinct")
	if err != nil {
		return 0, err
	}
	distinct, _ := dv.(bool)
	var cols []string
	for _, x := range InputList(cv) {
		s, _ := x.(string)
		if _, ok := t.cols[s]; !ok {
			return 0, &Error{Message: fmt.Sprintf("expected one of the values of %s_select_column, but found %s", t.Name, kindName(x)), Path: path + ".args.columns", Code: "validation-failed"}
		}
		cols = append(cols, s)
	}
	if len(cols) == 0 && !distinct {
		return len(rows), nil
	}
	if len(cols) == 0 {
		for _, c := range t.Columns {
			cols = append(cols, c.Name)
		}
	}
	seen := map[string]bool{}
	n := 0
	readers := make([]column, len(cols))
	for i, c := range cols {
		readers[i].name = c
	}
next:
	for _, r := range rows {
		var k strings.Builder
		for i, c := range cols {
			v := readers[i].get(r)
			if v == nil {
				continue next
			}
			if x, ok := normalize(t.cols[c].Type, v); ok {
				v = x
			}
			k.WriteString(valueKey(v))
			k.WriteByte(0)
		}
		if distinct {
			if seen[k.String()] {
				continue
			}
			seen[k.String()] = true
		}
		n++
	}
	return n, nil
}

// columnAggregates writes NAME_{sum,avg,max,min}_fields: null when no
// row has a value.
func (e *executor) columnAggregates(b *bytes.Buffer, t *tableInfo, g *fieldGroup, fn string, rows []Row, path string) error {
	return e.writeObject(b, t.Name+"_"+fn+"_fields", g, path, func(sg *fieldGroup, _ string) (bool, error) {
		col, ok := t.cols[sg.name()]
		if ok {
			writeScalar(b, aggregateColumn(col, fn, rows))
		}
		return ok, nil
	})
}

// aggregateColumn computes one aggregate of a column; nil when no row
// has a value. max and min give the row's own value.
func aggregateColumn(col Column, fn string, rows []Row) any {
	var best, bestNorm any
	sum := new(big.Rat)
	n := 0
	c := column{name: col.Name}
	for _, r := range rows {
		v := c.get(r)
		if v == nil {
			continue
		}
		x, ok := normalize(col.Type, v)
		if !ok {
			continue
		}
		n++
		switch fn {
		case "sum", "avg":
			switch q := x.(type) {
			case *big.Rat:
				sum.Add(sum, q)
			case int64:
				sum.Add(sum, new(big.Rat).SetInt64(q))
			}
		case "max", "min":
			c := 0
			if bestNorm != nil {
				c = compareNorm(x, bestNorm)
			}
			if bestNorm == nil || fn == "max" && c > 0 || fn == "min" && c < 0 {
				best, bestNorm = v, x
			}
		}
	}
	if n == 0 {
		return nil
	}
	switch fn {
	case "sum":
		return sum
	case "avg":
		return sum.Quo(sum, new(big.Rat).SetInt64(int64(n)))
	}
	return best
}
