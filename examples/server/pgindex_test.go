package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

// graphql posts query to the GraphQL endpoint at addr and returns the body.
func graphql(t *testing.T, addr, query string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query})
	resp, err := client.Post("http://"+addr+indexerPath, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReplicaAnswersGraphQLFromPostgres runs a writer over PostgreSQL and
// an API replica of it: the writer flushes its index into the database,
// and the replica's GraphQL (answered from the database) reaches the
// writer's version and answers a balance query as the writer's in-memory
// index does.
func TestReplicaAnswersGraphQLFromPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and child processes")
	}
	pgtest.Skip(t)
	dsn := pgtest.Database(t)
	common := []string{"-accounts", "2", "-seed", "pgix", "-faucet-addr="}
	ports := make([]string, 2)
	for i := range ports {
		p, err := pgtest.FreePort()
		if err != nil {
			t.Fatal(err)
		}
		ports[i] = fmt.Sprintf("127.0.0.1:%d", p)
	}
	writer := startProc(t, "writer", append([]string{"-postgres", dsn, "-indexer-addr", ports[0]}, common...)...)
	startProc(t, "replica", append([]string{"-postgres", dsn, "-forward", writer.base(), "-indexer-addr", ports[1]}, common...)...)

	owner := vmstub.DevAccounts("pgix", 2)[0].Address.LongString()
	balances := `{current_fungible_asset_balances(where: {owner_address: {_eq: "` + owner + `"}}) { amount asset_type owner_address metadata { symbol } }}`
	status := `{processor_status(where: {processor: {_eq: "fungible_asset_processor"}}) { last_success_version }}`
	var mem, pg string
	deadline := time.Now().Add(30 * time.Second)
	for {
		mem = graphql(t, ports[0], balances)
		pg = graphql(t, ports[1], balances)
		if mem == pg && strings.Contains(graphql(t, ports[1], status), "last_success_version") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica's answer never matched the writer's:\nwriter  %s\nreplica %s", mem, pg)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(pg, `"symbol":"APT"`) {
		t.Errorf("the replica's balances: %s", pg)
	}
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM indexer.current_fungible_asset_balances WHERE owner_address = $1`, owner).Scan(&n); err != nil || n != 1 {
		t.Errorf("the writer's index in the database: %d balances of %s, %v", n, owner, err)
	}
}
