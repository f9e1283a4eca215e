package devapi

import (
	"errors"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/node"
)

type randomnessSeedOut struct {
	// Seed is the pinned seed, null when each block's seed derives from
	// the block.
	Seed *ledgerapi.HexBytes `json:"seed"`
}

// setRandomnessSeed pins the seed 0x1::randomness draws from in the
// blocks produced from now on ({"seed":"0x" + 32 bytes}), or unpins it
// ({"seed":null}).
func (a *API) setRandomnessSeed(r *http.Request) (any, error) {
	var in struct {
		Seed *ledgerapi.HexBytes `json:"seed"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	if in.Seed != nil && len(*in.Seed) != 32 {
		return nil, invalid("seed must be 32 bytes (64 hex digits), or null to unpin it; got %d bytes", len(*in.Seed))
	}
	var seed []byte
	if in.Seed != nil {
		seed = *in.Seed
	}
	err := a.node.SetRandomnessSeed(seed)
	if errors.Is(err, node.ErrNoRandomnessSeed) {
		return nil, ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "%v", err)
	}
	if err != nil {
		return nil, err
	}
	return randomnessSeedOut{Seed: in.Seed}, nil
}
