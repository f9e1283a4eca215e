package pgindex

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
)

// DefaultMaxRows is the default of ReaderOptions.MaxRows.
const DefaultMaxRows = 100_000

// ReaderOptions configures a Reader.
type ReaderOptions struct {
	// MaxRows bounds the rows one read fetches (default DefaultMaxRows):
	// a read that would fetch more fails instead of scanning a big
	// table whole.
	MaxRows int
}

// Reader answers GraphQL from the index tables a Writer keeps: it is a
// gql.Source, Selector, Counter and Snapshotter whose reads run SQL (see
// Select and Snapshot), for API replicas.
type Reader struct {
	pool   *pgxpool.Pool
	q      queryFunc // runs a statement: the pool's, or a snapshot's
	opts   ReaderOptions
	tables map[string]*tableSQL
}

// tableSQL is what the reader's statements need of a table.
type tableSQL struct {
	def    *gql.Table
	cols   map[string]gql.Column
	layout *gql.Layout
	// selectList reads every column as text, in the layout's order.
	selectList string
}

// NewReader returns a reader of the index in the database of pool.
func NewReader(pool *pgxpool.Pool, opts ReaderOptions) *Reader {
	if opts.MaxRows <= 0 {
		opts.MaxRows = DefaultMaxRows
	}
	r := &Reader{pool: pool, q: pool.Query, opts: opts, tables: map[string]*tableSQL{}}
	s := indexer.Schema()
	for i := range s.Tables {
		t := &s.Tables[i]
		ts := &tableSQL{def: t, cols: map[string]gql.Column{}}
		names := make([]string, len(t.Columns))
		sel := make([]string, len(t.Columns))
		for j, c := range t.Columns {
			names[j] = c.Name
			ts.cols[c.Name] = c
			sel[j] = "t." + quote(c.Name) + "::text"
		}
		ts.layout = gql.NewLayout(names...)
		ts.selectList = strings.Join(sel, ", ")
		r.tables[t.Name] = ts
	}
	return r
}

var _ gql.Source = (*Reader)(nil)

// Rows returns a table's rows in primary-key order; a table of more than
// MaxRows rows is an error (queries fetch what they need through Select).
func (r *Reader) Rows(ctx context.Context, table string) ([]gql.Row, error) {
	t, ok := r.tables[table]
	if !ok {
		return nil, fmt.Errorf("pgindex: unknown table %q", table)
	}
	return r.query(ctx, t, "", nil, orderByKey(t.def), -1)
}

// orderByKey orders by the primary key, or the position of a keyless
// table's rows: the in-memory order.
func orderByKey(t *gql.Table) string {
	cols := t.PrimaryKey
	if len(cols) == 0 {
		cols = []string{positionColumn}
	}
	q := make([]string, len(cols))
	for i, c := range cols {
		q[i] = "t." + quote(c)
	}
	return " ORDER BY " + strings.Join(q, ", ")
}

// query runs SELECT over t with a where clause (without WHERE; "" for
// none), its arguments, an ORDER BY clause and a limit (-1: MaxRows, and
// fetching more is an error).
func (r *Reader) query(ctx context.Context, t *tableSQL, where string, args []any, order string, limit int) (out []gql.Row, err error) {
	defer func() {
		if notYet(err) {
			out, err = nil, nil
		}
	}()
	q := "SELECT " + t.selectList + " FROM " + qualified(t.def.Name) + " t"
	if where != "" {
		q += " WHERE " + where
	}
	capped := limit < 0 || limit > r.opts.MaxRows
	if capped {
		limit = r.opts.MaxRows
	}
	q += order + fmt.Sprintf(" LIMIT %d", limit+1)
	rows, err := r.q(ctx, q, args...)
	if err != nil {
		return nil, readError(t.def.Name, err)
	}
	defer rows.Close()
	texts := make([]pgtype.Text, len(t.def.Columns))
	dest := make([]any, len(texts))
	for i := range texts {
		dest[i] = &texts[i]
	}
	for rows.Next() {
		if len(out) == limit {
			if capped {
				return nil, fmt.Errorf("pgindex: reading %s: more than %d rows; narrow the query", t.def.Name, r.opts.MaxRows)
			}
			break
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, readError(t.def.Name, err)
		}
		vals := make([]any, len(texts))
		for i, c := range t.def.Columns {
			vals[i] = value(c.Type, texts[i])
		}
		out = append(out, gql.NewRow(t.layout, vals))
	}
	if err := rows.Err(); err != nil {
		return nil, readError(t.def.Name, err)
	}
	return out, nil
}

// dbError is a failed statement as GraphQL answers it: Hasura's
// "database query error", never PostgreSQL's text (which can name the
// statement's columns and parameters); the cause stays in the chain.
type dbError struct{ err error }

func (e *dbError) Error() string { return "database query error" }
func (e *dbError) Unwrap() error { return e.err }

// readError wraps a failure to read table: a PostgreSQL error as a
// dbError, any other (a cancelled context, a lost connection) as is.
func readError(table string, err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return &dbError{err: err}
	}
	return fmt.Errorf("pgindex: reading %s: %w", table, err)
}

// notYet reports whether err says the index tables do not exist yet:
// nothing was flushed, and the index is as empty as an empty ledger's.
func notYet(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "42P01" // undefined_table
}

// value turns a column's text back into the indexer's value of its type.
func value(typ string, s pgtype.Text) any {
	if !s.Valid {
		return nil
	}
	switch typ {
	case gql.TypeBoolean:
		return s.String == "true"
	case gql.TypeInt, gql.TypeBigint, gql.TypeNumeric:
		return json.Number(s.String)
	case gql.TypeJSONB:
		return json.RawMessage(s.String)
	}
	return s.String
}
