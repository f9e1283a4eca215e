package main

import (
	"context"
	"flag"
	"net"
	"net/http"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// indexerConfig is the built-in indexer's flags: where its GraphQL API
// listens (its default is where the SDKs' Network.LOCAL looks for it),
// and how often a node with -data-dir checkpoints its index.
type indexerConfig struct {
	indexerAddr     string
	checkpointEvery uint64
}

func (c *indexerConfig) flags() {
	flag.StringVar(&c.indexerAddr, "indexer-addr", defaultIndexerAddr,
		"indexer GraphQL listen address, served at /v1/graphql (empty disables the indexer)")
	flag.Uint64Var(&c.checkpointEvery, "indexer-checkpoint-every", indexer.DefaultCheckpointEvery,
		"with -data-dir: versions indexed between checkpoints of the index in <data-dir>/"+checkpointSubdir+
			", so a restarted node indexes only what followed the last one (0 disables them: the index is rebuilt at each start)")
}

// checkpointSubdir is where, in -data-dir, the index's checkpoint lives.
const checkpointSubdir = "indexer"

// defaultIndexerAddr is where Network.LOCAL's indexer URL points.
const defaultIndexerAddr = "127.0.0.1:8090"

// indexerPath is where the GraphQL endpoint is served, as on an Aptos
// localnet.
const indexerPath = "/v1/graphql"

// listenIndexer returns the server of the indexer's GraphQL API over the
// ledger in store, its listener and the index, or nils when the indexer
// is disabled. The index is kept in memory and built from the committed
// transactions as queries arrive, so it is never behind the ledger; with
// a dataDir (and checkpoints not disabled) it is checkpointed there, and
// a node restarted over a checkpoint loads it and starts following the
// ledger at once: the index was in use before the restart. Over
// PostgreSQL (pg.dsn) the writer also keeps the index in the database and
// a replica answers from it (pgindex.go; no index is returned then).
//
// A checkpoint whose version was pruned cannot be checked against the
// ledger and is rebuilt, so with a pruneWindow checkpoints come at least
// every half window.
func listenIndexer(c *indexerConfig, store storage.Reader, vm *vmstub.VM, dataDir string, pruneWindow uint64, log zerolog.Logger, pg pgIndex) (*http.Server, net.Listener, *warmIndex, error) {
	ln, err := listenOptional("indexer-addr", &c.indexerAddr, defaultIndexerAddr, "indexer", log)
	if ln == nil || err != nil {
		return nil, nil, nil, err
	}
	var src gql.Source
	var idx *warmIndex
	if pg.dsn != "" {
		src, idx, err = pg.source(store, vm, log)
	} else {
		opts := indexer.Options{Modules: vm}
		if dataDir != "" && c.checkpointEvery > 0 {
			opts.Checkpoint = &indexer.CheckpointOptions{Dir: filepath.Join(dataDir, checkpointSubdir),
				Every: checkpointEvery(c.checkpointEvery, pruneWindow), Report: logCheckpoint(log)}
		}
		idx = &warmIndex{Indexer: indexer.New(store, opts)}
		src = idx
	}
	var h http.Handler
	if err == nil {
		h, err = gql.NewHandler(indexer.Schema(), src, gql.Options{})
	}
	if err != nil {
		ln.Close()
		return nil, nil, nil, err
	}
	if pg.dsn == "" {
		if idx.HasCheckpoint() {
			idx.used.Store(true)
		}
		ctx, cancel := context.WithCancel(context.Background())
		idx.stop = cancel
		go idx.follow(ctx, followEvery, log)
	}
	mux := http.NewServeMux()
	mux.Handle(indexerPath, h)
	return newServer(middleware.Chain(mux, middleware.Recover(log), middleware.CORS())), ln, idx, nil
}

// checkpointEvery is the checkpoint interval: every versions, at most
// half the prune window (a checkpoint must still be readable when the
// next is written).
func checkpointEvery(every, pruneWindow uint64) uint64 {
	if pruneWindow > 0 && every > pruneWindow/2 {
		return max(pruneWindow/2, 1)
	}
	return every
}

// logCheckpoint logs what happens to the index's checkpoints.
func logCheckpoint(log zerolog.Logger) func(indexer.CheckpointEvent) {
	return func(e indexer.CheckpointEvent) {
		ev := log.Info()
		if e.Err != nil {
			ev = log.Warn().Err(e.Err)
		}
		ev.Str("checkpoint", e.Kind).Uint64("version", e.Version).Int64("bytes", e.Bytes).
			Dur("took", e.Took).Msg("indexer checkpoint")
	}
}

// close stops following the ledger and writes the index's last
// checkpoint, on a graceful shutdown (nil w: no indexer).
func (w *warmIndex) close(log zerolog.Logger) {
	if w == nil {
		return
	}
	w.stop()
	if err := w.Close(context.Background()); err != nil {
		log.Warn().Err(err).Msg("indexer: the last checkpoint")
	}
}

// followEvery is how often an index in use catches up with the ledger in
// the background, so that a query finds little left to index.
const followEvery = 200 * time.Millisecond

// warmIndex is the index the endpoint serves. Nothing is indexed before
// the first query (a node nobody asks pays nothing); from then on it
// follows the ledger in the background.
type warmIndex struct {
	*indexer.Indexer
	used atomic.Bool
	stop context.CancelFunc // ends follow
}

// Rows implements gql.Source.
func (w *warmIndex) Rows(ctx context.Context, table string) ([]gql.Row, error) {
	w.used.Store(true)
	return w.Indexer.Rows(ctx, table)
}

// follow catches up every interval once the index is in use, until ctx
// is done.
func (w *warmIndex) follow(ctx context.Context, every time.Duration, log zerolog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if !w.used.Load() {
			continue
		}
		if _, _, err := w.LastVersion(ctx); err != nil {
			log.Warn().Err(err).Msg("indexer: catching up")
		}
	}
}
