package handlers

import (
	"net/http"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// waitTransactionByHash serves GET /transactions/wait_by_hash/{txn_hash}: like
// by_hash, but while the transaction is pending it waits, up to
// WaitByHashTimeout, for the commit that includes it. It wakes on the
// commit signal (Deps.Commits), not on a poll tick; without Deps.Commits it
// answers like by_hash. An unknown hash is 404 at once.
// When MaxWaiters requests are already waiting it answers like by_hash.
// A client that disconnects releases its slot immediately.
func (a *API) waitTransactionByHash(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	h, err := pathHash(r, "txn_hash")
	if err != nil {
		return nil, err
	}
	if a.deps.Commits == nil {
		f, err := a.lookupHash(r.Context(), h, &info)
		if err != nil {
			return nil, err
		}
		return a.foundReply(r, &info, f)
	}
	select {
	case a.waiters <- struct{}{}:
		defer func() { <-a.waiters }()
	default:
		f, err := a.lookupHash(r.Context(), h, &info)
		if err != nil {
			return nil, err
		}
		return a.foundReply(r, &info, f)
	}
	timer := time.NewTimer(a.opts.WaitByHashTimeout)
	defer timer.Stop()
	for {
		signal := a.deps.Commits.CommitSignal()
		f, err := a.lookupHash(r.Context(), h, &info)
		if err != nil {
			return nil, err
		}
		if f.committed != nil {
			if latest, err := a.snapshot(r.Context()); err == nil {
				info = latest
			}
			return a.foundReply(r, &info, f)
		}
		select {
		case <-signal:
		case <-timer.C:
			return a.foundReply(r, &info, f)
		case <-r.Context().Done():
			return nil, ledgerapi.NewError(ledgerapi.CodeInternalError, "client went away")
		}
	}
}

// Commits signals the commits of the ledger the API reads (the node
// implements it; a replica follows its database's).
type Commits interface {
	// CommitSignal returns a channel closed once the next commit is
	// readable through Deps.Store. It has no error: a source that fails
	// just does not close it, and waiters time out. Callers take the
	// channel before they read, so that no commit falls between the read
	// and the wait.
	CommitSignal() <-chan struct{}
}

// WaitersInUse reports how many wait_by_hash requests are waiting now.
func (a *API) WaitersInUse() int { return len(a.waiters) }
