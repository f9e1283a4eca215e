package pebblestore

import (
	"bytes"
	"context"
	"fmt"

	"github.com/cockroachdb/pebble/v2"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// Revert implements storage.Reverter: the records of the blocks after the
// one ending at version, their index and state entries, are deleted and
// the counters of the senders and event streams they advanced are set
// back, in one batch with the new ledger info.
func (s *Store) Revert(ctx context.Context, version uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.info.Load()
	keep, err := storage.CheckRevertTarget(prev, version, func(v uint64) (storage.Block, error) {
		return s.BlockByVersion(ctx, v)
	})
	if err != nil || version == prev.Version {
		return err
	}
	batch := s.db.NewBatch()
	defer batch.Close()
	if err := s.unwrite(batch, version+1, prev.Version+1); err != nil {
		return err
	}
	batch.DeleteRange(txnKey(version+1), txnKey(prev.Version+1), nil)
	batch.DeleteRange(blockKey(keep.Height+1), blockKey(prev.BlockHeight+1), nil)
	batch.DeleteRange(blockLastKey(version+1), blockLastKey(prev.Version+1), nil)
	info := *prev
	info.Version, info.BlockHeight, info.TimestampUsec, info.Epoch = version, keep.Height, keep.TimestampUsec, keep.Epoch
	if err := batch.Set([]byte{pInfo}, encodeInfo(info), nil); err != nil {
		return err
	}
	if err := batch.Commit(s.wo); err != nil {
		return fmt.Errorf("pebblestore: reverting to version %d: %w", version, err)
	}
	s.info.Store(&info)
	s.reverts.Add(1)
	return nil
}

// Reverts implements storage.Reverter.
func (s *Store) Reverts() uint64 { return s.reverts.Load() }

// unwrite adds to batch the deletion of every index, event and state
// entry of the transactions in [from, to), and the counters of the
// senders and streams they advanced as they were before from (mu held).
func (s *Store) unwrite(batch *pebble.Batch, from, to uint64) error {
	senders := map[ledgerapi.Address]uint64{} // the lowest reverted sequence number
	streams := map[storage.EventKey]uint64{}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: txnKey(from), UpperBound: txnKey(to)})
	if err != nil {
		return err
	}
	for it.First(); it.Valid(); it.Next() {
		t, err := decodeTxn(bytes.Clone(it.Value()))
		if err != nil {
			it.Close()
			return err
		}
		batch.Delete(hashKey(t.Hash), nil)
		if t.SequenceNumber != nil {
			batch.Delete(senderKey(*t.Sender, *t.SequenceNumber), nil)
			if low, ok := senders[*t.Sender]; !ok || *t.SequenceNumber < low {
				senders[*t.Sender] = *t.SequenceNumber
			}
		}
		for _, e := range t.Events {
			if e.IsV2() {
				continue
			}
			batch.Delete(eventKey(e.Key, e.SequenceNumber), nil)
			if low, ok := streams[e.Key]; !ok || e.SequenceNumber < low {
				streams[e.Key] = e.SequenceNumber
			}
		}
		for _, w := range t.Changes {
			enc, err := w.Key.Encode()
			if err != nil {
				it.Close()
				return corrupt("state key", err)
			}
			batch.Delete(stateKey(enc, t.Version), nil)
		}
	}
	if err := it.Close(); err != nil {
		return err
	}
	for a, next := range senders {
		batch.Set(key(pSenderNext, a[:]), be(next), nil)
	}
	for k, next := range streams {
		batch.Set(streamKey(pStreamNext, k), be(next), nil)
	}
	return nil
}
