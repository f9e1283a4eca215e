package pebblestore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// txnEventRecord is an event entry's value: the emitting version, then the
// event.
func txnEventRecord(version uint64, ev *storage.Event) []byte {
	e := bcs.NewEncoder(64 + len(ev.Data))
	e.U64(version)
	record.AppendEvent(e, ev)
	return e.Bytes()
}

func decodeEventRecord(raw []byte) (uint64, storage.Event, error) {
	d := bcs.NewDecoder(raw)
	v := d.U64("version")
	ev := record.ReadEvent(d)
	return v, ev, corrupt("event", d.Finish())
}

// TransactionByVersion implements storage.TransactionReader.
func (s *Store) TransactionByVersion(ctx context.Context, version uint64) (storage.Transaction, error) {
	if _, err := s.readAt(ctx, version); err != nil {
		return storage.Transaction{}, err
	}
	t, err := s.txnAt(version)
	if err != nil {
		return storage.Transaction{}, s.gone(err, version, fmt.Sprintf("version %d", version))
	}
	return t, nil
}

// TransactionByHash implements storage.TransactionReader.
func (s *Store) TransactionByHash(ctx context.Context, hash ledgerapi.HashValue) (storage.Transaction, error) {
	if err := ctx.Err(); err != nil {
		return storage.Transaction{}, err
	}
	info, err := s.snapshot()
	if err != nil {
		return storage.Transaction{}, err
	}
	v, err := s.getU64Strict(hashKey(hash))
	if err == nil && v > info.Version {
		err = storage.ErrNotFound // committed after the snapshot was taken
	}
	if err == nil {
		var t storage.Transaction
		if t, err = s.txnAt(v); err == nil {
			return t, nil
		}
	}
	if errors.Is(err, storage.ErrNotFound) {
		return storage.Transaction{}, fmt.Errorf("%w: transaction with hash %s", storage.ErrNotFound, hash)
	}
	return storage.Transaction{}, err
}

// getU64Strict reads an 8-byte value that must exist.
func (s *Store) getU64Strict(k []byte) (uint64, error) {
	v, err := s.get(k)
	if err != nil {
		return 0, err
	}
	if len(v) != 8 {
		return 0, corrupt("index entry", fmt.Errorf("%d bytes", len(v)))
	}
	return binary.BigEndian.Uint64(v), nil
}

// Transactions implements storage.TransactionReader.
func (s *Store) Transactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	info, err := s.readAt(ctx, ledgerVersion)
	if err != nil {
		return nil, err
	}
	if start > ledgerVersion {
		return []storage.Transaction{}, nil
	}
	if err := storage.CheckVersion(info, start); err != nil {
		return nil, err
	}
	end := ledgerVersion
	if n := ledgerVersion - start + 1; n > uint64(limit) {
		end = start + uint64(limit) - 1
	}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: txnKey(start), UpperBound: txnKey(end + 1)})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	out := make([]storage.Transaction, 0, end-start+1)
	for it.First(); it.Valid(); it.Next() {
		t, err := decodeTxn(bytes.Clone(it.Value()))
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	if err := it.Error(); err != nil {
		return nil, err
	}
	if uint64(len(out)) != end-start+1 {
		return nil, s.gone(storage.ErrNotFound, start, fmt.Sprintf("version %d", start))
	}
	return out, nil
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
	prunedBelow, err := s.getU64(key(pSenderPruned, sender[:]), 0)
	if err != nil {
		return nil, err
	}
	if err := storage.CheckAccountStart(info, sender, start, prunedBelow); err != nil {
		return nil, err
	}
	prefix := key(pSender, sender[:])
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: senderKey(sender, start), UpperBound: prefixEnd(prefix)})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	out := []storage.Transaction{}
	for it.First(); it.Valid() && len(out) < limit; it.Next() {
		v := binary.BigEndian.Uint64(it.Value())
		if v > ledgerVersion {
			break
		}
		t, err := s.txnAt(v)
		if err != nil {
			return nil, s.gone(err, v, fmt.Sprintf("version %d", v))
		}
		out = append(out, t)
	}
	return out, it.Error()
}

// BlockByHeight implements storage.BlockReader.
func (s *Store) BlockByHeight(ctx context.Context, height uint64) (storage.Block, error) {
	if err := ctx.Err(); err != nil {
		return storage.Block{}, err
	}
	info, err := s.snapshot()
	if err == nil {
		err = storage.CheckHeight(info, height)
	}
	if err != nil {
		return storage.Block{}, err
	}
	raw, err := s.get(blockKey(height))
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			if now, ierr := s.snapshot(); ierr == nil && height < now.OldestBlockHeight {
				return storage.Block{}, &storage.PrunedError{What: fmt.Sprintf("block %d", height), OldestVersion: now.OldestVersion, OldestBlockHeight: now.OldestBlockHeight}
			}
		}
		return storage.Block{}, err
	}
	return decodeBlock(raw)
}

