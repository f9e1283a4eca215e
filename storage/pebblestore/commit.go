package pebblestore

import (
	"context"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// CommitBlock implements storage.Writer: the block, its transactions, their
// index, event and state entries and the new ledger info are written in one
// batch, synced to the WAL on disk before CommitBlock returns (unless
// Options.NoSync).
func (s *Store) CommitBlock(ctx context.Context, b storage.Block, txns []storage.Transaction) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	encs := make([][][]byte, len(txns))
	for i := range txns {
		encs[i] = make([][]byte, len(txns[i].Changes))
		for j, w := range txns[i].Changes {
			enc, err := w.Key.Encode()
			if err != nil {
				return fmt.Errorf("%w: transaction %d change %d: %v", storage.ErrInvalidCommit, txns[i].Version, j, err)
			}
			encs[i][j] = enc
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.info.Load()
	if err := storage.CheckCommit(prev, b, txns); err != nil {
		return err
	}
	batch := s.db.NewBatch()
	defer batch.Close()
	if err := s.writeBlock(batch, b, txns, encs); err != nil {
		return err
	}
	info := storage.LedgerInfo{ChainID: s.opts.ChainID}
	if prev != nil {
		info.ChainID, info.OldestVersion, info.OldestBlockHeight = prev.ChainID, prev.OldestVersion, prev.OldestBlockHeight
	}
	info.Epoch, info.Version, info.TimestampUsec, info.BlockHeight = b.Epoch, b.LastVersion, b.TimestampUsec, b.Height
	if err := batch.Set([]byte{pInfo}, encodeInfo(info), nil); err != nil {
		return err
	}
	if err := batch.Commit(s.wo); err != nil {
		return fmt.Errorf("pebblestore: committing block %d: %w", b.Height, err)
	}
	s.info.Store(&info)
	if w := s.opts.PruneWindow; w > 0 && info.Version+1 > w {
		if _, err := s.pruneTo(info.Version + 1 - w); err != nil {
			return fmt.Errorf("pebblestore: pruning after block %d: %w", b.Height, err)
		}
	}
	return nil
}

// writeBlock checks the index rules and adds every entry of the block to
// batch (mu held).
func (s *Store) writeBlock(batch *pebble.Batch, b storage.Block, txns []storage.Transaction, encs [][][]byte) error {
	nextSeq, nextEvent, err := storage.CheckIndexes(txns, storage.IndexLookups{
		HashCommitted: func(h ledgerapi.HashValue) (bool, error) {
			_, err := s.get(hashKey(h))
			if errors.Is(err, storage.ErrNotFound) {
				return false, nil
			}
			return err == nil, err
		},
		NextSequence: func(a ledgerapi.Address) (uint64, error) { return s.getU64(key(pSenderNext, a[:]), 0) },
		NextEvent:    func(k storage.EventKey) (uint64, error) { return s.getU64(streamKey(pStreamNext, k), 0) },
	})
	if err != nil {
		return err
	}
	set := func(k, v []byte) error { return batch.Set(k, v, nil) }
	for i := range txns {
		t := &txns[i]
		ver := be(t.Version)
		if err := set(txnKey(t.Version), encodeTxn(t, encs[i])); err != nil {
			return err
		}
		if err := set(hashKey(t.Hash), ver); err != nil {
			return err
		}
		if t.SequenceNumber != nil {
			if err := set(senderKey(*t.Sender, *t.SequenceNumber), ver); err != nil {
				return err
			}
		}
		for j := range t.Events {
			ev := &t.Events[j]
			if ev.IsV2() {
				continue
			}
			rec := txnEventRecord(t.Version, ev)
			if err := set(eventKey(ev.Key, ev.SequenceNumber), rec); err != nil {
				return err
			}
		}
		for j, w := range t.Changes {
			v := make([]byte, 0, 1+len(w.Value))
			if w.Deleted {
				v = append(v, 1)
			} else {
				v = append(append(v, 0), w.Value...)
			}
			if err := set(stateKey(encs[i][j], t.Version), v); err != nil {
				return err
			}
		}
	}
	for a, next := range nextSeq {
		if err := set(key(pSenderNext, a[:]), be(next)); err != nil {
			return err
		}
	}
	for k, next := range nextEvent {
		if err := set(streamKey(pStreamNext, k), be(next)); err != nil {
			return err
		}
	}
	if err := set(blockKey(b.Height), record.Block(b)); err != nil {
		return err
	}
	return set(blockLastKey(b.LastVersion), be(b.Height))
}
