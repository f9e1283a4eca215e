package main

import (
	"context"
	"errors"
	"fmt"

	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/replica"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// runReplica serves the API from the database without a node (package
// replica): reads, views and simulations at the ledger info it reads,
// submissions forwarded to the writer at c.forward and answered with the
// writer's response as it is, pending transactions looked up at the
// writer, and wait_by_hash woken by the commits it sees
// (pgstore.Options.Follow, which also keeps the ledger info in memory).
func runReplica(c config, vm *vmstub.VM, log zerolog.Logger, start time.Time) error {
	octx, ocancel := context.WithTimeout(context.Background(), time.Minute)
	// No LRU in front: its cached reads would each read the ledger info
	// first, a round trip like the read itself (storage/BENCHMARKS.md).
	rep, err := replica.Open(octx, pgstore.Options{DSN: c.postgres, PoolSize: int32(c.pgPool),
		StatementTimeout: c.pgTimeout, FollowPoll: c.replicaPoll},
		replica.Options{Writer: c.forward, Executor: vm, Modules: vm, API: c.apiOptions(), Logger: log})
	ocancel()
	if errors.Is(err, replica.ErrWriterURL) {
		return fmt.Errorf("-forward must be the writer's API URL, like http://127.0.0.1:8080/v1")
	}
	if err != nil {
		return fmt.Errorf("-postgres: %w", err)
	}
	defer rep.Close()
	router := http.NewServeMux()
	router.Handle("/{$}", http.RedirectHandler("/v1", http.StatusFound))
	router.Handle("/v1", rep)
	router.Handle("/v1/", rep)
	h := middleware.Chain(router, middleware.Linger(2*handlers.DefaultMaxBodyBytes),
		middleware.RequestID(), middleware.AccessLog(log, nil), middleware.Recover(log), middleware.CORS())
	ln, err := listen("addr", c.addr)
	if err != nil {
		return err
	}
	srv := newServer(h)
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	iSrv, iLn, _, err := listenIndexer(&c.indexerConfig, rep.Store(), vm, "", 0, log, pgIndex{dsn: c.postgres, replica: true, poolSize: c.pgPool, timeout: c.pgTimeout}) // answered from the writer's index in the database
	if err != nil {
		return err
	}
	if iSrv != nil {
		go func() { errc <- iSrv.Serve(iLn) }()
		defer iSrv.Close()
	}
	fmt.Printf("ledgernode API replica ready in %s: chain id %d\n", time.Since(start).Round(time.Millisecond), c.chainID)
	fmt.Printf("  API     http://%s/v1 (submissions forwarded to %s)\n", ln.Addr(), strings.TrimSuffix(c.forward, "/"))
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	select {
	case s := <-sig:
		log.Info().Str("signal", s.String()).Msg("shutting down")
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	return srv.Shutdown(sctx)
}
