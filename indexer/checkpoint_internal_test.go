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
		// ixperf's: the interner newState makes (refilled by put) and
		// caches of values rendered, keyed by what they render.
		"in": true, "tsUsec": true, "expSecs": true, "ts": true, "tsKnown": true, "expCell": true,
		"entryIDs": true, "primaryStores": true,
	}
	typ := reflect.TypeOf(state{})
	for i := 0; i < typ.NumField(); i++ {
		name := typ.Field(i).Name
		if !saved[name] && !rebuilt[name] {
			t.Errorf("state.%s is neither saved in a checkpoint nor rebuilt on load", name)
		}
	}
}

// TestCheckpointRestoresTables: a loaded table is newTable's, filled
// by put with the saved rows in order, and its mismatched count set. A
// field added to table fails here until it is known to be kept by put
// (or newTable) or restored by the checkpoint (checkpoint_decode.go).
func TestCheckpointRestoresTables(t *testing.T) {
	known := map[string]string{
		"def": "newTable", "layout": "newTable", "pk": "newTable", "in": "newTable", "seed": "newTable", "mask": "newTable",
		"all": "put", "index": "put", "overflow": "put",
		"snap": "put", "built": "put", "added": "put", "replaced": "put", // the sorted snapshot, rebuilt on demand
		"mismatched": "restored",
		// ixperf's: put's row buffer, and the rows of the last version of
		// a versioned table, which put keeps (the rows are put in order).
		"buf": "put", "txn": "put",
		// the change feed's record, set by track after a load: a loaded
		// state is a new one, handed out whole (Changes.Full).
		"changes": "feed",
	}
	typ := reflect.TypeOf(table{})
	for i := 0; i < typ.NumField(); i++ {
		if name := typ.Field(i).Name; known[name] == "" {
			t.Errorf("table.%s: is it kept by put, or must a checkpoint restore it?", name)
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
