package onchain

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// StateValueMetadata is the storage deposit record of a state value,
// aptos-core's StateValueMetadata. Its BCS (PersistedStateValueMetadata) is
// V0{deposit, creation_time_usecs} when BytesDeposit is zero and
// V1{slot_deposit, bytes_deposit, creation_time_usecs} otherwise, as
// aptos-core persists it.
type StateValueMetadata struct {
	// SlotDeposit is the deposit for the slot (V0's deposit).
	SlotDeposit uint64
	// BytesDeposit is the deposit for the value's bytes.
	BytesDeposit uint64
	// CreationTimeUsecs is the chain time the slot was created at.
	CreationTimeUsecs uint64
}

// AppendBCS appends the BCS of PersistedStateValueMetadata.
func (m *StateValueMetadata) AppendBCS(dst []byte) []byte {
	if m.BytesDeposit == 0 {
		dst = append(dst, 0)
		dst = binary.LittleEndian.AppendUint64(dst, m.SlotDeposit)
		return binary.LittleEndian.AppendUint64(dst, m.CreationTimeUsecs)
	}
	dst = append(dst, 1)
	dst = binary.LittleEndian.AppendUint64(dst, m.SlotDeposit)
	dst = binary.LittleEndian.AppendUint64(dst, m.BytesDeposit)
	return binary.LittleEndian.AppendUint64(dst, m.CreationTimeUsecs)
}

// MarshalBCS writes AppendBCS's bytes.
func (m *StateValueMetadata) MarshalBCS(e *bcs.Encoder) { e.Append(m.AppendBCS) }

// UnmarshalBCS reads either persisted variant. A V1 record with a zero
// bytes deposit reads as the V0 record it re-encodes to.
func (m *StateValueMetadata) UnmarshalBCS(d *bcs.Decoder) {
	*m = StateValueMetadata{}
	if d.Variant("StateValueMetadata", 2) == 0 {
		m.SlotDeposit = d.U64("StateValueMetadata.deposit")
	} else {
		m.SlotDeposit = d.U64("StateValueMetadata.slot_deposit")
		m.BytesDeposit = d.U64("StateValueMetadata.bytes_deposit")
	}
	m.CreationTimeUsecs = d.U64("StateValueMetadata.creation_time_usecs")
}

// WriteOp is one entry of a write set: a new value for Key, or its
// deletion. Its BCS is aptos-core's persisted WriteOp enum, chosen by
// Deleted, Created and Metadata:
//
//	0 Creation(bytes)                 a value where there was none
//	1 Modification(bytes)             a new value for an existing one
//	2 Deletion
//	3 CreationWithMetadata{data, metadata}
//	4 ModificationWithMetadata{data, metadata}
//	5 DeletionWithMetadata{metadata}
//
// The key is not part of the op's encoding; the write set map pairs them.
type WriteOp struct {
	// Key is the state key written.
	Key StateKey
	// Value is the new BCS value (resource bytes, module bytecode, table
	// value). Empty when Deleted.
	Value []byte
	// Deleted marks a deletion.
	Deleted bool
	// Created marks a value written where the key had none before the
	// transaction (Creation); otherwise a value is a Modification. It is
	// false for deletions.
	Created bool
	// Metadata is the state value's deposit record, nil for none (the
	// node writes none).
	Metadata *StateValueMetadata
}

// Persisted WriteOp variants.
const (
	opCreation = iota
	opModification
	opDeletion
	opCreationWithMetadata
	opModificationWithMetadata
	opDeletionWithMetadata
	numWriteOpVariants
)

// appendOp appends the BCS of the op (without its key).
func (w *WriteOp) appendOp(dst []byte) []byte {
	variant := byte(opModification)
	switch {
	case w.Deleted:
		variant = opDeletion
	case w.Created:
		variant = opCreation
	}
	if w.Metadata != nil {
		variant += opCreationWithMetadata
	}
	dst = append(dst, variant)
	if !w.Deleted {
		dst = bcs.AppendBytes(dst, w.Value)
	}
	if w.Metadata != nil {
		dst = w.Metadata.AppendBCS(dst)
	}
	return dst
}

// readOp reads the BCS of an op into w, leaving the key as it is.
func (w *WriteOp) readOp(d *bcs.Decoder) {
	variant := d.Variant("WriteOp", numWriteOpVariants)
	w.Deleted, w.Created, w.Value, w.Metadata = false, false, nil, nil
	switch variant % opCreationWithMetadata {
	case opCreation:
		w.Created = true
		w.Value = readValue(d)
	case opModification:
		w.Value = readValue(d)
	case opDeletion:
		w.Deleted = true
	}
	if variant >= opCreationWithMetadata {
		w.Metadata = new(StateValueMetadata)
		w.Metadata.UnmarshalBCS(d)
	}
}

// readValue reads a value's bytes, an empty value as a non-nil empty slice.
func readValue(d *bcs.Decoder) []byte {
	b := d.ReadBytes("WriteOp.data")
	if b == nil && !d.Failed() {
		b = []byte{}
	}
	return b
}
