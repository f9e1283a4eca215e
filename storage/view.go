package storage

// View reads state at one fixed point: the executor's window on the ledger.
// A missing or deleted key gives an error wrapping ErrNotFound. The node
// builds Views over the latest committed state plus the writes of the block
// being executed.
type View interface {
	StateValue(key StateKey) ([]byte, error)
}
