package storage

import (
	"context"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
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
		if w.Deleted && w.Created {
			return invalidCommit("transaction %d change %d: a deletion marked as a creation", version, j)
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
				if ws[i].Key.Equal(&ws[j].Key) {
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

// IndexLookups are the reads of a store's indexes that CheckIndexes needs.
type IndexLookups struct {
	// HashCommitted reports whether a transaction hash is already in the
	// hash index.
	HashCommitted func(ledgerapi.HashValue) (bool, error)
	// NextSequence is the sequence number a sender's next transaction must
	// reach (0 for an unknown sender).
	NextSequence func(ledgerapi.Address) (uint64, error)
	// NextEvent is the next sequence number of an event stream (0 for an
	// unknown stream).
	NextEvent func(EventKey) (uint64, error)
}

// CheckIndexes applies the rules of Writer.CommitBlock that need the
// indexes: every hash new (in the store and in the block), each sender's
// sequence numbers increasing, each v1 event stream contiguous. It returns
// the senders' and streams' next sequence numbers after the block, for the
// store to record. Errors from the lookups are returned as they are; rule
// violations wrap ErrInvalidCommit.
func CheckIndexes(txns []Transaction, l IndexLookups) (nextSeq map[ledgerapi.Address]uint64, nextEvent map[EventKey]uint64, err error) {
	hashes := make(map[ledgerapi.HashValue]struct{}, len(txns))
	nextSeq = make(map[ledgerapi.Address]uint64)
	nextEvent = make(map[EventKey]uint64)
	for i := range txns {
		t := &txns[i]
		known, err := l.HashCommitted(t.Hash)
		if err != nil {
			return nil, nil, err
		}
		if known {
			return nil, nil, invalidCommit("transaction %d: hash %s is already committed", t.Version, t.Hash)
		}
		if _, dup := hashes[t.Hash]; dup {
			return nil, nil, invalidCommit("transaction %d: hash %s appears twice in the block", t.Version, t.Hash)
		}
		hashes[t.Hash] = struct{}{}
		if t.SequenceNumber != nil {
			floor, ok := nextSeq[*t.Sender]
			if !ok {
				if floor, err = l.NextSequence(*t.Sender); err != nil {
					return nil, nil, err
				}
			}
			if *t.SequenceNumber < floor {
				return nil, nil, invalidCommit("transaction %d: sequence number %d of %s is not above the last one",
					t.Version, *t.SequenceNumber, *t.Sender)
			}
			nextSeq[*t.Sender] = *t.SequenceNumber + 1
		}
		for j, e := range t.Events {
			if e.IsV2() {
				continue
			}
			want, ok := nextEvent[e.Key]
			if !ok {
				if want, err = l.NextEvent(e.Key); err != nil {
					return nil, nil, err
				}
			}
			if e.SequenceNumber != want {
				return nil, nil, invalidCommit("transaction %d event %d: stream %s expects sequence number %d, got %d",
					t.Version, j, e.Key, want, e.SequenceNumber)
			}
			nextEvent[e.Key] = want + 1
		}
	}
	return nextSeq, nextEvent, nil
}

// CheckListing validates the page of a Resources or Modules listing: a
// positive limit, and a cursor that is nil or the encoding of a key of
// that kind held by addr (ErrInvalidArgument otherwise).
func CheckListing(limit int, cursor []byte, kind StateKeyKind, addr ledgerapi.Address) error {
	if err := CheckLimit(limit); err != nil {
		return err
	}
	if cursor == nil {
		return nil
	}
	k, err := ParseStateKey(cursor)
	if err != nil {
		return err
	}
	if k.Kind != kind || k.Address != addr {
		return invalidArg("cursor is not a %s key of %s", kind, addr)
	}
	return nil
}

// CheckAccountStart validates a read of sender's transactions from
// sequence number start, when the store has pruned those below
// prunedBelow: a *PrunedError naming them, or nil.
func CheckAccountStart(info LedgerInfo, sender ledgerapi.Address, start, prunedBelow uint64) error {
	if start < prunedBelow {
		return prunedVersion(info, fmt.Sprintf("sequence number %d of account %s", start, sender))
	}
	return nil
}

// CheckStreamStart validates a read of event stream key from sequence
// number start, like CheckAccountStart.
func CheckStreamStart(info LedgerInfo, key EventKey, start, prunedBelow uint64) error {
	if start < prunedBelow {
		return prunedVersion(info, fmt.Sprintf("event %d of stream %s", start, key))
	}
	return nil
}

// CheckPruneTarget validates a Pruner.Prune call against the latest ledger
// info (nil when the store is empty): ErrEmpty before genesis, and
// ErrInvalidArgument for a version above the latest one.
func CheckPruneTarget(info *LedgerInfo, version uint64) error {
	if info == nil {
		return ErrEmpty
	}
	if version > info.Version {
		return invalidArg("cannot prune to version %d above the latest version %d", version, info.Version)
	}
	return nil
}

// CheckRevertTarget applies the rules of Reverter.Revert to version given
// the latest ledger info (nil when the store is empty). blockOf returns
// the retained block that contains a version between the oldest and the
// latest. It returns the block the ledger is to end with.
func CheckRevertTarget(info *LedgerInfo, version uint64, blockOf func(uint64) (Block, error)) (Block, error) {
	if info == nil {
		return Block{}, ErrEmpty
	}
	if version > info.Version {
		return Block{}, invalidArg("cannot revert to version %d above the latest version %d", version, info.Version)
	}
	if version < info.OldestVersion {
		return Block{}, prunedVersion(*info, fmt.Sprintf("version %d", version))
	}
	b, err := blockOf(version)
	if err != nil {
		return Block{}, err
	}
	if b.LastVersion != version {
		return Block{}, invalidArg("cannot revert to version %d: block %d ends at version %d", version, b.Height, b.LastVersion)
	}
	return b, nil
}
