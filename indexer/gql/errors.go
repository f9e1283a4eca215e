package gql

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// gqlparser's messages and the Hasura wording each becomes.
var (
	reUnknownField = regexp.MustCompile(`^Cannot query field "([^"]*)" on type "([^"]*)"\.`)
	reUnknownArg   = regexp.MustCompile(`^Unknown argument "([^"]*)" on field "[^"]*\.([^"]*)"\.`)
	reUnknownInput = regexp.MustCompile(`^Field "([^"]*)" is not defined by type "([^"]*)"\.`)
	reNoRoot       = regexp.MustCompile(`^Schema does not support operation type "([a-z]+)"`)
	reUndefinedVar = regexp.MustCompile(`^Variable "\$?([^"]*)" is not defined`)
	reRequiredArg  = regexp.MustCompile(`^Field "([^"]*)" argument "([^"]*)" of type "[^"]*" is required`)
	reLiteralType  = regexp.MustCompile(`^(String|Int|Boolean|Float) cannot represent [^:]*: (.*)$`)
	reBadEnum      = regexp.MustCompile(`^Value "([^"]*)" does not exist in "([^"!]*)!?" enum\.`)
	reNotEnum      = regexp.MustCompile(`^Enum "([^"!]*)!?" cannot represent non-enum value: (.*)\.$`)
)

// scalarWant is how Hasura names what a built-in scalar expects.
var scalarWant = map[string]string{"String": "a string", "Int": "a 32-bit integer", "Boolean": "a boolean", "Float": "a float"}

// hasuraError words a validation error as Hasura does, with the path of
// the field it concerns.
func hasuraError(doc *ast.QueryDocument, e *gqlerror.Error) *Error {
	path := "$"
	if len(e.Locations) > 0 {
		line, col := e.Locations[0].Line, e.Locations[0].Column
		path = fieldPathAt(doc, line, col)
		if vp := valuePathAt(doc, line, col); vp != "" {
			path = vp
		}
	}
	msg := e.Message
	switch {
	case reLiteralType.MatchString(msg):
		m := reLiteralType.FindStringSubmatch(msg)
		msg = fmt.Sprintf("expected %s for type '%s', but found %s", scalarWant[m[1]], m[1], describeLiteral(m[2]))
	case reBadEnum.MatchString(msg):
		m := reBadEnum.FindStringSubmatch(msg)
		msg = enumError(m[2], "'"+m[1]+"'")
	case reNotEnum.MatchString(msg):
		m := reNotEnum.FindStringSubmatch(msg)
		msg = fmt.Sprintf("expected an enum value for type '%s', but found %s", m[1], describeLiteral(m[2]))
	case reUnknownField.MatchString(msg):
		m := reUnknownField.FindStringSubmatch(msg)
		msg = fmt.Sprintf("field '%s' not found in type: '%s'", m[1], m[2])
	case reUnknownArg.MatchString(msg):
		m := reUnknownArg.FindStringSubmatch(msg)
		msg = fmt.Sprintf("'%s' has no argument named '%s'", m[2], m[1])
	case reUnknownInput.MatchString(msg):
		m := reUnknownInput.FindStringSubmatch(msg)
		msg = fmt.Sprintf("field %q not found in type: '%s'", m[1], m[2])
	case reNoRoot.MatchString(msg):
		m := reNoRoot.FindStringSubmatch(msg)
		msg, path = fmt.Sprintf("no %ss exist", m[1]), "$"
	case reUndefinedVar.MatchString(msg):
		m := reUndefinedVar.FindStringSubmatch(msg)
		msg = fmt.Sprintf("unbound variable %q", m[1])
	case reRequiredArg.MatchString(msg):
		m := reRequiredArg.FindStringSubmatch(msg)
		msg = fmt.Sprintf("missing required field '%s'", m[2])
	}
	return &Error{Message: msg, Path: path, Code: "validation-failed"}
}

