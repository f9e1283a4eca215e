package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/indexer/pgindex"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// pgIndex is how the indexer uses PostgreSQL (-postgres): the writer
// keeps the index in memory, answers from it and flushes it into the
// database (package indexer/pgindex) every followEvery; a replica
// (-forward) answers GraphQL from the database.
type pgIndex struct {
	dsn      string
	replica  bool
	poolSize int           // -pg-pool (0: pgxpool's default) for a replica
	timeout  time.Duration // -pg-statement-timeout (0: the server's)
}

// source returns the GraphQL source: the database's index for a replica,
// the in-memory one flushed to the database for the writer (also
// returned, to stop its flushes on shutdown).
func (p pgIndex) source(store storage.Reader, vm *vmstub.VM, log zerolog.Logger) (gql.Source, *warmIndex, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg, err := pgxpool.ParseConfig(p.dsn)
	if err != nil {
		return nil, nil, fmt.Errorf("-postgres: %w", err)
	}
	switch {
	case !p.replica:
		cfg.MaxConns = 2 // flushes run one at a time
	case p.poolSize > 0:
		cfg.MaxConns = int32(p.poolSize)
	}
	if p.timeout > 0 {
		cfg.ConnConfig.RuntimeParams["statement_timeout"] = strconv.FormatInt(p.timeout.Milliseconds(), 10)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("-postgres: indexer: %w", err)
	}
	if p.replica {
		return pgindex.NewReader(pool, pgindex.ReaderOptions{}), nil, nil
	}
	ix := indexer.New(store, indexer.Options{Modules: vm, ChangeFeed: true})
	fctx, stop := context.WithCancel(context.Background())
	go flushIndex(fctx, pgindex.NewWriter(pool, ix), followEvery, log)
	return ix, &warmIndex{Indexer: ix, stop: stop}, nil
}

// flushIndex flushes the index into the database every interval, until
// ctx is done: replicas see a block's rows at most about an interval
// after its commit (processor_status says which version they reach).
// After a failure the next flush rewrites the index whole, so failures
// back off (doubling up to maxFlushBackoff) rather than rebuild it every
// interval while the database is away.
func flushIndex(ctx context.Context, w *pgindex.Writer, every time.Duration, log zerolog.Logger) {
	wait := every
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		_, _, err := w.Flush(ctx)
		switch {
		case err == nil:
			if wait != every {
				log.Info().Msg("indexer: flushing the index into PostgreSQL again")
			}
			wait = every
		case wait == every:
			log.Warn().Err(err).Msg("indexer: flushing the index into PostgreSQL")
			fallthrough
		default:
			wait = min(2*wait, maxFlushBackoff)
		}
	}
}

// maxFlushBackoff bounds the wait between failing flushes.
const maxFlushBackoff = 5 * time.Second
