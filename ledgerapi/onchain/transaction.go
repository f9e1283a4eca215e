package onchain

import (
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Variants of aptos-core's Transaction enum. The enum's BCS is the variant
// and the variant's body; its hash is a transaction's hash.
const (
	VariantUser            = 0 // SignedTransaction
	VariantGenesis         = 1 // WriteSetPayload
	VariantBlockMetadata   = 2 // BlockMetadata
	VariantStateCheckpoint = 3 // HashValue (the block id)
	VariantBlockEpilogue   = 6 // BlockEpiloguePayload
)

// AppendTransaction appends the BCS of the Transaction enum: the variant,
// then body, the BCS of the variant's value.
func AppendTransaction(dst []byte, variant uint32, body []byte) []byte {
	return append(bcs.AppendULEB128(dst, variant), body...)
}

// TransactionHash returns the hash of the transaction whose variant's BCS
// is body: sha3-256(salt("APTOS::Transaction") ‖ variant ‖ body). For a user
// transaction it is the hash the SDKs compute.
func TransactionHash(variant uint32, body []byte) ledgerapi.HashValue {
	var v [5]byte
	return crypto.SHA3_256(crypto.SaltTransaction[:], bcs.AppendULEB128(v[:0], variant), body)
}

// StateCheckpointBody returns the body of a StateCheckpoint transaction:
// the BCS of the id of the block it ends.
func StateCheckpointBody(blockID ledgerapi.HashValue) []byte {
	return appendHash(make([]byte, 0, 1+ledgerapi.HashLength), &blockID)
}

// BlockMetadata is the body of a block-metadata transaction, aptos-core's
// BlockMetadata: id HashValue, epoch u64, round u64, proposer address,
// previous_block_votes_bitvec bytes, failed_proposer_indices Vec<u32>,
// timestamp_usecs u64.
type BlockMetadata struct {
	ID                       ledgerapi.HashValue
	Epoch                    uint64
	Round                    uint64
	Proposer                 ledgerapi.Address
	PreviousBlockVotesBitvec []byte
	FailedProposerIndices    []uint32
	TimestampUsecs           uint64
}

// AppendBCS appends the BCS of the block metadata.
func (b *BlockMetadata) AppendBCS(dst []byte) []byte {
	dst = appendHash(dst, &b.ID)
	dst = binary.LittleEndian.AppendUint64(dst, b.Epoch)
	dst = binary.LittleEndian.AppendUint64(dst, b.Round)
	dst = append(dst, b.Proposer[:]...)
	dst = bcs.AppendBytes(dst, b.PreviousBlockVotesBitvec)
	dst = bcs.AppendSeqLen(dst, len(b.FailedProposerIndices))
	for _, i := range b.FailedProposerIndices {
		dst = binary.LittleEndian.AppendUint32(dst, i)
	}
	return binary.LittleEndian.AppendUint64(dst, b.TimestampUsecs)
}

// MarshalBCS writes AppendBCS's bytes.
func (b *BlockMetadata) MarshalBCS(e *bcs.Encoder) { e.Append(b.AppendBCS) }

// UnmarshalBCS reads a BlockMetadata.
func (b *BlockMetadata) UnmarshalBCS(d *bcs.Decoder) {
	*b = BlockMetadata{}
	b.ID.UnmarshalBCS(d)
	b.Epoch = d.U64("BlockMetadata.epoch")
	b.Round = d.U64("BlockMetadata.round")
	d.Fixed(b.Proposer[:], "BlockMetadata.proposer")
	b.PreviousBlockVotesBitvec = d.ReadBytes("BlockMetadata.previous_block_votes_bitvec")
	n := d.SeqLen("BlockMetadata.failed_proposer_indices", 4)
	if d.Failed() {
		return
	}
	b.FailedProposerIndices = make([]uint32, n)
	for i := range b.FailedProposerIndices {
		b.FailedProposerIndices[i] = d.U32("BlockMetadata.failed_proposer_indices")
	}
	b.TimestampUsecs = d.U64("BlockMetadata.timestamp_usecs")
}

// ChangeSet is a direct write set with its events, the body of a genesis
// transaction as aptos-core's WriteSetPayload::Direct(ChangeSet{write_set,
// events}): the payload variant (0), the write set, then the events as a
// Vec<ContractEvent>.
type ChangeSet struct {
	WriteSet WriteSet
	Events   []Event
}

// AppendBCS appends the BCS of WriteSetPayload::Direct(ChangeSet). It fails
// as WriteSet.AppendBCS does, leaving dst as it was.
func (c *ChangeSet) AppendBCS(dst []byte) ([]byte, error) {
	out, err := c.WriteSet.AppendBCS(append(dst, 0))
	if err != nil {
		return dst, err
	}
	out = bcs.AppendSeqLen(out, len(c.Events))
	for i := range c.Events {
		out = c.Events[i].AppendBCS(out)
	}
	return out, nil
}

// UnmarshalBCS reads WriteSetPayload::Direct(ChangeSet); the Script variant
// is refused.
func (c *ChangeSet) UnmarshalBCS(d *bcs.Decoder) {
	*c = ChangeSet{}
	if d.Variant("WriteSetPayload", 2) != 0 && !d.Failed() {
		d.Fail(bcs.ErrBadVariant, "WriteSetPayload", "only Direct write sets are supported")
		return
	}
	c.WriteSet.UnmarshalBCS(d)
	c.Events = readEvents(d)
}

// minEventSize is the size of the smallest ContractEvent (V2, a primitive
// type, no data).
const minEventSize = 3

func readEvents(d *bcs.Decoder) []Event {
	n := d.SeqLen("events", minEventSize)
	if d.Failed() {
		return nil
	}
	evs := make([]Event, n)
	for i := range evs {
		evs[i].UnmarshalBCS(d)
	}
	return evs
}

// TransactionOnChainData is the API's BCS record of a committed
// transaction: version u64, transaction (the Transaction enum), info
// (TransactionInfo), events Vec<ContractEvent>, accumulator_root_hash
// HashValue, changes (WriteSet).
type TransactionOnChainData struct {
	Version uint64
	// Variant and Body are the Transaction enum: Body is the BCS of the
	// variant's value.
	Variant             uint32
	Body                []byte
	Info                TransactionInfo
	Events              []Event
	AccumulatorRootHash ledgerapi.HashValue
	Changes             WriteSet
}

// AppendBCS appends the record's BCS. It fails as WriteSet.AppendBCS does,
// leaving dst as it was.
func (t *TransactionOnChainData) AppendBCS(dst []byte) ([]byte, error) {
	out := binary.LittleEndian.AppendUint64(dst, t.Version)
	out = AppendTransaction(out, t.Variant, t.Body)
	out = t.Info.AppendBCS(out)
	out = bcs.AppendSeqLen(out, len(t.Events))
	for i := range t.Events {
		out = t.Events[i].AppendBCS(out)
	}
	out = appendHash(out, &t.AccumulatorRootHash)
	out, err := t.Changes.AppendBCS(out)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// UnmarshalBCSWith reads a TransactionOnChainData. Package onchain knows the
// bodies of the genesis, block-metadata and state-checkpoint variants;
// readUser must consume the body of a user transaction (a
// SignedTransaction) from d. Other variants fail to decode.
func (t *TransactionOnChainData) UnmarshalBCSWith(d *bcs.Decoder, readUser func(*bcs.Decoder)) {
	*t = TransactionOnChainData{Version: d.U64("TransactionOnChainData.version")}
	t.Variant = d.ULEB128("Transaction")
	start := d.Offset()
	switch t.Variant {
	case VariantUser:
		if readUser == nil {
			d.Fail(bcs.ErrBadVariant, "Transaction", "no reader for user transactions")
			return
		}
		readUser(d)
	case VariantGenesis:
		var c ChangeSet
		c.UnmarshalBCS(d)
	case VariantBlockMetadata:
		var b BlockMetadata
		b.UnmarshalBCS(d)
	case VariantStateCheckpoint:
		var h ledgerapi.HashValue
		h.UnmarshalBCS(d)
	default:
		d.Fail(bcs.ErrBadVariant, "Transaction", fmt.Sprintf("variant %d is not supported", t.Variant))
		return
	}
	t.Body = d.Since(start)
	t.Info.UnmarshalBCS(d)
	t.Events = readEvents(d)
	t.AccumulatorRootHash.UnmarshalBCS(d)
	t.Changes.UnmarshalBCS(d)
}
