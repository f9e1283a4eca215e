package pgstore

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// rows is a block laid out as the columns of its tables, one slice per
// column, inserted with one unnest statement per table.
type rows struct {
	txVersion []int64
	txHash    [][]byte
	txSender  [][]byte
	txSeq     []*int64
	txRecord  [][]byte

	stKey     [][]byte
	stVersion []int64
	stKind    []int16
	stValue   [][]byte // nil: deleted

	evAccount  [][]byte
	evCreation []int64
	evSeq      []int64
	evVersion  []int64
	evRecord   [][]byte
}

// layout encodes a block's records and index columns. Ordered columns
// (sequence numbers, event creation and sequence numbers) must fit a
// bigint; a block beyond is refused.
func layout(txns []storage.Transaction) (*rows, error) {
	r := &rows{}
	tooBig := func(v uint64) bool { return v > math.MaxInt64 }
	for i := range txns {
		t := &txns[i]
		encs := make([][]byte, len(t.Changes))
		for j, w := range t.Changes {
			enc, err := w.Key.Encode()
			if err != nil {
				return nil, fmt.Errorf("%w: transaction %d change %d: %v", storage.ErrInvalidCommit, t.Version, j, err)
			}
			encs[j] = enc
			r.stKey = append(r.stKey, enc)
			r.stVersion = append(r.stVersion, int64(t.Version))
			r.stKind = append(r.stKind, int16(w.Key.Kind))
			var v []byte
			if !w.Deleted {
				v = w.Value
				if v == nil {
					v = []byte{}
				}
			}
			r.stValue = append(r.stValue, v)
		}
		r.txVersion = append(r.txVersion, int64(t.Version))
		r.txHash = append(r.txHash, t.Hash[:])
		var sender []byte
		if t.Sender != nil {
			sender = t.Sender[:]
		}
		r.txSender = append(r.txSender, sender)
		var seq *int64
		if t.SequenceNumber != nil {
			if tooBig(*t.SequenceNumber) {
				return nil, fmt.Errorf("%w: transaction %d: sequence number %d is above 2^63-1", storage.ErrInvalidCommit, t.Version, *t.SequenceNumber)
			}
			n := int64(*t.SequenceNumber)
			seq = &n
		}
		r.txSeq = append(r.txSeq, seq)
		r.txRecord = append(r.txRecord, record.Transaction(t, encs))
		for j := range t.Events {
			ev := &t.Events[j]
			if ev.IsV2() {
				continue
			}
			if tooBig(ev.Key.CreationNumber) || tooBig(ev.SequenceNumber) {
				return nil, fmt.Errorf("%w: transaction %d event %d: numbers above 2^63-1", storage.ErrInvalidCommit, t.Version, j)
			}
			r.evAccount = append(r.evAccount, ev.Key.Account[:])
			r.evCreation = append(r.evCreation, int64(ev.Key.CreationNumber))
			r.evSeq = append(r.evSeq, int64(ev.SequenceNumber))
			r.evVersion = append(r.evVersion, int64(t.Version))
			r.evRecord = append(r.evRecord, record.Event(ev))
		}
	}
	return r, nil
}

// CommitBlock implements storage.Writer: in one SQL transaction it locks
// the ledger info row, checks the block against it and the indexes, inserts
// the block's rows, updates the ledger info last and notifies
// CommitChannel. Readers see the whole block or none of it.
func (s *Store) CommitBlock(ctx context.Context, b storage.Block, txns []storage.Transaction) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.opts.ReadOnly {
		return errReadOnly
	}
	r, err := layout(txns)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	info, err := s.commit(ctx, b, txns, r)
	if err != nil {
		// The block may be in the database all the same (a connection lost
		// during COMMIT), or the database may not be where this store
		// thought (another writer): read the ledger info from it again.
		s.remember(nil)
		return err
	}
	s.remember(&info)
	s.observe(info)
	if w := s.opts.PruneWindow; w > 0 && info.Version+1 > w {
		if err := s.pruneTo(ctx, info.Version+1-w); err != nil {
			return fmt.Errorf("pgstore: pruning after block %d: %w", b.Height, err)
		}
	}
	return nil
}

