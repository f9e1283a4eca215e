// Command server runs the bundled local ledger node: an in-memory ledger
// with prefunded dev accounts, the REST API under /v1 and a faucet.
//
//	go run ./examples/server                 # API on 127.0.0.1:8080/v1, faucet on 127.0.0.1:8081
//	go run ./examples/server -accounts 3 -block-interval 500ms
//	go run ./examples/server -postgres postgres://user@db/ledger            # the writer, over PostgreSQL
//	go run ./examples/server -postgres postgres://user@db/ledger -addr 127.0.0.1:8090 \
//	    -forward http://127.0.0.1:8080/v1                                  # an API replica of it
package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rs/zerolog"
	"github.com/rs/zerolog/diode"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/vmstub"
)

type config struct {
	addr, faucetAddr string
	chainID          uint
	blockInterval    time.Duration
	idleInterval     time.Duration
	pruneWindow      uint64
	accounts         int
	seed, logLevel   string
	dataDir          string
	pprofAddr        string
	quiet            bool
	moveDebug        bool
	gcPercent        int
	admissionConfig
	indexerConfig
	readyConfig
	pgConfig
}

func main() {
	var c config
	flag.StringVar(&c.addr, "addr", "127.0.0.1:8080", "API listen address (served under /v1)")
	flag.StringVar(&c.faucetAddr, "faucet-addr", "127.0.0.1:8081", "faucet listen address (empty disables the faucet)")
	flag.UintVar(&c.chainID, "chain-id", 4, "chain id")
	flag.DurationVar(&c.blockInterval, "block-interval", 0, "time between blocks (0 = a block as soon as transactions are ready)")
	flag.DurationVar(&c.idleInterval, "idle-block-interval", time.Second, "while no transaction is waiting, commit an empty block this often, and one at start, so the ledger clock moves as on a real network (0 = blocks only for transactions)")
	flag.Uint64Var(&c.pruneWindow, "prune-window", 0, "number of recent versions to keep (0 = keep everything)")
	flag.IntVar(&c.accounts, "accounts", 10, "number of prefunded dev accounts")
	flag.StringVar(&c.seed, "seed", "ledgernode", "seed of the dev and faucet keys")
	flag.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	flag.StringVar(&c.dataDir, "data-dir", "", "directory of a persistent ledger (Pebble); empty keeps the ledger in memory")
	flag.BoolVar(&c.quiet, "quiet", false, "do not print the dev accounts")
	flag.BoolVar(&c.moveDebug, "move-debug", true, "log what std::debug::print and print_stack_trace write in executed transactions (info level, field txn; false drops it as Aptos's production VM does)")
	flag.StringVar(&c.pprofAddr, "pprof", "", "serve net/http/pprof on this address (for profiling; empty disables)")
	flag.IntVar(&c.gcPercent, "gc-percent", 200, "Go garbage collector target percentage while the live heap is under 256 MiB, Go's default 100 above (GOGC in the environment takes precedence; -1 disables collection)")
	c.admissionConfig.flags()
	c.indexerConfig.flags()
	c.readyConfig.flags()
	c.pgConfig.flags()
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "ledgernode:", err)
		os.Exit(1)
	}
}

