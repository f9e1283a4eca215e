package storage

import (
	"context"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// LedgerReader reads the ledger info snapshot.
type LedgerReader interface {
	// LedgerInfo returns the latest committed ledger info, or ErrEmpty
	// before the first block (genesis) is committed.
	LedgerInfo(ctx context.Context) (LedgerInfo, error)
}

// TransactionReader reads committed transactions.
type TransactionReader interface {
	// TransactionByVersion returns the transaction at version
	// (ErrNotFound above the latest version, ErrPruned below the oldest).
	TransactionByVersion(ctx context.Context, version uint64) (Transaction, error)
	// TransactionByHash returns the committed transaction with hash, or
	// ErrNotFound. A pruned transaction is not found: its hash index entry
	// is pruned with it.
	TransactionByHash(ctx context.Context, hash ledgerapi.HashValue) (Transaction, error)
	// Transactions returns the transactions with versions in
	// [start, start+limit) that are also <= ledgerVersion, ascending. It is
	// empty when start > ledgerVersion. ledgerVersion is validated like a
	// read version; start below the oldest version gives ErrPruned.
	Transactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]Transaction, error)
}

// TransactionLender is implemented by stores that can hand committed
// transactions to a reader that only reads them, without copying them. It
// is optional: a reader that finds no TransactionLender uses Transactions.
type TransactionLender interface {
	// LendTransactions is Transactions (the same range, validation and
	// errors) except that what it returns may share memory with the store
	// and with other borrowers: the caller must not modify anything the
	// transactions reach (slices, pointers, type tags). The store does not
	// modify them either: they keep their values after later commits,
	// prunes and reverts.
	LendTransactions(ctx context.Context, start uint64, limit int, ledgerVersion uint64) ([]Transaction, error)
}

// StateLender is implemented by stores that can hand a state value to a
// reader that only reads it (module bytecode read to find its decoded
// module, a value decoded into JSON) without copying it. It is optional: a
// reader that finds no StateLender uses StateValue.
type StateLender interface {
	// LendStateValue is StateValue (the same key, version, validation
	// and errors) except that the bytes returned may be shared with the
	// store and with other borrowers: the caller must not modify them.
	// The store does not modify them either: they keep their value after
	// later commits, prunes and reverts.
	LendStateValue(ctx context.Context, key StateKey, version uint64) ([]byte, error)
}

// AccountTransactionReader lists the sequence-number-based transactions a
// sender committed (orderless transactions are not listed).
type AccountTransactionReader interface {
	// AccountTransactions returns up to limit transactions sent by sender
	// with sequence number >= start and version <= ledgerVersion, ascending
	// by sequence number. An unknown sender gives an empty list. ErrPruned
	// when start is below the sender's oldest retained sequence number and
	// older ones were pruned.
	AccountTransactions(ctx context.Context, sender ledgerapi.Address, start uint64, limit int, ledgerVersion uint64) ([]Transaction, error)
}

// BlockReader reads committed blocks.
type BlockReader interface {
	// BlockByHeight returns the block at height (ErrNotFound above the
	// latest height, ErrPruned below the oldest).
	BlockByHeight(ctx context.Context, height uint64) (Block, error)
	// BlockByVersion returns the block that contains version (ErrNotFound
	// above the latest version, ErrPruned below the oldest).
	BlockByVersion(ctx context.Context, version uint64) (Block, error)
}

// StateReader reads versioned state: resources, modules and table items.
type StateReader interface {
	// StateValue returns the value of key as of version: the newest write
	// at or below version. ErrNotFound when the key was never written or is
	// deleted at that version.
	StateValue(ctx context.Context, key StateKey, version uint64) ([]byte, error)
	// Resources lists the resources held by addr as of version, ordered by
	// key encoding, starting at cursor (nil for the first page; otherwise a
	// StatePage.Next of an earlier call) and returning at most limit items.
	// A cursor that is not a resource key of addr gives ErrInvalidArgument.
	Resources(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (StatePage, error)
	// Modules lists the modules held by addr, like Resources.
	Modules(ctx context.Context, addr ledgerapi.Address, cursor []byte, limit int, version uint64) (StatePage, error)
}

// EventReader reads v1 event streams, keyed by (account, creation number).
type EventReader interface {
	// Events returns up to limit events of stream key with sequence number
	// >= start, emitted at versions <= ledgerVersion, ascending by sequence
	// number. An unknown stream gives an empty list. ErrPruned when start
	// is below the stream's oldest retained sequence number and older
	// events were pruned.
	Events(ctx context.Context, key EventKey, start uint64, limit int, ledgerVersion uint64) ([]VersionedEvent, error)
	// EventCount returns the number of events stream key holds as of
	// ledgerVersion, pruned ones included (the next sequence number).
	// Use it (or LatestEvents) to find the latest page.
	EventCount(ctx context.Context, key EventKey, ledgerVersion uint64) (uint64, error)
}

// Reader is every read role; handlers depend on it (or on a single role).
type Reader interface {
	LedgerReader
	TransactionReader
	AccountTransactionReader
	BlockReader
	StateReader
	EventReader
}

// Writer commits blocks. Only the node writes.
type Writer interface {
	// CommitBlock appends block b with its transactions txns, atomically:
	// readers see all of it or none of it, and the ledger info moves last.
	// The block must follow the latest one (height + 1, first version =
	// latest version + 1; genesis is height 0, version 0), its versions
	// must be contiguous and match txns one to one (see CheckCommit), each
	// transaction hash must be new, each sender's sequence numbers must
	// increase, and each v1 event must take the next sequence number of its
	// stream (streams start at 0). A refused block wraps ErrInvalidCommit
	// and changes nothing. The store keeps its own copy of b and txns.
	CommitBlock(ctx context.Context, b Block, txns []Transaction) error
}

// ReadWriter is a complete store.
type ReadWriter interface {
	Reader
	Writer
}

// Pruner is implemented by stores that can drop old history on request.
type Pruner interface {
	// Prune makes the block that contains version the oldest one kept:
	// everything below its first version is dropped (transactions, blocks,
	// events, indexes, state history). State as of the new oldest version
	// stays readable. Pruning below the current oldest version does
	// nothing; a version above the latest gives ErrInvalidArgument.
	Prune(ctx context.Context, version uint64) error
}

// Reverter is implemented by stores that can take the ledger back to an
// earlier block, for a development node's snapshots. It is optional: a
// store without it cannot revert, and the node reports that (wrapping
// errors.ErrUnsupported) instead of reverting.
type Reverter interface {
	// Revert drops every block after the one whose last version is
	// version: their transactions, events, state writes and every index
	// entry they added, as if they had never been committed; the ledger
	// info moves back to that block. Reverting to the latest version does
	// nothing. A version that is not the last version of a retained block
	// (or is above the latest) gives ErrInvalidArgument, one below the
	// oldest retained version ErrPruned; either changes nothing.
	Revert(ctx context.Context, version uint64) error
	// Reverts counts the reverts that dropped blocks since the store was
	// opened. It changes only once the dropped data is no longer readable,
	// so a cache of data keyed by version that reads Reverts before the
	// data and keys its entries by both never serves reverted data.
	Reverts() uint64
}