// commit writes the block in two round trips: BEGIN, the ledger info row
// locked and the index lookups; then the rows, the ledger info, the
// notification and COMMIT. Any failure rolls back.
func (s *Store) commit(ctx context.Context, b storage.Block, txns []storage.Transaction, r *rows) (storage.LedgerInfo, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return storage.LedgerInfo{}, dbErr(err)
	}
	defer conn.Release()
	open := true
	defer func() {
		if open { // a pooled connection must not keep a transaction
			conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		}
	}()
	var ir infoRow
	lk := newLookups()
	first := &pgx.Batch{}
	first.Queue(`BEGIN`)
	first.Queue(`SELECT ` + infoCols + ` FROM ledger_info li FOR UPDATE`).QueryRow(func(row pgx.Row) error {
		return row.Scan(ir.dest()...)
	})
	lk.queue(first, r)
	if err := conn.SendBatch(ctx, first).Close(); err != nil {
		return storage.LedgerInfo{}, dbErr(err)
	}
	var prev *storage.LedgerInfo
	if p, err := ir.info(); err == nil {
		prev = &p
	}
	if err := storage.CheckCommit(prev, b, txns); err != nil {
		return storage.LedgerInfo{}, err
	}
	nextSeq, nextEvent, err := lk.check(txns)
	if err != nil {
		return storage.LedgerInfo{}, err
	}
	info := storage.LedgerInfo{ChainID: uint8(ir.chainID)}
	if prev != nil {
		info.OldestVersion, info.OldestBlockHeight = prev.OldestVersion, prev.OldestBlockHeight
	}
	info.Epoch, info.Version, info.TimestampUsec, info.BlockHeight = b.Epoch, b.LastVersion, b.TimestampUsec, b.Height

	var senders, accounts [][]byte
	var senderNext, creations, streamNext []int64
	for a, n := range nextSeq {
		senders = append(senders, append([]byte(nil), a[:]...))
		senderNext = append(senderNext, int64(n))
	}
	for k, n := range nextEvent {
		accounts = append(accounts, append([]byte(nil), k.Account[:]...))
		creations = append(creations, int64(k.CreationNumber))
		streamNext = append(streamNext, int64(n))
	}
	batch := &pgx.Batch{}
	batch.Queue(`INSERT INTO transactions (version, hash, sender, sequence_number, record)
		SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::bytea[], $4::bigint[], $5::bytea[])`,
		r.txVersion, r.txHash, r.txSender, r.txSeq, r.txRecord)
	if len(r.stKey) > 0 {
		batch.Queue(`INSERT INTO state_values (key, version, kind, value)
			SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::smallint[], $4::bytea[])`,
			r.stKey, r.stVersion, r.stKind, r.stValue)
	}
	if len(r.evAccount) > 0 {
		batch.Queue(`INSERT INTO events (account, creation_number, sequence_number, version, record)
			SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bytea[])`,
			r.evAccount, r.evCreation, r.evSeq, r.evVersion, r.evRecord)
	}
	if len(senders) > 0 {
		batch.Queue(`INSERT INTO senders (sender, next_sequence) SELECT * FROM unnest($1::bytea[], $2::bigint[])
			ON CONFLICT (sender) DO UPDATE SET next_sequence = EXCLUDED.next_sequence`, senders, senderNext)
	}
	if len(accounts) > 0 {
		batch.Queue(`INSERT INTO streams (account, creation_number, next_sequence)
			SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bigint[])
			ON CONFLICT (account, creation_number) DO UPDATE SET next_sequence = EXCLUDED.next_sequence`,
			accounts, creations, streamNext)
	}
	batch.Queue(`INSERT INTO blocks (height, first_version, last_version, hash, timestamp_usec, epoch, round)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		int64(b.Height), int64(b.FirstVersion), int64(b.LastVersion), b.Hash[:], int64(b.TimestampUsec), int64(b.Epoch), int64(b.Round))
	batch.Queue(`UPDATE ledger_info SET committed = true, epoch = $1, version = $2, timestamp_usec = $3, block_height = $4`,
		int64(info.Epoch), int64(info.Version), int64(info.TimestampUsec), int64(info.BlockHeight))
	batch.Queue(`SELECT pg_notify('`+CommitChannel+`', $1)`, strconv.FormatUint(info.Version, 10))
	batch.Queue(`COMMIT`)
	if err := conn.SendBatch(ctx, batch).Close(); err != nil {
		return storage.LedgerInfo{}, fmt.Errorf("pgstore: committing block %d: %w", b.Height, dbErr(err))
	}
	open = false
	return info, nil
}

// lookups are the index entries a block's checks read (storage.CheckIndexes).
type lookups struct {
	known   map[ledgerapi.HashValue]bool
	seqs    map[ledgerapi.Address]uint64
	streams map[storage.EventKey]uint64
}

func newLookups() *lookups {
	return &lookups{known: map[ledgerapi.HashValue]bool{}, seqs: map[ledgerapi.Address]uint64{}, streams: map[storage.EventKey]uint64{}}
}

// queue adds the lookups of the block's hashes, senders and event streams
// to batch.
func (l *lookups) queue(batch *pgx.Batch, r *rows) {
	var senders [][]byte
	for _, a := range r.txSender {
		if a != nil {
			senders = append(senders, a)
		}
	}
	batch.Queue(`SELECT hash FROM transactions WHERE hash = ANY($1::bytea[])`, r.txHash).Query(func(rs pgx.Rows) error {
		var h []byte
		_, err := pgx.ForEachRow(rs, []any{&h}, func() error {
			l.known[ledgerapi.HashValue(h)] = true
			return nil
		})
		return err
	})
	batch.Queue(`SELECT sender, next_sequence FROM senders WHERE sender = ANY($1::bytea[])`, senders).Query(func(rs pgx.Rows) error {
		var a []byte
		var n int64
		_, err := pgx.ForEachRow(rs, []any{&a, &n}, func() error {
			l.seqs[ledgerapi.Address(a)] = uint64(n)
			return nil
		})
		return err
	})
	batch.Queue(`SELECT s.account, s.creation_number, s.next_sequence FROM streams s
		JOIN unnest($1::bytea[], $2::bigint[]) AS k(account, creation_number)
		ON s.account = k.account AND s.creation_number = k.creation_number`, r.evAccount, r.evCreation).Query(func(rs pgx.Rows) error {
		var a []byte
		var c, n int64
		_, err := pgx.ForEachRow(rs, []any{&a, &c, &n}, func() error {
			l.streams[storage.EventKey{Account: ledgerapi.Address(a), CreationNumber: uint64(c)}] = uint64(n)
			return nil
		})
		return err
	})
}

// check runs storage.CheckIndexes against the entries read.
func (l *lookups) check(txns []storage.Transaction) (map[ledgerapi.Address]uint64, map[storage.EventKey]uint64, error) {
	return storage.CheckIndexes(txns, storage.IndexLookups{
		HashCommitted: func(h ledgerapi.HashValue) (bool, error) { return l.known[h], nil },
		NextSequence:  func(a ledgerapi.Address) (uint64, error) { return l.seqs[a], nil },
		NextEvent:     func(k storage.EventKey) (uint64, error) { return l.streams[k], nil },
	})
}
