package memstore

import (
	"context"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// prepared is a block copied and encoded outside the lock.
type prepared struct {
	block storage.Block
	src   []storage.Transaction // the caller's, read during the call only
	txns  []*storedTxn
	encs  [][]string // encs[i][j] is the encoding of src[i].Changes[j].Key
}

// CommitBlock implements storage.Writer. The block is copied and its state
// keys encoded before the write lock is taken; under the lock it is checked
// against the indexes, applied, pruned per Options, and only then published
// by swapping in the new ledger info.
func (s *Store) CommitBlock(ctx context.Context, b storage.Block, txns []storage.Transaction) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p, err := prepare(b, txns)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	prev := s.info.Load()
	if err := storage.CheckCommit(prev, b, txns); err != nil {
		return err
	}
	if err := s.checkIndexes(p); err != nil {
		return err
	}
	info := storage.LedgerInfo{ChainID: s.opts.chainID()}
	if prev != nil {
		info.OldestVersion, info.OldestBlockHeight = prev.OldestVersion, prev.OldestBlockHeight
	}
	info.Epoch, info.Version, info.TimestampUsec, info.BlockHeight = b.Epoch, b.LastVersion, b.TimestampUsec, b.Height
	s.apply(p)
	s.pruneTo(&info, s.policyTarget(info))
	s.info.Store(&info)
	return nil
}

// prepare copies the block, except the write sets' state keys, which apply
// shares with the state's histories.
func prepare(b storage.Block, txns []storage.Transaction) (*prepared, error) {
	p := &prepared{block: b, src: txns, txns: make([]*storedTxn, len(txns)), encs: make([][]string, len(txns))}
	for i := range txns {
		head := txns[i]
		head.Changes = nil
		st := &storedTxn{Transaction: head.Clone()}
		if txns[i].Changes != nil {
			st.changes = make([]change, len(txns[i].Changes))
		}
		p.encs[i] = make([]string, len(txns[i].Changes))
		for j, w := range txns[i].Changes {
			var buf [storage.KeyBufferSize]byte
			enc, err := w.Key.AppendEncode(buf[:0])
			if err != nil {
				return nil, fmt.Errorf("%w: transaction %d change %d: %v", storage.ErrInvalidCommit, head.Version, j, err)
			}
			p.encs[i][j] = string(enc)
			st.changes[j] = change{value: storage.CloneBytes(w.Value), metadata: cloneMetadata(w.Metadata),
				deleted: w.Deleted, created: w.Created}
		}
		p.txns[i] = st
	}
	return p, nil
}

// checkIndexes enforces the rules that need the indexes: new hashes,
// increasing sender sequence numbers, contiguous event streams.
func (s *Store) checkIndexes(p *prepared) error {
	_, _, err := storage.CheckIndexes(p.src, storage.IndexLookups{
		HashCommitted: func(h ledgerapi.HashValue) (bool, error) {
			_, ok := s.byHash[h]
			return ok, nil
		},
		NextSequence: func(a ledgerapi.Address) (uint64, error) {
			if x := s.senders[a]; x != nil {
				return x.next, nil
			}
			return 0, nil
		},
		NextEvent: func(k storage.EventKey) (uint64, error) {
			if x := s.streams[k]; x != nil {
				return x.next, nil
			}
			return 0, nil
		},
	})
	return err
}

// apply adds a checked block to every structure (write lock held).
func (s *Store) apply(p *prepared) {
	for i, t := range p.txns {
		s.txns = append(s.txns, t)
		s.byHash[t.Hash] = t.Version
		if t.SequenceNumber != nil {
			x := s.senders[*t.Sender]
			if x == nil {
				x = &seqIndex{}
				s.senders[*t.Sender] = x
			}
			x.entries = append(x.entries, seqEntry{seq: *t.SequenceNumber, version: t.Version})
			x.next = *t.SequenceNumber + 1
		}
		for j, e := range t.Events {
			if e.IsV2() {
				continue
			}
			x := s.streams[e.Key]
			if x == nil {
				x = &seqIndex{}
				s.streams[e.Key] = x
			}
			x.entries = append(x.entries, seqEntry{seq: e.SequenceNumber, version: t.Version, idx: uint32(j)})
			x.next = e.SequenceNumber + 1
		}
		for j := range t.changes {
			s.write(t, j, p.encs[i][j], &p.src[i].Changes[j].Key)
		}
	}
	s.blocks = append(s.blocks, p.block)
}

// write records change j of t, whose key is key with encoding enc, in the
// key's history, and points the change at the history's copy of the key.
// The history entry and the transaction share the (immutable) value.
func (s *Store) write(t *storedTxn, j int, enc string, key *storage.StateKey) {
	c := &t.changes[j]
	h := s.state[enc]
	if h == nil {
		if c.deleted {
			// Deleting a key without retained history changes no state.
			k := key.Clone()
			c.key = &k
			return
		}
		h = &history{key: key.Clone(), enc: enc}
		s.state[enc] = h
		if h.key.Kind != storage.StateTableItem {
			a := s.accounts[h.key.Address]
			if a == nil {
				a = &accountKeys{}
				s.accounts[h.key.Address] = a
			}
			insertSorted(a.list(h.key.Kind), h.enc)
		}
	}
	c.key = &h.key
	if len(h.entries) > 0 || c.deleted {
		s.stale = append(s.stale, staleWrite{version: t.Version, enc: h.enc})
	}
	h.entries = append(h.entries, entry{version: t.Version, value: c.value, deleted: c.deleted})
	s.entries++
}
