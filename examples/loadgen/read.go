package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ledgernode/ledgernode/vmstub"
)

// readResult is what a read run measured.
type readResult struct {
	Requests, Errors int
	PerSec           float64
	P50, P99         time.Duration
}

// readTarget returns the method, URL and body of the -read endpoint.
func readTarget(ctx context.Context, cl *http.Client, c config) (method, url string, body []byte, err error) {
	dev := vmstub.DevAccounts(c.seed, 1)[0].Address.String()
	switch c.read {
	case "resource":
		return "GET", c.url + "/accounts/" + dev + "/resource/0x1::account::Account", nil, nil
	case "version":
		// The latest user transaction, found from the ledger's tail.
		var txns []struct {
			Type    string `json:"type"`
			Version string `json:"version"`
		}
		if err := getJSON(ctx, cl, c.url+"/transactions?limit=100", &txns); err != nil {
			return "", "", nil, err
		}
		v := ""
		for _, t := range txns {
			if t.Type == "user_transaction" {
				v = t.Version
			}
		}
		if v == "" {
			if len(txns) == 0 {
				return "", "", nil, errors.New("no transactions to read")
			}
			v = txns[len(txns)-1].Version
		}
		return "GET", c.url + "/transactions/by_version/" + v, nil, nil
	case "view":
		return "POST", c.url + "/view", []byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + dev + `"]}`), nil
	case "path":
		return "GET", c.url + c.path, nil, nil
	}
	if q, ok := graphQLQueries[c.read]; ok {
		return "POST", c.indexer, []byte(strings.ReplaceAll(q, "$ADDR", dev)), nil
	}
	return "", "", nil, fmt.Errorf("unknown -read %q", c.read)
}

func runRead(ctx context.Context, c config, out io.Writer) (*readResult, error) {
	cl := newClient(c.c)
	method, url, body, err := readTarget(ctx, cl, c)
	if err != nil {
		return nil, err
	}
	ct := ""
	if body != nil {
		ct = "application/json"
	}
	// One warm-up request: it must succeed (a GraphQL answer without
	// errors: they come with status 200).
	if status, b, err := do(ctx, cl, method, url, ct, body); err != nil || status != http.StatusOK || graphQLFailed(c.read, b) {
		return nil, fmt.Errorf("%s %s: %d %v %.200s", method, url, status, err, b)
	}
	runCtx, cancel := context.WithTimeout(ctx, c.duration)
	defer cancel()
	var mu sync.Mutex
	var all []time.Duration
	var errs atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range c.c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, 4096)
			for runCtx.Err() == nil {
				t0 := time.Now()
				status, _, err := do(runCtx, cl, method, url, ct, body)
				if runCtx.Err() != nil {
					break
				}
				if err != nil || status != http.StatusOK {
					errs.Add(1)
					continue
				}
				local = append(local, time.Since(t0))
				if c.pause > 0 {
					select { // as a client polling at intervals (the SDKs' waitForIndexer: 200ms)
					case <-runCtx.Done():
					case <-time.After(c.pause):
					}
				}
			}
			mu.Lock()
			all = append(all, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	s := sortedCopy(all)
	r := &readResult{Requests: len(s), Errors: int(errs.Load()), PerSec: float64(len(s)) / elapsed.Seconds(),
		P50: percentile(s, 50), P99: percentile(s, 99)}
	fmt.Fprintf(out, "read %s %s: %d requests in %s, %d errors\n", method, strings.TrimPrefix(url, c.url), r.Requests, elapsed.Round(time.Millisecond), r.Errors)
	fmt.Fprintf(out, "throughput %.0f req/s, latency p50 %s p99 %s\n", r.PerSec, ms(r.P50), ms(r.P99))
	if r.Errors > 0 {
		return r, fmt.Errorf("%d requests failed", r.Errors)
	}
	return r, nil
}

// graphQLQueries are the indexer queries -read names, as the SDKs send
// them: fundAccount's wait, an account's balances with their metadata,
// and its owned tokens with token data and collection. $ADDR is the first
// dev account.
var graphQLQueries = map[string]string{
	"processor_status": `{"query":"query getProcessorStatus($p: String) { processor_status(where: {processor: {_eq: $p}}) { last_success_version processor last_updated } }","variables":{"p":"fungible_asset_processor"}}`,
	"balances":         `{"query":"query getCurrentFungibleAssetBalances($a: String) { current_fungible_asset_balances(where: {owner_address: {_eq: $a}}, offset: 0, limit: 10) { amount asset_type is_frozen is_primary owner_address storage_id token_standard metadata { symbol decimals } } }","variables":{"a":"$ADDR"}}`,
	"owned_tokens":     `{"query":"query getAccountOwnedTokens($a: String) { current_token_ownerships_v2(where: {owner_address: {_eq: $a}, amount: {_gt: 0}}) { token_data_id amount current_token_data { token_name current_collection { collection_name } } } }","variables":{"a":"$ADDR"}}`,
}

// graphQLFailed reports whether b, the answer to -read target read, is a
// GraphQL answer with errors.
func graphQLFailed(read string, b []byte) bool {
	_, ok := graphQLQueries[read]
	return ok && (bytes.Contains(b, []byte(`"errors"`)) || !bytes.HasPrefix(b, []byte(`{"data"`)))
}

// bareBody is the bound's response: a fixed JSON body of about the size of
// an account resource answer.
var bareBody = []byte(`{"type":"0x1::account::Account","data":{"authentication_key":"0x` + strings.Repeat("ab", 32) +
	`","sequence_number":"0","guid_creation_num":"2","padding":"` + strings.Repeat("x", 110) + `"}}`)

// bareHandler is a bare net/http handler writing bareBody: what one request
// costs with nothing but HTTP.
func bareHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(bareBody)
	})
}

func runBare(ctx context.Context, addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: bareHandler(), ReadHeaderTimeout: 5 * time.Second}
	fmt.Fprintf(out, "bare handler (%d-byte JSON) on http://%s\n", len(bareBody), ln.Addr())
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// runVerify measures crypto/ed25519.Verify: one core, then all cores.
func runVerify(out io.Writer) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	msg := make([]byte, 200)
	sig := ed25519.Sign(priv, msg)
	measure := func(workers int) float64 {
		var n atomic.Int64
		var wg sync.WaitGroup
		deadline := time.Now().Add(2 * time.Second)
		start := time.Now()
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(deadline) {
					ed25519.Verify(pub, msg, sig)
					n.Add(1)
				}
			}()
		}
		wg.Wait()
		return float64(n.Load()) / time.Since(start).Seconds()
	}
	one := measure(1)
	all := measure(runtime.GOMAXPROCS(0))
	fmt.Fprintf(out, "ed25519 verify: %.0f/s on one core (%.1f µs each), %.0f/s on %d cores\n", one, 1e6/one, all, runtime.GOMAXPROCS(0))
}
