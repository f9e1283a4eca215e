package pebblestore

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"

	"github.com/cockroachdb/pebble/v2"

	"github.com/ledgernode/ledgernode/ledgerapi"
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
	info := s.info.Load()
	if err := storage.CheckPruneTarget(info, version); err != nil {
		return err
	}
	_, err := s.pruneTo(version)
	return err
}

// pruneTo makes the block containing target the oldest one (mu held). It
// reports whether anything was pruned.
func (s *Store) pruneTo(target uint64) (bool, error) {
	prev := *s.info.Load()
	if target <= prev.OldestVersion {
		return false, nil
	}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: blockLastKey(target), UpperBound: []byte{pBlockLast + 1}})
	if err != nil {
		return false, err
	}
	found := it.First()
	var height uint64
	if found {
		height = binary.BigEndian.Uint64(it.Value())
	}
	if err := it.Close(); err != nil {
		return false, err
	}
	if !found {
		return false, corrupt("block index", fmt.Errorf("no block holds version %d", target))
	}
	raw, err := s.get(blockKey(height))
	if err != nil {
		return false, err
	}
	keep, err := decodeBlock(raw)
	if err != nil {
		return false, err
	}
	oldest := keep.FirstVersion
	if oldest <= prev.OldestVersion {
		return false, nil
	}

	batch := s.db.NewBatch()
	defer batch.Close()
	senders := map[ledgerapi.Address]uint64{} // prunedBelow per sender
	streams := map[storage.EventKey]uint64{}
	touched := map[string]struct{}{} // state keys written by pruned transactions
	txns, err := s.db.NewIter(&pebble.IterOptions{LowerBound: txnKey(prev.OldestVersion), UpperBound: txnKey(oldest)})
	if err != nil {
		return false, err
	}
	for txns.First(); txns.Valid(); txns.Next() {
		t, err := decodeTxn(bytes.Clone(txns.Value()))
		if err != nil {
			txns.Close()
			return false, err
		}
		if err := batch.Delete(hashKey(t.Hash), nil); err != nil {
			txns.Close()
			return false, err
		}
		if t.SequenceNumber != nil {
			batch.Delete(senderKey(*t.Sender, *t.SequenceNumber), nil)
			senders[*t.Sender] = *t.SequenceNumber + 1
		}
		for _, e := range t.Events {
			if !e.IsV2() {
				batch.Delete(eventKey(e.Key, e.SequenceNumber), nil)
				streams[e.Key] = e.SequenceNumber + 1
			}
		}
		for _, w := range t.Changes {
			if enc, err := w.Key.Encode(); err == nil {
				touched[string(enc)] = struct{}{}
			}
		}
	}
	if err := txns.Close(); err != nil {
		return false, err
	}
	for a, below := range senders {
		batch.Set(key(pSenderPruned, a[:]), be(below), nil)
	}
	for k, below := range streams {
		batch.Set(streamKey(pStreamPruned, k), be(below), nil)
	}
	if err := s.trimState(batch, touched, oldest); err != nil {
		return false, err
	}
	batch.DeleteRange(txnKey(prev.OldestVersion), txnKey(oldest), nil)
	batch.DeleteRange(blockKey(prev.OldestBlockHeight), blockKey(keep.Height), nil)
	batch.DeleteRange([]byte{pBlockLast}, blockLastKey(oldest), nil)
	info := prev
	info.OldestVersion, info.OldestBlockHeight = oldest, keep.Height
	if err := batch.Set([]byte{pInfo}, encodeInfo(info), nil); err != nil {
		return false, err
	}
	if err := batch.Commit(s.wo); err != nil {
		return false, fmt.Errorf("pebblestore: pruning to version %d: %w", oldest, err)
	}
	s.info.Store(&info)
	return true, nil
}

// trimState drops, for each touched key, the entries no read at or above
// oldest can see: those below the newest entry at or below oldest, and
// that entry too when it is a deletion.
func (s *Store) trimState(batch *pebble.Batch, touched map[string]struct{}, oldest uint64) error {
	for e := range touched {
		enc := []byte(e)
		lo, hi := stateBounds(enc)
		it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
		if err != nil {
			return err
		}
		if it.SeekGE(stateKey(enc, oldest)) {
			k := it.Key()
			keepVersion := ^binary.BigEndian.Uint64(k[len(k)-8:])
			from := bytes.Clone(k) // the kept entry itself
			if v := it.Value(); len(v) > 0 && v[0] == 1 {
				batch.DeleteRange(from, hi, nil) // a deletion: nothing to keep
			} else if keepVersion > 0 {
				batch.DeleteRange(stateKey(enc, keepVersion-1), hi, nil)
			}
		}
		if err := it.Close(); err != nil {
			return err
		}
	}
	return nil
}