func run(c config) error {
	start := time.Now()
	if os.Getenv("GOGC") == "" {
		// A local node's live heap is usually small: a higher collector
		// target spends less CPU per transaction for some memory, until
		// the heap grows large (gctune.go, BENCHMARKS.md).
		gcCtx, stopGC := context.WithCancel(context.Background())
		defer stopGC()
		go tuneGC(gcCtx, c.gcPercent, 2*time.Second)
	}
	level, err := zerolog.ParseLevel(c.logLevel)
	if err != nil {
		return fmt.Errorf("-log-level: %w", err)
	}
	// Log lines go through a ring buffer drained by its own goroutine, so a
	// slow stderr never stalls requests; lines dropped under overload are
	// counted.
	// The diode closes what it writes to when it is closed: it gets stderr
	// behind a wrapper, so that main can still print run's error after it.
	logOut := diode.NewWriter(struct{ io.Writer }{os.Stderr}, 4096, 10*time.Millisecond, func(missed int) {
		fmt.Fprintf(os.Stderr, "ledgernode: %d log lines dropped\n", missed)
	})
	defer logOut.Close()
	log := zerolog.New(logOut).Level(level).With().Timestamp().Logger()
	if c.chainID == 0 || c.chainID > 255 {
		return fmt.Errorf("-chain-id must be within 1..255, got %d", c.chainID)
	}

	devs := c.accounts
	if devs == 0 {
		devs = -1 // vmstub reads 0 as "the default"; the flag means none
	}
	opts := vmstub.Options{ChainID: uint8(c.chainID), DevAccounts: devs, Seed: c.seed}
	if c.moveDebug {
		opts.DebugPrint = func(txn ledgerapi.HashValue, msg string) { log.Info().Str("txn", txn.String()).Msg(msg) }
	}
	vm, err := vmstub.New(opts)
	if err != nil {
		return err
	}
	if c.forward != "" {
		return runReplica(c, vm, log, start)
	}
	store, closeStore, err := openStore(c)
	if err != nil {
		return err
	}
	defer closeStore()
	if err := loadStateFile(store, uint8(c.chainID), log); err != nil { // -load-state (dev.go)
		return err
	}
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{ChainID: uint8(c.chainID), BlockInterval: c.blockInterval, IdleBlockInterval: c.idleInterval, Logger: log})
	if err != nil {
		return err
	}
	if err := n.Start(context.Background()); err != nil {
		return err
	}
	defer n.Close()

	api, err := handlers.New(handlers.Deps{
		Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm, Logger: log,
	}, c.apiOptions())
	if err != nil {
		return err
	}
	router := http.NewServeMux()
	router.Handle("/{$}", http.RedirectHandler("/v1", http.StatusFound))
	router.Handle("/v1", api)  // the ledger info, as clients request it
	router.Handle("/v1/", api) // everything else; "/v1foo" stays outside

	mountDev(router, n, vm, log) // -dev-api, -auto-impersonate (dev.go)
	h := middleware.Chain(router, middleware.Linger(2*handlers.DefaultMaxBodyBytes),
		middleware.RequestID(), middleware.AccessLog(log, nil), middleware.Recover(log),
		middleware.CORS()) // request bodies are bounded by the API itself (413); Linger answers unread ones readably

	apiLn, err := listen("addr", c.addr)
	if err != nil {
		return err
	}
	servers := []*http.Server{newServer(h)}
	listeners := []net.Listener{apiLn}
	if c.faucetAddr != "" {
		fLn, err := listen("faucet-addr", c.faucetAddr)
		if err != nil {
			return err
		}
		f := &faucet{node: n, vm: vm, root: vm.Root(), chainID: uint8(c.chainID)}
		servers = append(servers, newServer(middleware.Chain(f.handler(), middleware.Linger(2*handlers.DefaultMaxBodyBytes), middleware.CORS(), middleware.Recover(log))))
		listeners = append(listeners, fLn)
	}
	iSrv, iLn, idx, err := listenIndexer(&c.indexerConfig, store, vm, c.dataDir, c.pruneWindow, log, pgIndex{dsn: c.postgres, timeout: c.pgTimeout})
	if err != nil {
		return err
	} else if iSrv != nil {
		servers = append(servers, iSrv)
		listeners = append(listeners, iLn)
	}
	// Last: the readiness endpoint says every service above is up.
	if rSrv, rLn, err := listenReady(&c.readyConfig, readyServices(apiLn.Addr().String(), c.faucetAddr, c.indexerAddr), log); err != nil {
		return err
	} else if rSrv != nil {
		servers = append(servers, rSrv)
		listeners = append(listeners, rLn)
	}
	if c.pprofAddr != "" {
		pLn, err := listen("pprof", c.pprofAddr)
		if err != nil {
			return err
		}
		pmux := http.NewServeMux()
		pmux.HandleFunc("/debug/pprof/", pprof.Index)
		pmux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		pmux.HandleFunc("/debug/pprof/trace", pprof.Trace)
		pmux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		servers = append(servers, &http.Server{Handler: pmux, ReadHeaderTimeout: 5 * time.Second})
		listeners = append(listeners, pLn)
	}
	errc := make(chan error, len(servers))
	for i := range servers {
		go func(s *http.Server, ln net.Listener) { errc <- s.Serve(ln) }(servers[i], listeners[i])
	}
	printBanner(c, vm, apiLn.Addr().String(), time.Since(start))

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
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, s := range servers {
		s.Shutdown(ctx)
	}
	idx.close(log) // before the store closes
	return nil
}

