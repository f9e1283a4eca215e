package lrucache

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// Cache is a storage.ReadWriter that answers immutable lookups from LRU
// caches and everything else from the store it wraps. Create it with New.
type Cache struct {
	inner storage.Reader

	txns   *lru.Cache[uint64, *storage.Transaction]
	hashes *lru.Cache[ledgerapi.HashValue, *storage.Transaction]
	blocks *lru.Cache[uint64, storage.Block]
	states *lru.Cache[stateKey, stateEntry]

	// fillMu orders fills after a miss against Revert's purge: a fill
	// holds the read lock and adds its entry only if no revert happened
	// since the miss read gen; Revert bumps gen and purges under the write
	// lock.
	fillMu sync.RWMutex
	gen    atomic.Uint64

	txnHits, txnMisses     atomic.Uint64
	blockHits, blockMisses atomic.Uint64
	stateHits, stateMisses atomic.Uint64
}

// stateKey identifies one state read: the key's encoding and the version.
type stateKey struct {
	enc     string
	version uint64
}

// stateEntry is the result of a state read at a committed version: a value,
// or the knowledge that there is none (which cannot change either).
type stateEntry struct {
	value []byte
	found bool
}

// New wraps inner. Writes (CommitBlock, Prune) pass through to inner when it
// implements storage.Writer or storage.Pruner, and fail with an error
// wrapping errors.ErrUnsupported otherwise.
func New(inner storage.Reader, opts Options) *Cache {
	n := size(opts.Transactions, DefaultTransactions)
	return &Cache{
		inner:  inner,
		txns:   mustLRU[uint64, *storage.Transaction](n),
		hashes: mustLRU[ledgerapi.HashValue, *storage.Transaction](n),
		blocks: mustLRU[uint64, storage.Block](size(opts.Blocks, DefaultBlocks)),
		states: mustLRU[stateKey, stateEntry](size(opts.States, DefaultStates)),
	}
}

func mustLRU[K comparable, V any](n int) *lru.Cache[K, V] {
	c, err := lru.New[K, V](n)
	if err != nil { // only for n <= 0, which size rules out
		panic(err)
	}
	return c
}

// Stats returns the hit and miss counts.
func (c *Cache) Stats() Stats {
	return Stats{
		Transactions: Counter{Hits: c.txnHits.Load(), Misses: c.txnMisses.Load()},
		Blocks:       Counter{Hits: c.blockHits.Load(), Misses: c.blockMisses.Load()},
		States:       Counter{Hits: c.stateHits.Load(), Misses: c.stateMisses.Load()},
	}
}

// LedgerInfo is never cached.
func (c *Cache) LedgerInfo(ctx context.Context) (storage.LedgerInfo, error) {
	return c.inner.LedgerInfo(ctx)
}

// CommitBlock passes the block to the inner store. Nothing cached needs
// invalidating: only committed, immutable data is cached.
func (c *Cache) CommitBlock(ctx context.Context, b storage.Block, txns []storage.Transaction) error {
	w, ok := c.inner.(storage.Writer)
	if !ok {
		return fmt.Errorf("lrucache: the wrapped %T is read-only: %w", c.inner, errors.ErrUnsupported)
	}
	return w.CommitBlock(ctx, b, txns)
}

// Prune passes the request to the inner store. Cached entries below the
// new oldest version stay until evicted, but are never served: every
// cached read is first checked against the inner store's ledger info.
func (c *Cache) Prune(ctx context.Context, version uint64) error {
	p, ok := c.inner.(storage.Pruner)
	if !ok {
		return fmt.Errorf("lrucache: the wrapped %T cannot prune: %w", c.inner, errors.ErrUnsupported)
	}
	return p.Prune(ctx, version)
}

// Revert passes the request to the inner store and then empties every
// cache: a revert makes cached transactions, blocks and state reads of the
// dropped versions wrong, and a version may be committed again with other
// content. A read that missed before the revert does not add its entry
// after it.
func (c *Cache) Revert(ctx context.Context, version uint64) error {
	r, ok := c.inner.(storage.Reverter)
	if !ok {
		return fmt.Errorf("lrucache: the wrapped %T cannot revert: %w", c.inner, errors.ErrUnsupported)
	}
	before := r.Reverts()
	err := r.Revert(ctx, version)
	if r.Reverts() != before {
		c.fillMu.Lock()
		c.gen.Add(1)
		c.txns.Purge()
		c.hashes.Purge()
		c.blocks.Purge()
		c.states.Purge()
		c.fillMu.Unlock()
	}
	return err
}

// Reverts implements storage.Reverter: the number of reverts seen through
// the cache, counted once the cache is emptied. It is 0 over a store that
// cannot revert.
func (c *Cache) Reverts() uint64 { return c.gen.Load() }

// fill runs add unless a revert happened since the miss that read gen.
func (c *Cache) fill(gen uint64, add func()) {
	c.fillMu.RLock()
	if c.gen.Load() == gen {
		add()
	}
	c.fillMu.RUnlock()
}

// snapshot checks ctx and reads the inner ledger info.
func (c *Cache) snapshot(ctx context.Context) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	return c.inner.LedgerInfo(ctx)
}
