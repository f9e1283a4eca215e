// Package storage defines the versioned ledger storage contract the API reads
// from and the node writes to: small role interfaces, the sentinel errors,
// and the ledger model every backend honours. Implementations live in
// subpackages: memstore (in-memory MVCC), lrucache (a caching decorator over
// any Reader); storagetest is the conformance suite every backend runs.
//
// # Ledger model
//
// Every committed transaction has a version, starting at 0 with genesis. A
// block is the inclusive version range [FirstVersion, LastVersion]; genesis
// is block 0 holding version 0 alone. A transaction is stored as a record:
// the indexed fields (version, hash, kind, sender and sequence number,
// timestamp), its TransactionInfo, its events and its write set, and the body
// as opaque BCS bytes (Payload) that storage never decodes.
//
// State maps a StateKey (an account resource, an account module or a table
// item) to BCS bytes. State is versioned: a read names a version and sees
// the newest write at or below it. Each write set entry of the transaction at
// version v creates the value of its key at v (or deletes it).
//
// Indexes: transactions by version and by hash; sequence-number-based
// transactions by (sender, sequence number); v1 events by stream
// (account, creation number) and sequence number; blocks by height and by
// version. Module (v2) events have the zero EventKey and no stream.
//
// # Latest, versions and errors
//
// "Latest" is LedgerInfo.Version, the last version of the latest committed
// block. No read means "latest" implicitly: callers read the ledger info once
// (one snapshot per request), then pass its version explicitly, so every
// answer of a request is consistent with the headers it sends. Every read
// that takes a version validates it against the ledger info the store sees
// at that moment (CheckVersion, CheckHeight):
//
//   - above the latest version or height: an error wrapping ErrNotFound;
//   - below the oldest version or height: a *PrunedError (errors.Is ErrPruned)
//     carrying the oldest version and height still readable;
//   - before genesis is committed: ErrEmpty;
//   - an item missing at a valid version: ErrNotFound.
//
// # Ordering and inclusivity
//
// Transactions(start, limit, ledgerVersion) returns versions in
// [start, start+limit) truncated at ledgerVersion, ascending. Account
// transactions are ascending by sequence number, events ascending by
// sequence number, both starting at the given start (inclusive). The latest
// page of a stream starts at EventCount-limit (see LatestEvents). Resources
// and modules are listed in the byte order of their key encoding
// (StateKey.Encode, the BCS of aptos-core's StateKey); the cursor is the
// encoding of the first item not yet returned, so each item appears exactly
// once over a sequence of pages. A limit must be positive.
//
// # Copy semantics
//
// Callers never alias stored memory. Backends copy every slice a caller
// passes to CommitBlock before keeping it, and return fresh copies from
// every read (Transaction.Clone, CloneBytes): a caller may modify what it
// passed in or got back without affecting the store or other readers.
//
// # Concurrency
//
// Every method is safe for concurrent use. Reads never observe a partially
// committed block: a commit becomes visible all at once, and the ledger info
// moves last, so a transaction visible through any read belongs to a block
// whose every transaction, event and write is visible too. There is one
// writer (the node); concurrent CommitBlock calls are serialised and all but
// the one that follows the latest block fail with ErrInvalidCommit.
//
// # Pruning
//
// A backend may keep a window of recent history. The oldest readable version
// is always the first version of a block (OldestVersion belongs to block
// OldestBlockHeight). Pruning drops transactions, blocks, events and index
// entries below the oldest version, and the state history that only older
// versions could see; state as of the oldest version stays readable. Reads
// below the window give ErrPruned; a pruned transaction's hash is not found.
// Stores that prune on request implement Pruner.
//
// # Benchmarks
//
// storagetest.Benchmarks is the shared benchmark set; BENCHMARKS.md in this
// directory has the command and the figures for memstore and lrucache,
// including the memory bound of a pruned memstore over a million
// transactions.
package storage
