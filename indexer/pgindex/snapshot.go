package pgindex

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// queryFunc runs one statement.
type queryFunc func(ctx context.Context, sql string, args ...any) (pgx.Rows, error)

// Snapshot implements gql.Snapshotter: the statements of one GraphQL
// request run in one REPEATABLE READ READ ONLY transaction, so a root
// selection and the rows its relationships fetch come from one flush
// (one processor_status version), never from two. The transaction
// begins with the request's first statement (pipelined with it: no
// extra round trip) and ends after the answer, off the request's path.
func (r *Reader) Snapshot(ctx context.Context) (gql.Source, func(), error) {
	s := &snapshot{pool: r.pool}
	view := *r
	view.q = s.query
	return &view, s.done, nil
}

var _ gql.Snapshotter = (*Reader)(nil)

// snapshot is one request's transaction, begun on its first statement.
type snapshot struct {
	pool *pgxpool.Pool
	conn *pgxpool.Conn
}

func (s *snapshot) query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if s.conn != nil {
		return s.conn.Query(ctx, sql, args...)
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	s.conn = conn
	b := &pgx.Batch{}
	b.Queue("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
	b.Queue(sql, args...)
	br := conn.SendBatch(ctx, b)
	_, err = br.Exec()
	var rows pgx.Rows
	if err == nil {
		rows, err = br.Query()
	}
	if err != nil {
		// The snapshot did not begin (or is aborted): the request's next
		// statement begins it again on another connection.
		br.Close()
		s.done()
		return nil, err
	}
	return batchRows{rows, br}, nil
}

// done ends the transaction and returns the connection to the pool, in
// the background: the answer does not wait for it.
func (s *snapshot) done() {
	if s.conn == nil {
		return
	}
	conn := s.conn
	s.conn = nil
	go func() {
		if _, err := conn.Exec(context.Background(), "ROLLBACK"); err != nil {
			conn.Conn().Close(context.Background()) // not reusable in an unknown state
		}
		conn.Release()
	}()
}

// batchRows are the rows of a statement sent in a batch: closing them
// closes the batch, so the connection takes the next statement.
type batchRows struct {
	pgx.Rows
	br pgx.BatchResults
}

func (b batchRows) Close() {
	b.Rows.Close()
	b.br.Close()
}
