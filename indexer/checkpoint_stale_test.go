package indexer_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/statefile"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestCheckpointRejected: a checkpoint that is corrupt, of an old format,
// of another build, of other layouts or of another ledger is reported,
// removed and the index rebuilt, identical to a fresh one.
func TestCheckpointRejected(t *testing.T) {
	c := newChain(t)
	history(t, c)
	other := newChain(t) // another ledger of the same chain id
	other.run(other.devs[1], vmstub.TransferPayload(fresh(9), 3))
	for other.latest() < c.latest() {
		other.mine()
	}
	write := func(t *testing.T, dir string) []byte {
		ix := withCheckpoints(c, dir, &events{}, true)
		lastVersion(t, ix)
		if err := ix.Checkpoint(context.Background()); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "index.ckpt"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name, reason string
		spoil        func(t *testing.T, dir string, b []byte) // changes the file
		over         *chain                                   // the ledger loaded over (c when nil)
		noLayouts    bool
	}{
		{name: "flipped byte", reason: "checksum", spoil: func(t *testing.T, dir string, b []byte) {
			b[len(b)/2] ^= 0x40
			os.WriteFile(filepath.Join(dir, "index.ckpt"), b, 0o644)
		}},
		{name: "truncated", reason: "corrupt", spoil: func(t *testing.T, dir string, b []byte) {
			os.WriteFile(filepath.Join(dir, "index.ckpt"), b[:len(b)*2/3], 0o644)
		}},
		{name: "empty", reason: "corrupt", spoil: func(t *testing.T, dir string, b []byte) {
			os.WriteFile(filepath.Join(dir, "index.ckpt"), nil, 0o644)
		}},
		{name: "not a checkpoint", reason: "not an indexer checkpoint", spoil: func(t *testing.T, dir string, b []byte) {
			os.WriteFile(filepath.Join(dir, "index.ckpt"), []byte(strings.Repeat("garbage\n", 100)), 0o644)
		}},
		{name: "old format", reason: "format 0, this build reads format 1", spoil: func(t *testing.T, dir string, b []byte) {
			b[len("ledgernode indexer checkpoint\n")] = 0
			os.WriteFile(filepath.Join(dir, "index.ckpt"), b, 0o644)
		}},
		{name: "another build", reason: "written by build", spoil: func(t *testing.T, dir string, _ []byte) {
			defer indexer.SetBuildStamp("an older build")()
			write(t, dir)
		}},
		{name: "another ledger", reason: "accumulator", over: other},
		{name: "other layouts", reason: "event layouts", noLayouts: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			b := write(t, dir)
			if tc.spoil != nil {
				tc.spoil(t, dir, b)
			}
			over := c
			if tc.over != nil {
				over = tc.over
			}
			var ev events
			opts := indexer.Options{Modules: over.vm, Now: fixedNow, Checkpoint: &indexer.CheckpointOptions{Dir: dir, Report: ev.add}}
			want := freshIndex(over)
			if tc.noLayouts {
				opts.Modules = nil
				want = indexer.New(over.store, indexer.Options{Now: fixedNow})
			}
			ix := indexer.New(over.store, opts)
			sameIndex(t, ix, want)
			indexer.WaitCheckpoints(ix)
			r := ev.only(indexer.CheckpointRejected)
			if len(r) != 1 || !strings.Contains(r[0].Err.Error(), tc.reason) || len(ev.only(indexer.CheckpointLoaded)) != 0 {
				t.Fatalf("events %+v, want one rejection saying %q", ev.all, tc.reason)
			}
			// The rebuilt index is checkpointed at once, over the
			// rejected file: the next start loads it.
			var ev2 events
			opts.Checkpoint.Report = ev2.add
			again := indexer.New(over.store, opts)
			sameIndex(t, again, want)
			indexer.WaitCheckpoints(again)
			if l := ev2.only(indexer.CheckpointLoaded); len(l) != 1 || l[0].Version != over.latest() || len(ev2.all) != 1 {
				t.Fatalf("after the rebuild: %+v, want the rebuilt index's checkpoint loaded", ev2.all)
			}
		})
	}
}

