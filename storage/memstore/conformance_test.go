package memstore_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

var (
	_ storage.ReadWriter = (*memstore.Store)(nil)
	_ storage.Pruner     = (*memstore.Store)(nil)
	_ storage.Reverter   = (*memstore.Store)(nil)

	_ storage.TransactionLender = (*memstore.Store)(nil)
)

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.ReadWriter { return memstore.New(memstore.Options{}) })
}
