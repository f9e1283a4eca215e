package pgindex

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
)

// TestSnapshotBeginsAgainAfterAFailedFirstStatement: when a request's
// first statement fails (its transaction never began, or is aborted), the
// next statement begins the snapshot anew instead of running outside one.
func TestSnapshotBeginsAgainAfterAFailedFirstStatement(t *testing.T) {
	ctx := context.Background()
	p, err := pgxpool.New(ctx, pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	s := &snapshot{pool: p}
	defer s.done()
	if _, err := s.query(ctx, "SELECT 1 FROM indexer.nope"); err == nil {
		t.Fatal("a missing table gave no error")
	}
	rows, err := s.query(ctx, "SELECT current_setting('transaction_isolation'), current_setting('transaction_read_only')")
	if err != nil {
		t.Fatal(err)
	}
	var iso, ro string
	for rows.Next() {
		if err := rows.Scan(&iso, &ro); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	if iso != "repeatable read" || ro != "on" {
		t.Errorf("the next statement ran at %q, read only %q: outside the snapshot", iso, ro)
	}
}
