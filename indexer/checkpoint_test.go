package indexer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub"
)

// events records the checkpoint events of an indexer.
type events struct {
	mu  sync.Mutex
	all []indexer.CheckpointEvent
}

func (e *events) add(ev indexer.CheckpointEvent) {
	e.mu.Lock()
	e.all = append(e.all, ev)
	e.mu.Unlock()
}

// only returns the events of one kind.
func (e *events) only(kind string) []indexer.CheckpointEvent {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []indexer.CheckpointEvent
	for _, ev := range e.all {
		if ev.Kind == kind {
			out = append(out, ev)
		}
	}
	return out
}

var fixedNow = func() time.Time { return time.Unix(1_700_000_000, 0) }

// withCheckpoints returns an indexer over c's ledger keeping its
// checkpoint in dir (every version; no background write when manual),
// decoding event data as the server does.
func withCheckpoints(c *chain, dir string, ev *events, manual bool) *indexer.Indexer {
	every := uint64(1)
	if manual {
		every = 1 << 62
	}
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, Now: fixedNow, Checkpoint: &indexer.CheckpointOptions{
		Dir: dir, Every: every, MinInterval: time.Nanosecond, Report: ev.add}})
	c.t.Cleanup(func() { indexer.WaitCheckpoints(ix) })
	return ix
}

// fresh indexes c's ledger from scratch, without a checkpoint.
func freshIndex(c *chain) *indexer.Indexer {
	return indexer.New(c.store, indexer.Options{Modules: c.vm, Now: fixedNow})
}

// sameIndex compares every table of got and want, row by row.
func sameIndex(t *testing.T, got, want *indexer.Indexer) {
	t.Helper()
	gv, gok, gerr := got.LastVersion(context.Background())
	wv, wok, werr := want.LastVersion(context.Background())
	if gerr != nil || werr != nil || gv != wv || gok != wok {
		t.Fatalf("last version %d %v %v, want %d %v %v", gv, gok, gerr, wv, wok, werr)
	}
	for _, def := range indexer.Schema().Tables {
		g, w := rows(t, got, def.Name), rows(t, want, def.Name)
		if len(g) != len(w) {
			t.Errorf("%s: %d rows, want %d", def.Name, len(g), len(w))
			continue
		}
		for i := range g {
			if !reflect.DeepEqual(g[i].Map(), w[i].Map()) {
				t.Errorf("%s row %d:\n got  %v\n want %v", def.Name, i, g[i].Map(), w[i].Map())
				break
			}
		}
	}
}

// history commits transfers to fresh accounts, a 0x4 collection and
// token, and a 0x3 collection and token: every map the derivation keeps
// gets entries. It returns the 0x4 token's address.
func history(t *testing.T, c *chain) ledgerapi.Address {
	a := c.devs[0]
	for i := 0; i < 12; i++ {
		c.submit(c.devs[i%3].Sign(c.raw(c.devs[i%3].Address, vmstub.TransferPayload(fresh(byte(i)), uint64(i+1)))))
		if i%4 == 3 {
			c.mine()
		}
	}
	all := vmstub.BoolValue(true)
	mustSucceed(t, "create_collection", c.run(a, aptosToken("create_collection", nil, vmstub.StringValue("Cats"),
		vmstub.U64Value(10), vmstub.StringValue("Kittens"), vmstub.StringValue("https://coll"),
		all, all, all, all, all, all, all, all, all, vmstub.U64Value(5), vmstub.U64Value(100))))
	mint := c.run(a, aptosToken("mint", nil, vmstub.StringValue("Kittens"), vmstub.StringValue("A cat"),
		vmstub.StringValue("Tom"), vmstub.StringValue("https://tom"), strs("age"), strs("u64"), byteVecs(vmstub.U64Value(3))))
	mustSucceed(t, "mint", mint)
	S := vmstub.StringValue
	mustSucceed(t, "v1 collection", c.run(a, legacyToken("token", "create_collection_script",
		S("Legacy"), S("Old cats"), S("https://legacy"), vmstub.U64Value(100), bools(false, true, false))))
	mustSucceed(t, "v1 token", c.run(a, legacyToken("token", "create_token_script", S("Legacy"), S("Tom"), S("A cat"),
		vmstub.U64Value(5), vmstub.U64Value(10), S("https://tom"), vmstub.AddressValue(a.Address),
		vmstub.U64Value(100), vmstub.U64Value(5), bools(false, false, false, false, true),
		strs("age"), byteVecs(vmstub.U64Value(3)), strs("u64"))))
	return mintedToken(t, mint)
}

