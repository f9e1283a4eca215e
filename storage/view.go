package storage

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
