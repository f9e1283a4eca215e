package pebblestore_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

var (
	_ storage.ReadWriter = (*pebblestore.Store)(nil)
	_ storage.Pruner     = (*pebblestore.Store)(nil)
	_ storage.Reverter   = (*pebblestore.Store)(nil)
)

// openTemp opens a store on disk in a test directory, closed at cleanup.
func openTemp(t testing.TB, opts pebblestore.Options) *pebblestore.Store {
	t.Helper()
	s, err := pebblestore.Open(t.TempDir(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter { return openTemp(t, pebblestore.Options{}) })
}

func TestConformanceBehindLRUCache(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		return lrucache.New(openTemp(t, pebblestore.Options{}), lrucache.Options{})
	})
}

func TestConformanceNoSyncInMemory(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter {
		s, err := pebblestore.Open("", pebblestore.Options{InMemory: true, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
