package gql_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// rows is a Source over fixed tables.
type rows map[string][]gql.Row

func (r rows) Rows(_ context.Context, table string) ([]gql.Row, error) { return r[table], nil }

func Example() {
	schema := &gql.Schema{Tables: []gql.Table{{
		Name:       "processor_status",
		PrimaryKey: []string{"processor"},
		Columns: []gql.Column{
			{Name: "processor", Type: gql.TypeString},
			{Name: "last_success_version", Type: gql.TypeBigint},
		},
	}}}
	status := gql.NewLayout("processor", "last_success_version")
	src := rows{"processor_status": {
		gql.NewRow(status, []any{"default_processor", json.Number("12")}),
		gql.NewRow(status, []any{"fungible_asset_processor", json.Number("12")}),
	}}
	h, err := gql.NewHandler(schema, src, gql.Options{})
	if err != nil {
		panic(err)
	}
	body := `{"query":"query($p: String) { processor_status(where: {processor: {_eq: $p}}) { last_success_version } }","variables":{"p":"default_processor"}}`
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/graphql", strings.NewReader(body)))
	fmt.Println(rec.Code, rec.Body.String())

	body = `{"query":"{ ledger_inos { chain_id } }"}`
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/graphql", strings.NewReader(body)))
	fmt.Println(rec.Code, rec.Body.String())
	// Output:
	// 200 {"data":{"processor_status":[{"last_success_version":12}]}}
	// 200 {"errors":[{"message":"field 'ledger_inos' not found in type: 'query_root'","extensions":{"path":"$.selectionSet.ledger_inos","code":"validation-failed"}}]}
}