// fieldPathAt returns the Hasura path ($.selectionSet.a.selectionSet.b)
// of the last field that starts at or before line:col in document order:
// the field an error at that position concerns.
func fieldPathAt(doc *ast.QueryDocument, line, col int) string {
	best := "$"
	before := func(p *ast.Position) bool {
		return p != nil && (p.Line < line || p.Line == line && p.Column <= col)
	}
	bestLine, bestCol := -1, -1
	eachField(doc, func(f *ast.Field, p string) bool {
		if before(f.Position) && (f.Position.Line > bestLine || f.Position.Line == bestLine && f.Position.Column > bestCol) {
			best, bestLine, bestCol = p, f.Position.Line, f.Position.Column
		}
		return true
	})
	return best
}

// eachField calls visit with every field of doc's operations and
// fragments and its Hasura path ($.selectionSet.a.selectionSet.b), until
// visit returns false or 100,000 selections were seen.
func eachField(doc *ast.QueryDocument, visit func(f *ast.Field, path string) bool) {
	type item struct {
		sel  ast.SelectionSet
		path string
	}
	var stack []item
	for _, op := range doc.Operations {
		stack = append(stack, item{op.SelectionSet, "$"})
	}
	for _, f := range doc.Fragments {
		stack = append(stack, item{f.SelectionSet, "$"})
	}
	for steps := 0; len(stack) > 0; {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range it.sel {
			if steps++; steps > 100_000 {
				return
			}
			switch s := s.(type) {
			case *ast.Field:
				p := it.path + ".selectionSet." + responseKey(s)
				if !visit(s, p) {
					return
				}
				stack = append(stack, item{s.SelectionSet, p})
			case *ast.InlineFragment:
				stack = append(stack, item{s.SelectionSet, it.path})
			}
		}
	}
}

// responseKey is a field's alias, or its name.
func responseKey(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}

// describeLiteral names a GraphQL literal's kind as Hasura does.
func describeLiteral(lit string) string {
	switch {
	case lit == "":
		return "a value"
	case lit == "null":
		return "null"
	case lit == "true" || lit == "false":
		return "a boolean"
	case lit[0] == '"':
		return "a string"
	case lit[0] == '[':
		return "a list"
	case lit[0] == '{':
		return "an object"
	case lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9':
		if strings.ContainsAny(lit, ".eE") {
			return "a float"
		}
		return "an integer"
	}
	return "an enum value"
}

// enumError is Hasura's message for a value outside an enum.
func enumError(enum, found string) string {
	return fmt.Sprintf("expected one of the values %s for type '%s', but found %s", enumValuesText(enum), enum, found)
}

// enumValuesText lists an enum's values as Hasura's englishList does:
// "a", "b", or "c". Only order_by's values are known here; other enums
// are named generically.
func enumValuesText(enum string) string {
	if enum != "order_by" {
		return "of " + enum
	}
	return `"asc", "asc_nulls_first", "asc_nulls_last", "desc", "desc_nulls_first", or "desc_nulls_last"`
}

// valuePathAt returns the Hasura path of the argument value (or object
// field) at line:col: $.selectionSet.f.args.where.col._eq; "" if none.
func valuePathAt(doc *ast.QueryDocument, line, col int) string {
	at := func(p *ast.Position) bool { return p != nil && p.Line == line && p.Column == col }
	found := ""
	steps := 0
	var walk func(v *ast.Value, path string, depth int)
	walk = func(v *ast.Value, path string, depth int) {
		if v == nil || found != "" || depth > maxValueDepth || steps > 100_000 {
			return
		}
		steps++
		if at(v.Position) {
			found = path
			return
		}
		for i, c := range v.Children {
			p := fmt.Sprintf("%s[%d]", path, i)
			if v.Kind == ast.ObjectValue {
				p = path + "." + c.Name
				if at(c.Position) {
					found = p
					return
				}
			}
			walk(c.Value, p, depth+1)
		}
	}
	eachField(doc, func(f *ast.Field, p string) bool {
		for _, a := range f.Arguments {
			walk(a.Value, p+".args."+a.Name, 0)
		}
		return found == "" && steps <= 100_000
	})
	return found
}
