package gql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// handler serves one compiled schema.
type handler struct {
	c     *compiled
	src   Source
	opts  Options
	rules *rules.Rules
}

// NewHandler returns the GraphQL endpoint for s over src: a POST of
// {"query","variables","operationName"} is answered with HTTP 200 and
// {"data":…} or {"errors":[…]} as Hasura answers; a GET serves a small
// query page.
func NewHandler(s *Schema, src Source, opts Options) (http.Handler, error) {
	if src == nil {
		return nil, fmt.Errorf("gql: nil Source")
	}
	c, err := compileSchema(s)
	if err != nil {
		return nil, err
	}
	return &handler{c: c, src: src, opts: opts.withDefaults(), rules: validationRules()}, nil
}

// SDL returns the GraphQL schema document generated for s.
func SDL(s *Schema) (string, error) {
	c, err := compileSchema(s)
	if err != nil {
		return "", err
	}
	return c.sdl, nil
}

// validationRules are gqlparser's rules without suggestions, less those
// Hasura does not enforce: variable types against their positions,
// unused variables and unused fragments.
func validationRules() *rules.Rules {
	r := rules.NewDefaultRules()
	for _, n := range []string{"VariablesInAllowedPosition", "NoUnusedVariables", "NoUnusedFragments",
		"FieldsOnCorrectType", "KnownArgumentNames", "KnownTypeNames", "ScalarLeafs", "ValuesOfCorrectType"} {
		r.RemoveRule(n)
	}
	for _, rule := range []core.Rule{rules.FieldsOnCorrectTypeRuleWithoutSuggestions, rules.KnownArgumentNamesRuleWithoutSuggestions,
		rules.KnownTypeNamesRuleWithoutSuggestions, rules.ScalarLeafsRuleWithoutSuggestions, rules.ValuesOfCorrectTypeRuleWithoutSuggestions} {
		r.AddRule(rule.Name, rule.RuleFunc)
	}
	return r
}

// ServeHTTP implements http.Handler.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			_, _ = io.WriteString(w, queryPage)
		}
		return
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxBodyBytes))
	var out []byte
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			out = errorBody(&Error{Message: fmt.Sprintf("request body larger than %d bytes", h.opts.MaxBodyBytes), Path: "$", Code: "bad-request"})
		} else {
			out = errorBody(&Error{Message: "could not read the request body", Path: "$", Code: "bad-request"})
		}
	} else {
		ctx, cancel := context.WithTimeout(r.Context(), h.opts.Timeout)
		out = h.Do(ctx, body)
		cancel()
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(out)
}

// Error is one entry of an answer's "errors", as Hasura writes it.
type Error struct {
	Message string
	Path    string
	Code    string
}

func (e *Error) Error() string { return e.Message }

// errorBody renders {"errors":[e]}.
func errorBody(e *Error) []byte {
	type ext struct {
		Path string `json:"path"`
		Code string `json:"code"`
	}
	type item struct {
		Message    string `json:"message"`
		Extensions ext    `json:"extensions"`
	}
	b, _ := json.Marshal(struct {
		Errors []item `json:"errors"`
	}{[]item{{e.Message, ext{e.Path, e.Code}}}})
	return b
}

// Do answers one request body (the JSON a POST carries) with the JSON
// of the answer. It never fails: errors are answered as Hasura does.
//
// A JSON array of requests (a batch) is answered with the array of
// their answers, as Hasura does.
func (h *handler) Do(ctx context.Context, body []byte) []byte {
	v, err := decodeJSON(body)
	if err != nil {
		return errorBody(&Error{Message: "Error in $: Failed reading: not a valid json value", Path: "$", Code: "invalid-json"})
	}
	batch, ok := v.([]any)
	if !ok {
		return h.answer(ctx, v)
	}
	if len(batch) > maxBatch {
		return errorBody(&Error{Message: fmt.Sprintf("a batch holds at most %d queries", maxBatch), Path: "$", Code: "bad-request"})
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for i, item := range batch {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(h.answer(ctx, item))
	}
	b.WriteByte(']')
	return b.Bytes()
}

// maxBatch bounds the queries of one batch.
const maxBatch = 32

// answer answers one decoded request.
func (h *handler) answer(ctx context.Context, v any) []byte {
	req, gerr := parseRequest(v)
	if gerr != nil {
		return errorBody(gerr)
	}
	data, gerr := h.run(ctx, req)
	if gerr != nil {
		return errorBody(gerr)
	}
	var b bytes.Buffer
	b.Grow(len(data) + 10)
	b.WriteString(`{"data":`)
	b.Write(data)
	b.WriteByte('}')
	return b.Bytes()
}

// request is a decoded POST body.
type request struct {
	query         string
	operationName string
	variables     obj
}

// parseRequest reads a decoded request with Hasura's errors for bad fields.
func parseRequest(v any) (*request, *Error) {
	o, ok := v.(obj)
	if !ok {
		return nil, &Error{Message: "expected Object, but encountered " + jsonKind(v), Path: "$", Code: "parse-failed"}
	}
	req := &request{}
	q, ok := o.get("query")
	if !ok {
		return nil, &Error{Message: `key "query" not found`, Path: "$", Code: "parse-failed"}
	}
	if req.query, ok = q.(string); !ok {
		return nil, &Error{Message: "expected String, but encountered " + jsonKind(q), Path: "$.query", Code: "parse-failed"}
	}
	if n, _ := o.get("operationName"); n != nil {
		if req.operationName, ok = n.(string); !ok {
			return nil, &Error{Message: "expected String, but encountered " + jsonKind(n), Path: "$.operationName", Code: "parse-failed"}
		}
	}
	if vs, _ := o.get("variables"); vs != nil {
		if req.variables, ok = vs.(obj); !ok {
			return nil, &Error{Message: "expected Object, but encountered " + jsonKind(vs), Path: "$.variables", Code: "parse-failed"}
		}
	}
	return req, nil
}

// jsonKind names a JSON value's kind as aeson does.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "Null"
	case bool:
		return "Boolean"
	case string:
		return "String"
	case json.Number:
		return "Number"
	case []any:
		return "Array"
	}
	return "Object"
}