// more commits what reads the maps a checkpoint restores: the 0x4 token
// moves (tokenOwner), a 0x3 offer (v1Tables, tableTypes), transfers.
func more(t *testing.T, c *chain, tok ledgerapi.Address) {
	a, b := c.devs[0], c.devs[1]
	mustSucceed(t, "object transfer", c.run(a, vmstub.EntryPayload(ledgerapi.AddressOne, "object", "transfer", tokenTag,
		vmstub.AddressValue(tok), vmstub.AddressValue(b.Address))))
	S := vmstub.StringValue
	mustSucceed(t, "offer", c.run(a, legacyToken("token_transfers", "offer_script", vmstub.AddressValue(b.Address),
		vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(2))))
	for i := 0; i < 4; i++ {
		c.run(c.devs[2], vmstub.TransferPayload(fresh(byte(100+i)), 7))
	}
}

func lastVersion(t testing.TB, ix *indexer.Indexer) uint64 {
	t.Helper()
	v, ok, err := ix.LastVersion(context.Background())
	if err != nil || !ok {
		t.Fatalf("LastVersion: %v %v", ok, err)
	}
	return v
}

// TestCheckpointRestartContinues: an indexer started over a checkpoint
// loads it, indexes what was committed after it, and holds exactly the
// rows of an index built from scratch, table by table; Close writes the
// last one.
func TestCheckpointRestartContinues(t *testing.T) {
	c := newChain(t)
	dir := t.TempDir()
	tok := history(t, c)
	var ev1 events
	ix1 := withCheckpoints(c, dir, &ev1, true)
	v1 := lastVersion(t, ix1)
	if err := ix1.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The first catch-up also starts one in the background: the last
	// written holds v1.
	indexer.WaitCheckpoints(ix1)
	if s := ev1.only(indexer.CheckpointSaved); len(s) == 0 || s[len(s)-1].Version != v1 || s[len(s)-1].Bytes == 0 {
		t.Fatalf("saved: %+v", ev1.all)
	}
	more(t, c, tok)

	var ev2 events
	ix2 := withCheckpoints(c, dir, &ev2, true)
	sameIndex(t, ix2, freshIndex(c))
	if l := ev2.only(indexer.CheckpointLoaded); len(l) != 1 || l[0].Version != v1 {
		t.Fatalf("restart: %+v, want the checkpoint of %d loaded", ev2.all, v1)
	}
	if err := ix2.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s := ev2.only(indexer.CheckpointSaved); len(s) != 1 || s[0].Version != c.latest() {
		t.Fatalf("Close: %+v, want a checkpoint of %d", ev2.all, c.latest())
	}
	var ev3 events
	sameIndex(t, withCheckpoints(c, dir, &ev3, true), freshIndex(c))
	if l := ev3.only(indexer.CheckpointLoaded); len(l) != 1 || l[0].Version != c.latest() {
		t.Fatalf("second restart: %+v", ev3.all)
	}
	if err := freshIndex(c).Checkpoint(context.Background()); !errors.Is(err, indexer.ErrNoCheckpoints) {
		t.Errorf("Checkpoint without the option: %v", err)
	}
}

// TestCheckpointKilledLosesNothing: a node killed (no Close) restarts
// from its last background checkpoint, ignores the temporary file of a
// write it was killed in, and indexes the rest from the ledger.
func TestCheckpointKilledLosesNothing(t *testing.T) {
	c := newChain(t)
	dir := t.TempDir()
	var ev1 events
	ix1 := withCheckpoints(c, dir, &ev1, false)
	tok := history(t, c)
	lastVersion(t, ix1) // indexes and starts a background checkpoint
	indexer.WaitCheckpoints(ix1)
	saved := ev1.only(indexer.CheckpointSaved)
	if len(saved) == 0 {
		t.Fatalf("no background checkpoint: %+v", ev1.all)
	}
	more(t, c, tok)
	lastVersion(t, ix1)
	indexer.WaitCheckpoints(ix1)
	// Killed while writing the next one.
	tmp := filepath.Join(dir, "index-12345.tmp")
	if err := os.WriteFile(tmp, []byte("ledgernode indexer check"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.run(c.devs[0], vmstub.TransferPayload(fresh(200), 1))

	var ev2 events
	ix2 := withCheckpoints(c, dir, &ev2, true)
	sameIndex(t, ix2, freshIndex(c))
	last := ev1.only(indexer.CheckpointSaved)
	if l := ev2.only(indexer.CheckpointLoaded); len(l) != 1 || l[0].Version != last[len(last)-1].Version {
		t.Fatalf("restart: %+v, want the background checkpoint of %d", ev2.all, last[len(last)-1].Version)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the temporary file of a killed write stays: %v", err)
	}
}
