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
// larger than the stack buffers, and the status is long. The wanted values
// were computed by the Encoder-based implementation these replaced.
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
		"write set":  "3b9d17c37e00d40290f9e2ba6edb4539e682097f975879d6bd042151a15aa334",
		"event root": "54bf62245d12da4268672e01259917c54b59a3899c5515cac5b0f4ae71eec441",
		"info":       "3b815b369a8eb962aec4eb48797db504b5dd758d88b523cc4da15eebc0298be5",
		"no events":  "280a38487bcc759a7fb30889f73b0cca8bb56867e4c50aa1e87b15e8a29b04cb",
		"no writes":  "361b522c30b531419053ccf47049c3792f1a50b8e3fb6ad3f855c2b9289912c0",
	}
	for name, h := range got {
		if got := hex.EncodeToString(h[:]); got != want[name] {
			t.Errorf("%s hash = %s, want %s", name, got, want[name])
		}
	}
}
