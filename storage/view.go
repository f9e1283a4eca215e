package storage

import "context"

// View reads state at one fixed point: the executor's window on the ledger.
// A missing or deleted key gives an error wrapping ErrNotFound. The node
// builds Views over the latest committed state plus the writes of the block
// being executed.
type View interface {
	StateValue(key StateKey) ([]byte, error)
}

// ViewLender is a View that can lend the values it reads (see
// StateLender): LendStateValue is StateValue except that the caller must
// not modify the bytes, which may be shared.
type ViewLender interface {
	View
	LendStateValue(key StateKey) ([]byte, error)
}

// StateAt is the state a StateReader holds at one version, as a View
// whose reads run under Ctx. It lends what it reads when the reader lends
// (StateLender), and gives Ctx to an executor that bounds its work by it.
type StateAt struct {
	Ctx     context.Context
	Reader  StateReader
	Version uint64
}

// Context is the context the reads run under.
func (s StateAt) Context() context.Context { return s.Ctx }

// StateValue implements View.
func (s StateAt) StateValue(key StateKey) ([]byte, error) {
	return s.Reader.StateValue(s.Ctx, key, s.Version)
}

// LendStateValue implements ViewLender, lending when the reader lends.
func (s StateAt) LendStateValue(key StateKey) ([]byte, error) {
	if l, ok := s.Reader.(StateLender); ok {
		return l.LendStateValue(s.Ctx, key, s.Version)
	}
	return s.Reader.StateValue(s.Ctx, key, s.Version)
}
