// Command mount shows an existing gorilla/mux service that mounts the
// ledger REST API under /v1 next to its own routes, behind its own
// middleware.
//
//	go run ./examples/mount            # http://127.0.0.1:8090/healthz, /api/hello, /v1
//
// The service keeps its routes (GET /healthz, GET /api/hello) and its
// middleware (a response header and a request counter). newService builds
// the embedded ledger (memstore → lrucache → mempool → vmstub → node →
// handlers); the storage backend is chosen in one line, where an LRU cache
// decorates the in-memory store.
//
// # Mounting: StripPrefix, not Register on a subrouter
//
// The API's routes are relative ("/", "/transactions", …). Two ways exist
// to mount them under /v1 with gorilla/mux:
//
//	api.Register(router.PathPrefix("/v1").Subrouter())          // (a)
//	router.Handle("/v1", http.StripPrefix("/v1", api))          // (b)
//	router.PathPrefix("/v1/").Handler(http.StripPrefix("/v1", api))
//
// (a) serves the known routes, but GET /v1 (no trailing slash, what
// clients request for the ledger info) answers the host's plain-text 404,
// as do unknown routes and wrong methods under /v1: the API's JSON 404/405
// handlers stay on its own router. (b) hands every /v1 request to the API
// itself, so /v1 is the ledger info and errors are the API's JSON. The two
// routes of (b) rather than a single PathPrefix("/v1"): PathPrefix is a
// string prefix, so "/v1" alone would also catch /v1foo, strip it to "foo"
// and answer a redirect to /foo.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/gorilla/mux"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// serviceHeader is set by the host's middleware on every response,
// the mounted API's included.
const serviceHeader = "X-Served-By"

// service is the host application: its routes, its middleware and the
// ledger it embeds.
type service struct {
	router   *mux.Router
	requests atomic.Int64 // counted by the host middleware
	node     *node.Node
	vm       *vmstub.VM
	cache    *lrucache.Cache
}

// newService wires the host service with the ledger API under /v1. It
// returns the service (an http.Handler) and a function that stops the
// ledger.
func newService() (*service, func(), error) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2})
	if err != nil {
		return nil, nil, err
	}
	// The storage backend, chosen in one line: any storage.ReadWriter works
	// (storage/storagetest is the contract). Here an LRU cache decorates the
	// in-memory store; node writes and API reads both go through it.
	store := lrucache.New(memstore.New(memstore.Options{}), lrucache.Options{})

	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		return nil, nil, err
	}
	if err := n.Start(context.Background()); err != nil {
		return nil, nil, err
	}
	api, err := handlers.New(handlers.Deps{
		Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm,
	}, handlers.Options{})
	if err != nil {
		n.Close()
		return nil, nil, err
	}

	s := &service{router: mux.NewRouter(), node: n, vm: vm, cache: store}
	s.router.Use(s.countRequests, setHeader(serviceHeader, "hello-service"))

	// The host's own routes.
	s.router.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "ok")
	}).Methods(http.MethodGet)
	s.router.HandleFunc("/api/hello", func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("name")
		if name == "" {
			name = "world"
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, "{\"hello\":%q}\n", name)
	}).Methods(http.MethodGet)

	// The ledger API under /v1 (see the package comment for why not Register).
	v1 := http.StripPrefix("/v1", api)
	s.router.Handle("/v1", v1)
	s.router.PathPrefix("/v1/").Handler(v1)

	return s, func() { n.Close() }, nil
}

// ServeHTTP serves the host's router.
func (s *service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.router.ServeHTTP(w, r)
}

// countRequests is the host's own middleware: it counts the requests its
// router matched (gorilla/mux runs Use middleware on matched routes only).
func (s *service) countRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		next.ServeHTTP(w, r)
	})
}

// setHeader is a host middleware that sets a response header before the
// handler runs.
func setHeader(name, value string) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(name, value)
			next.ServeHTTP(w, r)
		})
	}
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	flag.Parse()
	s, stop, err := newService()
	if err != nil {
		log.Fatal(err)
	}
	defer stop()
	srv := &http.Server{
		Addr:              *addr,
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      60 * time.Second, // room for wait_by_hash
	}
	log.Printf("serving http://%s/healthz, /api/hello and the ledger API at /v1", *addr)
	if err := srv.ListenAndServe(); err != nil {
		log.Print(err)
	}
}
