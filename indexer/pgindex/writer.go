package pgindex

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
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
		names := make([]string, 0, len(s.Tables))
		for i := range s.Tables {
			names = append(names, qualified(s.Tables[i].Name))
		}
		if _, err := tx.Exec(ctx, "TRUNCATE "+strings.Join(names, ", ")); err != nil {
			return fmt.Errorf("pgindex: %w", err)
		}
	}
	for i := range s.Tables {
		t := &s.Tables[i]
		rows, ok := c.Tables[t.Name]
		if !ok {
			continue
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

// upsert writes rows into t: copied into a temporary table of text
// columns, then inserted with casts, replacing rows of the same primary
// key. A keyless table (the derived view) is replaced whole, each row
// with its position.
func upsert(ctx context.Context, tx pgx.Tx, t *gql.Table, rows []gql.Row, full bool) error {
	if len(t.PrimaryKey) == 0 && !full {
		if _, err := tx.Exec(ctx, "DELETE FROM "+qualified(t.Name)); err != nil {
			return err
		}
	}
	if len(rows) == 0 {
		return nil
	}
	cols := make([]string, len(t.Columns))
	defs := make([]string, len(t.Columns))
	casts := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = c.Name
		defs[i] = quote(c.Name) + " text"
		casts[i] = quote(c.Name) + "::" + strings.Fields(sqlType(c.Type))[0]
	}
	keyless := len(t.PrimaryKey) == 0
	if keyless {
		cols = append(cols, positionColumn)
		defs = append(defs, quote(positionColumn)+" text")
		casts = append(casts, quote(positionColumn)+"::bigint")
	}
	tmp := "pgindex_" + t.Name
	if _, err := tx.Exec(ctx, fmt.Sprintf("CREATE TEMP TABLE %s (%s) ON COMMIT DROP", quote(tmp), strings.Join(defs, ", "))); err != nil {
		return err
	}
	src := pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
		vals := make([]any, len(cols))
		for j, c := range t.Columns {
			vals[j] = text(rows[i].Get(c.Name))
		}
		if keyless {
			vals[len(cols)-1] = fmt.Sprint(i)
		}
		return vals, nil
	})
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{tmp}, cols, src); err != nil {
		return err
	}
	q := fmt.Sprintf("INSERT INTO %s (%s) SELECT %s FROM %s", qualified(t.Name), columnList(cols),
		strings.Join(casts, ", "), quote(tmp))
	if len(t.PrimaryKey) > 0 && !full {
		sets := make([]string, 0, len(cols))
		for _, c := range cols {
			sets = append(sets, quote(c)+" = EXCLUDED."+quote(c))
		}
		q += fmt.Sprintf(" ON CONFLICT (%s) DO UPDATE SET %s", columnList(t.PrimaryKey), strings.Join(sets, ", "))
	}
	if _, err := tx.Exec(ctx, q); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, "DROP TABLE "+quote(tmp))
	return err
}

// text is a row value as the text PostgreSQL casts to the column type;
// nil for NULL. PostgreSQL's text cannot hold NUL: NUL bytes (a Move
// string may hold them) are dropped, as Aptos's indexer processors drop
// them, rather than failing every flush.
func text(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return withoutNul(x)
	case json.Number:
		return string(x)
	case json.RawMessage:
		return withoutNul(string(x)) // JSON escapes NUL: only raw bytes matter
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	return fmt.Sprint(v)
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
