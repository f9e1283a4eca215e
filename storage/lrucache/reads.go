package lrucache

import (
	"context"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// Cached reads. Each one first validates its version against the inner
// store's current ledger info, so a cached entry that has since been pruned
// answers storage.ErrPruned exactly as the inner store would, and a version
// above the latest one never reaches the cache. Values handed out are
// copies; the cache's own copies are never exposed.

// TransactionByVersion answers from the cache when it can.
func (c *Cache) TransactionByVersion(ctx context.Context, version uint64) (storage.Transaction, error) {
	info, err := c.snapshot(ctx)
	if err != nil {
		return storage.Transaction{}, err
	}
	if err := storage.CheckVersion(info, version); err != nil {
		return storage.Transaction{}, err
	}
	if t, ok := c.txns.Get(version); ok {
		c.txnHits.Add(1)
		return t.Clone(), nil
	}
	c.txnMisses.Add(1)
	gen := c.gen.Load()
	t, err := c.inner.TransactionByVersion(ctx, version)
	if err != nil {
		return storage.Transaction{}, err
	}
	c.addTxn(gen, &t)
	return t.Clone(), nil
}

// TransactionByHash answers from the cache when it can. Only found
// transactions are cached (a hash not found now may be committed later); a
// cached transaction that has been pruned is not found, as in the inner
// store.
func (c *Cache) TransactionByHash(ctx context.Context, hash ledgerapi.HashValue) (storage.Transaction, error) {
	info, err := c.snapshot(ctx)
	if err != nil {
		return storage.Transaction{}, err
	}
	if t, ok := c.hashes.Get(hash); ok {
		if t.Version >= info.OldestVersion {
			c.txnHits.Add(1)
			return t.Clone(), nil
		}
		c.hashes.Remove(hash)
		c.txnHits.Add(1)
		return storage.Transaction{}, fmt.Errorf("%w: transaction with hash %s (pruned)", storage.ErrNotFound, hash)
	}
	c.txnMisses.Add(1)
	gen := c.gen.Load()
	t, err := c.inner.TransactionByHash(ctx, hash)
	if err != nil {
		return storage.Transaction{}, err
	}
	c.addTxn(gen, &t)
	return t.Clone(), nil
}

// addTxn caches t, which the cache now owns and never modifies, unless a
// revert happened since gen was read.
func (c *Cache) addTxn(gen uint64, t *storage.Transaction) {
	c.fill(gen, func() {
		c.txns.Add(t.Version, t)
		c.hashes.Add(t.Hash, t)
	})
}

// BlockByHeight answers from the cache when it can.
func (c *Cache) BlockByHeight(ctx context.Context, height uint64) (storage.Block, error) {
	info, err := c.snapshot(ctx)
	if err != nil {
		return storage.Block{}, err
	}
	if err := storage.CheckHeight(info, height); err != nil {
		return storage.Block{}, err
	}
	if b, ok := c.blocks.Get(height); ok {
		c.blockHits.Add(1)
		return b, nil
	}
	c.blockMisses.Add(1)
	gen := c.gen.Load()
	b, err := c.inner.BlockByHeight(ctx, height)
	if err == nil {
		c.fill(gen, func() { c.blocks.Add(height, b) })
	}
	return b, err
}

// StateValue answers from the cache when it can. Both outcomes of a read at
// a committed version are cached: the value, or storage.ErrNotFound.
func (c *Cache) StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	v, lent, err := c.stateValue(ctx, key, version)
	if lent {
		v = storage.CloneBytes(v)
	}
	return v, err
}

// LendStateValue implements storage.StateLender: cached values are never
// modified, and an inner store that lends its values lends them through.
func (c *Cache) LendStateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error) {
	v, _, err := c.stateValue(ctx, key, version)
	return v, err
}

// stateValue reads a value through the cache; lent says the bytes are
// shared (the cache's or the inner store's), not the caller's.
func (c *Cache) stateValue(ctx context.Context, key storage.StateKey, version uint64) (v []byte, lent bool, err error) {
	enc, err := storage.EncodeKey(nil, key)
	if err != nil {
		return nil, false, err
	}
	info, err := c.snapshot(ctx)
	if err != nil {
		return nil, false, err
	}
	if err := storage.CheckVersion(info, version); err != nil {
		return nil, false, err
	}
	k := stateKey{enc: string(enc), version: version}
	if e, ok := c.states.Get(k); ok {
		c.stateHits.Add(1)
		if !e.found {
			return nil, false, &storage.StateNotFoundError{Key: key, Version: version}
		}
		return e.value, true, nil
	}
	c.stateMisses.Add(1)
	gen := c.gen.Load()
	if l, ok := c.inner.(storage.StateLender); ok {
		v, err = l.LendStateValue(ctx, key, version)
		lent = true
	} else {
		v, err = c.inner.StateValue(ctx, key, version)
	}
	switch {
	case err == nil:
		kept := v
		if !lent {
			kept = storage.CloneBytes(v)
		}
		c.fill(gen, func() { c.states.Add(k, stateEntry{value: kept, found: true}) })
	case errors.Is(err, storage.ErrNotFound):
		c.fill(gen, func() { c.states.Add(k, stateEntry{}) })
	}
	return v, lent, err
}

// Uncached reads: their results depend on a range or a listing, which the
// caches do not hold.

// Transactions passes through.
func (c *Cache) Transactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	return c.inner.Transactions(ctx, start, limit, ledgerVersion)
}

// AccountTransactions passes through.
func (c *Cache) AccountTransactions(ctx context.Context, sender ledgerapi.Address, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	return c.inner.AccountTransactions(ctx, sender, start, limit, ledgerVersion)
}

// BlockByVersion passes through.
func (c *Cache) BlockByVersion(ctx context.Context, version uint64) (storage.Block, error) {
	return c.inner.BlockByVersion(ctx, version)
}

// Resources passes through.
func (c *Cache) Resources(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return c.inner.Resources(ctx, addr, cursor, limit, version)
}

// Modules passes through.
func (c *Cache) Modules(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (storage.StatePage, error) {
	return c.inner.Modules(ctx, addr, cursor, limit, version)
}

// Events passes through.
func (c *Cache) Events(ctx context.Context, key storage.EventKey, start uint64, limit int, ledgerVersion uint64) ([]storage.VersionedEvent, error) {
	return c.inner.Events(ctx, key, start, limit, ledgerVersion)
}

// EventCount passes through.
func (c *Cache) EventCount(ctx context.Context, key storage.EventKey, ledgerVersion uint64) (uint64, error) {
	return c.inner.EventCount(ctx, key, ledgerVersion)
}

// LendTransactions implements storage.TransactionLender: it passes through
// to an inner store that lends, and otherwise returns Transactions, whose
// results are the caller's to share.
func (c *Cache) LendTransactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]storage.Transaction, error) {
	if l, ok := c.inner.(storage.TransactionLender); ok {
		return l.LendTransactions(ctx, start, limit, ledgerVersion)
	}
	return c.inner.Transactions(ctx, start, limit, ledgerVersion)
}
