package node

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// Executor is the state transition function the node drives. vmstub
// implements it; hosts may bring their own. It speaks only storage and
// ledgerapi types, so implementations do not import this package.
//
// Outputs are storage.Transaction values of which the executor fills
// Payload, Events, Changes (in any order: the node sorts them) and
// Info.GasUsed and Info.Status (the zero status is success); the node
// assigns versions, hashes, timestamps and the remaining info hashes.
type Executor interface {
	// Genesis returns the genesis transaction (version 0) executed at
	// ledger time timestampUsec.
	Genesis(timestampUsec uint64) (storage.Transaction, error)
	// Validate runs the prologue checks of a submitted transaction against
	// state at wall-clock time nowUsec. A rejection is a *ledgerapi.VMStatus.
	Validate(state storage.View, st *txn.SignedTransaction, nowUsec uint64) error
	// BlockPrologue returns the block-metadata transaction of block blk
	// (Height, Epoch, Round and TimestampUsec are set).
	BlockPrologue(state storage.View, blk storage.Block) (storage.Transaction, error)
	// Execute runs one user transaction of block blk on top of state. A
	// non-nil error discards the transaction: it fails validation at
	// execution time (for example, it expired while waiting), nothing is
	// committed and no sequence number is used. A transaction that aborts
	// is not discarded: it returns a failed Info.Status and keeps its gas
	// charge.
	Execute(state storage.View, blk storage.Block, st *txn.SignedTransaction) (storage.Transaction, error)
	// SequenceNumber returns an account's on-chain sequence number (0 for an
	// account without an Account resource).
	SequenceNumber(state storage.View, addr ledgerapi.Address) (uint64, error)
}
