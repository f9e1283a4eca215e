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
	// Execute runs one user transaction of block blk on top of state. Its
	// outcome is one of three:
	//   - the transaction fails validation at execution time (its
	//     prologue: the sequence number is no longer the account's, it
	//     expired while waiting, the payer can no longer pay, ...): the
	//     error is a *ledgerapi.VMStatus and the transaction is discarded,
	//     nothing committed and no sequence number used;
	//   - once validated, the transaction is always committed: an output
	//     and a nil error, whether it succeeds or fails. A failure (an
	//     abort, running out of gas, a limit, an internal error of the
	//     executor) has a failed Info.Status, keeps its gas charge and uses
	//     its sequence number; its other changes are rolled back;
	//   - any other error is a failed read of state: the block is not
	//     committed and its transactions stay pending.
	// The node never drops a transaction on an error that is not a
	// *ledgerapi.VMStatus.
	Execute(state storage.View, blk storage.Block, st *txn.SignedTransaction) (storage.Transaction, error)
	// SequenceNumber returns an account's on-chain sequence number (0 for an
	// account without an Account resource).
	SequenceNumber(state storage.View, addr ledgerapi.Address) (uint64, error)
}