// BlockByVersion implements storage.BlockReader: the first block whose last
// version is at or above version.
func (s *Store) BlockByVersion(ctx context.Context, version uint64) (storage.Block, error) {
	if _, err := s.readAt(ctx, version); err != nil {
		return storage.Block{}, err
	}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: blockLastKey(version), UpperBound: []byte{pBlockLast + 1}})
	if err != nil {
		return storage.Block{}, err
	}
	defer it.Close()
	if !it.First() {
		if err := it.Error(); err != nil {
			return storage.Block{}, err
		}
		return storage.Block{}, s.gone(storage.ErrNotFound, version, fmt.Sprintf("version %d", version))
	}
	raw, err := s.get(blockKey(binary.BigEndian.Uint64(it.Value())))
	if err != nil {
		return storage.Block{}, s.gone(err, version, fmt.Sprintf("version %d", version))
	}
	return decodeBlock(raw)
}

// StateValue implements storage.StateReader: one seek to the newest entry
// of key at or below version.
func (s *Store) StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	enc, err := storage.EncodeKey(nil, key)
	if err != nil {
		return nil, err
	}
	if _, err := s.readAt(ctx, version); err != nil {
		return nil, err
	}
	lo, hi := stateBounds(enc)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	if it.SeekGE(stateKey(enc, version)) {
		if v := it.Value(); len(v) > 0 && v[0] == 0 {
			return bytes.Clone(v[1:]), nil
		}
	}
	if err := it.Error(); err != nil {
		return nil, err
	}
	return nil, &storage.StateNotFoundError{Key: key, Version: version}
}

// Resources implements storage.StateReader.
func (s *Store) Resources(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return s.list(ctx, storage.StateResource, addr, cursor, limit, version)
}

// Modules implements storage.StateReader.
func (s *Store) Modules(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return s.list(ctx, storage.StateModule, addr, cursor, limit, version)
}

// list walks addr's access-path keys in encoding order from cursor,
// reading each key's value as of version.
func (s *Store) list(ctx context.Context, kind storage.StateKeyKind, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	if err := storage.CheckListing(limit, cursor, kind, addr); err != nil {
		return storage.StatePage{}, err
	}
	if _, err := s.readAt(ctx, version); err != nil {
		return storage.StatePage{}, err
	}
	prefix := key(pState, []byte{0}, addr[:]) // AccessPath variant, address
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: prefixEnd(prefix)})
	if err != nil {
		return storage.StatePage{}, err
	}
	defer it.Close()
	page := storage.StatePage{Items: []storage.StateItem{}}
	ok := it.First()
	if cursor != nil {
		ok = it.SeekGE(key(pState, cursor))
	}
	for ok {
		k := it.Key()
		if len(k) < 1+8 {
			return page, corrupt("state key", fmt.Errorf("%d-byte key", len(k)))
		}
		enc := bytes.Clone(k[1 : len(k)-8])
		sk, err := storage.ParseStateKey(enc)
		if err != nil {
			return page, corrupt("state key", err)
		}
		_, end := stateBounds(enc)
		if sk.Kind == kind && it.SeekGE(stateKey(enc, version)) && bytes.HasPrefix(it.Key(), key(pState, enc)) && len(it.Key()) == len(enc)+9 {
			if v := it.Value(); len(v) > 0 && v[0] == 0 {
				if len(page.Items) == limit {
					page.Next = enc
					break
				}
				page.Items = append(page.Items, storage.StateItem{Key: sk, Value: bytes.Clone(v[1:])})
			}
		}
		ok = it.SeekGE(end)
	}
	if err := it.Error(); err != nil {
		return storage.StatePage{}, err
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
	if key.IsZero() {
		return []storage.VersionedEvent{}, nil
	}
	prunedBelow, err := s.getU64(streamKey(pStreamPruned, key), 0)
	if err != nil {
		return nil, err
	}
	if err := storage.CheckStreamStart(info, key, start, prunedBelow); err != nil {
		return nil, err
	}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: eventKey(key, start), UpperBound: prefixEnd(streamKey(pEvent, key))})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	out := []storage.VersionedEvent{}
	for it.First(); it.Valid() && len(out) < limit; it.Next() {
		v, ev, err := decodeEventRecord(bytes.Clone(it.Value()))
		if err != nil {
			return nil, err
		}
		if v > ledgerVersion {
			break
		}
		out = append(out, storage.VersionedEvent{Version: v, Event: ev})
	}
	return out, it.Error()
}

// EventCount implements storage.EventReader: one past the sequence number
// of the stream's last event at or below ledgerVersion.
func (s *Store) EventCount(ctx context.Context, key storage.EventKey, ledgerVersion uint64) (uint64, error) {
	if _, err := s.readAt(ctx, ledgerVersion); err != nil {
		return 0, err
	}
	prefix := streamKey(pEvent, key)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: prefixEnd(prefix)})
	if err != nil {
		return 0, err
	}
	defer it.Close()
	for ok := it.Last(); ok; ok = it.Prev() {
		if binary.LittleEndian.Uint64(it.Value()) <= ledgerVersion { // the record starts with the version (BCS u64)
			return binary.BigEndian.Uint64(it.Key()[len(prefix):]) + 1, nil
		}
	}
	if err := it.Error(); err != nil {
		return 0, err
	}
	return s.getU64(streamKey(pStreamPruned, key), 0)
}
