// Package handlers serves the ledger node REST interface as an http.Handler.
//
// # Mounting
//
// The API does not know its URL prefix. Hosts mount it under /v1:
//
//	api, err := handlers.New(handlers.Deps{Store: store, Submitter: node, Commits: node, Pending: pool,
//		Executor: vm, Modules: vm}, handlers.Options{})
//	v1 := http.StripPrefix("/v1", api)
//	mux.Handle("/v1", v1)        // the ledger info, as clients request it
//	mux.Handle("/v1/", v1)
//
// A host that routes "/v1" and "/v1/" to the API unchanged can set
// Options.PathPrefix to "/v1" instead of wrapping it in http.StripPrefix;
// the API then strips the prefix itself without copying each request.
//
// Deps holds small interfaces (storage.Reader, Submitter, Commits,
// Pending, Executor, Modules); only Store is required. Without a Submitter
// the submission endpoints answer 403 api_disabled, without an Executor
// so do view and simulate; without Commits wait_by_hash does not wait. A
// read-only API replica (package replica) has Commits but no Submitter. Options holds the limits, each defaulting to the
// real node's value (page sizes 25/100, 10,000 transactions per block, 8 MiB
// bodies, batches of 10, a 1 s wait_by_hash with 100 waiters); GitHash is
// what GET / reports as git_hash (BuildRevision by default).
//
// # Requests and responses
//
// Every operation reads one ledger snapshot and answers with its
// X-NODE-* headers; errors carry them too whenever the ledger can be read.
// ledger_version is resolved against that snapshot: above the latest
// version it is 404 version_not_found, below the oldest 410 version_pruned.
// JSON bodies are decoded strictly (unknown fields, trailing data, wrong
// types and missing required fields are 400 with a message naming the
// field); BCS bodies use the canonical decoder of ledgerapi/txn. Both
// content-type names are accepted for BCS transactions and view requests.
//
// Output is JSON unless the first of application/json and application/x-bcs
// in the Accept header is application/x-bcs; then every operation the real
// API offers in BCS answers in BCS (the layouts are listed in bcsout.go;
// encode_submission answers 400 bcs_not_supported, raw_item is BCS only).
// Errors are always JSON. Paged listings name the next page in
// X-NODE-CURSOR and, for Aptos clients, in X-Aptos-Cursor.
//
// # Modules at a version
//
// Move types and functions are resolved from the module bytes stored at
// the version being read (Deps.Modules): GET module endpoints serve the
// stored bytes with the ABI derived from them ({bytecode, abi}, abi null
// when the bytes do not deserialize), resources, events, table items and
// view results render through the struct layouts of the modules stored at
// that version, and JSON arguments convert by the function signatures
// stored there; a module published at version V is unknown at V-1. A
// committed transaction renders with the modules as of its own version,
// and its write_module changes carry their ABI. Move values whose type has
// no layout at that version render as the hex of their BCS. Rendered
// values are cached by type and bytes only when a layout rendered them
// (struct layouts never change once their module is stored: upgrades keep
// them), and a cached rendering of a struct serves only versions where the
// struct's module is stored.
//
// # Errors
//
// Handlers return errors; one function, StatusOf, maps each error code of
// the closed set in ledgerapi to its HTTP status (404 for *_not_found, 410
// for *_pruned, 400 for invalid_input and mempool/VM rejections, 403
// api_disabled, 503 health_check_failed, 507 mempool_is_full, 500
// internal_error). 503 health_check_failed also answers a view or
// simulation the node is too busy to run or that ran past its time limit
// (see below). Framework errors (unknown route 404, wrong method 405,
// unsupported media type 415, body too large 413, unparsable parameters
// 400) use web_framework_error. Errors that are not API errors become a
// generic 500 internal_error and are logged, never echoed. Bodies and
// parameters that do not parse are worded as on the real node ("Failed to
// deserialize input into SignedTransaction: …", "parse request payload
// error: …", "failed to parse path `txn_hash`: …", "failed to parse
// parameter `limit`: …"). A view of a function that cannot be called
// answers the same in JSON and BCS: the executor is asked about the
// function before a JSON request's arguments are blamed.
//
// An error answered before the body was read to its end (413 always)
// closes the connection, but only after reading and discarding the rest of
// a body up to twice the limit, so that clients that write a whole request
// before reading still read the answer (see linger.go).
//
// # Admission of views and simulations
//
// Views and simulations run code anyone can publish, so they run under
// admission control (admission.go): at most Options.MaxConcurrentViews at
// once, views and simulations together (default runtime.GOMAXPROCS - 1,
// at least 1: the work is CPU-bound, so more slots add no throughput, and
// with a processor left free GET /v1, submissions and block execution
// run at once instead of waiting for a scheduler time slice); a call that
// finds every slot busy waits up to Options.ViewQueueTimeout (100 ms) in
// turn, and each call may execute for Options.ViewTimeout (2 s). Past
// either bound it answers at once 503 health_check_failed with
// Retry-After: 1, a message saying which bound, and the ledger headers;
// these answers are not logged as failures (a time-out is logged as a
// warning). 503 and not
// 4xx because the request is not wrong: the same call may succeed later;
// and not 429 because the bound is the node's, not a quota per client
// (which the spec's error sets for view and simulate do not list either).
// The closed set of error codes has no code for overload (Aptos's newer
// rate_limited is not in this interface, and clients that check the set
// refuse unknown codes): health_check_failed is its 503 code, and says
// what happened: the node cannot take the call now.
//
// A call past its time bound is answered while the executor may still
// run: the state the executor reads carries the call's context (see
// Executor), cancelled at the deadline, and the call keeps its slot until
// the executor returns, so an executor that does not stop still counts
// against the bound. Answers from the view result cache take no slot.
//
// # Documentation
//
// GET /spec.json and /spec.yaml serve an OpenAPI 3 document built from the
// route table; GET /spec is a small explorer page.
package handlers
