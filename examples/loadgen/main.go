// Command loadgen drives a running node over HTTP and reports throughput and
// latency.
//
//	loadgen -mode submit -url http://127.0.0.1:8080/v1 -senders 64 -n 20000 -c 64
//	loadgen -mode read -read resource -url http://127.0.0.1:8080/v1 -c 64 -duration 10s
//	loadgen -mode bare -addr 127.0.0.1:18090      # the bound: a bare net/http handler
//	loadgen -mode verify                          # the bound: Ed25519 verifications/s
//
// submit pre-signs N transfers from S senders offline (the server's
// prefunded dev accounts, derived from -seed; senders beyond -accounts are
// funded through -faucet first), submits them as BCS with C concurrent
// connections keeping each sender's order, waits until every one is
// committed, and prints accepted/rejected counts, submit and commit
// throughput, and p50/p99 submit latency and submit→commit latency. It
// exits non-zero if any accepted transaction is not committed with
// success. -rate caps the offered load (transactions/s) for latency runs;
// with it, submit→commit latency is timed per transaction with
// wait_by_hash long polls (up to 32 at a time), without it from the
// poller's observations (an upper bound).
//
// read drives one hot endpoint (resource, version, view, any path with
// -path, or an indexer query at -indexer: processor_status, balances,
// owned_tokens) with C connections for -duration and prints requests/s and
// p50/p99 latency. Run it against -mode bare to measure the bound on the
// same machine with the same client.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"time"
)

type config struct {
	mode       string
	url        string
	faucet     string
	addr       string
	seed       string
	accounts   int
	senders    int
	n          int
	c          int
	rate       float64
	read       string
	path       string
	indexer    string
	pause      time.Duration
	duration   time.Duration
	timeout    time.Duration
	serverPID  int
	cpuProfile string
}

func main() {
	var c config
	flag.StringVar(&c.mode, "mode", "submit", "submit, read, bare or verify")
	flag.StringVar(&c.url, "url", "http://127.0.0.1:8080/v1", "the node's API base URL")
	flag.StringVar(&c.faucet, "faucet", "http://127.0.0.1:8081", "the faucet, for senders beyond -accounts")
	flag.StringVar(&c.addr, "addr", "127.0.0.1:18090", "listen address of -mode bare")
	flag.StringVar(&c.seed, "seed", "ledgernode", "the server's -seed (derives its dev accounts)")
	flag.IntVar(&c.accounts, "accounts", 10, "the server's -accounts (prefunded dev accounts)")
	flag.IntVar(&c.senders, "senders", 64, "submit: number of sending accounts")
	flag.IntVar(&c.n, "n", 10000, "submit: number of transfers")
	flag.IntVar(&c.c, "c", 64, "concurrent connections")
	flag.Float64Var(&c.rate, "rate", 0, "submit: offered load in transactions/s (0: as fast as possible)")
	flag.StringVar(&c.read, "read", "resource", "read: resource, version, view, path, or an indexer query: processor_status, balances, owned_tokens")
	flag.StringVar(&c.indexer, "indexer", "http://127.0.0.1:8090/v1/graphql", "read: the indexer's GraphQL URL for indexer queries")
	flag.StringVar(&c.path, "path", "/", "read: the path under -url for -read path")
	flag.DurationVar(&c.pause, "pause", 0, "read: each connection's pause between requests (0: none)")
	flag.DurationVar(&c.duration, "duration", 10*time.Second, "read: how long to run")
	flag.DurationVar(&c.timeout, "timeout", 5*time.Minute, "submit: how long to wait for commits")
	flag.IntVar(&c.serverPID, "server-pid", 0, "submit: sample this local process's RSS while running")
	flag.StringVar(&c.cpuProfile, "cpuprofile", "", "write the load generator's own CPU profile to this file")
	flag.Parse()
	if c.cpuProfile != "" {
		f, err := os.Create(c.cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, c, os.Stdout); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, c config, out io.Writer) error {
	if c.c <= 0 {
		return fmt.Errorf("-c must be positive")
	}
	switch c.mode {
	case "submit":
		_, err := runSubmit(ctx, c, out)
		return err
	case "read":
		_, err := runRead(ctx, c, out)
		return err
	case "bare":
		return runBare(ctx, c.addr, out)
	case "verify":
		runVerify(out)
		return nil
	}
	return fmt.Errorf("unknown -mode %q", c.mode)
}
