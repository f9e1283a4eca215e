// Package storage defines the versioned ledger storage contract the API reads
// from and the node writes to: small role interfaces, the sentinel errors
// ErrNotFound and ErrPruned, and the ledger model every backend honours.
// Implementations live in subpackages (memstore, lrucache, ...).
package storage
