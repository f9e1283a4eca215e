package storage

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// LedgerInfo describes the committed ledger: the latest version and block,
// and the oldest ones still readable. Every read is validated against one
// LedgerInfo snapshot.
type LedgerInfo struct {
	// ChainID identifies the chain (4 for a local network).
	ChainID uint8
	// Epoch is the epoch of the latest committed block.
	Epoch uint64
	// Version is the latest committed version (the last version of the
	// latest block).
	Version uint64
	// OldestVersion is the oldest readable version. It is always the first
	// version of block OldestBlockHeight.
	OldestVersion uint64
	// TimestampUsec is the timestamp of the latest block, in microseconds.
	TimestampUsec uint64
	// BlockHeight is the height of the latest committed block.
	BlockHeight uint64
	// OldestBlockHeight is the oldest readable block height.
	OldestBlockHeight uint64
}

// Block is one committed block: the inclusive version range
// [FirstVersion, LastVersion] and its metadata.
type Block struct {
	// Height is the block's position in the chain; genesis is height 0.
	Height uint64
	// Hash is the block id (from its block-metadata transaction).
	Hash ledgerapi.HashValue
	// TimestampUsec is the block timestamp in microseconds.
	TimestampUsec uint64
	// FirstVersion is the version of the block's first transaction.
	FirstVersion uint64
	// LastVersion is the version of the block's last transaction (inclusive).
	LastVersion uint64
	// Epoch and Round come from the block metadata.
	Epoch uint64
	// Round is the consensus round of the block.
	Round uint64
}

// Contains reports whether version v belongs to the block.
func (b Block) Contains(v uint64) bool { return v >= b.FirstVersion && v <= b.LastVersion }

// TransactionKind is the kind of a committed transaction.
type TransactionKind uint8

// Transaction kinds. The zero value is not a valid kind.
const (
	KindGenesis TransactionKind = iota + 1
	KindBlockMetadata
	KindUser
	KindStateCheckpoint
	KindBlockEpilogue
)

var kindNames = [...]string{
	KindGenesis: "genesis", KindBlockMetadata: "block_metadata", KindUser: "user",
	KindStateCheckpoint: "state_checkpoint", KindBlockEpilogue: "block_epilogue",
}

// Variant returns the kind's variant in Aptos's Transaction enum, which
// prefixes the body when the transaction is hashed or served as BCS.
func (k TransactionKind) Variant() uint32 {
	switch k {
	case KindGenesis:
		return onchain.VariantGenesis
	case KindBlockMetadata:
		return onchain.VariantBlockMetadata
	case KindStateCheckpoint:
		return onchain.VariantStateCheckpoint
	case KindBlockEpilogue:
		return onchain.VariantBlockEpilogue
	}
	return onchain.VariantUser
}

// Valid reports whether k is one of the defined kinds.
func (k TransactionKind) Valid() bool { return k >= KindGenesis && k <= KindBlockEpilogue }

// String returns the snake_case name ("user", "block_metadata", ...).
func (k TransactionKind) String() string {
	if k.Valid() {
		return kindNames[k]
	}
	return fmt.Sprintf("TransactionKind(%d)", uint8(k))
}

// Transaction is a committed transaction as storage keeps it: the indexed
// fields, the execution outcome, and the body as opaque bytes. Storage never
// decodes Payload.
type Transaction struct {
	// Version is the ledger version the transaction was committed at.
	Version uint64
	// Hash is the transaction hash (the by-hash index key).
	Hash ledgerapi.HashValue
	// Kind says what Payload holds.
	Kind TransactionKind
	// Payload is the BCS of the transaction body (a SignedTransaction for
	// user transactions, the block metadata, ...). Storage treats it as
	// opaque bytes.
	Payload []byte
	// Sender is set for user transactions.
	Sender *ledgerapi.Address
	// SequenceNumber is set for sequence-number-based user transactions and
	// nil for orderless ones; only these are listed by sender.
	SequenceNumber *uint64
	// TimestampUsec is the timestamp of the block that holds the transaction.
	TimestampUsec uint64
	// Info is the execution outcome.
	Info TransactionInfo
	// Events are the events emitted, in emission order.
	Events []Event
	// Changes is the write set. A state key appears at most once; the node
	// commits it in the order of Aptos's write set map
	// (onchain.WriteSet.Sort), the order the API lists changes in.
	Changes []WriteOp
}

// TransactionInfo is the outcome of executing a transaction.
type TransactionInfo struct {
	// StateChangeHash is the hash of the write set.
	StateChangeHash ledgerapi.HashValue
	// EventRootHash is the root of the event accumulator.
	EventRootHash ledgerapi.HashValue
	// StateCheckpointHash is set for transactions that end a block.
	StateCheckpointHash *ledgerapi.HashValue
	// AccumulatorRootHash is the root of the transaction accumulator after
	// this transaction.
	AccumulatorRootHash ledgerapi.HashValue
	// GasUsed is in gas units.
	GasUsed uint64
	// Status is the execution status; its zero value is success. A failed
	// transaction (an abort, out of gas, ...) still charges its gas. The
	// API's success and vm_status and the BCS ExecutionStatus all come
	// from it.
	Status onchain.ExecutionStatus
}

// Success reports whether the transaction executed successfully.
func (i *TransactionInfo) Success() bool { return i.Status.Success() }

// OnChainInfo returns t's TransactionInfo record, the leaf of the
// transaction accumulator.
func (t *Transaction) OnChainInfo() onchain.TransactionInfo {
	return onchain.TransactionInfo{
		GasUsed:             t.Info.GasUsed,
		Status:              t.Info.Status,
		TransactionHash:     t.Hash,
		EventRootHash:       t.Info.EventRootHash,
		StateChangeHash:     t.Info.StateChangeHash,
		StateCheckpointHash: t.Info.StateCheckpointHash,
	}
}

// EventKey names a v1 event stream; the zero key marks a v2 (module) event
// (see onchain.EventKey).
type EventKey = onchain.EventKey

// Event is one emitted event (see onchain.Event). A v1 event has a non-zero
// Key and its SequenceNumber in that stream; a v2 (module) event has the
// zero Key and sequence number 0 and belongs to no stream.
type Event = onchain.Event

// VersionedEvent is an event with the version of the transaction that
// emitted it, as stream listings return it.
type VersionedEvent struct {
	// Version is the emitting transaction's version.
	Version uint64
	// Event is the event itself.
	Event Event
}

// WriteOp is one entry of a write set: a new value for a key (created or
// modified), or its deletion (see onchain.WriteOp).
type WriteOp = onchain.WriteOp

// StateItem is one state value in a listing.
type StateItem struct {
	// Key is the item's state key.
	Key StateKey
	// Value is its bytes at the listed version.
	Value []byte
}

// StatePage is one page of an account's resources or modules.
type StatePage struct {
	// Items are ordered by the key's encoding (StateKey.Encode).
	Items []StateItem
	// Next is the cursor of the next page: the encoding of the first item
	// not returned. Nil when the listing is exhausted.
	Next []byte
}
