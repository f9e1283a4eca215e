package pebblestore_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/internal/restarttest"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
)

// TestRestartContinuesTheLedger stops a node over Pebble halfway, reopens
// the store and a new node over it, and checks that the ledger is exactly
// the one an uninterrupted node produces.
func TestRestartContinuesTheLedger(t *testing.T) {
	dir := t.TempDir()
	restarttest.Check(t, func(t *testing.T) (storage.ReadWriter, func()) {
		s, err := pebblestore.Open(dir, pebblestore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s, func() {
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
