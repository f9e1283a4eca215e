package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/pgstore"
)

// pgConfig are the flags of a node over PostgreSQL: a writer (-postgres),
// or an API replica of one (-postgres with -forward; replica.go).
type pgConfig struct {
	postgres     string
	forward      string
	pgPool       int
	pgTimeout    time.Duration
	pgSyncCommit string
	replicaPoll  time.Duration
}

func (c *pgConfig) flags() {
	flag.StringVar(&c.postgres, "postgres", "", "PostgreSQL DSN of a persistent ledger (instead of -data-dir); the schema is created on first use")
	flag.StringVar(&c.forward, "forward", "", "with -postgres: run an API replica (no node, no faucet) that serves reads, views, simulations and the indexer's GraphQL from the database (or a standby of it) and forwards submissions to this writer API URL (http://WRITER/v1)")
	flag.IntVar(&c.pgPool, "pg-pool", 0, "maximum PostgreSQL connections (0 = the larger of 4 and the number of CPUs)")
	flag.DurationVar(&c.pgTimeout, "pg-statement-timeout", 10*time.Second, "bound on each PostgreSQL statement (0 = the server's setting)")
	flag.StringVar(&c.pgSyncCommit, "pg-synchronous-commit", "", "synchronous_commit for the writer's sessions (on, off, local, remote_write, remote_apply; empty = the server's setting)")
	flag.DurationVar(&c.replicaPoll, "replica-poll", 20*time.Millisecond, "how often a replica on a hot standby (which cannot LISTEN) reads the ledger info for new commits")
}

// openPostgres opens the writer's ledger in PostgreSQL behind the LRU
// read cache, continuing the ledger the database holds. The writer must be
// the database's only one (pgstore.Options.SoleWriter).
func openPostgres(c config) (storage.ReadWriter, func() error, error) {
	if c.dataDir != "" {
		return nil, nil, fmt.Errorf("-postgres and -data-dir are two ledgers: give one")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ps, err := pgstore.Open(ctx, pgstore.Options{
		DSN: c.postgres, PoolSize: int32(c.pgPool), StatementTimeout: c.pgTimeout,
		SynchronousCommit: c.pgSyncCommit, ChainID: uint8(c.chainID), PruneWindow: c.pruneWindow,
		SoleWriter: true, // one writer per database: its cached reads skip the ledger info round trip
	})
	if err != nil {
		return nil, nil, fmt.Errorf("-postgres: %w", err)
	}
	if info, err := ps.LedgerInfo(ctx); err == nil && info.ChainID != uint8(c.chainID) {
		ps.Close()
		return nil, nil, fmt.Errorf("-postgres: the database holds a ledger of chain id %d, not %d", info.ChainID, c.chainID)
	}
	return lrucache.New(ps, lrucache.Options{}), ps.Close, nil
}
