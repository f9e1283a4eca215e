package node

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// StateView reads state as the executor sees it: the latest committed state
// plus the writes of the transactions executed earlier in the same block.
// A missing key gives an error wrapping storage.ErrNotFound.
type StateView interface {
	StateValue(key storage.StateKey) ([]byte, error)
}

// BlockContext describes the block being built.
type BlockContext struct {
	ChainID       uint8
	Height        uint64
	Epoch         uint64
	Round         uint64
	TimestampUsec uint64 // strictly greater than the previous block's
	Proposer      ledgerapi.Address
}

// Output is the effect of one transaction.
type Output struct {
	// Discarded is set when the transaction fails validation at execution
	// (for example, it expired while waiting): nothing is committed and no
	// sequence number is used. Status says why.
	Discarded bool
	Status    error

	// Payload is the BCS body stored with the transaction (for user
	// transactions, the SignedTransaction; for block metadata, its fields).
	Payload  []byte
	Events   []storage.Event
	Changes  []storage.WriteOp
	GasUsed  uint64
	Success  bool
	VMStatus string
}

// Executor is the state transition function the node drives. vmstub
// implements it; hosts may bring their own.
type Executor interface {
	// Genesis returns the output of the genesis transaction (version 0).
	Genesis(chainID uint8, timestampUsec uint64) (Output, error)
	// Validate runs the prologue checks of a submitted transaction against
	// state at wall-clock time nowUsec. A rejection is a *ledgerapi.VMStatus.
	Validate(state StateView, st *txn.SignedTransaction, nowUsec uint64) error
	// BlockPrologue returns the block-metadata transaction of a new block.
	BlockPrologue(state StateView, blk BlockContext) (Output, error)
	// Execute runs one user transaction on top of state.
	Execute(state StateView, blk BlockContext, st *txn.SignedTransaction) Output
	// SequenceNumber returns an account's on-chain sequence number (0 for an
	// account without an Account resource).
	SequenceNumber(state StateView, addr ledgerapi.Address) (uint64, error)
}
