package node

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// ErrUnknownSnapshot is the error of Revert with an id that Snapshot never
// returned, or one a revert to an earlier snapshot has invalidated.
var ErrUnknownSnapshot = errors.New("node: unknown snapshot")

// ErrCannotRevert is the error of Snapshot and Revert when the store does
// not implement storage.Reverter (or its Revert reports
// errors.ErrUnsupported). It matches errors.ErrUnsupported.
var ErrCannotRevert = fmt.Errorf("node: the store cannot revert: %w", errors.ErrUnsupported)

// Snapshot identifies a ledger version the node can return to.
type Snapshot struct {
	// ID is what Revert takes. Ids increase from 1.
	ID uint64
	// Version and BlockHeight are the ledger's latest version and block
	// height when the snapshot was taken.
	Version, BlockHeight uint64
}

// snapshots are the valid snapshots with the accumulator of each (guarded
// by n.prod).
type snapshots struct {
	last    uint64
	byID    map[uint64]snapshot
	reverts atomic.Uint64
}

type snapshot struct {
	Snapshot
	acc   onchain.Accumulator
	clock clock
}

// Snapshot records the latest ledger version and returns its id. It fails
// with ErrCannotRevert when the store cannot revert.
func (n *Node) Snapshot(ctx context.Context) (Snapshot, error) {
	if _, ok := n.store.(storage.Reverter); !ok {
		return Snapshot{}, ErrCannotRevert
	}
	n.prod.Lock()
	defer n.prod.Unlock()
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return Snapshot{}, err
	}
	if err := n.settle(ctx, info); err != nil { // the accumulator kept must be the store's
		return Snapshot{}, err
	}
	if n.snaps.byID == nil {
		n.snaps.byID = map[uint64]snapshot{}
	}
	n.snaps.last++
	n.mu.Lock()
	c := n.clock
	n.mu.Unlock()
	s := snapshot{Snapshot: Snapshot{ID: n.snaps.last, Version: info.Version, BlockHeight: info.BlockHeight}, acc: n.acc, clock: c}
	n.snaps.byID[s.ID] = s
	return s.Snapshot, nil
}

// Reverts counts the reverts the node has made. Whoever keeps state
// derived from the ledger outside it (a faucet's next sequence number)
// reads it again when the count moves.
func (n *Node) Reverts() uint64 { return n.snaps.reverts.Load() }

// Revert returns the ledger to snapshot id: every block committed since is
// dropped (transactions, events, state, blocks and indexes, through
// storage.Reverter), the mempool is emptied, the clock's offset (see
// IncreaseTime) is what it was at the snapshot, and the snapshots taken
// after id are invalidated; id itself stays valid, so a test can revert to it
// again. Waiters on the commit signal wake up, and find reverted and
// dropped transactions neither committed nor pending. Errors:
// ErrUnknownSnapshot, ErrCannotRevert, and storage.ErrPruned when the
// store no longer holds the snapshot's version.
func (n *Node) Revert(ctx context.Context, id uint64) (Snapshot, error) {
	r, ok := n.store.(storage.Reverter)
	if !ok {
		return Snapshot{}, ErrCannotRevert
	}
	n.prod.Lock()
	defer n.prod.Unlock()
	s, ok := n.snaps.byID[id]
	if !ok {
		return Snapshot{}, fmt.Errorf("%w: %d", ErrUnknownSnapshot, id)
	}
	err := r.Revert(ctx, s.Version)
	if errors.Is(err, errors.ErrUnsupported) {
		return Snapshot{}, fmt.Errorf("%w: %v", ErrCannotRevert, err)
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("node: reverting to snapshot %d (version %d): %w", id, s.Version, err)
	}
	n.acc, n.unsettled = s.acc, nil
	n.mu.Lock()
	n.clock = s.clock // time moved since the snapshot moves back with the ledger
	n.mu.Unlock()
	for other := range n.snaps.byID {
		if other > id {
			delete(n.snaps.byID, other)
		}
	}
	n.snaps.reverts.Add(1)
	dropped := n.pool.Clear()
	n.imp.forget(dropped)
	n.opts.Logger.Info().Uint64("snapshot", id).Uint64("version", s.Version).Int("mempool_dropped", len(dropped)).
		Msg("ledger reverted")
	n.broadcast()
	return s.Snapshot, nil
}
