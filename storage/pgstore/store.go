package pgstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ledgernode/ledgernode/storage"
)

// DefaultChainID is the chain id of a new store when Options.ChainID is
// zero: 4, a local network.
const DefaultChainID = 4

// CommitChannel is the LISTEN/NOTIFY channel every commit notifies, with
// the new ledger version as the payload, when its transaction commits.
const CommitChannel = "ledgernode_commit"

// Options configures a Store.
type Options struct {
	// DSN is the PostgreSQL connection string (a URL or key=value pairs,
	// as libpq reads them).
	DSN string
	// PoolSize caps the pool's connections (default: pgxpool's, the
	// larger of 4 and the number of CPUs).
	PoolSize int32
	// StatementTimeout bounds every statement on the server (0: the
	// server's setting). A request against an unresponsive database then
	// fails instead of hanging.
	StatementTimeout time.Duration
	// SynchronousCommit sets synchronous_commit for the store's sessions
	// ("on", "off", "local", "remote_write", "remote_apply"; "": the
	// server's setting). With "off" a committed block may be lost if the
	// database server crashes (never part of one); the node's own crash
	// loses nothing either way.
	SynchronousCommit string
	// ChainID is recorded in the ledger info of a new store. Zero means
	// DefaultChainID. A store keeps the chain id it was created with.
	ChainID uint8
	// PruneWindow is the number of most recent versions to keep, as in
	// memstore.Options. Zero keeps everything.
	PruneWindow uint64
	// PruneBatch bounds the versions one pruning transaction deletes
	// (default 10,000; a batch always holds whole blocks, at least one).
	PruneBatch uint64
	// ReadOnly opens the store for reading only: the schema is checked,
	// never created or migrated, and CommitBlock and Prune are refused.
	// A store over a hot standby must be read-only.
	ReadOnly bool
	// SoleWriter says this process is the only one that commits to or
	// prunes the database: LedgerInfo then answers from memory, kept by
	// the store's own commits and pruning, instead of reading the database
	// (reads still validate their versions against the database). After a
	// failed commit it reads the database until the next commit succeeds.
	// Readers in other processes are not affected. A node that writes
	// through the LRU cache wants it: the cache reads the ledger info
	// before every cached read.
	SoleWriter bool
	// Follow keeps the ledger info in memory for a reader (an API
	// replica): the store watches the database's commits (Watch, polling
	// every FollowPoll on a hot standby) and also takes the ledger info
	// every read carries, so LedgerInfo costs no round trip; it reads the
	// database again when nothing refreshed it for followStale. OnCommit,
	// when set, is called after each commit the store sees.
	Follow bool
	// FollowPoll is Watch's poll interval for Follow (default 20ms).
	FollowPoll time.Duration
	// OnCommit is called with the new version after each commit Follow
	// sees (on the follower's goroutine).
	OnCommit func(version uint64)
}

// followStale is how old a followed ledger info may be before LedgerInfo
// reads the database again: the follower refreshes it at least every
// second.
const followStale = 3 * time.Second

// Store is a ledger store in a PostgreSQL database. It implements
// storage.ReadWriter and storage.Pruner and is safe for concurrent use, by
// any number of processes: every read validates its version against the
// ledger info in the same statement, and commits lock the ledger info row.
type Store struct {
	pool *pgxpool.Pool
	opts Options
	mu   sync.Mutex // serialises this process's commits and pruning
	// info is the ledger info as of this process's last commit or pruning
	// with Options.SoleWriter; nil when unknown (reads go to the database).
	info atomic.Pointer[cachedInfo]
	// stopFollow ends the follower (Options.Follow).
	stopFollow func()
}

// cachedInfo is a remembered ledger info; empty before genesis.
type cachedInfo struct {
	info  storage.LedgerInfo
	empty bool
	at    time.Time // when it was read (Follow)
}

// forget drops the followed ledger info (Follow only): LedgerInfo reads
// the database until a read or the follower observes one again.
func (s *Store) forget() {
	if s.opts.Follow && !s.opts.SoleWriter {
		s.info.Store(nil)
	}
}

// observe keeps info, seen in the database, as the followed ledger info
// unless an older one (Follow only).
func (s *Store) observe(info storage.LedgerInfo) {
	if !s.opts.Follow || s.opts.SoleWriter {
		return
	}
	now := time.Now()
	for {
		old := s.info.Load()
		if old != nil && (info.Version < old.info.Version ||
			info.Version == old.info.Version && info.OldestVersion < old.info.OldestVersion) {
			return
		}
		if s.info.CompareAndSwap(old, &cachedInfo{info: info, at: now}) {
			return
		}
	}
}

// remember records info (when the store is the sole writer); nil forgets.
func (s *Store) remember(info *storage.LedgerInfo) {
	switch {
	case !s.opts.SoleWriter:
	case info == nil:
		s.info.Store(nil)
	default:
		s.info.Store(&cachedInfo{info: *info})
	}
}

