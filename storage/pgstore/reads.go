package pgstore

import (
	"context"
	"fmt"
	"math"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// query runs q, whose rows all start with infoCols followed by the columns
// scanned into more; each is called for every row (with the info it
// carries). The ledger info of the (first) row is returned; a query always
// returns at least one row, as its data is LEFT JOINed to ledger_info.
func (s *Store) query(ctx context.Context, q string, args []any, more []any, each func() error) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	rs, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return storage.LedgerInfo{}, dbErr(err)
	}
	var r infoRow
	n := 0
	if _, err := pgx.ForEachRow(rs, r.dest(more...), func() error {
		n++
		return each()
	}); err != nil {
		return storage.LedgerInfo{}, dbErr(err)
	}
	if n == 0 {
		return storage.LedgerInfo{}, fmt.Errorf("pgstore: the ledger_info row is missing")
	}
	info, err := r.info()
	if err == nil {
		s.observe(info)
	}
	return info, err
}

// decodeAll decodes transaction records.
func decodeAll(recs [][]byte) ([]storage.Transaction, error) {
	out := make([]storage.Transaction, 0, len(recs))
	for _, raw := range recs {
		t, err := record.DecodeTransaction(raw)
		if err != nil {
			return nil, corrupt("transaction", err)
		}
		out = append(out, t)
	}
	return out, nil
}

// records runs a query whose extra column is a transaction record (NULL
// when the join found nothing) and collects the records.
func (s *Store) records(ctx context.Context, q string, args ...any) (storage.LedgerInfo, [][]byte, error) {
	var rec []byte
	var recs [][]byte
	info, err := s.query(ctx, q, args, []any{&rec}, func() error {
		if rec != nil {
			recs = append(recs, rec)
		}
		return nil
	})
	return info, recs, err
}

// TransactionByVersion implements storage.TransactionReader.
func (s *Store) TransactionByVersion(ctx context.Context, version uint64) (storage.Transaction, error) {
	info, recs, err := s.records(ctx, `SELECT `+infoCols+`, t.record FROM ledger_info li
		LEFT JOIN transactions t ON t.version = $1`, i64(version))
	if err == nil {
		err = storage.CheckVersion(info, version)
	}
	if err == nil && len(recs) == 0 {
		err = fmt.Errorf("%w: transaction at version %d", storage.ErrNotFound, version)
	}
	if err != nil {
		return storage.Transaction{}, err
	}
	t, err := decodeAll(recs)
	if err != nil {
		return storage.Transaction{}, err
	}
	return t[0], nil
}

// TransactionByHash implements storage.TransactionReader.
func (s *Store) TransactionByHash(ctx context.Context, hash ledgerapi.HashValue) (storage.Transaction, error) {
	_, recs, err := s.records(ctx, `SELECT `+infoCols+`, t.record FROM ledger_info li
		LEFT JOIN transactions t ON t.hash = $1 AND t.version <= li.version AND t.version >= li.oldest_version`, hash[:])
	if err == nil && len(recs) == 0 {
		err = fmt.Errorf("%w: transaction with hash %s", storage.ErrNotFound, hash)
	}
	if err != nil {
		return storage.Transaction{}, err
	}
	t, err := decodeAll(recs)
	if err != nil {
		return storage.Transaction{}, err
	}
	return t[0], nil
}

// Transactions implements storage.TransactionReader.
func (s *Store) Transactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	end := ledgerVersion
	if start <= ledgerVersion && ledgerVersion-start+1 > uint64(limit) {
		end = start + uint64(limit) - 1
	}
	info, recs, err := s.records(ctx, `SELECT `+infoCols+`, t.record FROM ledger_info li
		LEFT JOIN LATERAL (SELECT version, record FROM transactions WHERE version >= $1 AND version <= $2) t ON true
		ORDER BY t.version`, i64(start), i64(end))
	if err == nil {
		err = storage.CheckVersion(info, ledgerVersion)
	}
	if err != nil {
		return nil, err
	}
	if start > ledgerVersion {
		return []storage.Transaction{}, nil
	}
	if err := storage.CheckVersion(info, start); err != nil {
		return nil, err
	}
	if uint64(len(recs)) != end-start+1 {
		return nil, fmt.Errorf("pgstore: %d transactions stored in versions %d..%d", len(recs), start, end)
	}
	return decodeAll(recs)
}

