package gql

import (
	"fmt"
	"regexp"

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
)

// hasuraError words a validation error as Hasura does, with the path of
// the field it concerns.
func hasuraError(doc *ast.QueryDocument, e *gqlerror.Error) *Error {
	path := "$"
	if len(e.Locations) > 0 {
		path = fieldPathAt(doc, e.Locations[0].Line, e.Locations[0].Column)
	}
	msg := e.Message
	switch {
	case reUnknownField.MatchString(msg):
		m := reUnknownField.FindStringSubmatch(msg)
		msg = fmt.Sprintf("field '%s' not found in type: '%s'", m[1], m[2])
	case reUnknownArg.MatchString(msg):
		m := reUnknownArg.FindStringSubmatch(msg)
		msg = fmt.Sprintf("'%s' has no argument named '%s'", m[2], m[1])
	case reUnknownInput.MatchString(msg):
		m := reUnknownInput.FindStringSubmatch(msg)
		msg = fmt.Sprintf("field '%s' not found in type: '%s'", m[1], m[2])
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
	bestLine, bestCol := -1, -1
	for steps := 0; len(stack) > 0 && steps < 100_000; steps++ {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range it.sel {
			switch s := s.(type) {
			case *ast.Field:
				p := it.path + ".selectionSet." + responseKey(s)
				if before(s.Position) && (s.Position.Line > bestLine || s.Position.Line == bestLine && s.Position.Column > bestCol) {
					best, bestLine, bestCol = p, s.Position.Line, s.Position.Column
				}
				stack = append(stack, item{s.SelectionSet, p})
			case *ast.InlineFragment:
				stack = append(stack, item{s.SelectionSet, it.path})
			}
		}
	}
	return best
}

// responseKey is a field's alias, or its name.
func responseKey(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}
