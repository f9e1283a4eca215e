// Package pgstore is a storage.ReadWriter and storage.Pruner in a
// PostgreSQL database (version 15 or later) through pgx's connection pool.
// It passes the conformance suite (storage/storagetest) alone and behind
// the LRU cache. Any number of processes may read one database, or a
// streaming standby of it (Options.ReadOnly); one node writes.
//
//	store, err := pgstore.Open(ctx, pgstore.Options{DSN: "postgres://user@host/ledger"})
//	...
//	defer store.Close()
//
// # Schema
//
// Open creates the schema in an empty database and migrates an older one,
// in one transaction under an advisory lock; schema_version holds the
// version (SchemaVersion), and a database of a later version is refused.
// Integers are bigint (uint64 values above 2^63-1 are stored as their
// two's complement where only equality matters; ordered columns refuse
// them at commit). Keys are the canonical state key encoding
// (storage.StateKey.Encode), whose byte order is bytea's order.
//
//	schema_version (version)
//	ledger_info    (committed, chain_id, epoch, version, oldest_version,
//	                timestamp_usec, block_height, oldest_block_height): one row
//	transactions   (version PK, hash UNIQUE, sender, sequence_number, record)
//	               with a unique (sender, sequence_number) index where
//	               sequence_number is set
//	senders        (sender PK, next_sequence, pruned_below)
//	blocks         (height PK, first_version UNIQUE, last_version, hash,
//	                timestamp_usec, epoch, round)
//	state_values   (key, version, kind, value): PK (key, version); value
//	               NULL is a deletion
//	events         (account, creation_number, sequence_number PK, version,
//	                record): v1 events only
//	streams        (account, creation_number PK, next_sequence, pruned_below)
//
// A transaction's record and an event's record are the bytes of package
// storage/record, the ones pebblestore stores. The value of a key as of
// version V is the first row of state_values at (key, V) scanning the
// primary key backward: one index seek. A block of version V is the one
// with the greatest first_version at or below V.
//
// # Reads, commits, notifications
//
// Every read is one statement that joins its rows to ledger_info, so the
// version it validates (storage.CheckVersion) and the rows it returns come
// from one snapshot. CommitBlock runs one SQL transaction: it locks the
// ledger_info row (serialising writers, across processes too), checks the
// block and its index rules, inserts its rows with one unnest statement
// per table, updates ledger_info last and notifies CommitChannel with the
// new version; readers see the block whole or not at all. A block is
// durable when CommitBlock returns unless Options.SynchronousCommit is
// "off". Pruning deletes in transactions of at most Options.PruneBatch
// versions, each moving ledger_info's oldest version with its rows.
//
// # Writers and readers
//
// One process writes a database. Options.SoleWriter tells the store it is
// that process: LedgerInfo then answers from memory (kept by its own
// commits and pruning, forgotten after a failed commit), which lets the
// LRU decorator answer hot reads without a round trip. A reader in another
// process (an API replica) opens the database, or a streaming standby of
// it, with Options.ReadOnly and Options.Follow: the store watches commits
// (Watch: LISTEN on CommitChannel over a primary, polling the ledger info
// over a hot standby, which cannot LISTEN), keeps the ledger info every
// read carries, calls Options.OnCommit after each commit it sees, and
// drops the followed ledger info while the database is unreachable.
//
// # Errors and connections
//
// Database errors are returned wrapped ("pgstore: ..."), never as
// storage sentinels; Options.StatementTimeout bounds each statement.
// The pool replaces broken connections, so a store recovers by itself
// once the database is back after a restart.
//
// Tests start a server with package pgtest; see its documentation for
// LEDGERNODE_TEST_POSTGRES and LEDGERNODE_REQUIRE_POSTGRES.
package pgstore
