// Package node is the embedded ledger: it wires a storage writer, a mempool
// and an executor, cuts blocks (instantly or on an interval), commits them
// atomically and wakes waiters.
//
// # Development controls
//
// A node used for testing can be driven directly (package devapi serves the
// same controls over HTTP):
//
//   - Snapshot and Revert return the ledger to an earlier version (on a
//     store implementing storage.Reverter), emptying the mempool;
//   - Mine, Pause, Resume and SetMining control block production;
//   - IncreaseTime and SetNextBlockTimestamp move the ledger clock, block
//     timestamps staying strictly increasing;
//   - Impersonate and SetAutoImpersonate accept transactions whose
//     impersonated signers did not sign;
//   - WriteState, SetBalance and SetSequenceNumber commit state changes as
//     write-set transactions;
//   - Dump writes the whole ledger for storage/statefile.Load.
//
// They are serialised with block production: each one sees, and leaves, a
// whole block.
package node
