package memstore

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// Store is an in-memory MVCC ledger store. It implements storage.ReadWriter,
// storage.Pruner and storage.Reverter. Create it with New; the zero value is not usable.
type Store struct {
	opts Options

	// info is the published ledger info (nil before genesis). It changes
	// only under mu's write lock, after the data it describes, so a reader
	// holding the read lock sees data and info that agree; LedgerInfo
	// reads it without locking.
	info atomic.Pointer[storage.LedgerInfo]

	// mu guards everything below. Readers hold the read lock only to look
	// things up; stored objects are immutable, so copies for the caller
	// are made after releasing it.
	mu sync.RWMutex

	txns    []*storedTxn    // txns[i] is version info.OldestVersion+i
	blocks  []storage.Block // blocks[i] is height info.OldestBlockHeight+i
	byHash  map[ledgerapi.HashValue]uint64
	senders map[ledgerapi.Address]*seqIndex
	streams map[storage.EventKey]*seqIndex

	state    map[string]*history // by key encoding
	accounts map[ledgerapi.Address]*accountKeys
	stale    []staleWrite // ascending by version
	entries  int          // total state history entries, for Stats

	reverts atomic.Uint64 // see storage.Reverter
}

// New returns an empty store.
func New(opts Options) *Store {
	return &Store{
		opts:     opts,
		byHash:   make(map[ledgerapi.HashValue]uint64),
		senders:  make(map[ledgerapi.Address]*seqIndex),
		streams:  make(map[storage.EventKey]*seqIndex),
		state:    make(map[string]*history),
		accounts: make(map[ledgerapi.Address]*accountKeys),
	}
}

// Stats counts what the store holds.
type Stats struct {
	// Transactions and Blocks are the retained transactions and blocks.
	Transactions, Blocks int
	// StateKeys is the number of keys with retained history; StateEntries
	// the number of retained (version, value) entries over all keys.
	StateKeys, StateEntries int
	// StaleWrites is the length of the queue of writes awaiting pruning.
	StaleWrites int
}

// Stats returns the current counts.
func (s *Store) Stats() Stats {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return Stats{
		Transactions: len(s.txns), Blocks: len(s.blocks),
		StateKeys: len(s.state), StateEntries: s.entries, StaleWrites: len(s.stale),
	}
}

// LedgerInfo returns the latest ledger info, or storage.ErrEmpty.
func (s *Store) LedgerInfo(ctx context.Context) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	p := s.info.Load()
	if p == nil {
		return storage.LedgerInfo{}, storage.ErrEmpty
	}
	return *p, nil
}

// snapshot returns the ledger info under the read lock, which the caller holds.
func (s *Store) snapshot() (storage.LedgerInfo, error) {
	p := s.info.Load()
	if p == nil {
		return storage.LedgerInfo{}, storage.ErrEmpty
	}
	return *p, nil
}

// readAt starts a read at version: it checks ctx, takes the read lock and
// validates version against the snapshot. On success the caller must
// RUnlock.
func (s *Store) readAt(ctx context.Context, version uint64) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	s.mu.RLock()
	info, err := s.snapshot()
	if err == nil {
		err = storage.CheckVersion(info, version)
	}
	if err != nil {
		s.mu.RUnlock()
	}
	return info, err
}

// storedTxn is a committed transaction as the store keeps it: the write set
// is held apart, in a compact form whose keys point at the histories' keys.
// A storedTxn is immutable once applied.
type storedTxn struct {
	storage.Transaction // Changes is nil; see changes
	changes             []change
}

// change is one write set entry; key is shared and must not be modified.
type change struct {
	key      *storage.StateKey
	value    []byte
	metadata *onchain.StateValueMetadata
	deleted  bool
	created  bool
}

// clone returns a deep copy in the contract's form.
func (t *storedTxn) clone() storage.Transaction {
	c := t.Transaction.Clone()
	if t.changes != nil {
		c.Changes = make([]storage.WriteOp, len(t.changes))
		for i, w := range t.changes {
			c.Changes[i] = storage.WriteOp{Key: w.key.Clone(), Value: storage.CloneBytes(w.value), Deleted: w.deleted,
				Created: w.created, Metadata: cloneMetadata(w.metadata)}
		}
	}
	return c
}

// lend returns the transaction in the contract's form without copying
// what it reaches: only the write set's slice is new.
func (t *storedTxn) lend() storage.Transaction {
	c := t.Transaction
	if t.changes != nil {
		c.Changes = make([]storage.WriteOp, len(t.changes))
		for i, w := range t.changes {
			c.Changes[i] = storage.WriteOp{Key: *w.key, Value: w.value, Deleted: w.deleted, Created: w.created, Metadata: w.metadata}
		}
	}
	return c
}

func cloneMetadata(m *onchain.StateValueMetadata) *onchain.StateValueMetadata {
	if m == nil {
		return nil
	}
	c := *m
	return &c
}

// txn returns the stored transaction at a validated version (read lock held).
func (s *Store) txn(info storage.LedgerInfo, version uint64) *storedTxn {
	return s.txns[version-info.OldestVersion]
}

func cloneAll(ts []*storedTxn) []storage.Transaction {
	out := make([]storage.Transaction, len(ts))
	for i, t := range ts {
		out[i] = t.clone()
	}
	return out
}
