package memstore

import (
	"slices"
	"sort"

	"github.com/ledgernode/ledgernode/storage"
)

// seqEntry locates one item of a sequence index: a sender's transaction or
// a stream's event (idx is the event's position in its transaction).
type seqEntry struct {
	seq     uint64
	version uint64
	idx     uint32
}

// seqIndex is a sender's transactions or an event stream: entries ascending
// by sequence number and by version. Pruning drops entries from the front
// and remembers where the retained ones begin.
type seqIndex struct {
	entries []seqEntry
	// prunedBelow is 1 + the highest pruned sequence number (0: none pruned).
	prunedBelow uint64
	// next is the sequence number the next entry must reach: the last
	// sequence number + 1.
	next uint64
}

// from returns up to limit entries with seq >= start and version <= maxVersion.
func (x *seqIndex) from(start uint64, limit int, maxVersion uint64) []seqEntry {
	i := sort.Search(len(x.entries), func(i int) bool { return x.entries[i].seq >= start })
	var out []seqEntry
	for ; i < len(x.entries) && len(out) < limit; i++ {
		if x.entries[i].version > maxVersion {
			break
		}
		out = append(out, x.entries[i])
	}
	return out
}

// countAt returns next as it was at version maxVersion (>= the oldest
// retained version).
func (x *seqIndex) countAt(maxVersion uint64) uint64 {
	j := sort.Search(len(x.entries), func(i int) bool { return x.entries[i].version > maxVersion })
	if j > 0 {
		return x.entries[j-1].seq + 1
	}
	return x.prunedBelow
}

// dropBelow removes the entries with version < oldest.
func (x *seqIndex) dropBelow(oldest uint64) {
	n := 0
	for n < len(x.entries) && x.entries[n].version < oldest {
		n++
	}
	if n == 0 {
		return
	}
	x.prunedBelow = x.entries[n-1].seq + 1
	x.entries = x.entries[n:]
	if len(x.entries) == 0 {
		x.entries = nil // release the backing array
	}
}

// entry is one version of a state value; a deletion is a tombstone.
type entry struct {
	version uint64
	value   []byte
	deleted bool
}

// history is the retained versions of one state key, ascending by version.
type history struct {
	key     storage.StateKey
	enc     string // the key's encoding, shared by the indexes
	entries []entry
}

// at returns the value as of version: the newest entry at or below it.
func (h *history) at(version uint64) ([]byte, bool) {
	i := sort.Search(len(h.entries), func(i int) bool { return h.entries[i].version > version }) - 1
	if i < 0 || h.entries[i].deleted {
		return nil, false
	}
	return h.entries[i].value, true
}

// trim drops the entries no read at or above oldest can see: all below the
// newest entry at or below oldest, and that one too if it is a tombstone.
// It returns the number of entries dropped.
func (h *history) trim(oldest uint64) int {
	i := sort.Search(len(h.entries), func(i int) bool { return h.entries[i].version > oldest }) - 1
	if i < 0 {
		return 0
	}
	drop := i
	if h.entries[i].deleted {
		drop = i + 1
	}
	if drop == 0 {
		return 0
	}
	// Shift in place and clear the tail so dropped values can be collected.
	// Readers only use entries under the read lock, and values are never
	// modified, so this is safe under the write lock.
	n := copy(h.entries, h.entries[drop:])
	clear(h.entries[n:])
	h.entries = h.entries[:n]
	return drop
}

// staleWrite records that the write of key enc at version superseded older
// entries (or is a tombstone): once version is at or below the oldest
// version, the key's history can be trimmed.
type staleWrite struct {
	version uint64
	enc     string
}

// accountKeys lists the resource and module keys (encodings) an account has
// retained history for, sorted, for cursor listings.
type accountKeys struct {
	resources []string
	modules   []string
}

func (a *accountKeys) list(kind storage.StateKeyKind) *[]string {
	if kind == storage.StateModule {
		return &a.modules
	}
	return &a.resources
}

// insertSorted adds s to the sorted list if absent.
func insertSorted(list *[]string, s string) {
	i, found := slices.BinarySearch(*list, s)
	if !found {
		*list = slices.Insert(*list, i, s)
	}
}

// removeSorted removes s from the sorted list if present.
func removeSorted(list *[]string, s string) {
	if i, found := slices.BinarySearch(*list, s); found {
		*list = slices.Delete(*list, i, i+1)
	}
}