// TestCheckpointCorruptNeverPanics: a checkpoint spoiled anywhere, its
// checksum made right again so that the decoder reads it all, is loaded
// or rejected as corrupt or stale: never a panic nor an unbounded
// allocation (and never a value of another type than its column's:
// cellFits).
func TestCheckpointCorruptNeverPanics(t *testing.T) {
	c := newChain(t)
	history(t, c)
	dir := t.TempDir()
	ix := withCheckpoints(c, dir, &events{}, true)
	lastVersion(t, ix)
	if err := ix.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "index.ckpt")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := indexer.ReadCheckpoint(ctx, c.store, dir, true); err != nil {
		t.Fatalf("the good checkpoint: %v", err)
	}
	loaded := 0
	step := max(len(good)/150, 1)
	for i := len("ledgernode indexer checkpoint\n"); i < len(good)-4; i += step {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			b := append([]byte(nil), good...)
			b[i] ^= x
			indexer.FixChecksum(b)
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			err := indexer.ReadCheckpoint(ctx, c.store, dir, true)
			switch {
			case err == nil:
				loaded++
			case !errors.Is(err, indexer.ErrCorruptCheckpoint) && !errors.Is(err, indexer.ErrStaleCheckpoint):
				t.Fatalf("byte %d ^ %#x: %v", i, x, err)
			}
		}
	}
	t.Logf("%d of the spoiled checkpoints decode (a checksum guards against accidents, not forgeries)", loaded)
}

// TestCheckpointAfterRevert: a revert below the checkpoint (in the same
// process or before a restart) makes it stale, even once the ledger grew
// past it again with other blocks; a revert above it keeps it.
func TestCheckpointAfterRevert(t *testing.T) {
	c := newChain(t)
	ctx := context.Background()
	c.run(c.devs[0], vmstub.TransferPayload(fresh(1), 1))
	low, err := c.node.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lowSeqs := cloneSeqs(c.seqs)
	tok := history(t, c)
	dir := t.TempDir()
	var ev events
	ix := withCheckpoints(c, dir, &ev, true)
	v1 := lastVersion(t, ix)
	if err := ix.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	more(t, c, tok)
	high, err := c.node.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c.run(c.devs[2], vmstub.TransferPayload(fresh(77), 1))
	lastVersion(t, ix)

	// Above the checkpoint: the index reverted in the process is the
	// checkpoint and what follows it up to the snapshot.
	if _, err := c.node.Revert(ctx, high.ID); err != nil {
		t.Fatal(err)
	}
	c.seqs[c.devs[2].Address]--
	sameIndex(t, ix, freshIndex(c))
	if l := ev.only(indexer.CheckpointLoaded); len(l) != 1 || l[0].Version != v1 {
		t.Fatalf("revert above the checkpoint: %+v", ev.all)
	}

	// Below it: stale in the process...
	saved, err := os.ReadFile(indexer.CheckpointPath(ix))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.node.Revert(ctx, low.ID); err != nil {
		t.Fatal(err)
	}
	c.seqs = cloneSeqs(lowSeqs)
	sameIndex(t, ix, freshIndex(c))
	if r := ev.only(indexer.CheckpointRejected); len(r) != 1 || !strings.Contains(r[0].Err.Error(), "past the ledger's latest") {
		t.Fatalf("revert below the checkpoint: %+v", ev.all)
	}
	// ...and after a restart once other blocks reached its version (the
	// rebuilt index's own checkpoint, written in the background, replaced
	// by the stale one).
	indexer.WaitCheckpoints(ix)
	for c.latest() <= v1 {
		c.run(c.devs[1], vmstub.TransferPayload(fresh(50), 2))
	}
	if err := os.WriteFile(indexer.CheckpointPath(ix), saved, 0o644); err != nil {
		t.Fatal(err)
	}
	var ev2 events
	sameIndex(t, withCheckpoints(c, dir, &ev2, true), freshIndex(c))
	if r := ev2.only(indexer.CheckpointRejected); len(r) != 1 || !strings.Contains(r[0].Err.Error(), "accumulator") {
		t.Fatalf("restart over other blocks: %+v", ev2.all)
	}
}

