package gql

import (
	"encoding/json"
	"fmt"
)

// pred tests one row.
type pred func(Row) (bool, error)

func always(Row) (bool, error) { return true, nil }

// compileWhere turns a NAME_bool_exp value into a predicate. Keys are
// ANDed; null or absent means every row.
func (e *executor) compileWhere(t *tableInfo, v any, path string, depth int) (pred, error) {
	if v == nil {
		return always, nil
	}
	if depth > maxValueDepth {
		return nil, &Error{Message: "boolean expression nested too deeply", Path: path, Code: "validation-failed"}
	}
	o, ok := v.(obj)
	if !ok {
		return nil, typeError("an object", t.Name+"_bool_exp", v, path)
	}
	var ps []pred
	for _, f := range o {
		p := path + "." + f.k
		var q pred
		var err error
		switch f.k {
		case "_and", "_or":
			var subs []pred
			for i, x := range InputList(f.v) {
				s, err := e.compileWhere(t, x, fmt.Sprintf("%s[%d]", p, i), depth+1)
				if err != nil {
					return nil, err
				}
				subs = append(subs, s)
			}
			q = combine(subs, f.k == "_and")
		case "_not":
			s, err := e.compileWhere(t, f.v, p, depth+1)
			if err != nil {
				return nil, err
			}
			if f.v == nil {
				continue
			}
			q = func(r Row) (bool, error) { ok, err := s(r); return !ok, err }
		default:
			if col, ok := t.cols[f.k]; ok {
				q, err = e.compileColumn(col, f.v, p)
			} else if rel := t.rels[f.k]; rel != nil {
				q, err = e.compileRelFilter(rel, f.v, p, depth)
			} else {
				return nil, &Error{Message: fmt.Sprintf("field %q not found in type: '%s_bool_exp'", f.k, t.Name), Path: p, Code: "validation-failed"}
			}
			if err != nil {
				return nil, err
			}
		}
		if q != nil {
			ps = append(ps, q)
		}
	}
	return combine(ps, true), nil
}

// combine ANDs or ORs predicates; an empty list is true either way (as
// Hasura treats `_and: []` and `_or: []`).
func combine(ps []pred, and bool) pred {
	switch len(ps) {
	case 0:
		return always
	case 1:
		return ps[0]
	}
	return func(r Row) (bool, error) {
		for _, p := range ps {
			ok, err := p(r)
			if err != nil {
				return false, err
			}
			if ok != and {
				return ok, nil
			}
		}
		return and, nil
	}
}

