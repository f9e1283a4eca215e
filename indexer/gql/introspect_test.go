package gql

import (
	"encoding/json"
	"testing"
)

// introspectionQuery is the query GraphQL tools send.
const introspectionQuery = `query IntrospectionQuery {
  __schema {
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types { ...FullType }
    directives { name description locations args { ...InputValue } }
  }
}
fragment FullType on __Type {
  kind name description
  fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
  inputFields { ...InputValue }
  interfaces { ...TypeRef }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...TypeRef }
}
fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
}`

type typeRef struct {
	Kind   string   `json:"kind"`
	Name   *string  `json:"name"`
	OfType *typeRef `json:"ofType"`
}

func (r *typeRef) String() string {
	switch {
	case r == nil:
		return "?"
	case r.Kind == "NON_NULL":
		return r.OfType.String() + "!"
	case r.Kind == "LIST":
		return "[" + r.OfType.String() + "]"
	case r.Name != nil:
		return *r.Name
	}
	return "?"
}

func TestIntrospection(t *testing.T) {
	h := newTestHandler(t, Options{})
	out := query(t, h, introspectionQuery, "")
	var resp struct {
		Data struct {
			Schema struct {
				QueryType    struct{ Name string } `json:"queryType"`
				MutationType *struct{ Name string }
				Types        []struct {
					Kind   string `json:"kind"`
					Name   string `json:"name"`
					Fields []struct {
						Name string   `json:"name"`
						Type *typeRef `json:"type"`
						Args []struct {
							Name string   `json:"name"`
							Type *typeRef `json:"type"`
						} `json:"args"`
					} `json:"fields"`
					InputFields []struct {
						Name string   `json:"name"`
						Type *typeRef `json:"type"`
					} `json:"inputFields"`
					EnumValues []struct{ Name string } `json:"enumValues"`
				} `json:"types"`
				Directives []struct{ Name string } `json:"directives"`
			} `json:"__schema"`
		} `json:"data"`
		Errors []any `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &resp); err != nil || len(resp.Errors) > 0 {
		t.Fatalf("%v %s", err, out[:min(len(out), 500)])
	}
	s := resp.Data.Schema
	if s.QueryType.Name != "query_root" || s.MutationType != nil || len(s.Directives) < 2 {
		t.Fatalf("schema: %+v", s.QueryType)
	}
	found := map[string]bool{}
	for _, ty := range s.Types {
		found[ty.Kind+" "+ty.Name] = true
		switch ty.Name {
		case "query_root":
			for _, f := range ty.Fields {
				if f.Name == "balances" {
					found["balances: "+f.Type.String()] = true
					for _, a := range f.Args {
						found["balances("+a.Name+": "+a.Type.String()+")"] = true
					}
				}
			}
		case "balances_bool_exp":
			for _, f := range ty.InputFields {
				found["bool_exp "+f.Name+": "+f.Type.String()] = true
			}
		case "order_by":
			found["enum values "+string(rune('0'+len(ty.EnumValues)))] = true
		}
	}
	for _, want := range []string{"OBJECT query_root", "OBJECT balances", "INPUT_OBJECT balances_bool_exp", "SCALAR bigint",
		"ENUM order_by", "ENUM balances_select_column", "OBJECT balances_aggregate_fields", "OBJECT __Schema",
		"balances: [balances!]!", "balances(order_by: [balances_order_by!])", "balances(limit: Int)",
		"bool_exp _and: [balances_bool_exp!]", "bool_exp metadata: metadata_bool_exp", "bool_exp amount: numeric_comparison_exp",
		"enum values 6"} {
		if !found[want] {
			t.Errorf("introspection lacks %q", want)
		}
	}
	expect(t, h, `{ __type(name: "txs") { name kind fields { name } } missing: __type(name: "nope") { name } }`, "",
		`{"data":{"__type":{"name":"txs","kind":"OBJECT","fields":[{"name":"version"},{"name":"sender"}]},"missing":null}}`)
}