func cloneSeqs(m map[ledgerapi.Address]uint64) map[ledgerapi.Address]uint64 {
	out := make(map[ledgerapi.Address]uint64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestCheckpointAfterPruning: pruning below the checkpoint keeps it (the
// restarted index holds the pruned history as the running one did);
// pruning past it makes it stale and the index is built from what is
// kept.
func TestCheckpointAfterPruning(t *testing.T) {
	c := newChain(t)
	ctx := context.Background()
	tok := history(t, c)
	dir := t.TempDir()
	var ev events
	ix := withCheckpoints(c, dir, &ev, true)
	v1 := lastVersion(t, ix)
	if err := ix.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	more(t, c, tok)
	if err := c.store.Prune(ctx, v1-5); err != nil {
		t.Fatal(err)
	}
	var ev2 events
	ix2 := withCheckpoints(c, dir, &ev2, true)
	sameIndex(t, ix2, ix) // the running index kept the pruned history too
	if l := ev2.only(indexer.CheckpointLoaded); len(l) != 1 || l[0].Version != v1 {
		t.Fatalf("pruned below the checkpoint: %+v", ev2.all)
	}
	if err := c.store.Prune(ctx, v1+2); err != nil {
		t.Fatal(err)
	}
	var ev3 events
	sameIndex(t, withCheckpoints(c, dir, &ev3, true), freshIndex(c))
	if r := ev3.only(indexer.CheckpointRejected); len(r) != 1 || !strings.Contains(r[0].Err.Error(), "pruned") {
		t.Fatalf("pruned past the checkpoint: %+v", ev3.all)
	}
}

// TestCheckpointAfterDumpAndLoad: a ledger dumped and loaded into a new
// store (as -load-state does) is the same ledger block for block, so the
// checkpoint taken of it loads there; a dump taken before the checkpoint
// loads a ledger it does not fit.
func TestCheckpointAfterDumpAndLoad(t *testing.T) {
	c := newChain(t)
	ctx := context.Background()
	c.run(c.devs[0], vmstub.TransferPayload(fresh(1), 1))
	var early bytes.Buffer
	if _, err := statefile.Write(ctx, c.store, &early); err != nil {
		t.Fatal(err)
	}
	tok := history(t, c)
	dir := t.TempDir()
	ix := withCheckpoints(c, dir, &events{}, true)
	v1 := lastVersion(t, ix)
	if err := ix.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	more(t, c, tok)
	var late bytes.Buffer
	if _, err := statefile.Write(ctx, c.store, &late); err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(indexer.CheckpointPath(ix))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		dump *bytes.Buffer
		kind string
	}{{"dump after the checkpoint", &late, indexer.CheckpointLoaded}, {"dump before it", &early, indexer.CheckpointRejected}} {
		t.Run(tc.name, func(t *testing.T) {
			store := memstore.New(memstore.Options{ChainID: chainID})
			if _, err := statefile.Load(ctx, store, bytes.NewReader(tc.dump.Bytes())); err != nil {
				t.Fatal(err)
			}
			d := t.TempDir()
			if err := os.WriteFile(filepath.Join(d, "index.ckpt"), saved, 0o644); err != nil {
				t.Fatal(err)
			}
			var ev events
			loaded := indexer.New(store, indexer.Options{Modules: c.vm, Now: fixedNow,
				Checkpoint: &indexer.CheckpointOptions{Dir: d, Every: 1 << 62, Report: ev.add}})
			sameIndex(t, loaded, indexer.New(store, indexer.Options{Modules: c.vm, Now: fixedNow}))
			indexer.WaitCheckpoints(loaded)
			if got := ev.only(tc.kind); len(got) != 1 || tc.kind == indexer.CheckpointLoaded && got[0].Version != v1 {
				t.Fatalf("events %+v, want %s", ev.all, tc.kind)
			}
		})
	}
}
