package gql

import (
	"bytes"
	"maps"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Introspection objects, answered from the generated schema.
type (
	iSchema    struct{}
	iType      struct{ ref *ast.Type } // a named type, or a list/non-null wrapper
	iField     struct{ f *ast.FieldDefinition }
	iInput     struct{ a *ast.ArgumentDefinition }
	iEnum      struct{ v *ast.EnumValueDefinition }
	iDirective struct{ d *ast.DirectiveDefinition }
)

// introspect answers __schema or __type on query_root.
func (e *executor) introspect(b *bytes.Buffer, g *fieldGroup, path string) error {
	var v any = iSchema{}
	if g.name() == "__type" {
		n, err := e.arg(g.field(), "name")
		if err != nil {
			return err
		}
		s, _ := n.(string)
		if e.h.c.ast.Types[s] == nil {
			b.WriteString("null")
			return nil
		}
		v = iType{ref: ast.NamedType(s, nil)}
	}
	return e.writeIntro(b, v, g.sub(), path, 0)
}

// introTypeName is the __typename of an introspection object.
func introTypeName(v any) string {
	switch v.(type) {
	case iSchema:
		return "__Schema"
	case iType:
		return "__Type"
	case iField:
		return "__Field"
	case iInput:
		return "__InputValue"
	case iEnum:
		return "__EnumValue"
	}
	return "__Directive"
}

// writeIntro writes an introspection value with a selection.
func (e *executor) writeIntro(b *bytes.Buffer, v any, sel ast.SelectionSet, path string, depth int) error {
	if depth > 64 {
		return &Error{Message: "introspection nested too deeply", Path: path, Code: "validation-failed"}
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
		return nil
	case []any:
		if err := e.check(0, len(x)); err != nil {
			return err
		}
		b.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := e.writeIntro(b, el, sel, path, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	case string, bool:
		writeScalar(b, x)
		return nil
	case []string:
		b.WriteByte('[')
		for i, s := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, s)
		}
		b.WriteByte(']')
		return nil
	}
	groups, err := e.collect(introTypeName(v), sel)
	if err != nil {
		return err
	}
	b.WriteByte('{')
	for i, g := range groups {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, g.key)
		b.WriteByte(':')
		var val any
		if g.name() == "__typename" {
			val = introTypeName(v)
		} else {
			include := false
			if iv, _ := e.arg(g.field(), "includeDeprecated"); iv == true {
				include = true
			}
			val = e.introField(v, g.name(), include)
		}
		if err := e.writeIntro(b, val, g.sub(), path+".selectionSet."+g.key, depth+1); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// str is s, or null when empty.
func str(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// introField resolves one field of an introspection object.
func (e *executor) introField(v any, name string, _ bool) any {
	s := e.h.c.ast
	switch x := v.(type) {
	case iSchema:
		switch name {
		case "description":
			return str(s.Description)
		case "types":
			names := slices.Sorted(maps.Keys(s.Types))
			out := make([]any, len(names))
			for i, n := range names {
				out[i] = iType{ref: ast.NamedType(n, nil)}
			}
			return out
		case "queryType":
			return iType{ref: ast.NamedType(s.Query.Name, nil)}
		case "directives":
			names := slices.Sorted(maps.Keys(s.Directives))
			out := make([]any, len(names))
			for i, n := range names {
				out[i] = iDirective{s.Directives[n]}
			}
			return out
		}
		return nil
	case iType:
		return e.introType(x, name)
	case iField:
		switch name {
		case "name":
			return x.f.Name
		case "description":
			return str(x.f.Description)
		case "args":
			return inputs(x.f.Arguments)
		case "type":
			return iType{ref: x.f.Type}
		case "isDeprecated":
			return x.f.Directives.ForName("deprecated") != nil
		}
		return nil
	case iInput:
		switch name {
		case "name":
			return x.a.Name
		case "description":
			return str(x.a.Description)
		case "type":
			return iType{ref: x.a.Type}
		case "defaultValue":
			if x.a.DefaultValue != nil {
				return x.a.DefaultValue.String()
			}
		case "isDeprecated":
			return false
		}
		return nil
	case iEnum:
		switch name {
		case "name":
			return x.v.Name
		case "description":
			return str(x.v.Description)
		case "isDeprecated":
			return x.v.Directives.ForName("deprecated") != nil
		}
		return nil
	case iDirective:
		switch name {
		case "name":
			return x.d.Name
		case "description":
			return str(x.d.Description)
		case "locations":
			out := make([]string, len(x.d.Locations))
			for i, l := range x.d.Locations {
				out[i] = string(l)
			}
			return out
		case "args":
			return inputs(x.d.Arguments)
		case "isRepeatable":
			return x.d.IsRepeatable
		}
	}
	return nil
}

// introType resolves a field of __Type.
func (e *executor) introType(x iType, name string) any {
	ref := x.ref
	switch {
	case ref.NonNull:
		switch name {
		case "kind":
			return "NON_NULL"
		case "ofType":
			inner := *ref
			inner.NonNull = false
			return iType{ref: &inner}
		}
		return nil
	case ref.Elem != nil:
		switch name {
		case "kind":
			return "LIST"
		case "ofType":
			return iType{ref: ref.Elem}
		}
		return nil
	}
	def := e.h.c.ast.Types[ref.NamedType]
	if def == nil {
		return nil
	}
	switch name {
	case "kind":
		return string(def.Kind)
	case "name":
		return def.Name
	case "description":
		return str(def.Description)
	case "specifiedByURL", "specifiedByUrl":
		return nil
	case "isOneOf":
		return false
	case "fields":
		if def.Kind != ast.Object && def.Kind != ast.Interface {
			return nil
		}
		out := []any{}
		for _, f := range def.Fields {
			if !strings.HasPrefix(f.Name, "__") {
				out = append(out, iField{f})
			}
		}
		return out
	case "inputFields":
		if def.Kind != ast.InputObject {
			return nil
		}
		out := []any{}
		for _, f := range def.Fields {
			out = append(out, iInput{&ast.ArgumentDefinition{Name: f.Name, Description: f.Description, Type: f.Type, DefaultValue: f.DefaultValue}})
		}
		return out
	case "interfaces":
		if def.Kind != ast.Object {
			return nil
		}
		return []any{}
	case "possibleTypes":
		return nil
	case "enumValues":
		if def.Kind != ast.Enum {
			return nil
		}
		out := []any{}
		for _, v := range def.EnumValues {
			out = append(out, iEnum{v})
		}
		return out
	}
	return nil
}

// inputs returns the introspection objects of arguments, [] when none.
func inputs(args ast.ArgumentDefinitionList) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = iInput{a}
	}
	return out
}
