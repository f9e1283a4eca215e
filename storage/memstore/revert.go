package memstore

import (
	"context"
	"sort"

	"github.com/ledgernode/ledgernode/storage"
)

// Revert implements storage.Reverter: the blocks after the one ending at
// version are dropped from every structure under the write lock.
func (s *Store) Revert(ctx context.Context, version uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.info.Load()
	bi, err := storage.CheckRevertTarget(prev, version, func(version uint64) (storage.Block, error) {
		i := sort.Search(len(s.blocks), func(i int) bool { return s.blocks[i].LastVersion >= version })
		return s.blocks[i], nil
	})
	if err != nil || version == prev.Version {
		return err
	}
	keep := int(version - prev.OldestVersion + 1)
	for i := len(s.txns) - 1; i >= keep; i-- {
		s.unapply(s.txns[i])
		s.txns[i] = nil
	}
	s.txns = s.txns[:keep]
	nb := int(bi.Height-prev.OldestBlockHeight) + 1
	clear(s.blocks[nb:])
	s.blocks = s.blocks[:nb]
	k := len(s.stale)
	for k > 0 && s.stale[k-1].version > version {
		k--
	}
	clear(s.stale[k:])
	s.stale = s.stale[:k]
	info := *prev
	info.Version, info.BlockHeight, info.TimestampUsec, info.Epoch = version, bi.Height, bi.TimestampUsec, bi.Epoch
	s.reverts.Add(1)
	s.info.Store(&info)
	return nil
}

// Reverts implements storage.Reverter.
func (s *Store) Reverts() uint64 { return s.reverts.Load() }

// unapply removes the newest transaction t from the indexes and the state
// histories (write lock held, newer transactions already removed).
func (s *Store) unapply(t *storedTxn) {
	if v, ok := s.byHash[t.Hash]; ok && v == t.Version {
		delete(s.byHash, t.Hash)
	}
	if t.SequenceNumber != nil {
		if x := s.senders[*t.Sender]; x != nil && x.dropFrom(t.Version) {
			delete(s.senders, *t.Sender)
		}
	}
	for _, e := range t.Events {
		if e.IsV2() {
			continue
		}
		if x := s.streams[e.Key]; x != nil && x.dropFrom(t.Version) {
			delete(s.streams, e.Key)
		}
	}
	for j := len(t.changes) - 1; j >= 0; j-- {
		enc, err := storage.EncodeKey(nil, *t.changes[j].key)
		if err != nil {
			continue // never stored: prepare refuses keys that do not encode
		}
		h := s.state[string(enc)]
		if h == nil || len(h.entries) == 0 || h.entries[len(h.entries)-1].version != t.Version {
			continue // a deletion of a key without retained history
		}
		h.entries[len(h.entries)-1] = entry{}
		h.entries = h.entries[:len(h.entries)-1]
		s.entries--
		if len(h.entries) == 0 {
			delete(s.state, h.enc)
			if h.key.Kind != storage.StateTableItem {
				a := s.accounts[h.key.Address]
				removeSorted(a.list(h.key.Kind), h.enc)
				if len(a.resources) == 0 && len(a.modules) == 0 {
					delete(s.accounts, h.key.Address)
				}
			}
		}
	}
}

// dropFrom removes the entries with version >= from and resets next; it
// reports whether the index is left empty with nothing pruned, so that it
// can be forgotten.
func (x *seqIndex) dropFrom(from uint64) bool {
	n := len(x.entries)
	for n > 0 && x.entries[n-1].version >= from {
		n--
	}
	clear(x.entries[n:])
	x.entries = x.entries[:n]
	if n > 0 {
		x.next = x.entries[n-1].seq + 1
		return false
	}
	x.next = x.prunedBelow
	return x.prunedBelow == 0
}
