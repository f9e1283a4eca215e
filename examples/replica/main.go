// Command replica shows a Go service that serves a read-only API replica
// of a ledger node under /v1, next to its own routes: the writer node
// commits to PostgreSQL, the service reads the database (or a hot standby
// of it) with package replica and forwards submissions to the writer.
//
//	go run ./examples/server -postgres postgres://user@db/ledger            # the writer, API on :8080
//	go run ./examples/replica -postgres postgres://user@db/ledger \
//	    -writer http://127.0.0.1:8080/v1                                    # this service, on :8090
//
// The replica itself is the few lines of newService; examples/server
// -forward runs the same replica as a standalone process.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/ledgernode/ledgernode/replica"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// newService builds the service: GET /healthz of its own, and an API
// replica of the writer under /v1. The returned function closes the
// replica's database connections.
func newService(ctx context.Context, dsn, writer string, chainID uint8) (http.Handler, func() error, error) {
	// Views and simulations run in the replica, on the writer's chain.
	vm, err := vmstub.New(vmstub.Options{ChainID: chainID})
	if err != nil {
		return nil, nil, err
	}
	rep, err := replica.Open(ctx, pgstore.Options{DSN: dsn, StatementTimeout: 10 * time.Second},
		replica.Options{Writer: writer, Executor: vm, Modules: vm})
	if err != nil {
		return nil, nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { fmt.Fprintln(w, "ok") })
	mux.Handle("/v1", rep)  // the ledger info, as clients request it
	mux.Handle("/v1/", rep) // everything else
	return mux, rep.Close, nil
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	dsn := flag.String("postgres", "", "PostgreSQL DSN of the writer's ledger (the primary or a hot standby)")
	writer := flag.String("writer", "http://127.0.0.1:8080/v1", "the writer node's API URL: submissions are forwarded there")
	chainID := flag.Uint("chain-id", 4, "the writer's chain id")
	flag.Parse()
	if *dsn == "" || *chainID == 0 || *chainID > 255 {
		log.Fatal("replica: give -postgres, and a -chain-id within 1..255")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	h, closeReplica, err := newService(ctx, *dsn, *writer, uint8(*chainID))
	cancel()
	if err != nil {
		log.Fatal(err)
	}
	defer closeReplica()
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 60 * time.Second}
	log.Printf("serving http://%s/healthz and an API replica of %s at /v1", *addr, *writer)
	if err := srv.ListenAndServe(); err != nil {
		log.Print(err)
	}
}
