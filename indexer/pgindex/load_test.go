package pgindex_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/indexer/pgindex"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestLoad measures p99 latency and requests per second of three SDK
// queries (processor_status, balances by owner, owned tokens) answered
// in memory and from PostgreSQL, through the GraphQL handler in process,
// by 4 concurrent clients for 3 s each. It is a measurement, not a check:
// it runs only with LEDGERNODE_PGINDEX_LOAD=1 (storage/BENCHMARKS.md):
//
//	LEDGERNODE_PGINDEX_LOAD=1 go test ./indexer/pgindex -run TestLoad -v
func TestLoad(t *testing.T) {
	if os.Getenv("LEDGERNODE_PGINDEX_LOAD") != "1" {
		t.Skip("a measurement: set LEDGERNODE_PGINDEX_LOAD=1")
	}
	const accounts, perBlock = 2000, 200
	c := newChain(t)
	p := pool(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	w := pgindex.NewWriter(p, ix)
	a := c.devs[0]
	c.run(a, collection("Cats"))
	for i := 0; i < 50; i++ {
		c.run(a, mint("Cats", "cat"+string(rune('A'+i%26))+string(rune('a'+i/26))))
	}
	block := func(first int) {
		for j := first; j < first+perBlock; j++ {
			to := ledgerapi.Address{0: 0x42, 30: byte(j >> 8), 31: byte(j)}
			from := c.devs[j%len(c.devs)]
			seq := c.seqs[from.Address]
			c.seqs[from.Address] = seq + 1
			st := from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(to, uint64(j+1)),
				MaxGasAmount: 200000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: chainID})
			b := st.Bytes()
			if _, err := c.node.Submit(context.Background(), st, b, txn.UserTransactionHash(b)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := c.node.Mine(context.Background(), 1, true); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < accounts; i += perBlock {
		block(i)
	}
	if _, _, err := ix.LastVersion(context.Background()); err != nil { // index first: time the flush alone
		t.Fatal(err)
	}
	start := time.Now()
	flush(t, w, c.latest())
	t.Logf("full flush of %d versions: %s", c.latest()+1, time.Since(start))
	block(accounts)
	if _, _, err := ix.LastVersion(context.Background()); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	flush(t, w, c.latest())
	t.Logf("flush of one block of %d transfers: %s", perBlock, time.Since(start))
	r := pgindex.NewReader(p, pgindex.ReaderOptions{})
	owner := ledgerapi.Address{0: 0x42, 30: 3, 31: 7}.LongString()
	queries := []struct{ name, q string }{
		{"processor_status", `{processor_status { processor last_success_version }}`},
		{"balances by owner", `{current_fungible_asset_balances(where: {owner_address: {_eq: "` + owner + `"}}, order_by: {amount: desc}) { amount asset_type metadata { symbol decimals } }}`},
		{"owned tokens", `{current_token_ownerships_v2(where: {owner_address: {_eq: "` + a.Address.LongString() + `"}, amount: {_gt: 0}}) { token_data_id amount current_token_data { token_name current_collection { collection_name } } }}`},
	}
	for _, src := range []struct {
		name string
		s    gql.Source
	}{{"in memory", ix}, {"PostgreSQL", r}} {
		h, err := gql.NewHandler(indexer.Schema(), src.s, gql.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range queries {
			body, _ := json.Marshal(map[string]any{"query": q.q})
			n, p99 := load(t, h, string(body), 4, 3*time.Second)
			t.Logf("| %s | %s | %.0f | %s |", q.name, src.name, float64(n)/3, p99)
		}
	}
}

// load runs body against h from clients goroutines for d and returns the
// requests answered and their p99 latency.
func load(t *testing.T, h http.Handler, body string, clients int, d time.Duration) (int, time.Duration) {
	var mu sync.Mutex
	var lat []time.Duration
	end := time.Now().Add(d)
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(end) {
				start := time.Now()
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/graphql", strings.NewReader(body)))
				mine = append(mine, time.Since(start))
				if !strings.Contains(rec.Body.String(), `"data"`) || strings.Contains(rec.Body.String(), "[]}") {
					t.Errorf("answer: %s", rec.Body.String())
					return
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(lat) == 0 {
		return 0, 0
	}
	slices.Sort(lat)
	return len(lat), lat[len(lat)*99/100]
}
