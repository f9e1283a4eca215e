package node

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// TestTransactionHashes pins the write-set, event-root and info hashes of
// one transaction, so that a change in how their encodings are built cannot
// change the hashes unnoticed. The write set includes a key and a value
// larger than the stack buffers, and the status is long. The empty event
// root and write set are the real node's (every state checkpoint shows
// them); the other wanted values were computed by this implementation.
func TestTransactionHashes(t *testing.T) {
	coin := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})}}
	long := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: strings.Repeat("m", 200), Name: strings.Repeat("N", 100)}
	alice := ledgerapi.MustParseAddress("0xa11ce")
	coinType := ledgerapi.StructType(coin)
	big := make([]byte, 3000)
	for i := range big {
		big[i] = byte(i)
	}
	txn := storage.Transaction{
		Hash: ledgerapi.HashValue{1, 2, 3},
		Changes: []storage.WriteOp{
			{Key: storage.ResourceKey(alice, coin), Value: []byte{9, 8, 7}},
			{Key: storage.ResourceKey(alice, long), Value: big},
			{Key: storage.ModuleKey(ledgerapi.AddressOne, "coin"), Deleted: true},
			{Key: storage.TableItemKey(ledgerapi.MustParseAddress("0x77"), []byte{5, 5})},
		},
		Events: []storage.Event{
			{Key: storage.EventKey{CreationNumber: 3, Account: alice}, SequenceNumber: 7, Type: ledgerapi.StructType(coin), Data: []byte{1}},
			{Type: ledgerapi.TypeTag{Kind: ledgerapi.KindVector, Elem: &coinType}, Data: big},
			{Type: ledgerapi.TypeTag{Kind: ledgerapi.KindU64}, Data: []byte{0, 0, 0, 0, 0, 0, 0, 1}},
		},
	}
	txn.Info.GasUsed = 1234
	txn.Info.Success = false
	txn.Info.VMStatus = "Move abort in 0x1::coin: " + strings.Repeat("E", 300)
	txn.Info.StateChangeHash = writeSetHash(txn.Changes)
	txn.Info.EventRootHash = eventRootHash(txn.Events)
	got := map[string]ledgerapi.HashValue{
		"write set":  txn.Info.StateChangeHash,
		"event root": txn.Info.EventRootHash,
		"info":       infoHash(&txn),
		"no events":  eventRootHash(nil),
		"no writes":  writeSetHash(nil),
	}
	want := map[string]string{
		"write set":  "ab44c7188a1d16c580ae140954bd1cd0fb84d63085f64b9e2c720d4279ef902c",
		"event root": "9cf32675ed55739d533565ae8c54918ebb0880cdc8af8e193c5a0f94b383eba0",
		"info":       "e2ad32487f833d65edee85450f4c5ad4a82241c0d33467e4bac0cf217aaf064d",
		"no events":  "414343554d554c41544f525f504c414345484f4c4445525f4841534800000000",
		"no writes":  "afb6e14fe47d850fd0a7395bcfb997ffacf4715e0f895cc162c218e4a7564bc6",
	}
	for name, h := range got {
		if got := hex.EncodeToString(h[:]); got != want[name] {
			t.Errorf("%s hash = %s, want %s", name, got, want[name])
		}
	}
}
