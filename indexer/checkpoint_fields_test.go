package indexer

import (
	"reflect"
	"testing"
)

// TestCheckpointCoversState: every field of state is either written to a
// checkpoint or knowingly rebuilt. A field added to state fails here
// until the checkpoint (checkpoint_codec.go) saves it or it is listed as
// one a restarted index may start without.
func TestCheckpointCoversState(t *testing.T) {
	saved := map[string]bool{
		// the position (ckptHeader.position)
		"next": true, "last": true, "indexed": true, "lastTimestamp": true, "height": true,
		"epoch": true, "blockLast": true, "inBlock": true,
		// the rows and the derivation maps (the body)
		"tables": true, "faToCoin": true, "tokenOwner": true, "v1Tables": true, "tableTypes": true,
	}
	rebuilt := map[string]bool{
		"store": true, "reverts": true, // the store loaded over, and its revert count then
		"holdsTable": true, // a cache of type layouts, filled again on demand
		"resolver":   true, // set by every catch-up
	}
	typ := reflect.TypeOf(state{})
	for i := 0; i < typ.NumField(); i++ {
		name := typ.Field(i).Name
		if !saved[name] && !rebuilt[name] {
			t.Errorf("state.%s is neither saved in a checkpoint nor rebuilt on load", name)
		}
	}
}
