package pgstore_test

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/internal/restarttest"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
)

// TestRestartContinuesTheLedger stops a node over PostgreSQL halfway,
// reopens the store and a new node over it, and checks that the ledger is
// exactly the one an uninterrupted node produces.
func TestRestartContinuesTheLedger(t *testing.T) {
	dsn := pgtest.Database(t)
	restarttest.Check(t, func(t *testing.T) (storage.ReadWriter, func()) {
		s, err := pgstore.Open(context.Background(), pgstore.Options{DSN: dsn})
		if err != nil {
			t.Fatal(err)
		}
		return s, func() {
			if err := s.Close(); err != nil {
				t.Error(err)
			}
		}
	})
}
