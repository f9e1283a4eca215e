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
		{http.MethodGet, "/info", "get_info", a.getInfo},
		{http.MethodGet, "/spec", "spec", a.specExplorer},
		{http.MethodGet, "/spec.json", "spec_json", a.specJSON},
		{http.MethodGet, "/spec.yaml", "spec_yaml", a.specYAML},
		{http.MethodGet, "/transactions", "get_transactions", a.getTransactions},
		{http.MethodPost, "/transactions", "submit_transaction", a.submitTransaction},
		{http.MethodPost, "/transactions/batch", "submit_batch_transactions", a.submitBatch},
		{http.MethodPost, "/transactions/encode_submission", "encode_submission", a.encodeSubmission},
		{http.MethodPost, "/transactions/simulate", "simulate_transaction", a.simulate},
		{http.MethodPost, "/view", "view", a.view},
		{http.MethodGet, "/estimate_gas_price", "estimate_gas_price", a.estimateGasPrice},
		{http.MethodGet, "/transactions/by_hash/{txn_hash}", "get_transaction_by_hash", a.getTransactionByHash},
		{http.MethodGet, "/transactions/wait_by_hash/{txn_hash}", "wait_transaction_by_hash", a.waitTransactionByHash},
		{http.MethodGet, "/transactions/by_version/{txn_version}", "get_transaction_by_version", a.getTransactionByVersion},
		{http.MethodGet, "/accounts/{address}", "get_account", a.getAccount},
		{http.MethodGet, "/accounts/{address}/resources", "get_account_resources", a.getAccountResources},
		{http.MethodGet, "/accounts/{address}/resource/{resource_type}", "get_account_resource", a.getAccountResource},
		{http.MethodGet, "/accounts/{address}/modules", "get_account_modules", a.getAccountModules},
		{http.MethodGet, "/accounts/{address}/module/{module_name}", "get_account_module", a.getAccountModule},
		{http.MethodGet, "/accounts/{address}/balance/{asset_type}", "get_account_balance", a.getAccountBalance},
		{http.MethodGet, "/accounts/{address}/transactions", "get_account_transactions", a.getAccountTransactions},
		{http.MethodGet, "/accounts/{address}/transaction_summaries", "get_account_transaction_summaries", a.getAccountTransactionSummaries},
		{http.MethodGet, "/accounts/{address}/events/{creation_number}", "get_events_by_creation_number", a.getEventsByCreationNumber},
		{http.MethodGet, "/accounts/{address}/events/{event_handle}/{field_name}", "get_events_by_event_handle", a.getEventsByEventHandle},
		{http.MethodPost, "/tables/{table_handle}/item", "get_table_item", a.getTableItem},
		{http.MethodPost, "/tables/{table_handle}/raw_item", "get_raw_table_item", a.getRawTableItem},
		{http.MethodGet, "/blocks/by_height/{block_height}", "get_block_by_height", a.getBlockByHeight},
		{http.MethodGet, "/blocks/by_version/{version}", "get_block_by_version", a.getBlockByVersion},
	}
}
