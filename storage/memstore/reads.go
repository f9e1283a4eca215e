package memstore

import (
	"context"
	"fmt"
	"sort"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// TransactionByVersion implements storage.TransactionReader.
func (s *Store) TransactionByVersion(ctx context.Context, version uint64) (storage.Transaction, error) {
	info, err := s.readAt(ctx, version)
	if err != nil {
		return storage.Transaction{}, err
	}
	t := s.txn(info, version)
	s.mu.RUnlock()
	return t.clone(), nil
}

// TransactionByHash implements storage.TransactionReader.
func (s *Store) TransactionByHash(ctx context.Context, hash ledgerapi.HashValue) (storage.Transaction, error) {
	if err := ctx.Err(); err != nil {
		return storage.Transaction{}, err
	}
	s.mu.RLock()
	info, err := s.snapshot()
	if err != nil {
		s.mu.RUnlock()
		return storage.Transaction{}, err
	}
	v, ok := s.byHash[hash]
	if !ok {
		s.mu.RUnlock()
		return storage.Transaction{}, fmt.Errorf("%w: transaction with hash %s", storage.ErrNotFound, hash)
	}
	t := s.txn(info, v)
	s.mu.RUnlock()
	return t.clone(), nil
}

// Transactions implements storage.TransactionReader.
func (s *Store) Transactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	picked, err := s.pick(ctx, start, limit, ledgerVersion)
	if err != nil {
		return nil, err
	}
	return cloneAll(picked), nil
}

// LendTransactions implements storage.TransactionLender: the transactions
// share their bytes, keys, events and status with the stored ones, which
// are immutable once applied.
func (s *Store) LendTransactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	picked, err := s.pick(ctx, start, limit, ledgerVersion)
	if err != nil {
		return nil, err
	}
	out := make([]storage.Transaction, len(picked))
	for i, t := range picked {
		out[i] = t.lend()
	}
	return out, nil
}

// pick returns the stored transactions that Transactions returns.
func (s *Store) pick(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]*storedTxn, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	info, err := s.readAt(ctx, ledgerVersion)
	if err != nil {
		return nil, err
	}
	if start > ledgerVersion {
		s.mu.RUnlock()
		return nil, nil
	}
	if err := storage.CheckVersion(info, start); err != nil {
		s.mu.RUnlock()
		return nil, err
	}
	end := ledgerVersion
	if n := ledgerVersion - start + 1; n > uint64(limit) {
		end = start + uint64(limit) - 1
	}
	picked := append([]*storedTxn(nil), s.txns[start-info.OldestVersion:end-info.OldestVersion+1]...)
	s.mu.RUnlock()
	return picked, nil
}

// AccountTransactions implements storage.AccountTransactionReader.
func (s *Store) AccountTransactions(ctx context.Context, sender ledgerapi.Address, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	info, err := s.readAt(ctx, ledgerVersion)
	if err != nil {
		return nil, err
	}
	x := s.senders[sender]
	if x == nil {
		s.mu.RUnlock()
		return []storage.Transaction{}, nil
	}
	if err := storage.CheckAccountStart(info, sender, start, x.prunedBelow); err != nil {
		s.mu.RUnlock()
		return nil, err
	}
	found := x.from(start, limit, ledgerVersion)
	picked := make([]*storedTxn, len(found))
	for i, e := range found {
		picked[i] = s.txn(info, e.version)
	}
	s.mu.RUnlock()
	return cloneAll(picked), nil
}

// BlockByHeight implements storage.BlockReader.
func (s *Store) BlockByHeight(ctx context.Context, height uint64) (storage.Block, error) {
	if err := ctx.Err(); err != nil {
		return storage.Block{}, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	info, err := s.snapshot()
	if err == nil {
		err = storage.CheckHeight(info, height)
	}
	if err != nil {
		return storage.Block{}, err
	}
	return s.blocks[height-info.OldestBlockHeight], nil
}

// BlockByVersion implements storage.BlockReader.
func (s *Store) BlockByVersion(ctx context.Context, version uint64) (storage.Block, error) {
	_, err := s.readAt(ctx, version)
	if err != nil {
		return storage.Block{}, err
	}
	defer s.mu.RUnlock()
	i := sort.Search(len(s.blocks), func(i int) bool { return s.blocks[i].LastVersion >= version })
	return s.blocks[i], nil
}

// StateValue implements storage.StateReader.
func (s *Store) StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	v, err := s.LendStateValue(ctx, key, version)
	if err != nil {
		return nil, err
	}
	return storage.CloneBytes(v), nil
}

