package mempool

import (
	"errors"
	"fmt"
)

// Sentinel errors returned by Add. Handlers map them to error codes:
// ErrFull → mempool_is_full (507), ErrSequenceTooOld →
// sequence_number_too_old (400), ErrInvalidUpdate →
// invalid_transaction_update (400).
var (
	ErrFull           = errors.New("mempool is full")
	ErrSequenceTooOld = errors.New("sequence number too old")
	ErrInvalidUpdate  = errors.New("invalid transaction update")
)

// FullError says which capacity was reached.
type FullError struct {
	Account  bool // the per-account cap, rather than the total capacity
	Capacity int
}

func (e *FullError) Error() string {
	if e.Account {
		return fmt.Sprintf("mempool is full: the account already has %d pending transactions", e.Capacity)
	}
	return fmt.Sprintf("mempool is full: %d transactions pending", e.Capacity)
}

// Is makes errors.Is(err, ErrFull) true.
func (e *FullError) Is(target error) bool { return target == ErrFull }
