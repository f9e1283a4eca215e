package pgindex

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
)

// Writer keeps the index tables in PostgreSQL equal to an Indexer's (one
// made with indexer.Options.ChangeFeed): each Flush writes the rows the
// indexer put since the previous one, and processor_status, in one
// database transaction. One process writes an index (the ledger's
// writer); flushes are serialised by an advisory lock.
type Writer struct {
	pool  *pgxpool.Pool
	ix    *indexer.Indexer
	now   func() time.Time
	ready bool // the schema was checked and a first (full) flush committed
	// viewSum is the digest of the keyless view's rows the database holds
	// (valid when ready): a flush whose view is the same leaves it.
	viewSum [32]byte
	// last is what processor_status says since the last flush.
	last    uint64
	indexed bool
}

// NewWriter returns a writer of ix's tables into the database of pool.
// ix must have been made with indexer.Options.ChangeFeed.
func NewWriter(pool *pgxpool.Pool, ix *indexer.Indexer) *Writer {
	return &Writer{pool: pool, ix: ix, now: time.Now}
}

// Flush catches the indexer up with its store and writes what changed,
// returning the version processor_status now reports (ok false while
// nothing is indexed). It is not safe for concurrent use.
func (w *Writer) Flush(ctx context.Context) (version uint64, ok bool, err error) {
	if !w.ready {
		w.ix.Resend() // the first flush writes the index whole
	}
	c, err := w.ix.Changes(ctx)
	if err != nil {
		return 0, false, err
	}
	if w.ready && !c.Full && len(c.Tables) == 0 && c.Indexed == w.indexed && c.Last == w.last {
		return c.Last, c.Indexed, nil // nothing new: no transaction
	}
	if err := w.write(ctx, c); err != nil {
		w.ix.Resend() // the next flush rewrites everything
		w.ready = false
		return 0, false, err
	}
	w.last, w.indexed = c.Last, c.Indexed
	return c.Last, c.Indexed, nil
}