// LendStateValue implements storage.StateLender: stored values are never
// modified (a write stores new bytes), so they are lent as they are.
func (s *Store) LendStateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	var buf [storage.KeyBufferSize]byte
	enc, err := storage.EncodeKey(buf[:0], key)
	if err != nil {
		return nil, err
	}
	if _, err := s.readAt(ctx, version); err != nil {
		return nil, err
	}
	var v []byte
	ok := false
	if h := s.state[string(enc)]; h != nil {
		v, ok = h.at(version)
	}
	s.mu.RUnlock()
	if !ok {
		return nil, &storage.StateNotFoundError{Key: key, Version: version}
	}
	return v, nil
}

// Resources implements storage.StateReader.
func (s *Store) Resources(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return s.list(ctx, storage.StateResource, addr, cursor, limit, version)
}

// Modules implements storage.StateReader.
func (s *Store) Modules(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return s.list(ctx, storage.StateModule, addr, cursor, limit, version)
}

func (s *Store) list(ctx context.Context, kind storage.StateKeyKind, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	if err := storage.CheckListing(limit, cursor, kind, addr); err != nil {
		return storage.StatePage{}, err
	}
	if _, err := s.readAt(ctx, version); err != nil {
		return storage.StatePage{}, err
	}
	type found struct {
		h *history
		v []byte
	}
	var items []found
	var next string
	if a := s.accounts[addr]; a != nil {
		keys := *a.list(kind)
		i := sort.SearchStrings(keys, string(cursor))
		for ; i < len(keys); i++ {
			h := s.state[keys[i]]
			v, ok := h.at(version)
			if !ok {
				continue
			}
			if len(items) == limit {
				next = keys[i]
				break
			}
			items = append(items, found{h, v})
		}
	}
	s.mu.RUnlock()
	page := storage.StatePage{Items: make([]storage.StateItem, len(items))}
	for i, it := range items {
		page.Items[i] = storage.StateItem{Key: it.h.key.Clone(), Value: storage.CloneBytes(it.v)}
	}
	if next != "" {
		page.Next = []byte(next)
	}
	return page, nil
}

// Events implements storage.EventReader.
func (s *Store) Events(ctx context.Context, key storage.EventKey, start uint64, limit int, ledgerVersion uint64) ([]storage.VersionedEvent, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	info, err := s.readAt(ctx, ledgerVersion)
	if err != nil {
		return nil, err
	}
	x := s.streams[key]
	if x == nil || key.IsZero() {
		s.mu.RUnlock()
		return []storage.VersionedEvent{}, nil
	}
	if err := storage.CheckStreamStart(info, key, start, x.prunedBelow); err != nil {
		s.mu.RUnlock()
		return nil, err
	}
	found := x.from(start, limit, ledgerVersion)
	picked := make([]*storedTxn, len(found))
	for i, e := range found {
		picked[i] = s.txn(info, e.version)
	}
	s.mu.RUnlock()
	out := make([]storage.VersionedEvent, len(found))
	for i, e := range found {
		out[i] = storage.VersionedEvent{Version: e.version, Event: picked[i].Events[e.idx].Clone()}
	}
	return out, nil
}

// EventCount implements storage.EventReader.
func (s *Store) EventCount(ctx context.Context, key storage.EventKey, ledgerVersion uint64) (uint64, error) {
	if _, err := s.readAt(ctx, ledgerVersion); err != nil {
		return 0, err
	}
	defer s.mu.RUnlock()
	if x := s.streams[key]; x != nil {
		return x.countAt(ledgerVersion), nil
	}
	return 0, nil
}
