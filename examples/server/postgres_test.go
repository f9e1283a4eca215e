package main

import (
	"context"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// TestOpenPostgres opens a writer's ledger with -postgres, reopens it (the
// ledger is still there), and checks the flag combinations it refuses: a
// -data-dir beside it, and a chain id other than the ledger's.
func TestOpenPostgres(t *testing.T) {
	ctx := context.Background()
	c := config{chainID: 4}
	c.postgres = pgtest.Database(t)
	store, closeStore, err := openPostgres(c)
	if err != nil {
		t.Fatal(err)
	}
	b, txns := storagetest.NewChain(2).Genesis()
	if err := store.CommitBlock(ctx, b, txns); err != nil {
		t.Fatal(err)
	}
	closeStore()
	store, closeStore, err = openPostgres(c)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.TransactionByHash(ctx, txns[0].Hash); err != nil {
		t.Fatalf("genesis after reopening: %v", err)
	}
	closeStore()

	bad := c
	bad.chainID = 5
	if _, _, err := openPostgres(bad); err == nil || !strings.Contains(err.Error(), "chain id 4, not 5") {
		t.Errorf("another chain id: %v", err)
	}
	bad = c
	bad.dataDir = t.TempDir()
	if _, _, err := openPostgres(bad); err == nil || !strings.Contains(err.Error(), "-data-dir") {
		t.Errorf("-data-dir beside -postgres: %v", err)
	}
}