// Open connects to the database and creates or migrates the schema
// (unless opts.ReadOnly, which only checks it).
func Open(ctx context.Context, opts Options) (*Store, error) {
	if opts.ChainID == 0 {
		opts.ChainID = DefaultChainID
	}
	if opts.PruneBatch == 0 {
		opts.PruneBatch = 10_000
	}
	cfg, err := pgxpool.ParseConfig(opts.DSN)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if opts.PoolSize > 0 {
		cfg.MaxConns = opts.PoolSize
	}
	rp := cfg.ConnConfig.RuntimeParams
	if opts.StatementTimeout > 0 {
		rp["statement_timeout"] = strconv.FormatInt(opts.StatementTimeout.Milliseconds(), 10)
	}
	if opts.SynchronousCommit != "" {
		rp["synchronous_commit"] = opts.SynchronousCommit
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	s := &Store{pool: pool, opts: opts}
	if err := s.setup(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	if opts.SoleWriter {
		info, err := s.LedgerInfo(ctx)
		switch {
		case err == nil:
			s.remember(&info)
		case errors.Is(err, storage.ErrEmpty):
			s.info.Store(&cachedInfo{empty: true})
		default:
			pool.Close()
			return nil, err
		}
	}
	if opts.Follow {
		fctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		s.stopFollow = func() { cancel(); <-done }
		go func() {
			defer close(done)
			s.Watch(fctx, opts.FollowPoll, func(v uint64) {
				if opts.OnCommit != nil {
					opts.OnCommit(v)
				}
			})
		}()
	}
	return s, nil
}

func (s *Store) setup(ctx context.Context) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("pgstore: connecting: %w", err)
	}
	defer conn.Release()
	if !s.opts.ReadOnly {
		return migrate(ctx, conn.Conn(), s.opts.ChainID)
	}
	var have int
	if err := conn.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&have); err != nil {
		return fmt.Errorf("pgstore: reading the schema version (has a writer created the schema?): %w", err)
	}
	if have != SchemaVersion {
		return fmt.Errorf("pgstore: the database has schema version %d, this build reads version %d", have, SchemaVersion)
	}
	return nil
}

// Close closes the pool. The store must not be used after.
func (s *Store) Close() error {
	if s.stopFollow != nil {
		s.stopFollow()
	}
	s.pool.Close()
	return nil
}

// Pool is the store's connection pool (for LISTEN, health checks and
// tools that read the schema directly).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// errReadOnly is the error of a write to a read-only store.
var errReadOnly = errors.New("pgstore: the store is read-only")

// infoCols are the ledger info columns every read selects with its data,
// so the version it validates and the rows it reads come from one
// statement snapshot.
const infoCols = `li.committed, li.chain_id, li.epoch, li.version, li.oldest_version,
	li.timestamp_usec, li.block_height, li.oldest_block_height`

// infoRow scans infoCols.
type infoRow struct {
	committed                                           bool
	chainID                                             int16
	epoch, version, oldestV, timestamp, height, oldestH int64
}

func (r *infoRow) dest(more ...any) []any {
	return append([]any{&r.committed, &r.chainID, &r.epoch, &r.version, &r.oldestV, &r.timestamp, &r.height, &r.oldestH}, more...)
}

// info returns the scanned ledger info, or ErrEmpty before genesis.
func (r *infoRow) info() (storage.LedgerInfo, error) {
	if !r.committed {
		return storage.LedgerInfo{}, storage.ErrEmpty
	}
	return storage.LedgerInfo{
		ChainID: uint8(r.chainID), Epoch: uint64(r.epoch), Version: uint64(r.version),
		OldestVersion: uint64(r.oldestV), TimestampUsec: uint64(r.timestamp),
		BlockHeight: uint64(r.height), OldestBlockHeight: uint64(r.oldestH),
	}, nil
}

// LedgerInfo implements storage.LedgerReader.
func (s *Store) LedgerInfo(ctx context.Context) (storage.LedgerInfo, error) {
	if err := ctx.Err(); err != nil {
		return storage.LedgerInfo{}, err
	}
	if c := s.info.Load(); c != nil && (s.opts.SoleWriter || time.Since(c.at) < followStale) {
		if c.empty {
			return storage.LedgerInfo{}, storage.ErrEmpty
		}
		return c.info, nil
	}
	return s.dbInfo(ctx)
}

// dbInfo reads the ledger info from the database.
func (s *Store) dbInfo(ctx context.Context) (storage.LedgerInfo, error) {
	var r infoRow
	if err := s.pool.QueryRow(ctx, `SELECT `+infoCols+` FROM ledger_info li`).Scan(r.dest()...); err != nil {
		return storage.LedgerInfo{}, dbErr(err)
	}
	info, err := r.info()
	if err == nil {
		s.observe(info)
	}
	return info, err
}

// i64 is a read argument for a bigint column: values beyond the column's
// range (which no stored row reaches) clamp to its maximum.
func i64(v uint64) int64 {
	if v > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(v)
}

// dbErr wraps an error from the database.
func dbErr(err error) error {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("pgstore: %w", err)
}

// corrupt reports a stored record that does not decode.
func corrupt(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("pgstore: stored %s does not decode: %w", what, err)
}
