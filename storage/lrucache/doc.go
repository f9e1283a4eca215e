// Package lrucache is a caching decorator over any storage.Reader, built on
// hashicorp/golang-lru/v2.
//
// It caches only data that cannot change once committed (until a revert):
//
//   - transactions by version and by hash (only found ones: an unknown hash
//     may be committed later);
//   - blocks by height;
//   - state reads (value or not-found) at an explicit version at or below
//     the latest committed version.
//
// The ledger info, ranges, listings, event streams and account transaction
// lists always go to the wrapped store. Every cached read first reads the
// wrapped store's ledger info and validates its version there, so versions
// above the latest are never cached (nor answered from the cache), and an
// entry that has been pruned since it was cached answers storage.ErrPruned
// (a pruned transaction's hash: storage.ErrNotFound) just like the wrapped
// store. Each cache is bounded by a number of entries (Options); Stats
// reports hits and misses.
//
// The Cache is a storage.ReadWriter and a storage.Pruner: CommitBlock and
// Prune pass through to the wrapped store when it supports them (and fail
// with errors.ErrUnsupported when it does not), so a node can write through
// the cache or straight to the store; both are correct, since nothing cached
// is ever invalidated by a commit.
//
// It is also a storage.Reverter over a wrapped store that is one. A revert
// is the one thing that changes committed data: Revert passes it through and
// then empties every cache, and a read that missed before the revert does
// not add what it read after it. The node must then write (and revert)
// through the cache, never around it.
//
// Copy semantics follow the storage contract: the cache keeps private copies
// and hands out fresh ones.
//
//	store := lrucache.New(memstore.New(memstore.Options{PruneWindow: 1_000_000}), lrucache.Options{})
package lrucache
