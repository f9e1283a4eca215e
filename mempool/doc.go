// Package mempool holds transactions that were accepted but not yet
// committed: per-account sequence ordering, capacity limits, expiry, lookup
// by hash and a ready notification for the node that cuts blocks.
package mempool
