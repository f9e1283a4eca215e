package replica

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

// pendingWait bounds one lookup at the writer, and the wait for the
// replica to see a transaction the writer has committed.
const pendingWait = 2 * time.Second

// maxPendingBody bounds the writer's answer to a pending lookup.
const maxPendingBody = 16 << 20

// writerPending is the replica's handlers.Pending: the writer's mempool,
// asked over its API (by_hash in BCS, which is a pending transaction's
// signed bytes).
type writerPending struct {
	client  *http.Client
	writer  string // the writer's API URL, without a trailing slash
	store   storage.LedgerReader
	commits handlers.Commits
}

// Get asks the writer for hash. A transaction the writer has committed
// but this replica cannot see yet (a standby replaying) is not pending:
// Get waits, up to pendingWait, for the replica to reach the writer's
// ledger version, so the caller's next lookup in its ledger finds it.
// Any failure to ask the writer is "not pending".
func (p *writerPending) Get(ctx context.Context, hash ledgerapi.HashValue) (*mempool.Entry, bool) {
	ctx, cancel := context.WithTimeout(ctx, pendingWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.writer+"/transactions/by_hash/"+hash.String(), nil)
	if err != nil {
		return nil, false
	}
	req.Header.Set("Accept", ledgerapi.ContentTypeBCS)
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, false
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPendingBody))
	if err != nil || resp.StatusCode != http.StatusOK || len(body) == 0 {
		return nil, false
	}
	if body[0] == 1 { // TransactionData::Pending
		st, err := txn.DecodeSignedTransaction(body[1:])
		if err != nil {
			return nil, false
		}
		return &mempool.Entry{Txn: st, Hash: hash, Bytes: body[1:], InsertedAt: time.Now()}, true
	}
	at, err := strconv.ParseUint(resp.Header.Get(ledgerapi.HeaderLedgerVersion), 10, 64)
	if err != nil {
		return nil, false
	}
	for {
		next := p.commits.CommitSignal()
		if info, err := p.store.LedgerInfo(ctx); err == nil && info.Version >= at {
			return nil, false
		}
		select {
		case <-next:
		case <-ctx.Done():
			return nil, false
		}
	}
}
