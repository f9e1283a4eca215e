package main

import (
	"context"
	"flag"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// indexerConfig is the built-in indexer's flag: where its GraphQL API
// listens. Its default is where the SDKs' Network.LOCAL looks for it.
type indexerConfig struct {
	indexerAddr string
}

func (c *indexerConfig) flags() {
	flag.StringVar(&c.indexerAddr, "indexer-addr", defaultIndexerAddr,
		"indexer GraphQL listen address, served at /v1/graphql (empty disables the indexer)")
}

// defaultIndexerAddr is where Network.LOCAL's indexer URL points.
const defaultIndexerAddr = "127.0.0.1:8090"

// indexerPath is where the GraphQL endpoint is served, as on an Aptos
// localnet.
const indexerPath = "/v1/graphql"

// listenIndexer returns the server of the indexer's GraphQL API over the
// ledger in store and its listener, or nils when the indexer is disabled.
// The index is kept in memory and built from the committed transactions
// as queries arrive, so it is never behind the ledger. Over PostgreSQL
// (pg.dsn) the writer also keeps the index in the database and a replica
// answers from it (pgindex.go).
func listenIndexer(c *indexerConfig, store storage.Reader, vm *vmstub.VM, log zerolog.Logger, pg pgIndex) (*http.Server, net.Listener, error) {
	ln, err := listenOptional("indexer-addr", &c.indexerAddr, defaultIndexerAddr, "indexer", log)
	if ln == nil || err != nil {
		return nil, nil, err
	}
	var src gql.Source
	if pg.dsn != "" {
		src, err = pg.source(store, vm, log)
	} else {
		idx := &warmIndex{Indexer: indexer.New(store, indexer.Options{Modules: vm})}
		go idx.follow(context.Background(), followEvery, log)
		src = idx
	}
	var h http.Handler
	if err == nil {
		h, err = gql.NewHandler(indexer.Schema(), src, gql.Options{})
	}
	if err != nil {
		ln.Close()
		return nil, nil, err
	}
	mux := http.NewServeMux()
	mux.Handle(indexerPath, h)
	return newServer(middleware.Chain(mux, middleware.Recover(log), middleware.CORS())), ln, nil
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
