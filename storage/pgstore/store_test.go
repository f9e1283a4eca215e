package pgstore_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// TestReopenAndMigrate opens a database twice (the second open finds the
// schema current and changes nothing), checks that the ledger survives,
// and that a database of a later schema version is refused.
func TestReopenAndMigrate(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Database(t)
	s1, err := pgstore.Open(ctx, pgstore.Options{DSN: dsn, ChainID: 9})
	if err != nil {
		t.Fatal(err)
	}
	c := storagetest.NewChain(3)
	b, txns := c.Genesis()
	if err := s1.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	b, txns = c.Transfers(4)
	if err := s1.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	before, _ := s1.LedgerInfo(ctx)
	s1.Close()

	s2, err := pgstore.Open(ctx, pgstore.Options{DSN: dsn, ChainID: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	after, err := s2.LedgerInfo(ctx)
	if err != nil || after != before || after.ChainID != 9 {
		t.Fatalf("reopened ledger info %+v, %v; was %+v (chain 9)", after, err, before)
	}
	var version, rows int
	if err := s2.Pool().QueryRow(ctx, `SELECT max(version), count(*) FROM schema_version`).Scan(&version, &rows); err != nil {
		t.Fatal(err)
	}
	if version != pgstore.SchemaVersion || rows != 1 {
		t.Fatalf("schema_version holds %d in %d rows, want %d in 1", version, rows, pgstore.SchemaVersion)
	}
	got, err := s2.TransactionByHash(ctx, txns[2].Hash)
	if err != nil || got.Version != txns[2].Version {
		t.Fatalf("transaction after reopening: %+v, %v", got.Version, err)
	}
	b, txns = c.Transfers(2)
	if err := s2.CommitBlock(ctx, b, txns); err != nil {
		t.Fatalf("committing after reopening: %v", err)
	}

	if _, err := s2.Pool().Exec(ctx, `UPDATE schema_version SET version = version + 1`); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		_, err = pgstore.Open(ctx, pgstore.Options{DSN: dsn, ReadOnly: ro})
		if err == nil || !strings.Contains(err.Error(), "schema version") {
			t.Errorf("opening (read-only %v) a database of a later schema: %v", ro, err)
		}
	}
}

// TestReadOnly checks that a read-only store reads what a writer commits
// and refuses to write, and that a read-only store over a database without
// the schema explains itself.
func TestReadOnly(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Database(t)
	if _, err := pgstore.Open(ctx, pgstore.Options{DSN: dsn, ReadOnly: true}); err == nil || !strings.Contains(err.Error(), "schema") {
		t.Fatalf("read-only open of an empty database: %v", err)
	}
	w := openDSN(t, pgstore.Options{DSN: dsn})
	r := openDSN(t, pgstore.Options{DSN: dsn, ReadOnly: true})
	if _, err := r.LedgerInfo(ctx); !errors.Is(err, storage.ErrEmpty) {
		t.Fatalf("read-only LedgerInfo before genesis: %v", err)
	}
	c := storagetest.NewChain(2)
	b, txns := c.Genesis()
	if err := w.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	if info, err := r.LedgerInfo(ctx); err != nil || info.Version != 0 {
		t.Fatalf("read-only LedgerInfo after genesis: %+v, %v", info, err)
	}
	b, txns = c.Transfers(1)
	if err := r.CommitBlock(ctx, b, txns); err == nil {
		t.Fatal("a read-only store committed")
	}
	if err := r.Prune(ctx, 0); err == nil {
		t.Fatal("a read-only store pruned")
	}
}

// TestStatementTimeout checks that Options.StatementTimeout reaches the
// session: a statement longer than it fails instead of running on.
func TestStatementTimeout(t *testing.T) {
	s := openTemp(t, pgstore.Options{StatementTimeout: 200 * time.Millisecond, SynchronousCommit: "off"})
	ctx := context.Background()
	var sc string
	if err := s.Pool().QueryRow(ctx, `SHOW synchronous_commit`).Scan(&sc); err != nil || sc != "off" {
		t.Fatalf("synchronous_commit %q, %v", sc, err)
	}
	start := time.Now()
	_, err := s.Pool().Exec(ctx, `SELECT pg_sleep(5)`)
	if err == nil || !strings.Contains(err.Error(), "statement timeout") || time.Since(start) > 3*time.Second {
		t.Fatalf("pg_sleep(5) under a 200ms timeout: %v after %v", err, time.Since(start))
	}
}

func openDSN(t testing.TB, opts pgstore.Options) *pgstore.Store {
	t.Helper()
	s, err := pgstore.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestSoleWriterForgetsAfterARefusedCommit checks that a sole writer whose
// remembered ledger info is wrong (another process committed) reads the
// database again after its commit is refused, and then commits.
func TestSoleWriterForgetsAfterARefusedCommit(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Database(t)
	w := openDSN(t, pgstore.Options{DSN: dsn, SoleWriter: true})
	other := openDSN(t, pgstore.Options{DSN: dsn})
	c := storagetest.NewChain(2)
	b, txns := c.Genesis()
	if err := w.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	b, txns = c.Transfers(1)
	if err := other.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	if info, _ := w.LedgerInfo(ctx); info.Version != 0 {
		t.Fatalf("the sole writer remembers version %d, want its own 0", info.Version)
	}
	b, txns = c.Transfers(1)
	b2, txns2 := b, txns
	b2.Height-- // built on what the sole writer remembered
	if err := w.CommitBlock(ctx, b2, txns2); !errors.Is(err, storage.ErrInvalidCommit) {
		t.Fatalf("a commit on a stale ledger info: %v", err)
	}
	if info, err := w.LedgerInfo(ctx); err != nil || info.BlockHeight != 1 {
		t.Fatalf("after the refused commit: %+v, %v (want the database's height 1)", info, err)
	}
	if err := w.CommitBlock(ctx, b, txns); err != nil {
		t.Fatalf("the next block: %v", err)
	}
	if info, _ := w.LedgerInfo(ctx); info.BlockHeight != 2 {
		t.Fatalf("height %d after the next block, want 2", info.BlockHeight)
	}
}
