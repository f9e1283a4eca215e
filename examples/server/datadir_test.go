package main

import (
	"context"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// oldLedger is a ledger whose 0x1::coin holds what earlier builds stored:
// the Move magic and version, then the module id and its ABI as JSON.
type oldLedger struct{}

func (oldLedger) LedgerInfo(context.Context) (storage.LedgerInfo, error) {
	return storage.LedgerInfo{Version: 3}, nil
}

func (oldLedger) StateValue(_ context.Context, key storage.StateKey, _ uint64) ([]byte, error) {
	return append([]byte{0xa1, 0x1c, 0xeb, 0x0b, 7, 0, 0, 0, 1}, `{"address":"0x1","name":"coin"}`...), nil
}

func TestCheckModules(t *testing.T) {
	ctx := context.Background()
	store := memstore.New(memstore.Options{ChainID: 4})
	if err := checkModules(ctx, store, "d"); err != nil {
		t.Fatalf("empty ledger: %v", err)
	}
	vm, err := vmstub.New(vmstub.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if err := checkModules(ctx, store, "d"); err != nil {
		t.Fatalf("a ledger of this build: %v", err)
	}
	if err := checkModules(ctx, oldLedger{}, "/var/ledger"); err == nil || !strings.Contains(err.Error(), "-data-dir /var/ledger holds a ledger written by an earlier build") {
		t.Fatalf("an earlier build's ledger: %v", err)
	}
}
