package storage

import (
	"bytes"
	"context"
	"fmt"
)

// Shared rules, so every backend validates reads and commits the same way.

// CheckVersion validates a read at version against the snapshot info: nil
// when info.OldestVersion <= version <= info.Version, an error wrapping
// ErrNotFound above the latest version, and a *PrunedError below the oldest.
func CheckVersion(info LedgerInfo, version uint64) error {
	if version > info.Version {
		return fmt.Errorf("%w: version %d is above the latest version %d", ErrNotFound, version, info.Version)
	}
	if version < info.OldestVersion {
		return prunedVersion(info, fmt.Sprintf("version %d", version))
	}
	return nil
}

// CheckHeight validates a read of block height against the snapshot info,
// like CheckVersion.
func CheckHeight(info LedgerInfo, height uint64) error {
	if height > info.BlockHeight {
		return fmt.Errorf("%w: block %d is above the latest block %d", ErrNotFound, height, info.BlockHeight)
	}
	if height < info.OldestBlockHeight {
		return prunedVersion(info, fmt.Sprintf("block %d", height))
	}
	return nil
}

// CheckLimit rejects a page limit that is not positive.
func CheckLimit(limit int) error {
	if limit <= 0 {
		return invalidArg("limit %d must be positive", limit)
	}
	return nil
}

// CheckCommit applies the stateless rules of Writer.CommitBlock to block b
// with transactions txns, given the latest ledger info prev (nil when the
// store is empty). It does not check the rules that need the indexes (unique
// hashes, increasing sender sequence numbers, contiguous event streams);
// backends check those themselves. Errors wrap ErrInvalidCommit.
func CheckCommit(prev *LedgerInfo, b Block, txns []Transaction) error {
	if len(txns) == 0 {
		return invalidCommit("block %d has no transactions", b.Height)
	}
	if b.LastVersion < b.FirstVersion || b.LastVersion-b.FirstVersion+1 != uint64(len(txns)) {
		return invalidCommit("block %d spans versions [%d, %d] but has %d transactions",
			b.Height, b.FirstVersion, b.LastVersion, len(txns))
	}
	if prev == nil {
		if b.Height != 0 || b.FirstVersion != 0 {
			return invalidCommit("the first block must have height 0 and version 0, got height %d version %d",
				b.Height, b.FirstVersion)
		}
	} else {
		switch {
		case b.Height != prev.BlockHeight+1:
			return invalidCommit("block height %d does not follow the latest height %d", b.Height, prev.BlockHeight)
		case b.FirstVersion != prev.Version+1:
			return invalidCommit("block %d starts at version %d, want %d", b.Height, b.FirstVersion, prev.Version+1)
		case b.TimestampUsec < prev.TimestampUsec:
			return invalidCommit("block %d timestamp %d is before the latest %d", b.Height, b.TimestampUsec, prev.TimestampUsec)
		case b.Epoch < prev.Epoch:
			return invalidCommit("block %d epoch %d is before the latest %d", b.Height, b.Epoch, prev.Epoch)
		}
	}
	for i := range txns {
		if err := checkTransaction(&txns[i], b.FirstVersion+uint64(i)); err != nil {
			return err
		}
	}
	return nil
}

func checkTransaction(t *Transaction, version uint64) error {
	if t.Version != version {
		return invalidCommit("transaction at position of version %d has version %d", version, t.Version)
	}
	if !t.Kind.Valid() {
		return invalidCommit("transaction %d has invalid kind %d", version, uint8(t.Kind))
	}
	if t.Sender != nil && t.Kind != KindUser {
		return invalidCommit("transaction %d of kind %s has a sender", version, t.Kind)
	}
	if t.SequenceNumber != nil && t.Sender == nil {
		return invalidCommit("transaction %d has a sequence number but no sender", version)
	}
	for j, e := range t.Events {
		if e.IsV2() && e.SequenceNumber != 0 {
			return invalidCommit("transaction %d event %d: a v2 event has sequence number %d", version, j, e.SequenceNumber)
		}
	}
	for j, w := range t.Changes {
		if err := w.Key.Validate(); err != nil {
			return invalidCommit("transaction %d change %d: %v", version, j, err)
		}
		if w.Deleted && len(w.Value) > 0 {
			return invalidCommit("transaction %d change %d: a deletion carries a value", version, j)
		}
	}
	if dup, ok := duplicateKey(t.Changes); ok {
		return invalidCommit("transaction %d writes %s twice", version, dup)
	}
	return nil
}

// duplicateKey finds a state key written twice. Small write sets are
// compared pairwise without allocating; large ones through their encodings.
func duplicateKey(ws []WriteOp) (StateKey, bool) {
	if len(ws) <= 16 {
		for i := range ws {
			for j := i + 1; j < len(ws); j++ {
				if sameKey(&ws[i].Key, &ws[j].Key) {
					return ws[i].Key, true
				}
			}
		}
		return StateKey{}, false
	}
	seen := make(map[string]struct{}, len(ws))
	for _, w := range ws {
		enc, _ := w.Key.Encode() // validated by the caller
		if _, ok := seen[string(enc)]; ok {
			return w.Key, true
		}
		seen[string(enc)] = struct{}{}
	}
	return StateKey{}, false
}

func sameKey(a, b *StateKey) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case StateResource:
		return a.Address == b.Address && a.Resource.Equal(b.Resource)
	case StateModule:
		return a.Address == b.Address && a.Module == b.Module
	}
	return a.Handle == b.Handle && bytes.Equal(a.Key, b.Key)
}

// LatestEvents returns the last limit events of stream key as of
// ledgerVersion, oldest first: the page a listing without a start shows.
// It derives the start from r.EventCount.
func LatestEvents(ctx context.Context, r EventReader, key EventKey, limit int, ledgerVersion uint64) ([]VersionedEvent, error) {
	if err := CheckLimit(limit); err != nil {
		return nil, err
	}
	n, err := r.EventCount(ctx, key, ledgerVersion)
	if err != nil {
		return nil, err
	}
	var start uint64
	if n > uint64(limit) {
		start = n - uint64(limit)
	}
	return r.Events(ctx, key, start, limit, ledgerVersion)
}