// run parses, validates and executes a request, returning the JSON of data.
func (h *handler) run(ctx context.Context, req *request) ([]byte, *Error) {
	if !nestingWithin(req.query, h.opts.MaxDepth) {
		return nil, &Error{Message: fmt.Sprintf("the query is nested deeper than %d levels", h.opts.MaxDepth), Path: "$.query", Code: "validation-failed"}
	}
	doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Name: "query", Input: req.query}, h.opts.MaxTokens)
	if err != nil {
		return nil, &Error{Message: "not a valid graphql query", Path: "$.query", Code: "parse-failed"}
	}
	if countFields(doc, h.opts.MaxFields) > h.opts.MaxFields {
		return nil, &Error{Message: fmt.Sprintf("the query selects more than %d fields", h.opts.MaxFields), Path: "$.query", Code: "validation-failed"}
	}
	restore := hideBigNumbers(doc)
	errs := validator.ValidateWithRules(h.c.ast, doc, h.rules)
	restore()
	if len(errs) > 0 {
		return nil, hasuraError(doc, errs[0])
	}
	op, gerr := pickOperation(doc, req.operationName)
	if gerr != nil {
		return nil, gerr
	}
	vars, gerr := bindVariables(op, req.variables)
	if gerr != nil {
		return nil, gerr
	}
	src := h.src
	if s, ok := src.(Snapshotter); ok {
		snap, done, err := s.Snapshot(ctx)
		if err != nil {
			return nil, &Error{Message: "could not read the tables: " + err.Error(), Path: "$", Code: "unexpected"}
		}
		defer done()
		src = snap
	}
	e := newExecutor(ctx, h, src, doc, vars)
	data, err := e.root(op)
	if err != nil {
		var ge *Error
		if errors.As(err, &ge) {
			return nil, ge
		}
		return nil, &Error{Message: err.Error(), Path: "$", Code: "unexpected"}
	}
	return data, nil
}

// pickOperation chooses the operation to run.
func pickOperation(doc *ast.QueryDocument, name string) (*ast.OperationDefinition, *Error) {
	if name != "" {
		if op := doc.Operations.ForName(name); op != nil {
			return op, nil
		}
		return nil, &Error{Message: fmt.Sprintf("no such operation found in the document: %q", name), Path: "$", Code: "validation-failed"}
	}
	if len(doc.Operations) != 1 {
		return nil, &Error{Message: "exactly one operation has to be present in the document when operationName is not specified", Path: "$", Code: "validation-failed"}
	}
	return doc.Operations[0], nil
}

// bindVariables gives each declared variable its value: the one sent,
// else its default, else none (an input field given an absent variable
// is omitted, as Hasura does); a non-null variable must have a value.
// Values are not checked against the declared types (Hasura tolerates
// mismatches clients rely on); the executor checks them where used.
// Variables sent but not declared are ignored.
func bindVariables(op *ast.OperationDefinition, sent obj) (map[string]any, *Error) {
	vars := map[string]any{}
	for _, d := range op.VariableDefinitions {
		v, ok := sent.get(d.Variable)
		if !ok && d.DefaultValue != nil {
			dv, err := valueOf(d.DefaultValue, nil, 0)
			if err != nil {
				return nil, &Error{Message: err.Error(), Path: "$", Code: "validation-failed"}
			}
			v, ok = dv, true
		}
		if d.Type.NonNull && (!ok || v == nil) {
			if !ok {
				return nil, &Error{Message: fmt.Sprintf("expecting a value for non-nullable variable: %q", d.Variable), Path: "$", Code: "validation-failed"}
			}
			return nil, &Error{Message: fmt.Sprintf("null value found for non-nullable type: %q", d.Type.String()), Path: "$.variableValues." + d.Variable, Code: "validation-failed"}
		}
		if ok {
			vars[d.Variable] = v
		}
	}
	return vars, nil
}
