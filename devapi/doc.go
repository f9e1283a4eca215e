// Package devapi is the development node's admin API: an http.Handler over
// a *node.Node that snapshots and reverts the ledger, mines blocks on
// demand, pauses the producer or switches its mode, moves the ledger
// clock, impersonates accounts, sets balances, sequence numbers and
// resources, and dumps the ledger to a file. Every operation is a method of
// the node, which hosts embedding the library can call without HTTP; this
// package only speaks JSON for them.
//
// It is a test tool: anyone who can reach it can rewrite the ledger. The
// bundled server mounts it only with -dev-api, under DefaultPathPrefix on
// the API's address; without the flag those paths are the REST API's and
// answer 404.
//
// # Operations
//
// Paths are below the prefix (/v1/-/dev by default). Bodies are JSON
// objects (Content-Type application/json, or none); an empty body takes the
// defaults. u64s are written as decimal strings and read as strings or
// numbers.
//
//	curl -X POST localhost:8080/v1/-/dev/snapshot
//	curl -X POST localhost:8080/v1/-/dev/revert -H 'content-type: application/json' -d '{"id":"1"}'
//	curl -X POST localhost:8080/v1/-/dev/mine -H 'content-type: application/json' -d '{"blocks":10,"include_pending":false}'
//	curl -o fixture.state localhost:8080/v1/-/dev/dump
//
//	GET  /                            the routes
//	POST /snapshot                    {} → {"id","version","block_height"}
//	POST /revert                      {"id"} → the snapshot reverted to
//	POST /mine                        {"blocks":1,"include_pending":true} → {"block_heights","ledger_version"}
//	GET  /mining                      → {"mode","interval_ms","paused"}
//	POST /mining                      {"mode","interval_ms","paused"} (each optional) → the new settings
//	POST /pause, POST /resume         → the new settings
//	GET  /time                        → {"now_usec","ledger_timestamp_usec"}
//	POST /time/increase               {"seconds"} → the time
//	POST /time/next_block_timestamp   {"timestamp_usec"} → the time
//	GET  /impersonation               → {"accounts","auto"}
//	POST /impersonate                 {"address"} → the impersonation
//	POST /stop_impersonating          {"address"} → the impersonation
//	POST /auto_impersonate            {"enabled"} → the impersonation
//	POST /set_balance                 {"address","octas"} → {"version","hash"}
//	POST /set_sequence_number         {"address","sequence_number"} → {"version","hash"}
//	POST /set_resource                {"address","type","data"} → {"version","hash"}
//	POST /randomness_seed             {"seed"} (32 bytes hex, or null) → {"seed"}
//	GET  /dump                        → the ledger as a file (application/octet-stream)
//
// Snapshot ids increase from 1. A revert returns the ledger to the
// snapshot's version (state, transactions, events, blocks and indexes),
// empties the mempool and invalidates the snapshots taken after it; the
// snapshot itself stays valid, so a test suite can take one before its
// tests and revert to it after each. Long polls (wait_by_hash) on dropped
// transactions answer 404. Caches of the REST API and of the LRU store
// never serve reverted data (see storage.Reverter).
//
// The modes are instant (a block as soon as transactions are ready),
// interval (a block every interval_ms, empty or not) and idle_interval
// (instant, plus an empty block after interval_ms without one). Mine
// works paused or not, and mines empty blocks with include_pending false.
//
// The node's clock is the wall clock plus an offset: /time/increase adds
// to the offset, /time/next_block_timestamp pins the next block's
// timestamp (which must be above the latest block's) and moves the clock
// there. Block timestamps stay strictly increasing; 0x1::timestamp views
// read the latest block's, and expirations are checked against the clock
// at submission and against the block's timestamp when a block is cut.
//
// Impersonation accepts transactions whose impersonated signers (sender,
// secondary signers or fee payer) did not sign: their signatures are not
// checked and their on-chain authentication key is taken to be the one
// their authenticator proves (or any, for an authenticator without a
// key), while sequence numbers, gas, balances and the other signers are
// checked as usual. The committed transaction keeps its authenticator as
// sent, the node logs it ("impersonated transaction committed"), and the
// account's authentication key is left as it was. With auto, every
// account is impersonated (the server's -auto-impersonate).
//
// The state setters commit each change as one write-set transaction in a
// block of its own (block metadata, the write set, the state checkpoint),
// so the ledger stays consistent; /transactions serves it as Aptos serves
// WriteSet transactions: a "genesis_transaction" whose payload is
// {"type":"write_set_payload","write_set":{"type":"direct_write_set",...}}
// with the changes. set_balance sets the APT balance the balance endpoint
// reports: the coin value of an account with only a CoinStore<AptosCoin>,
// otherwise the primary fungible store's balance (the store is created if
// missing; a CoinStore is emptied); the supply is not adjusted.
// set_sequence_number cannot go back to a number the account already used
// and drops the account's pending transactions. set_resource converts data
// (the JSON the API serves for that type) by the layout of the modules
// stored now; the type must have the key ability.
//
// /randomness_seed pins the seed 0x1::randomness draws from: every block
// produced from then on gets it as its PerBlockRandomness seed instead of
// one derived from the block's id, so a transaction draws the same values
// whenever it runs (each draw is sha3-256("APTOS_RANDOMNESS" ‖ seed ‖
// transaction hash ‖ the transaction's draw counter, u64 little-endian
// from 0)). null unpins it. The pin is the executor's setting, not ledger
// state: snapshots and reverts keep it.
//
// /dump downloads the whole ledger (every block, so state and history) in
// the storage/statefile format; the bundled server started with
// -load-state FILE (and the same -chain-id, -seed and -accounts) continues
// it: the same versions, hashes, accumulator root, state and balances. A
// ledger with pruned history cannot be dumped (410 version_pruned).
//
// # Errors
//
// Errors have the REST API's body ({"message","error_code","vm_error_code"})
// and the status handlers.StatusOf gives their code: 400 invalid_input for
// bad arguments (an unknown or invalidated snapshot id, a timestamp not
// above the latest, a count out of range), 403 api_disabled for snapshots
// on a ledger store that cannot revert (one without storage.Reverter), 410
// version_pruned for a snapshot whose version was pruned, and
// web_framework_error 404, 405, 413 and 415 for unknown paths, wrong
// methods, bodies over 64 KiB and content types other than JSON.
package devapi
