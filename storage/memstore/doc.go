// Package memstore is the in-memory ledger store: a multi-version
// (MVCC) implementation of storage.ReadWriter with an optional pruning window.
//
// # Design
//
// Transactions and blocks live in slices indexed by version and height
// (offset by the oldest retained one). Secondary indexes are maps: hash →
// version, sender → sequence-ordered (sequence number, version) entries,
// event stream → sequence-ordered (sequence number, version, event index)
// entries; the block of a version is found by binary search over the blocks.
//
// State is a map from a key's canonical encoding to its history: a slice of
// (version, value or tombstone) ascending by version. A read at version V
// binary-searches the newest entry at or below V, so it costs O(log n) in
// the key's retained history. Each account keeps the sorted encodings of its
// resource and module keys for cursor listings.
//
// # Concurrency
//
// One sync.RWMutex guards the structures. Readers hold the read lock only for
// the lookups and copy the (immutable) stored values after releasing it, so
// readers never wait for each other. A commit copies the block and encodes
// its keys before taking the write lock, then checks, applies, prunes and
// finally publishes the new ledger info; a reader therefore sees a block
// entirely or not at all. LedgerInfo reads the published info from an
// atomic pointer without locking.
//
// # Pruning
//
// Options.PruneWindow (versions) and Options.PruneAge (ledger time) move the
// oldest version forward after each commit; Prune does it on request. The
// new oldest version is rounded down to the first version of its block.
// Transactions, blocks and index entries below it are dropped. For state,
// every write that supersedes an older entry (or deletes) is queued with its
// version; once that version is at or below the oldest version, the key's
// history is trimmed to the newest entry at or below the oldest version (a
// tombstone there is dropped as well, and a key left with no history is
// forgotten). State as of the oldest version therefore stays readable, and
// memory is bounded by the window rather than by the chain's length. A
// sender's or stream's index keeps a few words after its entries are pruned
// so that reads below them answer storage.ErrPruned.
//
// Benchmarks and the memory-bound measurement: see BENCHMARKS.md in the
// storage directory.
package memstore