// write applies c in one transaction.
func (w *Writer) write(ctx context.Context, c indexer.Changes) error {
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("pgindex: %w", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", lockKey); err != nil {
		return fmt.Errorf("pgindex: %w", err)
	}
	// A writer's first flush replaces whatever the database holds (an
	// index of another ledger, loaded or restored, or of an older
	// process): Changes is then Full, or the ledger is empty.
	full := c.Full || !w.ready
	if !w.ready {
		if _, err := ensureSchema(ctx, tx, indexer.Schema()); err != nil {
			return fmt.Errorf("pgindex: creating the schema: %w", err)
		}
	}
	s := indexer.Schema()
	if full {
		w.viewSum = [32]byte{} // the view is deleted below, and rewritten if there is one
		// DELETE, not TRUNCATE: TRUNCATE is not MVCC-safe (a replica's
		// snapshot taken before it would see the tables empty) and locks
		// readers out until the rewrite commits.
		for i := range s.Tables {
			if _, err := tx.Exec(ctx, "DELETE FROM "+qualified(s.Tables[i].Name)); err != nil {
				return fmt.Errorf("pgindex: %w", err)
			}
		}
	}
	for i := range s.Tables {
		t := &s.Tables[i]
		rows, ok := c.Tables[t.Name]
		if !ok {
			continue
		}
		var sum [32]byte
		if len(t.PrimaryKey) == 0 {
			sum = digest(t, rows)
			if !full && sum == w.viewSum {
				continue // the view did not change: no rewrite
			}
			defer func() { w.viewSum = sum }() // after a failed write the next flush is full anyway
		}
		if err := upsert(ctx, tx, t, rows, full); err != nil {
			return fmt.Errorf("pgindex: writing %s: %w", t.Name, err)
		}
	}
	var version any
	if c.Indexed {
		version = c.Last
		if err := writeStatus(ctx, tx, c, w.now()); err != nil {
			return fmt.Errorf("pgindex: writing processor_status: %w", err)
		}
	}
	if _, err := tx.Exec(ctx, "UPDATE "+qualified(stateTable)+" SET version = $1", version); err != nil {
		return fmt.Errorf("pgindex: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("pgindex: %w", err)
	}
	w.ready = true
	return nil
}

// upsert writes rows into t, upsertBatch rows per statement: each
// column sent as one text array, unnested and cast to the column's type,
// replacing rows of the same primary key. A keyless table (the derived
// view) is replaced whole, each row with its position.
func upsert(ctx context.Context, tx pgx.Tx, t *gql.Table, rows []gql.Row, full bool) error {
	keyless := len(t.PrimaryKey) == 0
	if keyless && !full {
		if _, err := tx.Exec(ctx, "DELETE FROM "+qualified(t.Name)); err != nil {
			return err
		}
	}
	cols := make([]string, 0, len(t.Columns)+1)
	casts := make([]string, 0, len(t.Columns)+1)
	params := make([]string, 0, len(t.Columns)+1)
	for i, c := range t.Columns {
		cols = append(cols, c.Name)
		casts = append(casts, fmt.Sprintf("u.c%d::%s", i, strings.Fields(sqlType(c.Type))[0]))
		params = append(params, fmt.Sprintf("$%d::text[]", i+1))
	}
	if keyless {
		cols = append(cols, positionColumn)
		casts = append(casts, fmt.Sprintf("u.c%d::bigint", len(t.Columns)))
		params = append(params, fmt.Sprintf("$%d::text[]", len(t.Columns)+1))
	}
	names := make([]string, len(cols))
	for i := range names {
		names[i] = fmt.Sprintf("c%d", i)
	}
	q := fmt.Sprintf("INSERT INTO %s (%s) SELECT %s FROM unnest(%s) AS u(%s)", qualified(t.Name), columnList(cols),
		strings.Join(casts, ", "), strings.Join(params, ", "), strings.Join(names, ", "))
	if !keyless && !full {
		sets := make([]string, 0, len(cols))
		for _, c := range cols {
			sets = append(sets, quote(c)+" = EXCLUDED."+quote(c))
		}
		q += fmt.Sprintf(" ON CONFLICT (%s) DO UPDATE SET %s", columnList(t.PrimaryKey), strings.Join(sets, ", "))
	}
	for start := 0; start < len(rows); start += upsertBatch {
		batch := rows[start:min(start+upsertBatch, len(rows))]
		args := make([]any, len(cols))
		for j, c := range t.Columns {
			vals := make([]pgtype.Text, len(batch))
			for i, r := range batch {
				vals[i] = text(r.Get(c.Name))
			}
			args[j] = vals
		}
		if keyless {
			vals := make([]pgtype.Text, len(batch))
			for i := range batch {
				vals[i] = pgtype.Text{String: fmt.Sprint(start + i), Valid: true}
			}
			args[len(t.Columns)] = vals
		}
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

// digest is a SHA-256 of rows' values in order.
func digest(t *gql.Table, rows []gql.Row) [32]byte {
	h := sha256.New()
	for _, r := range rows {
		for _, c := range t.Columns {
			v := text(r.Get(c.Name))
			fmt.Fprintf(h, "%t%d:%s", v.Valid, len(v.String), v.String)
		}
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// upsertBatch bounds the rows one statement writes.
const upsertBatch = 5000

// text is a row value as the text PostgreSQL casts to the column type;
// invalid for NULL. PostgreSQL's text cannot hold NUL: NUL bytes (a Move
// string may hold them) are dropped, as Aptos's indexer processors drop
// them, rather than failing every flush.
func text(v any) pgtype.Text {
	var s string
	switch x := v.(type) {
	case nil:
		return pgtype.Text{}
	case string:
		s = withoutNul(x)
	case json.Number:
		s = string(x)
	case json.RawMessage:
		s = withoutNul(string(x)) // JSON escapes NUL: only raw bytes matter
	case bool:
		s = "false"
		if x {
			s = "true"
		}
	default:
		s = fmt.Sprint(v)
	}
	return pgtype.Text{String: s, Valid: true}
}

// writeStatus writes one processor_status row per processor.
func writeStatus(ctx context.Context, tx pgx.Tx, c indexer.Changes, now time.Time) error {
	const q = `INSERT INTO %s (processor, last_success_version, last_updated, last_transaction_timestamp)
		SELECT p, $2::text::numeric, $3::text, $4::text FROM unnest($1::text[]) AS p
		ON CONFLICT (processor) DO UPDATE SET last_success_version = EXCLUDED.last_success_version,
			last_updated = EXCLUDED.last_updated, last_transaction_timestamp = EXCLUDED.last_transaction_timestamp`
	_, err := tx.Exec(ctx, fmt.Sprintf(q, qualified("processor_status")), indexer.Processors,
		fmt.Sprint(c.Last), indexer.Timestamp(uint64(now.UnixMicro())), indexer.Timestamp(c.LastTimestamp))
	return err
}

// withoutNul drops NUL bytes.
func withoutNul(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "")
}
