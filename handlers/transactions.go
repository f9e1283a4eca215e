package handlers

import (
	"context"
	"errors"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

// Pending looks up transactions waiting in the mempool (a mempool.Pool, or
// a replica's view of its writer's).
type Pending interface {
	// Get returns the pending transaction with hash. It has no error: false
	// means the transaction is not pending, or could not be found before
	// ctx was done or a backend it asks failed (the API then answers
	// transaction_not_found, as for a hash nobody knows).
	Get(ctx context.Context, hash ledgerapi.HashValue) (*mempool.Entry, bool)
}

func notFoundTxnByVersion(v uint64) func() error {
	return func() error {
		return ledgerapi.NewError(ledgerapi.CodeTransactionNotFound, "Transaction not found by Ledger version(%d)", v)
	}
}

// renderCommitted renders committed transactions as JSON, finding each
// one's block; renderings are cached by version and accumulator root.
func (a *API) renderCommitted(ctx context.Context, txns []storage.Transaction) ([][]byte, error) {
	out := make([][]byte, 0, len(txns))
	var blk storage.Block
	have := false
	for i := range txns {
		t := &txns[i]
		key := txnCacheKey{t.Version, t.Info.AccumulatorRootHash}
		if a.cache.txns != nil {
			if b, ok := a.cache.txns.Get(key); ok {
				out = append(out, b)
				continue
			}
		}
		if t.Kind == storage.KindBlockMetadata && (!have || !blk.Contains(t.Version)) {
			b, err := a.deps.Store.BlockByVersion(ctx, t.Version)
			if err != nil {
				return nil, storageError(err, notFoundTxnByVersion(t.Version))
			}
			blk, have = b, true
		}
		rd := a.renderOnce(t.Version) // the modules as of the transaction
		j, err := rd.transaction(t, blk)
		if err != nil {
			return nil, err
		}
		b, err := marshalJSON(j)
		if err != nil {
			return nil, err
		}
		if a.cache.txns != nil {
			a.cache.txns.Add(key, b)
		}
		out = append(out, b)
	}
	return out, nil
}

// renderOne renders a single committed transaction.
func (a *API) renderOne(ctx context.Context, t storage.Transaction) ([]byte, error) {
	out, err := a.renderCommitted(ctx, []storage.Transaction{t})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// getTransactions serves GET /transactions?start=&limit=: committed
// transactions ascending by version. Without start, the latest page.
// 400 when start is above the latest version; 410 when it is pruned.
func (a *API) getTransactions(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	limit, err := queryLimit(r, a.opts.DefaultPageSize, a.opts.MaxTransactionsPageSize)
	if err != nil {
		return nil, err
	}
	start, ok, err := queryU64(r, "start")
	if err != nil {
		return nil, err
	}
	if !ok {
		start = 0
		if info.Version+1 > uint64(limit) {
			start = info.Version + 1 - uint64(limit)
		}
		if start < info.OldestVersion {
			start = info.OldestVersion
		}
	}
	if start > info.Version {
		return nil, ledgerapi.InvalidInput("Given start value (%d) is higher than the current ledger version, it must be < %d", start, info.Version)
	}
	if start < info.OldestVersion {
		return nil, ledgerapi.NewError(ledgerapi.CodeVersionPruned, "Ledger version(%d) has been pruned", start)
	}
	txns, err := a.deps.Store.Transactions(r.Context(), start, limit, info.Version)
	if err != nil {
		return nil, storageError(err, notFoundTxnByVersion(start))
	}
	return a.listReply(r, &info, txns)
}

// listReply answers a list of committed transactions: JSON, or BCS
// Vec<TransactionOnChainData>.
func (a *API) listReply(r *http.Request, info *storage.LedgerInfo, txns []storage.Transaction) (*reply, error) {
	if wantsBCS(r) {
		raw, err := onChainList(txns)
		if err != nil {
			return nil, err
		}
		return &reply{info: info, raw: raw}, nil
	}
	out, err := a.renderCommitted(r.Context(), txns)
	if err != nil {
		return nil, err
	}
	return &reply{info: info, json: jsonArray(out)}, nil
}

// getTransactionByVersion serves GET /transactions/by_version/{txn_version}:
// 404 transaction_not_found above the latest version, 410 below the oldest.
func (a *API) getTransactionByVersion(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	v, err := pathU64(r, "txn_version")
	if err != nil {
		return nil, err
	}
	if v > info.Version {
		return nil, notFoundTxnByVersion(v)()
	}
	if v < info.OldestVersion {
		return nil, ledgerapi.NewError(ledgerapi.CodeVersionPruned, "Ledger version(%d) has been pruned", v)
	}
	t, err := a.deps.Store.TransactionByVersion(r.Context(), v)
	if err != nil {
		return nil, storageError(err, notFoundTxnByVersion(v))
	}
	return a.foundReply(r, &info, found{committed: &t})
}

// getTransactionByHash serves GET /transactions/by_hash/{txn_hash}: the
// committed transaction, else the pending one, else 404. The answer never
// holds a transaction newer than the ledger version its headers report
// (see lookupHash).
func (a *API) getTransactionByHash(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	h, err := pathHash(r, "txn_hash")
	if err != nil {
		return nil, err
	}
	f, err := a.lookupHash(r.Context(), h, &info)
	if err != nil {
		return nil, atInfo(err, &info)
	}
	return a.foundReply(r, &info, f)
}

// found is a transaction looked up by hash: committed or pending.
type found struct {
	committed *storage.Transaction
	pending   *mempool.Entry
}

// foundReply renders a looked-up transaction as JSON, or as the BCS
// TransactionData enum (OnChain = 0, Pending = 1).
func (a *API) foundReply(r *http.Request, info *storage.LedgerInfo, f found) (*reply, error) {
	if wantsBCS(r) {
		if f.committed == nil {
			return &reply{info: info, raw: append([]byte{1}, f.pending.Bytes...)}, nil
		}
		raw, err := appendOnChain([]byte{0}, f.committed)
		if err != nil {
			return nil, err
		}
		return &reply{info: info, raw: raw}, nil
	}
	if f.committed == nil {
		rd := a.renderAt(info.Version)
		return &reply{info: info, body: rd.pending(f.pending.Txn, f.pending.Hash, true)}, nil
	}
	body, err := a.renderOne(r.Context(), *f.committed)
	if err != nil {
		return nil, err
	}
	return &reply{info: info, json: body}, nil
}

// lookupHash finds a transaction by hash against the ledger info the
// answer will report: committed at a version up to info's, else pending
// in the mempool, else not found. As on the real node, the storage lookup
// is bounded by that version: a transaction committed after info was read
// is answered pending while the mempool still holds it. Once it has left
// the mempool it is committed; it is then answered with the ledger info
// read after it (info is updated), rather than missed.
func (a *API) lookupHash(ctx context.Context, h ledgerapi.HashValue, info *storage.LedgerInfo) (found, error) {
	notFound := func() error {
		return ledgerapi.NewError(ledgerapi.CodeTransactionNotFound, "Transaction not found by Transaction hash(%s)", h)
	}
	// committed looks h up in storage: nil when it is not there.
	committed := func() (*storage.Transaction, error) {
		t, err := a.deps.Store.TransactionByHash(ctx, h)
		if err == nil {
			return &t, nil
		}
		if err := storageError(err, notFound); !isCode(err, ledgerapi.CodeTransactionNotFound) {
			return nil, err
		}
		return nil, nil
	}
	t, err := committed()
	if err != nil {
		return found{}, err
	}
	if t != nil && t.Version <= info.Version {
		return found{committed: t}, nil
	}
	if a.deps.Pending != nil {
		if e, ok := a.deps.Pending.Get(ctx, h); ok {
			return found{pending: e}, nil
		}
	}
	if t == nil && a.deps.Pending != nil {
		// The node commits a block before it clears the mempool, so a
		// transaction that left the pool between the two lookups above is
		// committed by now: look once more.
		if t, err = committed(); err != nil {
			return found{}, err
		}
	}
	if t == nil {
		return found{}, notFound()
	}
	if t.Version > info.Version {
		// Committed after info was read: the ledger info read now holds it.
		latest, err := a.snapshot(ctx)
		if err != nil || t.Version > latest.Version {
			return found{}, notFound()
		}
		*info = latest
	}
	return found{committed: t}, nil
}

// getAccountTransactions serves GET /accounts/{address}/transactions: the
// sequence-number transactions the account sent, ascending. Without start,
// the latest page.
func (a *API) getAccountTransactions(r *http.Request) (*reply, error) {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil, err
	}
	addr, err := pathAddress(r, "address")
	if err != nil {
		return nil, err
	}
	limit, err := queryLimit(r, a.opts.DefaultPageSize, a.opts.MaxTransactionsPageSize)
	if err != nil {
		return nil, err
	}
	start, ok, err := queryU64(r, "start")
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	if !ok {
		next, err := a.nextSequence(ctx, addr, info.Version)
		if err != nil {
			return nil, err
		}
		start = 0
		if next > uint64(limit) {
			start = next - uint64(limit)
		}
	}
	txns, err := a.deps.Store.AccountTransactions(ctx, addr, start, limit, info.Version)
	if err != nil {
		return nil, storageError(err, notFoundTxnByVersion(info.Version))
	}
	return a.listReply(r, &info, txns)
}

// nextSequence finds one past the highest committed sequence number of
// sender (0 when it sent nothing), with O(log n) single-item reads.
func (a *API) nextSequence(ctx context.Context, sender ledgerapi.Address, version uint64) (uint64, error) {
	exists := func(seq uint64) (bool, error) {
		t, err := a.deps.Store.AccountTransactions(ctx, sender, seq, 1, version)
		if errors.Is(err, storage.ErrPruned) {
			return true, nil // pruned history exists below the window
		}
		if err != nil {
			return false, err
		}
		return len(t) > 0, nil
	}
	hi := uint64(1)
	for {
		ok, err := exists(hi - 1)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		if hi >= 1<<62 {
			return hi, nil
		}
		hi *= 2
	}
	lo := hi / 2 // exists(lo-1) is true when lo > 0
	for lo < hi {
		mid := lo + (hi-lo)/2
		ok, err := exists(mid)
		if err != nil {
			return 0, err
		}
		if ok {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, nil
}

func isCode(err error, code ledgerapi.ErrorCode) bool {
	ae, ok := err.(*ledgerapi.Error)
	return ok && ae.ErrorCode == code
}
