package indexer

import (
	"bufio"
	"errors"
	"os"
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
		"layouts":    true, // set by every catch-up
		"in":         true, // the interner, made by newState and filled as the rows load
		"cache":      true, // what the derivation rendered lately, rendered again on demand
		"std":        true, // made by newState with the interner
		"hot":        true, // pointers into tables, set by newState
	}
	typ := reflect.TypeOf(state{})
	for i := 0; i < typ.NumField(); i++ {
		name := typ.Field(i).Name
		if !saved[name] && !rebuilt[name] {
			t.Errorf("state.%s is neither saved in a checkpoint nor rebuilt on load", name)
		}
	}
}

// TestOlderCheckpointNeverReplacesNewer: of two snapshots written in the
// reverse of the order they were taken (a background write that lost
// the race for the file to Close's), the older is dropped.
func TestOlderCheckpointNeverReplacesNewer(t *testing.T) {
	c := newCheckpointer(CheckpointOptions{Dir: t.TempDir()})
	snap := func(seq, version uint64) *ckptSnapshot {
		return &ckptSnapshot{seq: seq, hdr: ckptHeader{version: version, position: position{last: version, next: version + 1, indexed: true}}}
	}
	if _, err := c.write(snap(2, 20)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.write(snap(1, 10)); !errors.Is(err, errSuperseded) {
		t.Fatalf("the older snapshot written second: %v, want errSuperseded", err)
	}
	f, err := os.Open(c.path())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d := &decoder{r: bufio.NewReader(f), left: 1 << 20}
	magic := make([]byte, len(ckptMagic))
	d.fixed(magic)
	d.uvarint()
	if h := d.header(); d.err != nil || h.version != 20 {
		t.Fatalf("the file holds version %d (%v), want 20", h.version, d.err)
	}
}
