package memstore

import (
	"context"
	"sort"

	"github.com/ledgernode/ledgernode/storage"
)

// Prune implements storage.Pruner: the block that contains version becomes
// the oldest one kept.
func (s *Store) Prune(ctx context.Context, version uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.info.Load()
	if err := storage.CheckPruneTarget(prev, version); err != nil {
		return err
	}
	info := *prev
	if s.pruneTo(&info, version) {
		s.info.Store(&info)
	}
	return nil
}

// policyTarget returns the version the Options' window asks to keep, given
// the ledger info of a just-applied block (0 when nothing is to be pruned).
func (s *Store) policyTarget(info storage.LedgerInfo) uint64 {
	var target uint64
	if w := s.opts.PruneWindow; w > 0 && info.Version+1 > w {
		target = info.Version + 1 - w
	}
	if age := uint64(s.opts.PruneAge.Microseconds()); age > 0 && info.TimestampUsec > age {
		cutoff := info.TimestampUsec - age
		// The first block at or after the cutoff; the latest block always
		// qualifies, so i is in range.
		i := sort.Search(len(s.blocks), func(i int) bool { return s.blocks[i].TimestampUsec >= cutoff })
		if v := s.blocks[i].FirstVersion; v > target {
			target = v
		}
	}
	return target
}

// pruneTo makes the block containing target the oldest one, updating info
// (write lock held, blocks up to info.Version applied). It reports whether
// anything was pruned.
func (s *Store) pruneTo(info *storage.LedgerInfo, target uint64) bool {
	if target <= info.OldestVersion {
		return false
	}
	bi := sort.Search(len(s.blocks), func(i int) bool { return s.blocks[i].LastVersion >= target })
	oldest := s.blocks[bi].FirstVersion
	if oldest <= info.OldestVersion {
		return false
	}
	n := oldest - info.OldestVersion
	for i := range n {
		t := s.txns[i]
		if v, ok := s.byHash[t.Hash]; ok && v == t.Version {
			delete(s.byHash, t.Hash)
		}
		if t.SequenceNumber != nil {
			s.senders[*t.Sender].dropBelow(oldest)
		}
		for _, e := range t.Events {
			if !e.IsV2() {
				s.streams[e.Key].dropBelow(oldest)
			}
		}
		s.txns[i] = nil
	}
	s.txns = s.txns[n:]
	s.blocks = s.blocks[bi:]
	s.pruneState(oldest)
	info.OldestVersion = oldest
	info.OldestBlockHeight = s.blocks[0].Height
	return true
}

// pruneState trims the history of every key whose stale write is at or
// below oldest, and forgets keys left without history.
func (s *Store) pruneState(oldest uint64) {
	k := 0
	for ; k < len(s.stale) && s.stale[k].version <= oldest; k++ {
		enc := s.stale[k].enc
		h := s.state[enc]
		if h == nil {
			continue
		}
		s.entries -= h.trim(oldest)
		if len(h.entries) == 0 {
			delete(s.state, enc)
			if h.key.Kind != storage.StateTableItem {
				a := s.accounts[h.key.Address]
				removeSorted(a.list(h.key.Kind), enc)
				if len(a.resources) == 0 && len(a.modules) == 0 {
					delete(s.accounts, h.key.Address)
				}
			}
		}
	}
	clear(s.stale[:k]) // release the key strings
	s.stale = s.stale[k:]
}
