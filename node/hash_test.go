package node

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// TestTransactionHashes pins the write-set, event-root and info hashes the
// node gives one transaction, so that a change in how their encodings are
// built cannot change them unnoticed. The write set holds a key and a value
// larger than the stack buffers and every kind of op, and the status is a
// long abort. The empty event root and write set are the real node's
// (every state checkpoint shows them).
//
// The other three changed when hashing moved to package onchain and took
// Aptos's rules, and were checked then against an independent computation
// of the same transaction from aptos-core's type definitions (a script,
// not this code): the write set is hashed as
// Aptos's WriteSet map (entries ordered by key encoding, each op a
// persisted WriteOp variant: Creation, Modification, Deletion) where it
// was hashed in executor order with length-prefixed keys and a deletion
// flag; an event is hashed with its ContractEvent variant, and the event
// accumulator's nodes with the "EventAccumulator" salt (not the
// transaction accumulator's); the info hash is over TransactionInfo::V0's
// BCS with the structured ExecutionStatus, where it was over a hand-built
// record with the vm_status text. Package onchain ties each of these
// encodings to the bytes the API serves and to independent vectors.
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
	out := storage.Transaction{
		Changes: []storage.WriteOp{
			{Key: storage.ResourceKey(alice, coin), Value: []byte{9, 8, 7}},
			{Key: storage.ResourceKey(alice, long), Value: big, Created: true},
			{Key: storage.ModuleKey(ledgerapi.AddressOne, "coin"), Deleted: true},
			{Key: storage.TableItemKey(ledgerapi.MustParseAddress("0x77"), []byte{5, 5}), Value: []byte{}},
		},
		Events: []storage.Event{
			{Key: storage.EventKey{CreationNumber: 3, Account: alice}, SequenceNumber: 7, Type: ledgerapi.StructType(coin), Data: []byte{1}},
			{Type: ledgerapi.TypeTag{Kind: ledgerapi.KindVector, Elem: &coinType}, Data: big},
			{Type: ledgerapi.TypeTag{Kind: ledgerapi.KindU64}, Data: []byte{0, 0, 0, 0, 0, 0, 0, 1}},
		},
	}
	out.Info.GasUsed = 1234
	out.Info.Status = onchain.MoveAbort(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, 0x10006,
		&onchain.AbortInfo{ReasonName: "EINSUFFICIENT_BALANCE", Description: strings.Repeat("E", 300)})
	txn, err := makeTxn(5, storage.KindUser, ledgerapi.HashValue{1, 2, 3}, out, 0)
	if err != nil {
		t.Fatal(err)
	}
	empty, err := makeTxn(6, storage.KindStateCheckpoint, ledgerapi.HashValue{4}, storage.Transaction{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]ledgerapi.HashValue{
		"write set":  txn.Info.StateChangeHash,
		"event root": txn.Info.EventRootHash,
		"info":       infoHash(&txn),
		"no events":  empty.Info.EventRootHash,
		"no writes":  empty.Info.StateChangeHash,
	}
	want := map[string]string{
		"write set":  "b13a4b8ded7f99873d49d4b06babe0f1c093be368644b6ff4b4702e65ffa2dfa",
		"event root": "b8c3038f65e92d32133fa3332fd3506204ed14933c7606324275a92ebc80dab5",
		"info":       "60b0e1c98c110bea9d45862efc6ba5788e5ee0f089c6246f30d43452689ee0e2",
		"no events":  "414343554d554c41544f525f504c414345484f4c4445525f4841534800000000",
		"no writes":  "afb6e14fe47d850fd0a7395bcfb997ffacf4715e0f895cc162c218e4a7564bc6",
	}
	for name, h := range got {
		if got := hex.EncodeToString(h[:]); got != want[name] {
			t.Errorf("%s hash = %s, want %s", name, got, want[name])
		}
	}
}
