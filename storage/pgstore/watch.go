package pgstore

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/storage"
)

// Watch calls fn with the ledger version each time this process sees it
// move, until ctx ends. With Options.Follow it also keeps the followed
// ledger info, and forgets it while the database cannot be reached (so
// requests then fail instead of answering a stale ledger info). Over a primary it LISTENs on CommitChannel on a
// connection of its own (not the pool's), so fn runs as soon as a commit is
// visible; over a hot standby, which cannot LISTEN, it reads the ledger info
// every poll. On a primary it also reads the ledger info every second, and
// after every (re)connection, so a notification lost with a connection
// delays a commit by at most that. Errors (the database restarting, a
// network cut) are retried every poll, at least every 100ms: Watch
// recovers by itself. fn runs on Watch's goroutine.
func (s *Store) Watch(ctx context.Context, poll time.Duration, fn func(version uint64)) {
	if poll <= 0 {
		poll = 20 * time.Millisecond
	}
	w := &watcher{s: s, fn: fn, last: -1}
	for ctx.Err() == nil {
		w.session(ctx, poll)
		s.forget() // the connection failed: the database may be down
		select {
		case <-ctx.Done():
		case <-time.After(max(poll, 100*time.Millisecond)):
		}
	}
}

type watcher struct {
	s    *Store
	fn   func(uint64)
	last int64 // the last version reported; -1 before the first
}

// report reads the ledger info and calls fn when the version moved. A
// ledger without genesis yet is nothing to report, not a failure: the
// session stays, and genesis's notification reports version 0.
func (w *watcher) report(ctx context.Context) error {
	info, err := w.s.dbInfo(ctx)
	if errors.Is(err, storage.ErrEmpty) {
		return nil
	}
	if err != nil {
		return err
	}
	w.moved(int64(info.Version))
	return nil
}

func (w *watcher) moved(v int64) {
	if v > w.last {
		w.last = v
		w.fn(uint64(v))
	}
}

// session runs until an error: LISTEN on a primary, polling on a standby.
func (w *watcher) session(ctx context.Context, poll time.Duration) {
	conn, err := pgx.ConnectConfig(ctx, w.s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var standby bool
	if err := conn.QueryRow(ctx, `SELECT pg_is_in_recovery()`).Scan(&standby); err != nil {
		return
	}
	if standby {
		conn.Close(ctx)
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			if err := w.report(ctx); err != nil && ctx.Err() == nil {
				w.s.forget() // the standby is down or restarting: poll on
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}
	if _, err := conn.Exec(ctx, `LISTEN `+CommitChannel); err != nil {
		return
	}
	if err := w.report(ctx); err != nil {
		return
	}
	for ctx.Err() == nil {
		wctx, cancel := context.WithTimeout(ctx, time.Second)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			if v, err := strconv.ParseInt(n.Payload, 10, 64); err == nil && v > w.last {
				if err := w.report(ctx); err != nil { // the whole ledger info, for Follow
					return
				}
			}
		case ctx.Err() != nil:
			return
		case wctx.Err() != nil: // a quiet second: check the ledger info
			if err := w.report(ctx); err != nil {
				return
			}
		default: // the connection failed
			return
		}
	}
}
