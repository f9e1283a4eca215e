package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// runReplica serves the API from the database without a node: reads,
// views and simulations at the ledger info it reads, submissions forwarded
// to the writer at c.forward and answered with the writer's response as
// it is, pending transactions looked up at the writer, and wait_by_hash
// woken by the commits it sees (pgstore.Options.Follow, which also keeps
// the ledger info in memory).
func runReplica(c config, vm *vmstub.VM, log zerolog.Logger, start time.Time) error {
	writer, err := url.Parse(strings.TrimSuffix(c.forward, "/"))
	if err != nil || (writer.Scheme != "http" && writer.Scheme != "https") || writer.Host == "" {
		return fmt.Errorf("-forward must be the writer's API URL, like http://127.0.0.1:8080/v1")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	commits := newSignal()
	octx, ocancel := context.WithTimeout(ctx, time.Minute)
	ps, err := pgstore.Open(octx, pgstore.Options{DSN: c.postgres, PoolSize: int32(c.pgPool),
		StatementTimeout: c.pgTimeout, ReadOnly: true,
		Follow: true, FollowPoll: c.replicaPoll, OnCommit: func(uint64) { commits.fire() }})
	ocancel()
	if err != nil {
		return fmt.Errorf("-postgres: %w", err)
	}
	defer ps.Close()
	client := &http.Client{Timeout: 5 * time.Second}
	// No LRU in front: its cached reads would each read the ledger info
	// first, a round trip like the read itself (storage/BENCHMARKS.md).
	opts := c.apiOptions()
	opts.SubmissionsForwarded = true // the router forwards them to the writer
	api, err := handlers.New(handlers.Deps{
		Store: ps, Commits: commits, Executor: vm, Modules: vm, Logger: log,
		Pending: &writerPending{client: client, writer: writer.String(), store: ps, commits: commits},
	}, opts)
	if err != nil {
		return err
	}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.Out.URL.Scheme, r.Out.URL.Host = writer.Scheme, writer.Host
			r.Out.URL.Path = writer.Path + strings.TrimPrefix(r.In.URL.Path, "/v1")
			r.Out.URL.RawPath = ""
			r.Out.Host = writer.Host
			r.SetXForwarded()
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Warn().Err(err).Msg("forwarding a submission to the writer")
			writeError(w, http.StatusServiceUnavailable, "the writer node did not answer the forwarded submission: "+err.Error())
		},
	}
	router := http.NewServeMux()
	router.Handle("/{$}", http.RedirectHandler("/v1", http.StatusFound))
	router.Handle("POST /v1/transactions", proxy)
	router.Handle("POST /v1/transactions/batch", proxy)
	router.Handle("/v1", api)
	router.Handle("/v1/", api)
	h := middleware.Chain(router,
		middleware.RequestID(), middleware.AccessLog(log, nil), middleware.Recover(log), middleware.CORS())
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	srv := newServer(h)
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	iSrv, iLn, err := listenIndexer(&c.indexerConfig, ps, vm, log) // the index is built from the database
	if err != nil {
		return err
	}
	if iSrv != nil {
		go func() { errc <- iSrv.Serve(iLn) }()
		defer iSrv.Close()
	}
	fmt.Printf("ledgernode API replica ready in %s: chain id %d\n", time.Since(start).Round(time.Millisecond), c.chainID)
	fmt.Printf("  API     http://%s/v1 (submissions forwarded to %s)\n", ln.Addr(), writer)
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

// writeError answers an API error body.
func writeError(w http.ResponseWriter, status int, msg string) {
	body, _ := json.Marshal(ledgerapi.NewError(ledgerapi.CodeInternalError, "%s", msg))
	w.Header().Set("Content-Type", ledgerapi.ContentTypeJSON)
	w.WriteHeader(status)
	w.Write(body)
}

// broadcast is a commit signal: CommitSignal's channel closes at the next fire.
type broadcast struct {
	mu sync.Mutex
	ch chan struct{}
}

func newSignal() *broadcast { return &broadcast{ch: make(chan struct{})} }

// CommitSignal returns a channel closed at the next commit seen.
func (s *broadcast) CommitSignal() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ch
}

func (s *broadcast) fire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.ch)
	s.ch = make(chan struct{})
}

// writerPending is the replica's handlers.Pending: the writer's mempool,
// asked over its API (by_hash in BCS, which is a pending transaction's
// signed bytes).
type writerPending struct {
	client  *http.Client
	writer  string
	store   *pgstore.Store
	commits *broadcast
}

// Get asks the writer for hash. A transaction the writer has committed
// but this replica cannot see yet (a standby replaying) is not pending:
// Get waits, up to two seconds, for the replica to reach the writer's
// ledger version, so the caller's next lookup in the database finds it.
func (p *writerPending) Get(ctx context.Context, hash ledgerapi.HashValue) (*mempool.Entry, bool) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.writer+"/transactions/by_hash/"+hash.String(), nil)
	if err != nil {
		return nil, false
	}
	req.Header.Set("Accept", ledgerapi.ContentTypeBCS)
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, false
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil || resp.StatusCode != http.StatusOK || len(body) == 0 {
		return nil, false
	}
	if body[0] == 1 { // TransactionData::Pending
		st, err := txn.DecodeSignedTransaction(body[1:])
		if err != nil {
			return nil, false
		}
		return &mempool.Entry{Txn: st, Hash: hash, Bytes: body[1:], InsertedAt: time.Now()}, true
	}
	at, err := strconv.ParseUint(resp.Header.Get(ledgerapi.HeaderLedgerVersion), 10, 64)
	if err != nil {
		return nil, false
	}
	for {
		next := p.commits.CommitSignal()
		if info, err := p.store.LedgerInfo(ctx); err == nil && info.Version >= at {
			return nil, false
		}
		select {
		case <-next:
		case <-ctx.Done():
			return nil, false
		}
	}
}
