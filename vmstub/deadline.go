package vmstub

import (
	"context"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Views and simulations run under the caller's deadline: the API passes a
// state whose Context is cancelled when the call's time bound passes or
// its client leaves (handlers' admission control), and the Move
// interpreter then stops at its next gas charges instead of running on
// until its gas is spent. Block execution has no such context: a
// transaction always runs to its end.

// contextOf returns the context a state carries, or nil.
func contextOf(state any) context.Context {
	if c, ok := state.(interface{ Context() context.Context }); ok {
		return c.Context()
	}
	return nil
}

// deadlineCheckEvery is how many charges pass between two looks at the
// context: charges come every few instructions, so a cancelled call stops
// within microseconds.
const deadlineCheckEvery = 256

// deadlineMeter is a gas budget that also fails once ctx is done.
type deadlineMeter struct {
	*movevm.Budget
	ctx   context.Context
	calls uint32
}

// errCallCancelled wraps the context's error: the call was stopped, it did
// not fail. Views pass it through (the API answers its own timeout).
type errCallCancelled struct{ err error }

func (e *errCallCancelled) Error() string {
	return fmt.Sprintf("vmstub: call stopped: %v", e.err)
}
func (e *errCallCancelled) Unwrap() error { return e.err }

// Charge implements movevm.GasMeter.
func (m *deadlineMeter) Charge(units uint64) error {
	if m.calls++; m.calls%deadlineCheckEvery == 0 {
		if err := m.ctx.Err(); err != nil {
			return &errCallCancelled{err}
		}
	}
	return m.Budget.Charge(units)
}

// meterFor returns the meter a Move session over s charges: budget, and
// the deadline of s's state when it has one.
func meterFor(s *Session, budget *movevm.Budget) movevm.GasMeter {
	if ctx := contextOf(s.base); ctx != nil && ctx.Done() != nil {
		return &deadlineMeter{Budget: budget, ctx: ctx}
	}
	return budget
}

// cancelled reports whether err is a call stopped by its context.
func cancelled(err error) bool {
	var c *errCallCancelled
	return errors.As(err, &c)
}
