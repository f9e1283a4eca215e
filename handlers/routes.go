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
		{http.MethodGet, "/transactions", "get_transactions", a.getTransactions},
		{http.MethodGet, "/transactions/by_hash/{txn_hash}", "get_transaction_by_hash", a.getTransactionByHash},
		{http.MethodGet, "/transactions/by_version/{txn_version}", "get_transaction_by_version", a.getTransactionByVersion},
		{http.MethodGet, "/accounts/{address}/transactions", "get_account_transactions", a.getAccountTransactions},
		{http.MethodGet, "/blocks/by_height/{block_height}", "get_block_by_height", a.getBlockByHeight},
		{http.MethodGet, "/blocks/by_version/{version}", "get_block_by_version", a.getBlockByVersion},
	}
}
