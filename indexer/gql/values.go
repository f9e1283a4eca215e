package gql

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/vektah/gqlparser/v2/ast"
)

// An input value is nil, bool, string, json.Number, []any or obj: JSON
// with the key order kept, because order_by's keys order the rows.

// obj is an input object with its keys in the order written.
type obj []kv

type kv struct {
	k string
	v any
}

// maxValueDepth bounds the nesting of variables and literals.
const maxValueDepth = 64

// decodeJSON reads one JSON value keeping object key order, numbers as
// json.Number, nesting at most maxValueDepth deep.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxValueDepth {
		return nil, fmt.Errorf("JSON nested deeper than %d levels", maxValueDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := obj{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string")
				}
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				o = append(o, kv{k, v})
			}
			_, err := dec.Token()
			return o, err
		case '[':
			l := []any{}
			for dec.More() {
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				l = append(l, v)
			}
			_, err := dec.Token()
			return l, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		return tok, nil
	}
}

// get returns the value of key k and whether it is present.
func (o obj) get(k string) (any, bool) {
	for _, e := range o {
		if e.k == k {
			return e.v, true
		}
	}
	return nil, false
}

// valueOf turns a literal (with variables substituted) into an input value.
func valueOf(v *ast.Value, vars map[string]any, depth int) (any, error) {
	if v == nil {
		return nil, nil
	}
	if depth > maxValueDepth {
		return nil, fmt.Errorf("value nested deeper than %d levels", maxValueDepth)
	}
	switch v.Kind {
	case ast.Variable:
		return vars[v.Raw], nil
	case ast.IntValue, ast.FloatValue:
		return json.Number(v.Raw), nil
	case ast.StringValue, ast.BlockValue, ast.EnumValue:
		return v.Raw, nil
	case ast.BooleanValue:
		return v.Raw == "true", nil
	case ast.NullValue:
		return nil, nil
	case ast.ListValue:
		l := make([]any, 0, len(v.Children))
		for _, c := range v.Children {
			x, err := valueOf(c.Value, vars, depth+1)
			if err != nil {
				return nil, err
			}
			l = append(l, x)
		}
		return l, nil
	case ast.ObjectValue:
		o := make(obj, 0, len(v.Children))
		for _, c := range v.Children {
			if c.Value != nil && c.Value.Kind == ast.Variable {
				if _, bound := vars[c.Value.Raw]; !bound {
					continue // an absent variable omits the field (Hasura)
				}
			}
			x, err := valueOf(c.Value, vars, depth+1)
			if err != nil {
				return nil, err
			}
			o = append(o, kv{c.Name, x})
		}
		return o, nil
	}
	return nil, fmt.Errorf("unsupported value %s", v.String())
}

// InputList coerces an input to a list: a single value is a list of one
// (GraphQL's input coercion), null is no list.
func InputList(v any) []any {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		return x
	}
	return []any{v}
}

// kindName names a value's JSON kind as Hasura's messages do.
func kindName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case []any:
		return "a list"
	case obj:
		return "an object"
	}
	return "a value"
}

// hideBigNumbers marks number literals too large for gqlparser's int64
// and float64 checks as strings for the time of validation (bigint and
// numeric take any size); the returned function restores them.
func hideBigNumbers(doc *ast.QueryDocument) (restore func()) {
	var changed []*ast.Value
	var visitValue func(v *ast.Value, depth int)
	visitValue = func(v *ast.Value, depth int) {
		if v == nil || depth > maxValueDepth {
			return
		}
		switch v.Kind {
		case ast.IntValue, ast.FloatValue:
			if _, err := v.Value(nil); err != nil {
				changed = append(changed, v)
			}
		case ast.ListValue, ast.ObjectValue:
			for _, c := range v.Children {
				visitValue(c.Value, depth+1)
			}
		}
	}
	visitArgs := func(args ast.ArgumentList, ds ast.DirectiveList) {
		for _, a := range args {
			visitValue(a.Value, 0)
		}
		for _, d := range ds {
			for _, a := range d.Arguments {
				visitValue(a.Value, 0)
			}
		}
	}
	var visitSel func(sel ast.SelectionSet, depth int)
	visitSel = func(sel ast.SelectionSet, depth int) {
		if depth > 4*maxValueDepth {
			return
		}
		for _, s := range sel {
			switch s := s.(type) {
			case *ast.Field:
				visitArgs(s.Arguments, s.Directives)
				visitSel(s.SelectionSet, depth+1)
			case *ast.InlineFragment:
				visitArgs(nil, s.Directives)
				visitSel(s.SelectionSet, depth+1)
			case *ast.FragmentSpread:
				visitArgs(nil, s.Directives)
			}
		}
	}
	for _, op := range doc.Operations {
		for _, d := range op.VariableDefinitions {
			visitValue(d.DefaultValue, 0)
		}
		visitSel(op.SelectionSet, 0)
	}
	for _, f := range doc.Fragments {
		visitSel(f.SelectionSet, 0)
	}
	kinds := make([]ast.ValueKind, len(changed))
	for i, v := range changed {
		kinds[i], v.Kind = v.Kind, ast.StringValue
	}
	return func() {
		for i, v := range changed {
			v.Kind = kinds[i]
		}
	}
}
