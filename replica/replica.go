package replica

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
)

// DefaultPathPrefix is where a replica serves the API, as the writer does.
const DefaultPathPrefix = "/v1"

// ErrWriterURL is the error of an Options.Writer that is not an API URL.
var ErrWriterURL = errors.New("replica: the writer must be given by its API URL, like http://127.0.0.1:8080/v1")

// Options configures a replica.
type Options struct {
	// Writer is the API URL of the writer node, like
	// http://127.0.0.1:8080/v1: submissions are forwarded to it and
	// pending transactions looked up at it. Required.
	Writer string
	// Executor runs views and simulations (as handlers.Deps.Executor: the
	// writer's configuration, chain id included); without it they answer
	// 403 api_disabled.
	Executor handlers.Executor
	// Modules renders and converts Move values (as handlers.Deps.Modules).
	Modules handlers.Modules
	// API holds the API's limits and switches. The replica serves under
	// API.PathPrefix (default DefaultPathPrefix) and sets
	// SubmissionsForwarded itself.
	API handlers.Options
	// Logger receives internal errors and failed forwards (default:
	// discard).
	Logger zerolog.Logger
	// Client asks the writer for pending transactions (default: a client
	// with a 5 s timeout). Forwarded submissions use
	// http.DefaultTransport.
	Client *http.Client
}

// Replica is an API replica: an http.Handler serving the API under its
// path prefix. Create it with Open or New.
type Replica struct {
	api     *handlers.API
	proxy   *httputil.ReverseProxy
	forward map[string]bool // paths of the forwarded POSTs
	store   storage.Reader
	closer  func() error
}

// Open opens the ledger in PostgreSQL with pg, made a following reader
// (ReadOnly and Follow are set; pg.OnCommit, if any, is still called), and
// returns a replica over it. Close closes the store. Errors: ErrWriterURL
// (wrapped) for a bad Options.Writer, else opening the store's.
func Open(ctx context.Context, pg pgstore.Options, opts Options) (*Replica, error) {
	if _, err := writerURL(opts.Writer); err != nil {
		return nil, err
	}
	sig := NewSignal()
	onCommit := pg.OnCommit
	pg.ReadOnly, pg.Follow = true, true
	pg.OnCommit = func(version uint64) {
		sig.Fire()
		if onCommit != nil {
			onCommit(version)
		}
	}
	ps, err := pgstore.Open(ctx, pg)
	if err != nil {
		return nil, err
	}
	r, err := New(ps, sig, opts)
	if err != nil {
		ps.Close()
		return nil, err
	}
	r.closer = ps.Close
	return r, nil
}

// New returns a replica over store, a ledger the writer commits to, woken
// by commits at each commit that store can read (for a pgstore.Store
// opened with Follow, a Signal its OnCommit fires). Close does not close
// store. Errors: ErrWriterURL (wrapped) for a bad Options.Writer.
func New(store storage.Reader, commits handlers.Commits, opts Options) (*Replica, error) {
	writer, err := writerURL(opts.Writer)
	if err != nil {
		return nil, err
	}
	if store == nil || commits == nil {
		return nil, errors.New("replica: a store and its commit signal are required")
	}
	client := opts.Client
	if client == nil {
		client = &http.Client{Timeout: 5 * time.Second}
	}
	apiOpts := opts.API
	if apiOpts.PathPrefix == "" {
		apiOpts.PathPrefix = DefaultPathPrefix
	}
	apiOpts.SubmissionsForwarded = true
	prefix := apiOpts.PathPrefix
	api, err := handlers.New(handlers.Deps{
		Store: store, Commits: commits, Executor: opts.Executor, Modules: opts.Modules, Logger: opts.Logger,
		Pending: &writerPending{client: client, writer: writer.String(), store: store, commits: commits},
	}, apiOpts)
	if err != nil {
		return nil, err
	}
	replies := handlers.NewReplies(handlers.RepliesOptions{Logger: opts.Logger, MaxBodyBytes: apiOpts.MaxBodyBytes})
	log := opts.Logger
	proxy := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.Out.URL.Scheme, r.Out.URL.Host = writer.Scheme, writer.Host
			r.Out.URL.Path = writer.Path + strings.TrimPrefix(r.In.URL.Path, prefix)
			r.Out.URL.RawPath = ""
			r.Out.Host = writer.Host
			r.SetXForwarded()
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Warn().Err(err).Msg("forwarding a submission to the writer")
			replies.Error(w, r, ledgerapi.NewError(ledgerapi.CodeHealthCheckFailed,
				"the writer node did not answer the forwarded submission: %v", err))
		},
	}
	return &Replica{api: api, proxy: proxy, store: store,
		forward: map[string]bool{prefix + "/transactions": true, prefix + "/transactions/batch": true}}, nil
}

// writerURL parses Options.Writer.
func writerURL(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w; got %q", ErrWriterURL, s)
	}
	return u, nil
}

// ServeHTTP forwards POST /transactions and /transactions/batch to the
// writer and answers everything else from the replica's ledger; paths
// outside the prefix answer the API's 404.
func (r *Replica) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Method == http.MethodPost && r.forward[req.URL.Path] {
		r.proxy.ServeHTTP(w, req)
		return
	}
	r.api.ServeHTTP(w, req)
}

// Store returns the ledger the replica reads (for other readers of it,
// such as an indexer).
func (r *Replica) Store() storage.Reader { return r.store }

// Close closes the store Open opened (nothing for New).
func (r *Replica) Close() error {
	if r.closer == nil {
		return nil
	}
	return r.closer()
}
