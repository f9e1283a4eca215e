package storage_test

import (
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

func richTransaction() storage.Transaction {
	sender, seq, cp := two, uint64(7), ledgerapi.HashValue{9}
	return storage.Transaction{
		Version: 5, Hash: ledgerapi.HashValue{1}, Kind: storage.KindUser, Payload: []byte{1, 2, 3},
		Sender: &sender, SequenceNumber: &seq,
		Info: storage.TransactionInfo{StateCheckpointHash: &cp, Status: onchain.MoveAbort(
			ledgerapi.ModuleId{Address: two, Name: "m"}, 7, &onchain.AbortInfo{ReasonName: "E", Description: "d"})},
		Events: []storage.Event{{
			Key:  storage.EventKey{CreationNumber: 2, Account: two},
			Type: ledgerapi.VectorOf(ledgerapi.StructType(coinStoreTag)), Data: []byte{4},
		}},
		Changes: []storage.WriteOp{
			{Key: storage.ResourceKey(two, coinStoreTag), Value: []byte{5}, Created: true,
				Metadata: &onchain.StateValueMetadata{SlotDeposit: 1, CreationTimeUsecs: 2}},
			{Key: storage.TableItemKey(two, []byte{6}), Deleted: true},
		},
	}
}

// TestTransactionCloneIsDeep scribbles over a clone and checks the original.
func TestTransactionCloneIsDeep(t *testing.T) {
	orig := richTransaction()
	c := orig.Clone()
	if !reflect.DeepEqual(c, orig) {
		t.Fatalf("clone differs:\n%+v\n%+v", c, orig)
	}
	c.Payload[0] = 0xff
	*c.Sender = ledgerapi.AddressZero
	*c.SequenceNumber = 0
	*c.Info.StateCheckpointHash = ledgerapi.HashValue{}
	c.Events[0].Data[0] = 0xff
	c.Events[0].Type.Elem.Struct.TypeArgs[0].Struct.Name = "X"
	c.Info.Status.Info.Description = "x"
	c.Changes[0].Metadata.SlotDeposit = 9
	c.Changes[0].Value[0] = 0xff
	c.Changes[0].Key.Resource.TypeArgs[0].Struct.Module = "x"
	c.Changes[1].Key.Key[0] = 0xff
	if !reflect.DeepEqual(orig, richTransaction()) {
		t.Errorf("scribbling on the clone changed the original:\n%+v", orig)
	}
}

func TestCloneKeepsNil(t *testing.T) {
	c := storage.Transaction{Kind: storage.KindStateCheckpoint}.Clone()
	if c.Payload != nil || c.Sender != nil || c.SequenceNumber != nil || c.Events != nil || c.Changes != nil {
		t.Errorf("nil fields became non-nil: %+v", c)
	}
	if b := storage.CloneBytes([]byte{}); b == nil || len(b) != 0 {
		t.Errorf("CloneBytes(empty) = %#v", b)
	}
	if storage.CloneBytes(nil) != nil {
		t.Error("CloneBytes(nil) is not nil")
	}
}
