package handlers

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"
	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/storage"
)

// Deps are the backends the API reads and writes through. Store is required.
type Deps struct {
	// Store is the committed ledger.
	Store storage.Reader
	// Submitter accepts transactions (optional: without it submission
	// endpoints answer 403 api_disabled).
	Submitter Submitter
	// Commits signals commits, which wake wait_by_hash (optional: without
	// it wait_by_hash answers at once, like by_hash). A node is both
	// Submitter and Commits; a read-only replica only Commits.
	Commits Commits
	// Executor runs views and simulations (optional: without it those
	// endpoints answer 403 api_disabled).
	Executor Executor
	// Pending finds transactions waiting in the mempool (optional).
	Pending Pending
	// Modules describes the Move modules stored at each version: ABIs for
	// the module endpoints, layouts to render stored BCS (resources,
	// events, table items, view results, arguments) as JSON, and function
	// signatures to convert JSON arguments (optional: without it values
	// render as hex, ABIs as null, and JSON arguments are refused).
	Modules Modules
	// Logger receives internal errors (default: discard).
	Logger zerolog.Logger
	// Now is the wall clock (default time.Now).
	Now func() time.Time
	// NodeRole is reported by GET / ("full_node" by default).
	NodeRole string
}

// Options are the API's limits and switches. The zero value gives the real
// node's defaults.
type Options struct {
	// MaxTransactionsPageSize bounds limit on transaction listings (default 100).
	MaxTransactionsPageSize int
	// DefaultPageSize is the limit when none is given (default 25).
	DefaultPageSize int
	// MaxBlockTransactionsPageSize bounds the transactions inlined in a block (default 10000).
	MaxBlockTransactionsPageSize int
	// MaxBodyBytes bounds request bodies (default 8 MiB); larger ones get 413.
	MaxBodyBytes int64
	// MaxEventsPageSize bounds limit on event listings (default 100).
	MaxEventsPageSize int
	// MaxBatchSize bounds POST /transactions/batch (default 10).
	MaxBatchSize int
	// DisableSubmission answers submit and batch with 403 api_disabled.
	DisableSubmission bool
	// SubmissionsForwarded says the host hands POST /transactions and
	// /transactions/batch to another node before they reach the API (an
	// API replica forwards them to its writer; see package replica): GET
	// /info then reports transaction_submission_enabled without a Submitter.
	SubmissionsForwarded bool
	// DisableSimulation answers simulate with 403 api_disabled.
	DisableSimulation bool
	// Disabled turns off operations by operation id (for example
	// "encode_submission" or "view"): they answer 403 api_disabled.
	Disabled map[string]bool
	// WaitByHashTimeout bounds the wait_by_hash long poll (default 1 s).
	WaitByHashTimeout time.Duration
	// MaxWaiters bounds concurrent wait_by_hash long polls (default 100);
	// beyond it wait_by_hash answers like by_hash.
	MaxWaiters int
	// PathPrefix is the URL prefix the API is mounted under when the host
	// hands it requests with the prefix still on (for example "/v1"): the
	// API strips it itself, which saves http.StripPrefix's copy of every
	// request. Empty when the host strips the prefix.
	PathPrefix string
	// RenderCacheEntries sizes the caches of rendered JSON: committed
	// transactions by version, Move values by type and bytes, converted JSON
	// view requests by body, and view results by (ledger version, request
	// body, formats) (default 4096 each; negative disables them).
	RenderCacheEntries int
	// MaxConcurrentViews bounds the views and simulations executing at
	// once, together (default runtime.GOMAXPROCS - 1, at least 1: they are
	// CPU-bound, so more slots add no throughput, and one processor stays
	// free for everything else; negative: no bound). See admission.go.
	MaxConcurrentViews int
	// ViewQueueTimeout is how long a view or simulation that finds every
	// slot busy waits for one before answering 503 health_check_failed
	// with Retry-After (default 100 ms; negative: no wait, 503 at once).
	ViewQueueTimeout time.Duration
	// ViewTimeout bounds the time one view or simulation may execute
	// (default 2 s, twice the wall time the gas limits are calibrated
	// for; negative: no bound). Past it the call answers 503
	// health_check_failed and the executor's context is cancelled.
	ViewTimeout time.Duration
	// GitHash is the git_hash GET / reports (default: BuildRevision()).
	// Hosts that know the revision of what they run better than the Go
	// build info does set it here.
	GitHash string
}

