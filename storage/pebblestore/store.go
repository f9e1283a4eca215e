package pebblestore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/ledgernode/ledgernode/storage"
)

// DefaultChainID is the chain id of a new store when Options.ChainID is
// zero: 4, a local network.
const DefaultChainID = 4

// Options configures a Store.
type Options struct {
	// ChainID is recorded in the ledger info of a new store. Zero means
	// DefaultChainID. A store keeps the chain id it was created with.
	ChainID uint8
	// PruneWindow is the number of most recent versions to keep, as in
	// memstore.Options: after each commit, everything older than the block
	// that contains version latest-PruneWindow+1 is pruned. Zero keeps
	// everything.
	PruneWindow uint64
	// NoSync lets a commit return without waiting for its WAL record to be
	// written and synced. By default CommitBlock returns only once the
	// block's batch is in the WAL on disk (fsync), so a committed block
	// survives the process being killed and the machine losing power. With
	// NoSync the record may still sit in Pebble's in-process WAL buffer
	// when CommitBlock returns, and a crash or SIGKILL then loses the most
	// recent committed blocks (the ledger stays prefix-consistent: whole
	// blocks, in order). For tests and benchmarks that do not need
	// durability.
	NoSync bool
	// InMemory keeps the database in memory (for tests); dir is ignored.
	InMemory bool
	// CacheBytes sizes Pebble's block cache (default 64 MiB).
	CacheBytes int64
}

// Store is a ledger store on Pebble. It implements storage.ReadWriter,
// storage.Pruner and storage.Reverter and is safe for concurrent use; commits and pruning are
// serialised.
type Store struct {
	db   *pebble.DB
	wo   *pebble.WriteOptions
	opts Options
	info atomic.Pointer[storage.LedgerInfo] // nil before genesis
	mu   sync.Mutex                         // serialises CommitBlock, Prune and Revert

	reverts atomic.Uint64 // see storage.Reverter
}

// Open opens (or creates) the store in dir.
func Open(dir string, opts Options) (*Store, error) {
	if opts.ChainID == 0 {
		opts.ChainID = DefaultChainID
	}
	if opts.CacheBytes <= 0 {
		opts.CacheBytes = 64 << 20
	}
	cache := pebble.NewCache(opts.CacheBytes)
	defer cache.Unref()
	po := &pebble.Options{Cache: cache, Logger: quietLogger{}}
	if opts.InMemory {
		po.FS = vfs.NewMem()
		dir = ""
	}
	db, err := pebble.Open(dir, po)
	if err != nil {
		return nil, fmt.Errorf("pebblestore: opening %s: %w", dir, err)
	}
	s := &Store{db: db, opts: opts, wo: pebble.Sync}
	if opts.NoSync {
		s.wo = pebble.NoSync
	}
	raw, err := s.get([]byte{pInfo})
	switch {
	case errors.Is(err, storage.ErrNotFound):
		raw, err = nil, db.Set([]byte{pFormat}, be(format), pebble.Sync) // a new store
	case err == nil:
		err = s.checkFormat()
	}
	if err == nil && raw != nil {
		var info storage.LedgerInfo
		if info, err = decodeInfo(raw); err == nil {
			s.info.Store(&info)
		}
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// checkFormat refuses a non-empty store written in another record format.
func (s *Store) checkFormat() error {
	raw, err := s.get([]byte{pFormat})
	found := uint64(1) // stores of the first format have no format key
	switch {
	case err == nil && len(raw) == 8:
		found = binary.BigEndian.Uint64(raw)
	case err == nil:
		return fmt.Errorf("pebblestore: the format key holds %d bytes", len(raw))
	case !errors.Is(err, storage.ErrNotFound):
		return err
	}
	if found != format {
		return fmt.Errorf("pebblestore: the data directory is in record format %d, this build reads format %d: "+
			"start with a new data directory", found, format)
	}
	return nil
}

// Close flushes and closes the database. The store must not be used after.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.db.Flush(); err != nil {
		s.db.Close()
		return err
	}
	return s.db.Close()
}

// quietLogger drops Pebble's informational logging; errors still surface
// as returned errors.
type quietLogger struct{}

func (quietLogger) Infof(string, ...any)  {}
func (quietLogger) Errorf(string, ...any) {}
func (quietLogger) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf("pebblestore: fatal: "+format, args...))
}

// LedgerInfo implements storage.LedgerReader.
func (s *Store) LedgerInfo(ctx context.Context) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	return s.snapshot()
}

func (s *Store) snapshot() (storage.LedgerInfo, error) {
	info := s.info.Load()
	if info == nil {
		return storage.LedgerInfo{}, storage.ErrEmpty
	}
	return *info, nil
}

// readAt checks ctx and validates a read at version against the snapshot.
func (s *Store) readAt(ctx context.Context, version uint64) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	info, err := s.snapshot()
	if err != nil {
		return info, err
	}
	return info, storage.CheckVersion(info, version)
}

// get returns a copy of the value of k, or an error wrapping ErrNotFound.
func (s *Store) get(k []byte) ([]byte, error) {
	v, closer, err := s.db.Get(k)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, storage.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("pebblestore: %w", err)
	}
	out := bytes.Clone(v)
	closer.Close()
	return out, nil
}

// getU64 reads an 8-byte value; def when the key is absent.
func (s *Store) getU64(k []byte, def uint64) (uint64, error) {
	v, err := s.get(k)
	if errors.Is(err, storage.ErrNotFound) {
		return def, nil
	}
	if err != nil {
		return 0, err
	}
	if len(v) != 8 {
		return 0, corrupt("counter", fmt.Errorf("%d bytes", len(v)))
	}
	return binary.BigEndian.Uint64(v), nil
}

// txnAt reads the transaction record at version v.
func (s *Store) txnAt(v uint64) (storage.Transaction, error) {
	raw, err := s.get(txnKey(v))
	if err != nil {
		return storage.Transaction{}, err
	}
	return decodeTxn(raw)
}

// gone turns a record missing under a valid snapshot into the error a
// reader should see: ErrPruned when pruning removed it meanwhile.
func (s *Store) gone(err error, version uint64, what string) error {
	if errors.Is(err, storage.ErrNotFound) {
		if info, ierr := s.snapshot(); ierr == nil && version < info.OldestVersion {
			return &storage.PrunedError{What: what, OldestVersion: info.OldestVersion, OldestBlockHeight: info.OldestBlockHeight}
		}
	}
	return err
}
