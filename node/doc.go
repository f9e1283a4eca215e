// Package node is the embedded ledger: it wires a storage writer, a mempool
// and an executor, cuts blocks (instantly or on an interval), commits them
// atomically and wakes waiters.
package node