func (o *Options) withDefaults() {
	if o.MaxTransactionsPageSize <= 0 {
		o.MaxTransactionsPageSize = 100
	}
	if o.DefaultPageSize <= 0 {
		o.DefaultPageSize = 25
	}
	if o.MaxBlockTransactionsPageSize <= 0 {
		o.MaxBlockTransactionsPageSize = 10000
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.MaxEventsPageSize <= 0 {
		o.MaxEventsPageSize = 100
	}
	if o.MaxBatchSize <= 0 {
		o.MaxBatchSize = 10
	}
	if o.WaitByHashTimeout <= 0 {
		o.WaitByHashTimeout = time.Second
	}
	if o.MaxWaiters <= 0 {
		o.MaxWaiters = 100
	}
	if o.RenderCacheEntries == 0 {
		o.RenderCacheEntries = 4096
	}
	if o.GitHash == "" {
		o.GitHash = BuildRevision()
	}
	if o.MaxConcurrentViews == 0 {
		o.MaxConcurrentViews = defaultMaxConcurrentViews()
	}
	if o.ViewQueueTimeout == 0 {
		o.ViewQueueTimeout = DefaultViewQueueTimeout
	}
	if o.ViewTimeout == 0 {
		o.ViewTimeout = DefaultViewTimeout
	}
}

// API is the REST interface as an http.Handler. It does not know its URL
// prefix: mount it under /v1 (http.StripPrefix, or Register on a subrouter).
type API struct {
	deps     Deps
	opts     Options
	router   *router
	cache    renderCache
	mods     *lru.Cache[modsKey, modules.Resolver] // module resolvers by version
	reverter storage.Reverter                      // Deps.Store's, if it can revert
	headers  headerCache
	waiters  chan struct{} // semaphore of wait_by_hash slots
	limiter  *execLimiter  // admission of views and simulations
}

// New builds the API.
func New(deps Deps, opts Options) (*API, error) {
	if deps.Store == nil {
		return nil, errors.New("handlers: Deps.Store is required")
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if deps.NodeRole == "" {
		deps.NodeRole = "full_node"
	}
	opts.withDefaults()
	a := &API{deps: deps, opts: opts, cache: newRenderCache(opts.RenderCacheEntries), waiters: make(chan struct{}, opts.MaxWaiters)}
	a.limiter = newExecLimiter(&a.opts)
	a.mods, _ = lru.New[modsKey, modules.Resolver](moduleVersions)
	a.reverter, _ = deps.Store.(storage.Reverter)
	a.router = newRouter()
	for _, rt := range a.routes() {
		a.router.handle(rt.method, rt.path, a.wrap(a.enabled(rt)))
	}
	return a, nil
}

// reverts is the store's revert count (0 for a store that cannot revert).
// Caches of data keyed by version key it too, read before the data.
func (a *API) reverts() uint64 {
	if a.reverter == nil {
		return 0
	}
	return a.reverter.Reverts()
}

// ServeHTTP serves the API with paths relative to its mount point.
// The mount point itself ("/v1" with the prefix stripped to "") is the
// ledger info, as clients request it without a trailing slash.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if p := a.opts.PathPrefix; p != "" {
		rest, ok := strings.CutPrefix(path, p)
		if !ok || (rest != "" && rest[0] != '/') {
			a.writeError(w, r, frameworkError(http.StatusNotFound, "no route for %s %s", r.Method, path))
			return
		}
		path = rest
	}
	if path == "" {
		path = "/"
	}
	h, found := a.router.match(r, path)
	switch {
	case h != nil:
		h.ServeHTTP(w, r)
	case found:
		a.writeError(w, r, frameworkError(http.StatusMethodNotAllowed, "method %s is not allowed on %s", r.Method, path))
	default:
		a.writeError(w, r, frameworkError(http.StatusNotFound, "no route for %s %s", r.Method, path))
	}
}

// Register adds every route to r, a gorilla/mux router whose paths are
// relative to the API's mount point. On a PathPrefix subrouter the bare
// mount point ("/v1" without a slash), unknown routes and wrong methods are
// left to the host router; mounting the API itself with http.StripPrefix
// (see examples/mount) keeps all of them, with the API's JSON errors.
func (a *API) Register(r *mux.Router) {
	for _, rt := range a.routes() {
		r.Handle(rt.path, a.wrap(a.enabled(rt))).Methods(rt.method).Name(rt.operationID)
	}
}

// enabled is the route's handler, or the api_disabled answer when
// Options.Disabled switches the operation off.
func (a *API) enabled(rt route) handlerFunc {
	if a.opts.Disabled[rt.operationID] {
		return disabled(rt.operationID)
	}
	return rt.handler
}

// disabled answers an operation switched off in Options.Disabled.
func disabled(operationID string) handlerFunc {
	return func(*http.Request) (*reply, error) {
		return nil, ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "%s is disabled on this endpoint", operationID)
	}
}
