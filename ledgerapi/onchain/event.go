package onchain

import (
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// EventKey names a v1 event stream, aptos-core's EventKey: the creation
// number of its handle and the account that owns it. The zero key marks a
// v2 (module) event.
type EventKey struct {
	// CreationNumber is the GUID creation number of the event handle.
	CreationNumber uint64
	// Account is the account that created the handle.
	Account ledgerapi.Address
}

// IsZero reports whether k is the zero key of v2 events.
func (k EventKey) IsZero() bool { return k == EventKey{} }

// String returns "<creation_number>@<account>".
func (k EventKey) String() string { return fmt.Sprintf("%d@%s", k.CreationNumber, k.Account) }

// Event is one emitted event, aptos-core's ContractEvent. A v1 event has a
// non-zero Key and its SequenceNumber in that stream; a v2 (module) event
// has the zero Key and sequence number 0 and belongs to no stream. Its BCS
// is the enum ContractEvent: V1 (0) {key {creation_number, account},
// sequence_number, type_tag, event_data} or V2 (1) {type_tag, event_data}.
type Event struct {
	// Key is the stream (zero for v2 events).
	Key EventKey
	// SequenceNumber is the position in the stream, from 0 (0 for v2 events).
	SequenceNumber uint64
	// Type is the Move type of Data.
	Type ledgerapi.TypeTag
	// Data is the BCS of the event value.
	Data []byte
}

// IsV2 reports whether e is a module event (indexed in no stream).
func (e *Event) IsV2() bool { return e.Key.IsZero() }

// AppendBCS appends the BCS of the ContractEvent.
func (e *Event) AppendBCS(dst []byte) []byte {
	if e.IsV2() {
		dst = append(dst, 1)
	} else {
		dst = append(dst, 0)
		dst = binary.LittleEndian.AppendUint64(dst, e.Key.CreationNumber)
		dst = append(dst, e.Key.Account[:]...)
		dst = binary.LittleEndian.AppendUint64(dst, e.SequenceNumber)
	}
	dst = e.Type.AppendBCS(dst)
	return bcs.AppendBytes(dst, e.Data)
}

// MarshalBCS writes AppendBCS's bytes.
func (e *Event) MarshalBCS(enc *bcs.Encoder) { enc.Append(e.AppendBCS) }

// UnmarshalBCS reads a ContractEvent. A V1 event with the zero key is
// rejected: it would read back as a module event.
func (e *Event) UnmarshalBCS(d *bcs.Decoder) {
	*e = Event{}
	if d.Variant("ContractEvent", 2) == 0 {
		e.Key.CreationNumber = d.U64("EventKey.creation_number")
		d.Fixed(e.Key.Account[:], "EventKey.account_address")
		e.SequenceNumber = d.U64("ContractEvent.sequence_number")
		if e.Key.IsZero() && !d.Failed() {
			d.Fail(bcs.ErrInvalidValue, "ContractEvent", "a V1 event with the zero event key")
			return
		}
	}
	e.Type.UnmarshalBCS(d)
	e.Data = d.ReadBytes("ContractEvent.event_data")
}

// Hash returns sha3-256(salt("APTOS::ContractEvent") ‖ BCS(e)), the event's
// leaf in the event accumulator.
func (e *Event) Hash() ledgerapi.HashValue {
	var buf [512]byte
	return hashWith(&saltContractEvent, e.AppendBCS(buf[:0]))
}

// EventRootHash returns a transaction's event_root_hash: the root of the
// event accumulator over its events' hashes, in emission order (the
// placeholder hash 0x414343554d554c41544f525f… without events).
func EventRootHash(events []Event) ledgerapi.HashValue {
	acc := Accumulator{events: true}
	for i := range events {
		acc.Append(events[i].Hash())
	}
	return acc.Root()
}
