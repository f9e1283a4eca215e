package storage_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
)

// The node commits whole blocks; a request reads the ledger info once and
// passes its version to every read; errors are classified with errors.Is.
func Example() {
	ctx := context.Background()
	var store storage.ReadWriter = lrucache.New(memstore.New(memstore.Options{}), lrucache.Options{})

	account := storage.ResourceKey(ledgerapi.AddressOne, ledgerapi.StructTag{
		Address: ledgerapi.AddressOne, Module: "account", Name: "Account"})
	genesis := storage.Transaction{Version: 0, Hash: ledgerapi.HashValue{0xaa}, Kind: storage.KindGenesis,
		Changes: []storage.WriteOp{{Key: account, Value: []byte("sequence 0")}}}
	if err := store.CommitBlock(ctx, storage.Block{Height: 0, FirstVersion: 0, LastVersion: 0}, []storage.Transaction{genesis}); err != nil {
		fmt.Println(err)
	}
	block1 := []storage.Transaction{
		{Version: 1, Hash: ledgerapi.HashValue{0xbb}, Kind: storage.KindBlockMetadata,
			Changes: []storage.WriteOp{{Key: account, Value: []byte("sequence 1")}}},
		{Version: 2, Hash: ledgerapi.HashValue{0xcc}, Kind: storage.KindStateCheckpoint},
	}
	if err := store.CommitBlock(ctx, storage.Block{Height: 1, FirstVersion: 1, LastVersion: 2}, block1); err != nil {
		fmt.Println(err)
	}

	info, _ := store.LedgerInfo(ctx) // one snapshot per request
	now, _ := store.StateValue(ctx, account, info.Version)
	then, _ := store.StateValue(ctx, account, 0)
	fmt.Printf("latest version %d, block %d: %q (at version 0: %q)\n", info.Version, info.BlockHeight, now, then)

	_, err := store.TransactionByVersion(ctx, info.Version+1)
	fmt.Println("above latest is not found:", errors.Is(err, storage.ErrNotFound))

	_ = store.(storage.Pruner).Prune(ctx, 1)
	_, err = store.StateValue(ctx, account, 0)
	var pruned *storage.PrunedError
	if errors.As(err, &pruned) {
		fmt.Println("pruned; oldest version", pruned.OldestVersion)
	}
	// Output:
	// latest version 2, block 1: "sequence 1" (at version 0: "sequence 0")
	// above latest is not found: true
	// pruned; oldest version 1
}