// AccountTransactions implements storage.AccountTransactionReader.
func (s *Store) AccountTransactions(ctx context.Context, sender ledgerapi.Address, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	if err := storage.CheckLimit(limit); err != nil {
		return nil, err
	}
	var prunedBelow int64
	var rec []byte
	var recs [][]byte
	info, err := s.query(ctx, `SELECT `+infoCols+`,
			COALESCE((SELECT pruned_below FROM senders WHERE sender = $1), 0), t.record
		FROM ledger_info li LEFT JOIN LATERAL (
			SELECT version, record FROM transactions
			WHERE sender = $1 AND sequence_number IS NOT NULL AND sequence_number >= $2 AND version <= $3
			ORDER BY sequence_number LIMIT $4) t ON true
		ORDER BY t.version`, []any{sender[:], i64(start), i64(ledgerVersion), limit},
		[]any{&prunedBelow, &rec}, func() error {
			if rec != nil {
				recs = append(recs, rec)
			}
			return nil
		})
	if err == nil {
		err = storage.CheckVersion(info, ledgerVersion)
	}
	if err != nil {
		return nil, err
	}
	if err := storage.CheckAccountStart(info, sender, start, uint64(prunedBelow)); err != nil {
		return nil, err
	}
	if start > math.MaxInt64 {
		return []storage.Transaction{}, nil
	}
	return decodeAll(recs)
}

// blockCols are a block's columns, scanned by blockRow.
const blockCols = `b.height, b.first_version, b.last_version, b.hash, b.timestamp_usec, b.epoch, b.round`

// blockRow scans blockCols; hash is nil when the join found no block.
type blockRow struct {
	height, first, last, ts, epoch, round *int64
	hash                                  []byte
}

func (r *blockRow) dest() []any {
	return []any{&r.height, &r.first, &r.last, &r.hash, &r.ts, &r.epoch, &r.round}
}

func (r *blockRow) block() storage.Block {
	b := storage.Block{
		Height: uint64(*r.height), FirstVersion: uint64(*r.first), LastVersion: uint64(*r.last),
		TimestampUsec: uint64(*r.ts), Epoch: uint64(*r.epoch), Round: uint64(*r.round),
	}
	copy(b.Hash[:], r.hash)
	return b
}

// oneBlock runs a block query and returns its block, or notFound.
func (s *Store) oneBlock(ctx context.Context, q string, arg uint64, check func(storage.LedgerInfo) error, what string) (storage.Block, error) {
	var r blockRow
	info, err := s.query(ctx, q, []any{i64(arg)}, r.dest(), func() error { return nil })
	if err == nil {
		err = check(info)
	}
	if err == nil && r.hash == nil {
		err = fmt.Errorf("%w: %s", storage.ErrNotFound, what)
	}
	if err != nil {
		return storage.Block{}, err
	}
	return r.block(), nil
}

// BlockByHeight implements storage.BlockReader.
func (s *Store) BlockByHeight(ctx context.Context, height uint64) (storage.Block, error) {
	return s.oneBlock(ctx, `SELECT `+infoCols+`, `+blockCols+` FROM ledger_info li
		LEFT JOIN blocks b ON b.height = $1`, height,
		func(info storage.LedgerInfo) error { return storage.CheckHeight(info, height) },
		fmt.Sprintf("block %d", height))
}

// BlockByVersion implements storage.BlockReader: the block with the
// greatest first version at or below version.
func (s *Store) BlockByVersion(ctx context.Context, version uint64) (storage.Block, error) {
	return s.oneBlock(ctx, `SELECT `+infoCols+`, `+blockCols+` FROM ledger_info li
		LEFT JOIN LATERAL (SELECT * FROM blocks WHERE first_version <= $1 ORDER BY first_version DESC LIMIT 1) b ON true`, version,
		func(info storage.LedgerInfo) error { return storage.CheckVersion(info, version) },
		fmt.Sprintf("block of version %d", version))
}