// listen listens on addr, the value of the flag named flagName; its error
// names both, so that a taken port says which flag moves it.
func listen(flagName, addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	var sysErr *os.SyscallError
	if errors.As(err, &sysErr) {
		err = sysErr.Err // "address already in use", without "listen tcp ...: bind:"
	}
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, fmt.Errorf("cannot listen on %s: %w (another process holds it; choose another address with -%s)", addr, err, flagName)
	}
	return nil, fmt.Errorf("cannot listen on %s (-%s): %w", addr, flagName, err)
}

// listenOptional listens for an optional service on *addr, the value of
// the flag named flagName, whose default is def. An empty address
// disables the service (nil listener). The default port may be another
// program's (an Aptos localnet's): then the node runs without the service
// rather than not at all, says so, and empties *addr; any other address
// that cannot be listened on is an error.
func listenOptional(flagName string, addr *string, def, service string, log zerolog.Logger) (net.Listener, error) {
	if *addr == "" {
		return nil, nil
	}
	ln, err := listen(flagName, *addr)
	if err != nil && *addr == def {
		log.Warn().Err(err).Msgf("%s disabled: its default address is taken (set -%s)", service, flagName)
		*addr = ""
		return nil, nil
	}
	return ln, err
}

// openStore opens the ledger: in memory, or with -data-dir a Pebble
// database behind the LRU read cache, continuing the ledger it holds.
func openStore(c config) (storage.ReadWriter, func() error, error) {
	if c.postgres != "" {
		return openPostgres(c)
	}
	if c.dataDir == "" {
		return memstore.New(memstore.Options{ChainID: uint8(c.chainID), PruneWindow: c.pruneWindow}), func() error { return nil }, nil
	}
	ps, err := pebblestore.Open(c.dataDir, pebblestore.Options{ChainID: uint8(c.chainID), PruneWindow: c.pruneWindow})
	if err != nil {
		return nil, nil, fmt.Errorf("-data-dir: %w", err)
	}
	if info, err := ps.LedgerInfo(context.Background()); err == nil && info.ChainID != uint8(c.chainID) {
		ps.Close()
		return nil, nil, fmt.Errorf("-data-dir %s holds a ledger of chain id %d, not %d", c.dataDir, info.ChainID, c.chainID)
	}
	if err := checkModules(context.Background(), ps, c.dataDir); err != nil {
		ps.Close()
		return nil, nil, err
	}
	return lrucache.New(ps, lrucache.Options{}), ps.Close, nil
}

// newServer sets the timeouts that keep slow or stuck clients from holding
// connections (slowloris); the write timeout leaves room for wait_by_hash.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}

func printBanner(c config, vm *vmstub.VM, apiAddr string, took time.Duration) {
	fmt.Printf("ledgernode ready in %s: chain id %d\n", took.Round(time.Millisecond), c.chainID)
	fmt.Printf("  API     http://%s/v1\n", apiAddr)
	if c.faucetAddr != "" {
		fmt.Printf("  faucet  http://%s (POST /fund, POST /mint)\n", c.faucetAddr)
	}
	if c.indexerAddr != "" {
		fmt.Printf("  indexer http://%s%s (GraphQL)\n", c.indexerAddr, indexerPath)
	}
	if c.readyAddr != "" {
		fmt.Printf("  ready   http://%s/ (readiness, as a localnet answers it)\n", c.readyAddr)
	}
	if c.quiet {
		return
	}
	fmt.Println("\nDev accounts (ed25519):")
	for _, a := range vm.DevAccounts() {
		fmt.Printf("  (%d) %s  private key 0x%s\n", a.Index, a.Address, hex.EncodeToString(a.PrivateKey.Seed()))
	}
	fmt.Println()
}
