package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// watchVersions runs s.Watch until the test ends and returns the versions
// it reports.
func watchVersions(t *testing.T, s *pgstore.Store, poll time.Duration) <-chan uint64 {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan uint64, 100)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Watch(ctx, poll, func(v uint64) { ch <- v })
	}()
	t.Cleanup(func() { cancel(); <-done })
	return ch
}

// expectVersion waits for want on ch, failing after within.
func expectVersion(t *testing.T, ch <-chan uint64, want uint64, within time.Duration) {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case v := <-ch:
			if v == want {
				return
			}
			if v > want {
				t.Fatalf("watch reported %d, expected %d", v, want)
			}
		case <-deadline:
			t.Fatalf("watch did not report version %d within %v", want, within)
		}
	}
}

// commitAndWatch commits blocks through w and checks that watching r
// reports each new version within the given time.
func commitAndWatch(t *testing.T, w storage.Writer, ch <-chan uint64, within time.Duration) {
	t.Helper()
	ctx := context.Background()
	c := storagetest.NewChain(3)
	b, txns := c.Genesis()
	if err := w.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	expectVersion(t, ch, 0, within)
	for range 3 {
		b, txns = c.Transfers(2)
		start := time.Now()
		if err := w.CommitBlock(ctx, b, txns); err != nil {
			t.Fatal(err)
		}
		expectVersion(t, ch, b.LastVersion, within)
		t.Logf("version %d seen %v after its commit began", b.LastVersion, time.Since(start))
	}
}

// TestWatchPrimary checks that a watcher on the primary hears each commit
// (through LISTEN/NOTIFY: its poll is ten seconds here). The bound is
// generous because CI runs every package at once under the race detector;
// the latency each commit took is logged.
func TestWatchPrimary(t *testing.T) {
	w := openTemp(t, pgstore.Options{})
	ch := watchVersions(t, w, 10*time.Second)
	commitAndWatch(t, w, ch, 5*time.Second)
}

// TestWatchPrimaryBeforeGenesis starts the watcher on an empty ledger and
// lets its first look at the ledger info come before genesis: the watcher
// keeps its LISTEN session and reports genesis when it is notified (it
// used to end the session and retry only after its ten-second poll).
func TestWatchPrimaryBeforeGenesis(t *testing.T) {
	w := openTemp(t, pgstore.Options{})
	ch := watchVersions(t, w, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // the watcher connects and finds no ledger
	commitAndWatch(t, w, ch, 5*time.Second)
}

// TestWatchStandby checks that a read-only store over a streaming hot
// standby (pg_basebackup -R) reads what the primary commits, and that its
// watcher, polling, reports each commit.
func TestWatchStandby(t *testing.T) {
	primary := pgtest.Shared(t)
	if primary == nil {
		t.Skip("runs against a server the harness started (it takes a base backup)")
	}
	dsn := pgtest.Database(t)
	w := openDSN(t, pgstore.Options{DSN: dsn})
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	standby, err := primary.Standby()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(standby.Stop)
	r := openDSN(t, pgstore.Options{DSN: standby.DSN(cfg.Database), ReadOnly: true})
	ch := watchVersions(t, r, 10*time.Millisecond)
	commitAndWatch(t, w, ch, 5*time.Second)
	info, err := r.LedgerInfo(context.Background())
	if err != nil || info.Version == 0 {
		t.Fatalf("standby ledger info %+v, %v", info, err)
	}
	if _, err := r.TransactionByVersion(context.Background(), info.Version); err != nil {
		t.Fatalf("standby transaction at %d: %v", info.Version, err)
	}
}

// TestFollowReader opens a reader with Options.Follow beside a writer: its
// OnCommit reports each commit, and by then its LedgerInfo (answered from
// memory) already shows it.
func TestFollowReader(t *testing.T) {
	dsn := pgtest.Database(t)
	w := openDSN(t, pgstore.Options{DSN: dsn})
	ch := make(chan uint64, 100)
	var r *pgstore.Store
	r = openDSN(t, pgstore.Options{DSN: dsn, ReadOnly: true, Follow: true, OnCommit: func(v uint64) {
		info, err := r.LedgerInfo(context.Background())
		if err != nil || info.Version < v {
			t.Errorf("OnCommit(%d): LedgerInfo %+v, %v", v, info, err)
		}
		ch <- v
	}})
	commitAndWatch(t, w, ch, 2*time.Second)
}
