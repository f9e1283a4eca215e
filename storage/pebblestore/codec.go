package pebblestore

import (
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// Key prefixes (see the package documentation).
const (
	pFormat       = 'F'
	pInfo         = 'I'
	pTxn          = 'T'
	pHash         = 'H'
	pSender       = 'A'
	pSenderNext   = 'N'
	pSenderPruned = 'Q'
	pBlock        = 'K'
	pBlockLast    = 'L'
	pState        = 'S'
	pEvent        = 'E'
	pStreamNext   = 'M'
	pStreamPruned = 'R'
)

// format is the version of the record layout written under pFormat. It
// changes whenever a record's layout does; a store written in another
// format is refused at Open rather than misread.
//
//	1  (no 'F' key) success bool and vm_status string in transaction records
//	2  the ExecutionStatus BCS, and write ops with their creation flag and
//	   deposit metadata
const format = 2

func be(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

func key(prefix byte, parts ...[]byte) []byte {
	n := 1
	for _, p := range parts {
		n += len(p)
	}
	k := make([]byte, 0, n)
	k = append(k, prefix)
	for _, p := range parts {
		k = append(k, p...)
	}
	return k
}

func txnKey(v uint64) []byte                           { return key(pTxn, be(v)) }
func hashKey(h ledgerapi.HashValue) []byte             { return key(pHash, h[:]) }
func senderKey(a ledgerapi.Address, seq uint64) []byte { return key(pSender, a[:], be(seq)) }
func blockKey(h uint64) []byte                         { return key(pBlock, be(h)) }
func blockLastKey(v uint64) []byte                     { return key(pBlockLast, be(v)) }
func eventKey(k storage.EventKey, seq uint64) []byte {
	return key(pEvent, k.Account[:], be(k.CreationNumber), be(seq))
}
func streamKey(prefix byte, k storage.EventKey) []byte {
	return key(prefix, k.Account[:], be(k.CreationNumber))
}

// stateKey is 'S' enc ^version.
func stateKey(enc []byte, version uint64) []byte { return key(pState, enc, be(^version)) }

// stateBounds are the bounds of every entry of enc.
func stateBounds(enc []byte) (lo, hi []byte) {
	lo = key(pState, enc)
	hi = key(pState, enc, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00})
	return lo, hi
}

// prefixEnd is the smallest key above every key starting with p.
func prefixEnd(p []byte) []byte {
	end := append([]byte(nil), p...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}

func encodeInfo(info storage.LedgerInfo) []byte {
	e := bcs.NewEncoder(64)
	e.U8(info.ChainID)
	for _, v := range []uint64{info.Epoch, info.Version, info.OldestVersion, info.TimestampUsec, info.BlockHeight, info.OldestBlockHeight} {
		e.U64(v)
	}
	return e.Bytes()
}

func decodeInfo(b []byte) (storage.LedgerInfo, error) {
	d := bcs.NewDecoder(b)
	info := storage.LedgerInfo{ChainID: d.U8("chain id")}
	for _, p := range []*uint64{&info.Epoch, &info.Version, &info.OldestVersion, &info.TimestampUsec, &info.BlockHeight, &info.OldestBlockHeight} {
		*p = d.U64("ledger info")
	}
	return info, corrupt("ledger info", d.Finish())
}

func encodeBlock(b storage.Block) []byte {
	e := bcs.NewEncoder(96)
	e.U64(b.Height)
	e.Fixed(b.Hash[:])
	for _, v := range []uint64{b.TimestampUsec, b.FirstVersion, b.LastVersion, b.Epoch, b.Round} {
		e.U64(v)
	}
	return e.Bytes()
}

func decodeBlock(raw []byte) (storage.Block, error) {
	d := bcs.NewDecoder(raw)
	b := storage.Block{Height: d.U64("height")}
	d.Fixed(b.Hash[:], "hash")
	for _, p := range []*uint64{&b.TimestampUsec, &b.FirstVersion, &b.LastVersion, &b.Epoch, &b.Round} {
		*p = d.U64("block")
	}
	return b, corrupt("block", d.Finish())
}

func encodeEvent(e *bcs.Encoder, ev *storage.Event) {
	e.U64(ev.Key.CreationNumber)
	e.Fixed(ev.Key.Account[:])
	e.U64(ev.SequenceNumber)
	ev.Type.MarshalBCS(e)
	writeBytes(e, ev.Data)
}

func decodeEvent(d *bcs.Decoder) storage.Event {
	var ev storage.Event
	ev.Key.CreationNumber = d.U64("creation number")
	d.Fixed(ev.Key.Account[:], "account")
	ev.SequenceNumber = d.U64("sequence number")
	ev.Type.UnmarshalBCS(d)
	ev.Data = readBytes(d, "event data")
	return ev
}

// encodeTxn is the transaction record; encs are its changes' key encodings.
func encodeTxn(t *storage.Transaction, encs [][]byte) []byte {
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
		encodeEvent(e, &t.Events[i])
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

func decodeTxn(raw []byte) (storage.Transaction, error) {
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
		t.Events = append(t.Events, decodeEvent(d))
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
			return t, corrupt("transaction", err)
		}
		w.Key = k
		t.Changes = append(t.Changes, w)
	}
	return t, corrupt("transaction", d.Finish())
}

// writeBytes writes b and whether it is nil, so that records read back
// exactly as they were committed.
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

// corrupt reports a record that does not decode: the database is damaged or
// was written by something else.
func corrupt(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("pebblestore: stored %s does not decode: %w", what, err)
}
