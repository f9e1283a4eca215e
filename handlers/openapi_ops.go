package handlers

import (
	"net/http"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// opDoc documents one operation of the route table (keyed by operation id
// in operationDocs). Path parameters come from the route's path template
// and pathParams, so only query parameters are listed here.
type opDoc struct {
	tag, summary, description string
	query                     []jsonObj    // query parameters
	body                      jsonObj      // requestBody; nil when there is none
	ok                        []okResponse // success responses
	errors                    []int        // error statuses (components.responses ErrorNNN)
	headers                   []string     // success headers besides the ledger headers
	noLedgerHeaders           bool         // success responses carry no ledger headers
}

type okResponse struct {
	status      int
	description string
	content     jsonObj // media type → schema
}

func jsonContent(schema any) jsonObj { return jsonObj{ledgerapi.ContentTypeJSON: schema} }

func okJSON(status int, desc string, schema any) []okResponse {
	return []okResponse{{status, desc, jsonContent(jsonObj{"schema": schema})}}
}

func queryParam(name string, schema jsonObj, desc string) jsonObj {
	return jsonObj{"name": name, "in": "query", "required": false, "description": desc, "schema": schema}
}

func uint16Schema() jsonObj {
	return jsonObj{"type": "integer", "format": "uint16", "minimum": 0, "maximum": 65535}
}

var (
	qLedgerVersion = queryParam("ledger_version", ref("U64"),
		"The ledger version to read at; the latest when absent. Above the latest version: 404 version_not_found; pruned: 410 version_pruned.")
	qLimit        = queryParam("limit", uint16Schema(), "The maximum number of items to return; the default page size when absent. 0 is invalid; larger values are capped.")
	qStartVersion = queryParam("start", ref("U64"), "The ledger version to start from; the latest page when absent.")
	qStartSeq     = queryParam("start", ref("U64"), "The account sequence number to start from; the latest page when absent.")
	qStartEvent   = queryParam("start", ref("U64"), "The event sequence number to start from; the most recent events when absent.")
	qCursor       = queryParam("start", str(""), "The cursor of the page to read: the X-NODE-CURSOR header of the previous page.")
	qWithTxns     = queryParam("with_transactions", boolean(""), "Whether to include the block's transactions (capped by the block transactions page size; fetch the rest with GET /transactions).")
	qDuration     = queryParam("duration_secs", integer("uint32", ""), "When given, the node is healthy only if the latest ledger timestamp is at most this many seconds old.")
)

// pathParams describes every path parameter name used by the route table.
var pathParams = map[string]jsonObj{
	"address":         {"schema": ref("Address"), "description": "An account address, with or without 0x, short or long."},
	"txn_hash":        {"schema": ref("HashValue"), "description": "A transaction hash."},
	"txn_version":     {"schema": ref("U64"), "description": "A ledger version."},
	"resource_type":   {"schema": ref("MoveStructTag"), "description": "The resource's struct tag, percent-encoded."},
	"module_name":     {"schema": ref("IdentifierWrapper"), "description": "The module's name."},
	"asset_type":      {"schema": str(""), "description": "A coin type (struct tag) or a fungible asset metadata address, percent-encoded."},
	"creation_number": {"schema": ref("U64"), "description": "The creation number of the event stream under the account."},
	"event_handle":    {"schema": ref("MoveStructTag"), "description": "The struct holding the event handle, percent-encoded."},
	"field_name":      {"schema": ref("IdentifierWrapper"), "description": "The field of that struct holding the event handle."},
	"table_handle":    {"schema": ref("Address"), "description": "The table handle, 32 bytes in hex."},
	"block_height":    {"schema": integer("uint64", ""), "description": "A block height."},
	"version":         {"schema": integer("uint64", ""), "description": "A ledger version inside the block."},
}

var (
	readErrors   = []int{http.StatusBadRequest, http.StatusNotFound, http.StatusGone, http.StatusInternalServerError}
	postErrors   = []int{http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound, http.StatusGone, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType, http.StatusInternalServerError}
	submitErrors = []int{http.StatusBadRequest, http.StatusForbidden, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType, http.StatusInternalServerError, http.StatusInsufficientStorage}
	// Views and simulations also answer 503 when the node is busy or the
	// call runs past its time limit (admission.go).
	viewErrors     = append(slices.Clone(postErrors), http.StatusServiceUnavailable)
	simulateErrors = append(slices.Clone(submitErrors), http.StatusServiceUnavailable)
)

// bcsBody is a request body in JSON (schema) or BCS under each of names.
func bcsBody(desc string, schema any, bcsDesc string, names ...string) jsonObj {
	c := jsonContent(jsonObj{"schema": schema})
	for _, n := range names {
		c[n] = jsonObj{"schema": binarySchema(bcsDesc)}
	}
	return jsonObj{"required": true, "description": desc, "content": c}
}

func jsonBody(desc string, schema any) jsonObj {
	return jsonObj{"required": true, "description": desc, "content": jsonContent(jsonObj{"schema": schema})}
}

var (
	txnBCS  = []string{ledgerapi.ContentTypeSignedTxnBCS, ledgerapi.ContentTypeAptosSignedTxnBCS}
	viewBCS = []string{ledgerapi.ContentTypeViewFunctionBCS, ledgerapi.ContentTypeAptosViewFunctionBCS}
)

// operationDocs documents the operations of the route table by operation id.
var operationDocs = map[string]opDoc{
	"get_ledger_info": {tag: "General", summary: "Get ledger info",
		description: "The chain id, epoch, latest and oldest ledger versions and block heights, and the node role.",
		ok:          okJSON(200, "The ledger info.", ref("IndexResponse")), errors: []int{500}},
	"healthy": {tag: "General", summary: "Check basic node health",
		description: "200 while the node runs; with duration_secs, 503 health_check_failed when the latest ledger timestamp is older than that.",
		query:       []jsonObj{qDuration}, ok: okJSON(200, "The node is healthy.", ref("HealthCheckSuccess")), errors: []int{400, 500, 503}},
	"get_info": {tag: "General", summary: "Show basic node information",
		description: "A free-form object describing this node: its role, chain id and the limits it applies.",
		ok:          okJSON(200, "The node information.", jsonObj{"type": "object", "additionalProperties": true}), errors: []int{500}},
	"spec": {tag: "General", summary: "Show the OpenAPI explorer",
		description: "A self-contained HTML page listing the operations. The document itself is at /v1/spec.json and /v1/spec.yaml.",
		ok:          []okResponse{{200, "The explorer page.", jsonObj{"text/html": jsonObj{"schema": str("")}}}}},
	"get_transactions": {tag: "Transactions", summary: "Get transactions",
		description: "Committed transactions in ascending version order, from start or the latest page. Pending transactions are looked up by hash.",
		query:       []jsonObj{qStartVersion, qLimit}, ok: okJSON(200, "The transactions.", arrayOf(ref("Transaction"))), errors: readErrors},
	"submit_transaction": {tag: "Transactions", summary: "Submit transaction",
		description: "Submits a signed transaction, as JSON or as a BCS SignedTransaction, to the mempool.",
		body:        bcsBody("The signed transaction.", ref("SubmitTransactionRequest"), "A BCS SignedTransaction.", txnBCS...),
		ok:          okJSON(202, "Accepted: the pending transaction (without type).", ref("PendingTransaction")), errors: submitErrors},
	"submit_batch_transactions": {tag: "Transactions", summary: "Submit batch transactions",
		description: "Submits up to the batch size limit of signed transactions. 202 when all are accepted, 206 with the failures otherwise.",
		body:        bcsBody("The signed transactions.", arrayOf(ref("SubmitTransactionRequest")), "The BCS of a vector of SignedTransaction.", txnBCS...),
		ok: []okResponse{{202, "All transactions were accepted.", jsonContent(jsonObj{"schema": ref("TransactionsBatchSubmissionResult")})},
			{206, "Some or all transactions failed; the failures are listed.", jsonContent(jsonObj{"schema": ref("TransactionsBatchSubmissionResult")})}},
		errors: submitErrors},
	"simulate_transaction": {tag: "Transactions", summary: "Simulate transaction",
		description: "Executes a transaction whose signature is zero-padded (invalid) without committing it. Outputs and events match a real execution; a valid signature is rejected. 503 health_check_failed with Retry-After when every slot for views and simulations is busy, or when the call runs past the node's time limit.",
		query: []jsonObj{
			queryParam("estimate_max_gas_amount", boolean(""), "Ignore max_gas_amount and use the maximum possible gas."),
			queryParam("estimate_gas_unit_price", boolean(""), "Ignore gas_unit_price and use the estimated price."),
			queryParam("estimate_prioritized_gas_unit_price", boolean(""), "Use the prioritized price estimate."),
		},
		body: bcsBody("The transaction with a zero-padded signature.", ref("SubmitTransactionRequest"), "A BCS SignedTransaction.", txnBCS...),
		ok:   okJSON(200, "The simulated transaction.", arrayOf(ref("UserTransaction"))), errors: simulateErrors,
		headers: []string{ledgerapi.HeaderGasUsed}},
	"encode_submission": {tag: "Transactions", summary: "Encode submission",
		description: "Returns the hex of the bytes to sign for a transaction request (the multi-agent message when secondary_signers is given).",
		body:        jsonBody("The transaction request without signature.", ref("EncodeSubmissionRequest")),
		ok:          okJSON(200, "The signing message.", ref("HexEncodedBytes")), errors: []int{400, 413, 415, 500}},
	"get_transaction_by_hash": {tag: "Transactions", summary: "Get transaction by hash",
		description: "The committed transaction with this hash, else the pending one.",
		ok:          okJSON(200, "The transaction.", ref("Transaction")), errors: readErrors},
	"wait_transaction_by_hash": {tag: "Transactions", summary: "Wait for transaction by hash",
		description: "Like get transaction by hash, but waits a short server-chosen time for a pending transaction to commit. A pending answer means: retry.",
		ok:          okJSON(200, "The transaction.", ref("Transaction")), errors: readErrors},
	"get_transaction_by_version": {tag: "Transactions", summary: "Get transaction by version",
		ok: okJSON(200, "The transaction.", ref("Transaction")), errors: readErrors},
	"get_account_transactions": {tag: "Transactions", summary: "Get account transactions",
		description: "The sequence-number transactions sent by the account, ascending.",
		query:       []jsonObj{qStartSeq, qLimit}, ok: okJSON(200, "The transactions.", arrayOf(ref("Transaction"))), errors: readErrors},
	"get_account_transaction_summaries": {tag: "Transactions", summary: "Get account transaction summaries",
		description: "Summaries of the committed transactions the account sent, ascending by version: from start_version, or the last ones before end_version, or the most recent.",
		query: []jsonObj{
			queryParam("start_version", ref("U64"), "List the transactions at or after this version."),
			queryParam("end_version", ref("U64"), "Without start_version, list the last transactions before this version."),
			queryParam("limit", uint16Schema(), "The maximum number of summaries; 100 when absent, and at most 100."),
		},
		ok: okJSON(200, "The summaries.", arrayOf(ref("TransactionSummary"))), errors: readErrors},
	"estimate_gas_price": {tag: "Transactions", summary: "Estimate gas price",
		ok: okJSON(200, "The estimates.", ref("GasEstimation")), errors: []int{500}},
	"view": {tag: "View", summary: "Execute view function",
		description: "Runs a view function read-only and returns its results. X-NODE-GAS-USED is the gas it used. 503 health_check_failed with Retry-After when every slot for views and simulations is busy, or when the call runs past the node's time limit.",
		query:       []jsonObj{qLedgerVersion},
		body:        bcsBody("The view call.", ref("ViewRequest"), "A BCS EntryFunction.", viewBCS...),
		ok:          okJSON(200, "The function's return values.", arrayOf(ref("MoveValue"))), errors: viewErrors,
		headers: []string{ledgerapi.HeaderGasUsed}},
	"get_account": {tag: "Accounts", summary: "Get account",
		description: "The account's sequence number and authentication key. An account without an Account resource reads as fresh.",
		query:       []jsonObj{qLedgerVersion}, ok: okJSON(200, "The account.", ref("AccountData")), errors: readErrors},
	"get_account_resources": {tag: "Accounts", summary: "Get account resources",
		description: "All resources of the account, paged by cursor: X-NODE-CURSOR names the next page while more remain.",
		query:       []jsonObj{qLedgerVersion, qCursor, qLimit}, ok: okJSON(200, "The resources.", arrayOf(ref("MoveResource"))), errors: readErrors,
		headers: []string{ledgerapi.HeaderCursor}},
	"get_account_resource": {tag: "Accounts", summary: "Get account resource",
		query: []jsonObj{qLedgerVersion}, ok: okJSON(200, "The resource.", ref("MoveResource")), errors: readErrors},
	"get_account_modules": {tag: "Accounts", summary: "Get account modules",
		description: "All modules of the account, paged by cursor like the resources.",
		query:       []jsonObj{qLedgerVersion, qCursor, qLimit}, ok: okJSON(200, "The modules.", arrayOf(ref("MoveModuleBytecode"))), errors: readErrors,
		headers: []string{ledgerapi.HeaderCursor}},
	"get_account_module": {tag: "Accounts", summary: "Get account module",
		query: []jsonObj{qLedgerVersion}, ok: okJSON(200, "The module's bytecode and ABI.", ref("MoveModuleBytecode")), errors: readErrors},
	"get_account_balance": {tag: "Accounts", summary: "Get account balance",
		description: "The balance of a coin (CoinStore plus the paired fungible asset's primary store) or of a fungible asset's primary store.",
		query:       []jsonObj{qLedgerVersion}, ok: okJSON(200, "The balance, a plain JSON number.", integer("uint64", "")), errors: readErrors},
	"get_events_by_creation_number": {tag: "Events", summary: "Get events by creation number",
		description: "The event stream identified by the account and a creation number.",
		query:       []jsonObj{qStartEvent, qLimit}, ok: okJSON(200, "The events.", arrayOf(ref("VersionedEvent"))), errors: readErrors},
	"get_events_by_event_handle": {tag: "Events", summary: "Get events by event handle",
		description: "The event stream of the EventHandle held in a field of a resource of the account.",
		query:       []jsonObj{qStartEvent, qLimit}, ok: okJSON(200, "The events.", arrayOf(ref("VersionedEvent"))), errors: readErrors},
	"get_table_item": {tag: "Tables", summary: "Get table item",
		description: "The value of a table item whose key is given as JSON with its type (a POST because keys can be nested structs).",
		query:       []jsonObj{qLedgerVersion}, body: jsonBody("The key and the types.", ref("TableItemRequest")),
		ok: okJSON(200, "The value as a Move value.", ref("MoveValue")), errors: postErrors},
	"get_raw_table_item": {tag: "Tables", summary: "Get raw table item",
		description: "The BCS bytes of a table item's value, for a key given as BCS. Only BCS is returned: a JSON Accept header gets 403 api_disabled.",
		query:       []jsonObj{qLedgerVersion}, body: jsonBody("The serialized key.", ref("RawTableItemRequest")),
		ok: []okResponse{{200, "The value's BCS bytes.", jsonObj{ledgerapi.ContentTypeBCS: jsonObj{"schema": binarySchema("")}}}}, errors: postErrors},
	"get_block_by_height": {tag: "Blocks", summary: "Get block by height",
		query: []jsonObj{qWithTxns}, ok: okJSON(200, "The block.", ref("Block")), errors: readErrors},
	"get_block_by_version": {tag: "Blocks", summary: "Get block by version",
		description: "The block holding a ledger version.",
		query:       []jsonObj{qWithTxns}, ok: okJSON(200, "The block.", ref("Block")), errors: readErrors},
}

// The tags, in display order.
var openAPITags = []jsonObj{
	{"name": "General", "description": "Ledger info, health and this document."},
	{"name": "Transactions", "description": "Submit, simulate and look up transactions."},
	{"name": "Accounts", "description": "Account state: data, resources, modules, balances."},
	{"name": "Events", "description": "Event streams."},
	{"name": "Blocks", "description": "Blocks by height or version."},
	{"name": "Tables", "description": "Table items."},
	{"name": "View", "description": "Read-only view functions."},
}
