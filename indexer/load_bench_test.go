package indexer_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The queries the SDKs send most, over HTTP on loopback.
var loadQueries = map[string]string{
	"processor_status": `{"query":"query P($p: String) { processor_status(where: {processor: {_eq: $p}}) { last_success_version processor last_updated } }","variables":{"p":"fungible_asset_processor"}}`,
	"balances":         `{"query":"query B($a: String) { current_fungible_asset_balances(where: {owner_address: {_eq: $a}}, offset: 0, limit: 10) { amount asset_type is_frozen is_primary owner_address storage_id token_standard metadata { symbol decimals } } }","variables":{"a":"%s"}}`,
	"owned_tokens":     `{"query":"query T($a: String) { current_token_ownerships_v2(where: {owner_address: {_eq: $a}, amount: {_gt: 0}}) { token_data_id amount current_token_data { token_name current_collection { collection_name } } } }","variables":{"a":"%s"}}`,
}

// BenchmarkIndexerQueries runs each query from 16 concurrent clients
// against the GraphQL endpoint over an index of 2,000 transfers (fresh
// accounts) and reports requests per second and the p99 latency.
//
//	go test -run '^$' -bench IndexerQueries -benchtime 2000x ./indexer
func BenchmarkIndexerQueries(b *testing.B) {
	c := newChain(b)
	for i := 0; i < 2000; i++ {
		c.submit(c.devs[i%3].Sign(c.raw(c.devs[i%3].Address, vmstub.TransferPayload(fresh(byte(i)), 1))))
		if i%50 == 49 {
			c.mine()
		}
	}
	ix := indexer.New(c.store, indexer.Options{})
	if _, err := ix.Rows(context.Background(), "processor_status"); err != nil {
		b.Fatal(err)
	}
	h, err := gql.NewHandler(indexer.Schema(), ix, gql.Options{})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	owner := c.devs[0].Address.String()
	for _, name := range []string{"processor_status", "balances", "owned_tokens"} {
		body := loadQueries[name]
		if name != "processor_status" {
			body = fmt.Sprintf(body, owner)
		}
		b.Run(name, func(b *testing.B) {
			const clients = 16
			var mu sync.Mutex
			lat := make([]time.Duration, 0, b.N)
			work := make(chan struct{}, b.N)
			for range b.N {
				work <- struct{}{}
			}
			close(work)
			start := time.Now()
			var wg sync.WaitGroup
			for range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range work {
						t0 := time.Now()
						resp, err := http.Post(srv.URL, "application/json", bytes.NewBufferString(body))
						if err != nil {
							b.Error(err)
							return
						}
						var out bytes.Buffer
						out.ReadFrom(resp.Body) //nolint:errcheck
						resp.Body.Close()
						if resp.StatusCode != 200 || bytes.Contains(out.Bytes(), []byte(`"errors"`)) {
							b.Errorf("%d %s", resp.StatusCode, out.String())
							return
						}
						d := time.Since(t0)
						mu.Lock()
						lat = append(lat, d)
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			elapsed := time.Since(start)
			slices.Sort(lat)
			if len(lat) > 0 {
				b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			}
		})
	}
}
