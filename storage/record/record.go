// Package record is the byte layout of the records the persistent storage
// backends keep: a committed transaction with its outcome, events and write
// set, and a v1 event. Every backend stores these same bytes (pebblestore
// under its 'T' and 'E' keys, pgstore in bytea columns), so a record read
// from one decodes like a record read from another.
//
// Records are BCS-shaped: the on-chain parts (execution status, state value
// metadata, type tags, state keys) use package onchain's own encodings, and
// every byte slice carries whether it was nil, so a record reads back
// exactly as it was committed.
package record

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// Block returns b's record: height, hash, timestamp, first and last
// version, epoch and round.
func Block(b storage.Block) []byte {
	e := bcs.NewEncoder(96)
	e.U64(b.Height)
	e.Fixed(b.Hash[:])
	for _, v := range []uint64{b.TimestampUsec, b.FirstVersion, b.LastVersion, b.Epoch, b.Round} {
		e.U64(v)
	}
	return e.Bytes()
}

// DecodeBlock decodes a record made by Block.
func DecodeBlock(raw []byte) (storage.Block, error) {
	d := bcs.NewDecoder(raw)
	b := storage.Block{Height: d.U64("height")}
	d.Fixed(b.Hash[:], "hash")
	for _, p := range []*uint64{&b.TimestampUsec, &b.FirstVersion, &b.LastVersion, &b.Epoch, &b.Round} {
		*p = d.U64("block")
	}
	return b, d.Finish()
}

// AppendEvent writes ev's record: creation number, account, sequence
// number, type tag and data.
func AppendEvent(e *bcs.Encoder, ev *storage.Event) {
	e.U64(ev.Key.CreationNumber)
	e.Fixed(ev.Key.Account[:])
	e.U64(ev.SequenceNumber)
	ev.Type.MarshalBCS(e)
	writeBytes(e, ev.Data)
}

// ReadEvent reads an event record written by AppendEvent; errors are left
// on d.
func ReadEvent(d *bcs.Decoder) storage.Event {
	var ev storage.Event
	ev.Key.CreationNumber = d.U64("creation number")
	d.Fixed(ev.Key.Account[:], "account")
	ev.SequenceNumber = d.U64("sequence number")
	ev.Type.UnmarshalBCS(d)
	ev.Data = readBytes(d, "event data")
	return ev
}

// Event returns ev's record alone.
func Event(ev *storage.Event) []byte {
	e := bcs.NewEncoder(64 + len(ev.Data))
	AppendEvent(e, ev)
	return e.Bytes()
}

// DecodeEvent decodes a record made by Event.
func DecodeEvent(raw []byte) (storage.Event, error) {
	d := bcs.NewDecoder(raw)
	ev := ReadEvent(d)
	return ev, d.Finish()
}

// Transaction returns t's record; encs are the canonical encodings of its
// changes' state keys (storage.EncodeKey), one per change.
func Transaction(t *storage.Transaction, encs [][]byte) []byte {
	e := bcs.NewEncoder(256 + len(t.Payload))
	e.U64(t.Version)
	e.Fixed(t.Hash[:])
	e.U8(uint8(t.Kind))
	writeBytes(e, t.Payload)
	e.Option(t.Sender != nil)
	if t.Sender != nil {
		e.Fixed(t.Sender[:])
	}
	e.Option(t.SequenceNumber != nil)
	if t.SequenceNumber != nil {
		e.U64(*t.SequenceNumber)
	}
	e.U64(t.TimestampUsec)
	in := &t.Info
	e.Fixed(in.StateChangeHash[:])
	e.Fixed(in.EventRootHash[:])
	e.Option(in.StateCheckpointHash != nil)
	if in.StateCheckpointHash != nil {
		e.Fixed(in.StateCheckpointHash[:])
	}
	e.Fixed(in.AccumulatorRootHash[:])
	e.U64(in.GasUsed)
	in.Status.MarshalBCS(e) // onchain's ExecutionStatus BCS
	e.Option(t.Events != nil)
	e.SeqLen(len(t.Events))
	for i := range t.Events {
		AppendEvent(e, &t.Events[i])
	}
	e.Option(t.Changes != nil)
	e.SeqLen(len(t.Changes))
	for i := range t.Changes {
		w := &t.Changes[i]
		e.WriteBytes(encs[i])
		e.Bool(w.Deleted)
		e.Bool(w.Created)
		writeBytes(e, w.Value)
		e.Option(w.Metadata != nil)
		if w.Metadata != nil {
			w.Metadata.MarshalBCS(e) // onchain's StateValueMetadata BCS
		}
	}
	return e.Bytes()
}

// DecodeTransaction decodes a record made by Transaction.
func DecodeTransaction(raw []byte) (storage.Transaction, error) {
	d := bcs.NewDecoder(raw)
	var t storage.Transaction
	t.Version = d.U64("version")
	d.Fixed(t.Hash[:], "hash")
	t.Kind = storage.TransactionKind(d.U8("kind"))
	t.Payload = readBytes(d, "payload")
	if d.Option("sender") {
		var a ledgerapi.Address
		d.Fixed(a[:], "sender")
		t.Sender = &a
	}
	if d.Option("sequence number") {
		seq := d.U64("sequence number")
		t.SequenceNumber = &seq
	}
	t.TimestampUsec = d.U64("timestamp")
	in := &t.Info
	d.Fixed(in.StateChangeHash[:], "state change hash")
	d.Fixed(in.EventRootHash[:], "event root hash")
	if d.Option("checkpoint") {
		var h ledgerapi.HashValue
		d.Fixed(h[:], "checkpoint")
		in.StateCheckpointHash = &h
	}
	d.Fixed(in.AccumulatorRootHash[:], "accumulator root hash")
	in.GasUsed = d.U64("gas used")
	in.Status.UnmarshalBCS(d)
	hasEvents := d.Option("events")
	n := d.SeqLen("events", 1)
	if hasEvents {
		t.Events = make([]storage.Event, 0, n)
	}
	for i := 0; i < n && !d.Failed(); i++ {
		t.Events = append(t.Events, ReadEvent(d))
	}
	hasChanges := d.Option("changes")
	n = d.SeqLen("changes", 1)
	if hasChanges {
		t.Changes = make([]storage.WriteOp, 0, n)
	}
	for i := 0; i < n && !d.Failed(); i++ {
		enc := d.ReadBytes("state key")
		w := storage.WriteOp{Deleted: d.Bool("deleted"), Created: d.Bool("created"), Value: readBytes(d, "value")}
		if d.Option("metadata") {
			w.Metadata = new(onchain.StateValueMetadata)
			w.Metadata.UnmarshalBCS(d)
		}
		if d.Failed() {
			break
		}
		k, err := storage.ParseStateKey(enc)
		if err != nil {
			return t, fmt.Errorf("change %d: %w", i, err)
		}
		w.Key = k
		t.Changes = append(t.Changes, w)
	}
	return t, d.Finish()
}

// writeBytes writes b and whether it is nil.
func writeBytes(e *bcs.Encoder, b []byte) {
	e.Option(b != nil)
	if b != nil {
		e.WriteBytes(b)
	}
}

func readBytes(d *bcs.Decoder, what string) []byte {
	if !d.Option(what) {
		return nil
	}
	b := d.ReadBytes(what)
	if b == nil {
		b = []byte{}
	}
	return b
}
