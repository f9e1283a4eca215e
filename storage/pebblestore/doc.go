// Package pebblestore is a persistent storage.ReadWriter and storage.Pruner
// on cockroachdb/pebble, the embedded LSM store. It passes the same
// conformance suite as the in-memory store (storage/storagetest), and a
// node started over it continues its ledger after a restart.
//
//	store, err := pebblestore.Open(dir, pebblestore.Options{ChainID: 4})
//	...
//	defer store.Close()
//
// # Key layout
//
// Every key starts with a one-byte prefix. Integers are 8-byte big-endian,
// so numeric order is byte order; enc is a state key's canonical encoding
// (storage.StateKey.Encode, a BCS value and therefore prefix-free).
//
//	'F'                                   record format (a version; see Open)
//	'I'                                   ledger info
//	'T' version                           transaction record
//	'H' hash(32)                          → version (hash index)
//	'A' sender(32) seq                    → version (a sender's transactions)
//	'N' sender(32)                        → next sequence number of the sender
//	'Q' sender(32)                        → sequence numbers below this were pruned
//	'K' height                            block record
//	'L' last_version                      → height (block by version: one seek)
//	'S' enc ^version                      state value: a flag byte (0 value, 1 deleted), then the value
//	'E' account(32) creation seq          → version, then the event record
//	'M' account(32) creation              → next sequence number of the stream
//	'R' account(32) creation              → sequence numbers below this were pruned
//
// State entries store the bitwise complement of the version, so the
// entries of one key run from the newest to the oldest, and the value of a
// key as of version V is the first entry at or after 'S' enc ^V: one seek.
//
// # Commits, pruning, durability
//
// A block is checked like storage.CheckCommit plus the index rules (new
// hashes, increasing sender sequence numbers, contiguous event streams) and
// written with its ledger info in one batch, synced to the WAL on disk
// before CommitBlock returns: a block whose CommitBlock returned survives
// the process crashing or being killed and the machine losing power, and a
// block is either wholly present or absent. Options.NoSync trades the
// first guarantee for commit speed (a killed process may lose its latest
// blocks, never part of one). Pruning (Prune, or Options.PruneWindow after
// each commit) drops transactions and blocks with range deletions, deletes
// their index and event entries, and trims state histories to what reads
// at or above the new oldest version can see, in one batch. Close flushes
// and closes the database.
package pebblestore
