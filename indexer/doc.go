// Package indexer serves the Aptos indexer tables the official SDKs query
// (processor_status, user_transactions, account_transactions,
// current_fungible_asset_balances, fungible_asset_activities, ...), derived
// in memory from the transactions committed to a storage.Reader with the
// indexer processors' semantics.
//
// Schema declares the tables with Hasura's names, columns, types, keys,
// relationships and row caps; Indexer implements gql.Source over them. An
// Indexer is never behind: every Rows call first indexes whatever was
// committed since the last one, so processor_status.last_success_version
// is the store's latest version. A ledger that moved back (a revert, or
// pruning past what was indexed) is indexed again from its oldest version.
//
// The token tables (current_collections_v2, current_token_datas_v2,
// current_token_ownerships_v2, token_activities_v2 and
// current_collection_ownership_v2_view) hold the 0x4 digital assets and
// the legacy 0x3 tokens (token_standard "v1", tokens_v1.go) with the
// token_v2 processor's semantics; the ANS and staking tables are declared
// but hold no rows yet.
//
// # Checkpoints
//
// Without Options.Checkpoint the index lives in memory (the default, and
// all a memstore ledger needs: both vanish with the process). With it,
// the whole index — every table's rows in their order and the maps the
// derivation keeps beside them (faToCoin, tokenOwner, v1Tables,
// tableTypes) plus its position (the last version, block height, epoch) —
// is written to one file, index.ckpt in CheckpointOptions.Dir, and a new
// Indexer over the same ledger loads it and indexes only the versions
// committed after it. The bundled server keeps it in <data-dir>/indexer
// beside its Pebble ledger.
//
// A file of its own rather than keys in the ledger's Pebble database: a
// checkpoint is rewritten whole (tens to hundreds of MB for a large
// index), which as Pebble keys would pass through its WAL, memtables and
// compactions and delay the block commits sharing them, and would need a
// storage API for foreign keys; a file is written once, sequentially,
// off the commit path. It does not need to be atomic with the ledger:
// the checkpoint names the ledger it was taken of, and the ledger is
// durable on its own. Pebble ignores files and directories it did not
// name, so the directory inside -data-dir moves and is removed with the
// ledger.
//
// Writing: after a catch-up that indexed Every versions since the last
// checkpoint (and MinInterval after the last began), the state is copied
// under the indexer's lock (rows are immutable: the copy is one row
// header per row and the maps) and encoded in the background to a
// temporary file, synced, renamed over index.ckpt, and the directory
// synced: a file either is a whole checkpoint or is not there. Close
// writes a last one on a graceful shutdown. A killed process loses no
// indexed row of a committed block: the ledger holds them, and the next
// start indexes every version after the last checkpoint again.
//
// Loading (the first catch-up, and after a revert): the file's format,
// the build that wrote it (the VCS revision; a modified or unstamped
// build adds its executable's size and time), the tables' schema and
// whether event layouts were decoded must be this indexer's, and it must
// be of this ledger: same chain id, its version V neither pruned nor past
// the ledger's latest, and the ledger's accumulator root at V the one
// recorded — a revert below V, a ledger replaced by another (loaded from
// a dump, or restarted in a new -data-dir with the old index copied in),
// or a ledger that lost its latest blocks all change it. The body's
// CRC-32C must match and every length in it is bounded by the file's
// size. Whatever does not fit is reported, removed and the index is built
// from the ledger's oldest version as without checkpoints: never a
// crash, never a row of another ledger. A revert above V keeps it valid,
// so a reverted index reloads it rather than indexing from the start.
//
// Pruning below V keeps the checkpoint: the restarted index holds the
// pruned history as the running one did. Pruning past V makes it stale
// (the root at V can no longer be read), and the index is rebuilt from
// what is kept; the server checkpoints at least every half prune window.
//
// The format (ckptFormat, checkpoint_codec.go) changes whenever the
// encoding does; a change of what a row holds is another build, so
// derivation changes need no format bump.
package indexer
