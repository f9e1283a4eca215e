package handlers

import "net/http"

// route is one line of the route table.
type route struct {
	method      string
	path        string
	operationID string // the real API's operation id
	handler     handlerFunc
}

// routes is the single route table of the API.
func (a *API) routes() []route {
	return []route{
		{http.MethodGet, "/", "get_ledger_info", a.getLedgerInfo},
		{http.MethodGet, "/-/healthy", "healthy", a.healthy},
	}
}
