package node

import "errors"

// RandomnessSeeder is an Executor whose per-block randomness seed can be
// pinned (vmstub.VM is one): a nil seed unpins it.
type RandomnessSeeder interface {
	SetRandomnessSeed(seed []byte) error
}

// ErrNoRandomnessSeed is returned by SetRandomnessSeed when the executor
// is not a RandomnessSeeder.
var ErrNoRandomnessSeed = errors.New("node: the executor's randomness seed cannot be pinned")

// SetRandomnessSeed pins the randomness seed of the blocks produced from
// now on (nil unpins it), between blocks. The pin is the executor's
// setting, not ledger state: snapshots and reverts leave it as it is.
func (n *Node) SetRandomnessSeed(seed []byte) error {
	s, ok := n.exec.(RandomnessSeeder)
	if !ok {
		return ErrNoRandomnessSeed
	}
	n.prod.Lock()
	defer n.prod.Unlock()
	if err := s.SetRandomnessSeed(seed); err != nil {
		return err
	}
	n.opts.Logger.Info().Bool("pinned", seed != nil).Msg("randomness seed set")
	return nil
}
