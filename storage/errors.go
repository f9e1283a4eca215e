package storage

import (
	"errors"
	"fmt"
)

// Sentinel errors. Backends return errors that wrap exactly one of them
// (errors.Is), usually with a message naming what was looked up. Callers never
// match on error text.
var (
	// ErrNotFound reports that the item does not exist at the requested
	// version, or that the requested version or height is above the latest
	// committed one. Handlers turn it into the specific *_not_found code.
	ErrNotFound = errors.New("storage: not found")

	// ErrPruned reports that the requested version or height is below the
	// oldest one the store still holds. The error is a *PrunedError carrying
	// the oldest available version and height.
	ErrPruned = errors.New("storage: pruned")

	// ErrEmpty reports that nothing has been committed yet (not even
	// genesis). Every read of an empty store returns it.
	ErrEmpty = errors.New("storage: ledger is empty")

	// ErrInvalidCommit reports a block that CommitBlock refused: it does not
	// follow the latest committed block, its versions are not contiguous, or
	// its content breaks an index invariant (see Writer). Nothing of the
	// block was applied.
	ErrInvalidCommit = errors.New("storage: invalid commit")

	// ErrInvalidArgument reports a malformed read argument: a limit that is
	// not positive, a cursor that does not belong to the listing, a state key
	// that cannot be encoded.
	ErrInvalidArgument = errors.New("storage: invalid argument")
)

// PrunedError is the error of a read below the pruning window. It matches
// ErrPruned under errors.Is.
type PrunedError struct {
	// What names the requested item, e.g. "version 12" or "block 3".
	What string
	// OldestVersion is the oldest ledger version still readable.
	OldestVersion uint64
	// OldestBlockHeight is the oldest block height still readable.
	OldestBlockHeight uint64
}

// Error describes the pruned item and the oldest one still held.
func (e *PrunedError) Error() string {
	return fmt.Sprintf("storage: %s has been pruned (oldest version %d, oldest block height %d)",
		e.What, e.OldestVersion, e.OldestBlockHeight)
}

// Is makes errors.Is(err, ErrPruned) true.
func (e *PrunedError) Is(target error) bool { return target == ErrPruned }

// prunedVersion returns the PrunedError of a read at version v.
func prunedVersion(info LedgerInfo, what string) error {
	return &PrunedError{What: what, OldestVersion: info.OldestVersion, OldestBlockHeight: info.OldestBlockHeight}
}

// invalidArg wraps ErrInvalidArgument with a message.
func invalidArg(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidArgument, fmt.Sprintf(format, args...))
}

// invalidCommit wraps ErrInvalidCommit with a message.
func invalidCommit(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidCommit, fmt.Sprintf(format, args...))
}

// StateNotFoundError reports a state key without a value at a version. It
// matches ErrNotFound under errors.Is and formats its message only when
// asked: missing keys are an everyday answer (a CoinStore an account does
// not have), not an exception worth a fmt call on the hot path.
type StateNotFoundError struct {
	Key     StateKey
	Version uint64
}

// Error names the key and the version.
func (e *StateNotFoundError) Error() string {
	return fmt.Sprintf("%v: %s at version %d", ErrNotFound, e.Key, e.Version)
}

// Unwrap returns ErrNotFound.
func (e *StateNotFoundError) Unwrap() error { return ErrNotFound }
