package record_test

import (
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// TestTransactionRoundTrip checks that every fixture transaction (genesis,
// block metadata, transfers with v1 and v2 events, checkpoints, and every
// execution outcome) reads back exactly, nil and empty slices included,
// and that a record with a byte missing or one too many is refused.
func TestTransactionRoundTrip(t *testing.T) {
	c := storagetest.NewChain(4)
	_, txns := c.Genesis()
	_, more := c.Transfers(3)
	txns = append(txns, more...)
	for _, st := range storagetest.Outcomes() {
		spec := c.Transfer(c.Accounts()[0], c.Accounts()[1], 1)
		spec.Status = &st
		_, more := c.Block(spec)
		txns = append(txns, more...)
	}
	empty := txns[1].Clone()
	empty.Payload, empty.Events, empty.Changes = []byte{}, []storage.Event{}, []storage.WriteOp{}
	txns = append(txns, empty)
	for _, tx := range txns {
		encs := make([][]byte, len(tx.Changes))
		for i, w := range tx.Changes {
			enc, err := w.Key.Encode()
			if err != nil {
				t.Fatal(err)
			}
			encs[i] = enc
		}
		raw := record.Transaction(&tx, encs)
		got, err := record.DecodeTransaction(raw)
		if err != nil {
			t.Fatalf("version %d: %v", tx.Version, err)
		}
		if !reflect.DeepEqual(got, tx) {
			t.Fatalf("version %d:\n got %+v\nwant %+v", tx.Version, got, tx)
		}
		if _, err := record.DecodeTransaction(raw[:len(raw)-1]); err == nil {
			t.Errorf("version %d: a truncated record decoded", tx.Version)
		}
		if _, err := record.DecodeTransaction(append(raw, 0)); err == nil {
			t.Errorf("version %d: a record with a trailing byte decoded", tx.Version)
		}
		for _, ev := range tx.Events {
			got, err := record.DecodeEvent(record.Event(&ev))
			if err != nil || !reflect.DeepEqual(got, ev) {
				t.Errorf("version %d event: %+v, %v; want %+v", tx.Version, got, err, ev)
			}
		}
	}
}
