// Package pgindex keeps the indexer's tables (package indexer) in
// PostgreSQL beside pgstore's ledger, so that API replicas answer GraphQL
// from the database instead of each deriving the whole index in memory.
//
// # Writer: strictly after the block, processor_status the checkpoint
//
// The ledger's writer runs the in-memory indexer with a change feed
// (indexer.Options.ChangeFeed) and a Writer. Each Writer.Flush catches the
// indexer up with the ledger and writes, in ONE database transaction, the
// rows the indexer put since the previous flush (upserts by primary key)
// and processor_status.last_success_version, the version those rows
// reach. The index is therefore written strictly after the blocks it
// covers, never inside their transaction, and processor_status is the
// checkpoint: a reader sees the rows of exactly the versions
// processor_status reports, because both commit together.
//
// Why not in the block's transaction: pgstore.CommitBlock is the node's
// critical path (the block's latency and the commit lock), the index is
// derived by the in-memory indexer after the commit (it reads the
// committed block and its state through storage.Reader), and the SDKs
// already treat the indexer as asynchronous: they wait on
// processor_status before querying. A writer that dies between a block
// and its flush loses nothing: the next process rebuilds its in-memory
// index from the ledger and its first flush rewrites the index whole.
//
// Consistency with the ledger: rows are never deleted from the in-memory
// tables, only replaced by key, so upserting the rows put is exact. When
// the indexer starts over — the first flush of a process, a revert
// (storage.Reverter), pruning past what was indexed, a dump loaded into
// a new database, or a failed flush (indexer.Indexer.Resend) — the flush
// deletes the rows of every index table and writes them whole (DELETE,
// not TRUNCATE, which is not MVCC-safe for readers), in the same single
// transaction, so readers see the old index or the new one, never a mix.
// Pruning below what was indexed keeps the indexed rows, as in memory.
// current_collection_ownership_v2_view, derived and keyless, is rewritten
// whole by a flush that changed a token table, unless its rows are the
// ones the database holds (a digest of them is kept).
//
// # Tables
//
// The tables live in the PostgreSQL schema "indexer" (pgstore's ledger
// has its own events table), one per indexer.Schema table with its
// columns and primary key, a btree index on each column the SDKs filter
// by (owner_address, asset_type, account_address, transaction_version,
// token_data_id, collection_id, ...: indexedColumns), and _index_state
// holding the DDL's fingerprint (a build with other DDL drops and rebuilds
// the schema, then flushes whole) and the indexed version. Numbers are
// numeric (bigint columns hold uint64), strings and timestamps text in
// the "C" collation (byte order, as the in-memory engine compares), jsonb
// the indexer's JSON text, so answers are byte for byte the in-memory
// ones — except that NUL bytes, which a Move string may hold and
// PostgreSQL's text cannot, are dropped (as Aptos's processors drop them)
// in stored strings and in the values a where compares them with.
//
// # Reader
//
// Reader is a gql.Source and gql.Selector over the tables for API
// replicas: the executor hands it each root selection's where, order_by
// and offset+limit, by_pk keys and relationship keys (in batches), and it
// answers with one parameterised statement each (sql.go: values are
// always parameters; relationship filters are EXISTS subqueries; _not
// keeps the executor's two-valued logic). The executor evaluates the
// query over the rows fetched exactly as in memory, so the answers are
// the in-memory ones byte for byte (reader_test.go runs the SDKs' queries
// against both). A request's statements run in one read-only REPEATABLE
// READ transaction (Snapshot: begun pipelined with its first statement,
// ended off the request's path), so its rows all come from one flush.
// Aggregates asking only count run SELECT count(*) (Count). Before the
// writer's first flush (no tables yet) it answers as an empty index.
// Every read is bounded by ReaderOptions.MaxRows: a query
// that would fetch more fails instead of scanning a big table whole (an
// aggregate of sums or maxima over a big table is such a query).
package pgindex
