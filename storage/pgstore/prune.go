package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// Prune implements storage.Pruner: the block that contains version becomes
// the oldest one kept. It deletes in SQL transactions of at most
// Options.PruneBatch versions (whole blocks), each moving the ledger
// info's oldest version and height with the rows it deletes.
func (s *Store) Prune(ctx context.Context, version uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.opts.ReadOnly {
		return errReadOnly
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	info, err := s.LedgerInfo(ctx)
	var pinfo *storage.LedgerInfo
	switch {
	case err == nil:
		pinfo = &info
	case !errors.Is(err, storage.ErrEmpty):
		return err
	}
	if err := storage.CheckPruneTarget(pinfo, version); err != nil {
		return err
	}
	return s.pruneTo(ctx, version)
}

// pruneTo prunes batch by batch until the block that contains target is
// the oldest (mu held).
func (s *Store) pruneTo(ctx context.Context, target uint64) error {
	for {
		done, err := s.pruneBatch(ctx, target)
		if err != nil || done {
			return err
		}
	}
}

// pruneBatch prunes one batch toward target; it reports whether target's
// block is now the oldest.
func (s *Store) pruneBatch(ctx context.Context, target uint64) (bool, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return false, dbErr(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	var ir infoRow
	if err := tx.QueryRow(ctx, `SELECT `+infoCols+` FROM ledger_info li FOR UPDATE`).Scan(ir.dest()...); err != nil {
		return false, dbErr(err)
	}
	prev, err := ir.info()
	if err != nil || target <= prev.OldestVersion {
		return true, nil
	}
	// The batch ends at the first version of the block holding the nearer
	// of target and oldest+PruneBatch, or of the next block when that is
	// the oldest block itself.
	stop := min(target, prev.OldestVersion+s.opts.PruneBatch)
	var height, first int64
	err = tx.QueryRow(ctx, `SELECT height, first_version FROM blocks WHERE first_version <= $1 AND first_version > $2
		ORDER BY first_version DESC LIMIT 1`, int64(stop), int64(prev.OldestVersion)).Scan(&height, &first)
	if errors.Is(err, pgx.ErrNoRows) {
		err = tx.QueryRow(ctx, `SELECT height, first_version FROM blocks WHERE first_version > $1
			ORDER BY first_version LIMIT 1`, int64(prev.OldestVersion)).Scan(&height, &first)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return true, nil // target is in the oldest block
	}
	if err != nil {
		return false, dbErr(err)
	}
	oldest := uint64(first)
	if oldest > target {
		return true, nil // target is in the oldest block
	}
	if err := s.deleteBelow(ctx, tx, prev, oldest, uint64(height)); err != nil {
		return false, err
	}
	if err := tx.Commit(ctx); err != nil {
		s.remember(nil)
		return false, fmt.Errorf("pgstore: pruning to version %d: %w", oldest, dbErr(err))
	}
	pruned := prev
	pruned.OldestVersion, pruned.OldestBlockHeight = oldest, uint64(height)
	if s.info.Load() != nil {
		s.remember(&pruned)
	}
	s.observe(pruned)
	return stop == target, nil // a batch that reached target's block is the last
}

// deleteBelow deletes everything below version oldest (the first version
// of block height) and records it in the ledger info, in tx.
func (s *Store) deleteBelow(ctx context.Context, tx pgx.Tx, prev storage.LedgerInfo, oldest, height uint64) error {
	rs, err := tx.Query(ctx, `SELECT record FROM transactions WHERE version >= $1 AND version < $2`,
		int64(prev.OldestVersion), int64(oldest))
	if err != nil {
		return dbErr(err)
	}
	senders := map[ledgerapi.Address]uint64{}
	streams := map[storage.EventKey]uint64{}
	touched := map[string]struct{}{}
	var raw []byte
	if _, err := pgx.ForEachRow(rs, []any{&raw}, func() error {
		t, err := record.DecodeTransaction(raw)
		if err != nil {
			return corrupt("transaction", err)
		}
		if t.SequenceNumber != nil {
			senders[*t.Sender] = max(senders[*t.Sender], *t.SequenceNumber+1)
		}
		for _, e := range t.Events {
			if !e.IsV2() {
				streams[e.Key] = max(streams[e.Key], e.SequenceNumber+1)
			}
		}
		for _, w := range t.Changes {
			if enc, err := w.Key.Encode(); err == nil {
				touched[string(enc)] = struct{}{}
			}
		}
		return nil
	}); err != nil {
		return dbErr(err)
	}
	var sAddr, eAcct, keys [][]byte
	var sBelow, eCreation, eBelow []int64
	for a, n := range senders {
		sAddr, sBelow = append(sAddr, append([]byte(nil), a[:]...)), append(sBelow, int64(n))
	}
	for k, n := range streams {
		eAcct, eCreation, eBelow = append(eAcct, append([]byte(nil), k.Account[:]...)), append(eCreation, int64(k.CreationNumber)), append(eBelow, int64(n))
	}
	for k := range touched {
		keys = append(keys, []byte(k))
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO senders (sender, pruned_below) SELECT * FROM unnest($1::bytea[], $2::bigint[])
		ON CONFLICT (sender) DO UPDATE SET pruned_below = GREATEST(senders.pruned_below, EXCLUDED.pruned_below)`, sAddr, sBelow)
	b.Queue(`INSERT INTO streams (account, creation_number, pruned_below) SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::bigint[])
		ON CONFLICT (account, creation_number) DO UPDATE SET pruned_below = GREATEST(streams.pruned_below, EXCLUDED.pruned_below)`,
		eAcct, eCreation, eBelow)
	b.Queue(`DELETE FROM events e USING unnest($1::bytea[], $2::bigint[], $3::bigint[]) AS d(account, creation_number, below)
		WHERE e.account = d.account AND e.creation_number = d.creation_number AND e.sequence_number < d.below`,
		eAcct, eCreation, eBelow)
	// For each key written below oldest, drop the entries no read at or
	// above oldest sees: those below its newest entry at or below oldest,
	// and that entry too when it is a deletion.
	b.Queue(`DELETE FROM state_values s USING (
			SELECT k.key, (SELECT max(version) FROM state_values WHERE key = k.key AND version <= $2) AS keep
			FROM unnest($1::bytea[]) AS k(key)) t
		WHERE s.key = t.key AND (s.version < t.keep OR (s.version = t.keep AND s.value IS NULL))`, keys, int64(oldest))
	b.Queue(`DELETE FROM transactions WHERE version >= $1 AND version < $2`, int64(prev.OldestVersion), int64(oldest))
	b.Queue(`DELETE FROM blocks WHERE height < $1`, int64(height))
	b.Queue(`UPDATE ledger_info SET oldest_version = $1, oldest_block_height = $2`, int64(oldest), int64(height))
	return dbErr(tx.SendBatch(ctx, b).Close())
}
