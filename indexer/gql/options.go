package gql

import (
	"time"

	"github.com/vektah/gqlparser/v2/ast"
)

// Options bound the work of one request. Zero fields take the defaults.
type Options struct {
	// MaxRows bounds the rows one request writes into its answer,
	// relationships and aggregate nodes included (default 100,000).
	MaxRows int
	// MaxScan bounds the rows one request examines: filtered, joined
	// or sorted (default 5,000,000).
	MaxScan int
	// MaxBodyBytes bounds the request body (default 1 MiB).
	MaxBodyBytes int64
	// MaxDepth bounds the nesting of braces, brackets and parentheses
	// in a query (default 32).
	MaxDepth int
	// MaxTokens bounds the tokens of a query (default 20,000).
	MaxTokens int
	// MaxFields bounds the fields a query selects, fragments included
	// (default 1,000): validation compares fields pairwise.
	MaxFields int
	// Timeout bounds the time one request runs (default 10 s); the
	// request's context bounds it too.
	Timeout time.Duration
}

func (o Options) withDefaults() Options {
	if o.MaxRows <= 0 {
		o.MaxRows = 100_000
	}
	if o.MaxScan <= 0 {
		o.MaxScan = 5_000_000
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = 1 << 20
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 32
	}
	if o.MaxTokens <= 0 {
		o.MaxTokens = 20_000
	}
	if o.MaxFields <= 0 {
		o.MaxFields = 1000
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	return o
}

// nestingWithin reports whether the query's brackets nest at most max
// deep (strings and comments skipped), so the parser's recursion stays
// bounded.
func nestingWithin(q string, max int) bool {
	depth := 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '{', '[', '(':
			depth++
			if depth > max {
				return false
			}
		case '}', ']', ')':
			if depth > 0 {
				depth--
			}
		case '#':
			for i < len(q) && q[i] != '\n' {
				i++
			}
		case '"':
			i++
			for i < len(q) && q[i] != '"' {
				if q[i] == '\\' {
					i++
				}
				i++
			}
		}
	}
	return true
}

// countFields counts the fields a document selects, stopping past max.
func countFields(doc *ast.QueryDocument, max int) int {
	var stack []ast.SelectionSet
	for _, op := range doc.Operations {
		stack = append(stack, op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		stack = append(stack, f.SelectionSet)
	}
	n := 0
	for len(stack) > 0 && n <= max {
		sel := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range sel {
			switch s := s.(type) {
			case *ast.Field:
				n++
				stack = append(stack, s.SelectionSet)
			case *ast.InlineFragment:
				stack = append(stack, s.SelectionSet)
			case *ast.FragmentSpread:
				n++
			}
		}
	}
	return n
}
