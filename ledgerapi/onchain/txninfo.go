package onchain

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// TransactionInfo is aptos-core's TransactionInfo (variant V0), the leaf the
// transaction accumulator holds for each transaction. Its BCS is the variant
// (0), gas_used u64, status, transaction_hash, event_root_hash,
// state_change_hash, state_checkpoint_hash Option<HashValue>,
// auxiliary_info_hash Option<HashValue>, where a HashValue is written as
// bytes (a length, 32, then the hash).
type TransactionInfo struct {
	GasUsed             uint64
	Status              ExecutionStatus
	TransactionHash     ledgerapi.HashValue
	EventRootHash       ledgerapi.HashValue
	StateChangeHash     ledgerapi.HashValue
	StateCheckpointHash *ledgerapi.HashValue
	AuxiliaryInfoHash   *ledgerapi.HashValue
}

// AppendBCS appends the BCS of the info.
func (t *TransactionInfo) AppendBCS(dst []byte) []byte {
	dst = append(dst, 0) // TransactionInfo::V0
	dst = binary.LittleEndian.AppendUint64(dst, t.GasUsed)
	dst = t.Status.AppendBCS(dst)
	dst = appendHash(dst, &t.TransactionHash)
	dst = appendHash(dst, &t.EventRootHash)
	dst = appendHash(dst, &t.StateChangeHash)
	dst = appendOptionHash(dst, t.StateCheckpointHash)
	return appendOptionHash(dst, t.AuxiliaryInfoHash)
}

// MarshalBCS writes AppendBCS's bytes.
func (t *TransactionInfo) MarshalBCS(e *bcs.Encoder) { e.Append(t.AppendBCS) }

// UnmarshalBCS reads a TransactionInfo.
func (t *TransactionInfo) UnmarshalBCS(d *bcs.Decoder) {
	*t = TransactionInfo{}
	d.Variant("TransactionInfo", 1)
	t.GasUsed = d.U64("TransactionInfo.gas_used")
	t.Status.UnmarshalBCS(d)
	t.TransactionHash.UnmarshalBCS(d)
	t.EventRootHash.UnmarshalBCS(d)
	t.StateChangeHash.UnmarshalBCS(d)
	t.StateCheckpointHash = readOptionHash(d, "TransactionInfo.state_checkpoint_hash")
	t.AuxiliaryInfoHash = readOptionHash(d, "TransactionInfo.auxiliary_info_hash")
}

func readOptionHash(d *bcs.Decoder, what string) *ledgerapi.HashValue {
	if !d.Option(what) {
		return nil
	}
	h := new(ledgerapi.HashValue)
	h.UnmarshalBCS(d)
	return h
}

// Hash returns sha3-256(salt("APTOS::TransactionInfo") ‖ BCS(t)), the
// transaction's leaf in the transaction accumulator.
func (t *TransactionInfo) Hash() ledgerapi.HashValue {
	var buf [256]byte
	return hashWith(&saltTransactionInfo, t.AppendBCS(buf[:0]))
}
