package memstore

import "time"

// DefaultChainID is the chain id reported when Options.ChainID is zero: 4,
// the id of a local network.
const DefaultChainID = 4

// Options configures a Store. The zero value is a store for a local network
// that keeps its whole history.
type Options struct {
	// ChainID is reported in the ledger info. Zero means DefaultChainID.
	ChainID uint8

	// PruneWindow is the number of most recent versions to keep. After each
	// commit, everything older than the block that contains version
	// latest-PruneWindow+1 is pruned, so at least PruneWindow versions (and
	// never less than the latest block) stay readable. Zero keeps
	// everything.
	PruneWindow uint64

	// PruneAge drops blocks whose timestamp is more than PruneAge older than
	// the latest block's timestamp (ledger time, not the wall clock). The
	// latest block is always kept. Zero disables pruning by age. When both
	// PruneWindow and PruneAge are set, whichever prunes more wins.
	PruneAge time.Duration
}

func (o Options) chainID() uint8 {
	if o.ChainID == 0 {
		return DefaultChainID
	}
	return o.ChainID
}