// compileRelFilter: a row passes when some related row passes.
func (e *executor) compileRelFilter(r *Relationship, v any, path string, depth int) (pred, error) {
	if v == nil {
		return nil, nil
	}
	sub, err := e.compileWhere(e.h.c.tables[r.Table], v, path, depth+1)
	if err != nil {
		return nil, err
	}
	return func(row Row) (bool, error) {
		rows, err := e.related(r, row)
		if err != nil {
			return false, err
		}
		if err := e.check(len(rows), 0); err != nil {
			return false, err
		}
		for _, x := range rows {
			ok, err := sub(x)
			if ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}, nil
}

// compileColumn turns a TYPE_comparison_exp into a predicate.
func (e *executor) compileColumn(col Column, v any, path string) (pred, error) {
	if v == nil {
		return nil, nil
	}
	o, ok := v.(obj)
	if !ok {
		return nil, typeError("an object", col.Type+"_comparison_exp", v, path)
	}
	var ps []pred
	for _, f := range o {
		p, err := e.compileOp(col, f.k, f.v, path+"."+f.k)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return combine(ps, true), nil
}

// compileOp compiles one comparison operator over a column.
func (e *executor) compileOp(col Column, op string, v any, path string) (pred, error) {
	name := col.Name
	switch op {
	case "_is_null":
		want, ok := v.(bool)
		if !ok {
			return nil, typeError("a boolean", TypeBoolean, v, path)
		}
		c := &column{name: name}
		return func(r Row) (bool, error) { return (c.get(r) == nil) == want, nil }, nil
	case "_in", "_nin":
		if v == nil {
			return nil, typeError("a list", "["+col.Type+"!]", v, path)
		}
		set := map[string]bool{}
		for i, x := range InputList(v) {
			n, err := operand(col.Type, x, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			set[valueKey(n)] = true
		}
		in := op == "_in"
		c := &column{name: name}
		return func(r Row) (bool, error) {
			n, ok := c.getNormalized(col.Type, r)
			if !ok {
				return false, nil
			}
			return set[valueKey(n)] == in, nil
		}, nil
	case "_like", "_nlike", "_ilike", "_nilike":
		pat, ok := v.(string)
		if !ok || col.Type != TypeString {
			return nil, typeError("a string", TypeString, v, path)
		}
		fold := op == "_ilike" || op == "_nilike"
		neg := op == "_nlike" || op == "_nilike"
		m := compileLike(pat, fold)
		c := &column{name: name}
		return func(r Row) (bool, error) {
			s, ok := c.get(r).(string)
			if !ok {
				return false, nil
			}
			return m(s) != neg, nil
		}, nil
	case "_eq", "_neq", "_gt", "_gte", "_lt", "_lte":
		want, err := operand(col.Type, v, path)
		if err != nil {
			return nil, err
		}
		test := map[string]func(int) bool{
			"_eq": func(c int) bool { return c == 0 }, "_neq": func(c int) bool { return c != 0 },
			"_gt": func(c int) bool { return c > 0 }, "_gte": func(c int) bool { return c >= 0 },
			"_lt": func(c int) bool { return c < 0 }, "_lte": func(c int) bool { return c <= 0 },
		}[op]
		c := &column{name: name}
		return func(r Row) (bool, error) {
			n, ok := c.getNormalized(col.Type, r)
			if !ok {
				return false, nil
			}
			return test(compareNorm(n, want)), nil
		}, nil
	}
	return nil, &Error{Message: fmt.Sprintf("field %q not found in type: '%s_comparison_exp'", op, col.Type), Path: path, Code: "validation-failed"}
}

// typeError is Hasura's message for an input of the wrong kind.
func typeError(want, typ string, v any, path string) *Error {
	return &Error{Message: fmt.Sprintf("expected %s for type '%s', but found %s", want, typ, kindName(v)), Path: path, Code: "validation-failed"}
}

// operand checks and normalizes an operator's argument for a column type.
func operand(typ string, v any, path string) (any, error) {
	if v == nil {
		return nil, typeError(expectedKind(typ), typ, v, path)
	}
	if typ == TypeJSONB {
		b, err := json.Marshal(toJSON(v))
		if err != nil {
			return nil, typeError("a JSON value", typ, v, path)
		}
		v = json.RawMessage(b)
	}
	n, ok := normalize(typ, v)
	if !ok {
		if typ == TypeBigint || typ == TypeNumeric {
			if text, isText := v.(string); isText {
				return nil, invalidSyntax(typ, text)
			}
			if num, isNum := v.(json.Number); isNum {
				return nil, invalidSyntax(typ, string(num))
			}
		}
		return nil, typeError(expectedKind(typ), typ, v, path)
	}
	return n, nil
}

// invalidSyntax is PostgreSQL's error for text that is not a number,
// as Hasura relays it.
func invalidSyntax(typ, text string) *Error {
	if len(text) > 64 {
		text = text[:64] + "…"
	}
	return &Error{Message: fmt.Sprintf("invalid input syntax for type %s: %q", typ, text), Path: "$", Code: "data-exception"}
}

func expectedKind(typ string) string {
	switch typ {
	case TypeInt:
		return "a 32-bit integer"
	case TypeBigint, TypeNumeric:
		return "a number"
	case TypeBoolean:
		return "a boolean"
	case TypeJSONB:
		return "a JSON value"
	}
	return "a string"
}

// getNormalized returns r's value of the column in comparable form (see
// normalize); false when it is null or does not fit typ.
func (c *column) getNormalized(typ string, r Row) (any, bool) {
	x := c.get(r)
	if x == nil {
		return nil, false
	}
	return normalize(typ, x)
}
