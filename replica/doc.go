// Package replica serves the node REST API from a ledger another process
// writes: an API replica. It reads, runs views and simulations at the
// ledger version it reads, forwards submissions to the writer node and
// answers with the writer's response as it is, looks pending transactions
// up at the writer, and wakes wait_by_hash on the commits it sees, so that
// a client that submits and waits on one replica sees its transaction
// committed.
//
// Open runs a replica over PostgreSQL (storage/pgstore): the store is
// opened read-only and follows the database's commits, on the primary or
// on a hot standby of it. A Go service adds a replica of its writer with a
// few lines:
//
//	vm, _ := vmstub.New(vmstub.Options{ChainID: 4}) // the writer's chain
//	r, err := replica.Open(ctx, pgstore.Options{DSN: dsn},
//		replica.Options{Writer: "http://writer:8080/v1", Executor: vm, Modules: vm})
//	if err != nil { ... }
//	defer r.Close()
//	mux.Handle("/v1", r)
//	mux.Handle("/v1/", r)
//
// New builds a replica over any storage.Reader and a commit signal (a
// Signal fired by the store's commit hook, or a node's own).
//
// Only POST /transactions and /transactions/batch are forwarded; every
// other request is answered from the replica's ledger. When the writer
// does not answer a forwarded submission the replica answers 503
// health_check_failed. A replica serves no dev API and no faucet.
package replica
