package indexer

import (
	"context"
	"errors"
	"maps"
	"os"
	"time"
)

// ErrNoCheckpoints is the error of Checkpoint on an Indexer without
// Options.Checkpoint.
var ErrNoCheckpoints = errors.New("indexer: checkpoints are not enabled")

// snapshotLocked copies what a checkpoint of the current state needs, or
// returns nil when there is nothing to write: nothing indexed, or a
// state the next catch-up drops (the ledger was reverted since it was
// built). ix.mu must be held.
func (ix *Indexer) snapshotLocked() *ckptSnapshot {
	s := ix.st
	if s == nil || !s.indexed || s.reverts != ix.reverts() {
		return nil
	}
	ix.ck.seq++
	snap := &ckptSnapshot{seq: ix.ck.seq,
		hdr: ckptHeader{build: buildStamp, schema: schemaFingerprint(), layouts: ix.opts.Modules != nil,
			chainID: ix.chainID, version: s.last, root: ix.root, position: positionOf(s)},
		faToCoin: maps.Clone(s.faToCoin), tokenOwner: maps.Clone(s.tokenOwner),
		v1Tables: maps.Clone(s.v1Tables), tableTypes: maps.Clone(s.tableTypes),
	}
	for i := range schema.Tables {
		t := s.tables[schema.Tables[i].Name]
		snap.tables = append(snap.tables, ckptTable{name: t.def.Name, cols: t.layout.Columns(),
			rows: t.all.appendTo(nil), mismatched: t.mismatched})
	}
	return snap
}

// maybeCheckpoint starts a background checkpoint when Every versions
// were indexed since the one on disk and MinInterval passed since the
// last began. ix.mu must be held (after a successful catch-up).
func (ix *Indexer) maybeCheckpoint() {
	c := ix.ck
	if c == nil || ix.st == nil || !ix.st.indexed {
		return
	}
	c.mu.Lock()
	due := !c.closed && (!c.has || ix.st.last >= c.saved+c.opts.Every || ix.st.last < c.saved) &&
		time.Since(c.at) >= c.opts.MinInterval
	if due {
		c.at = time.Now()
	}
	c.mu.Unlock()
	if !due || !c.busy.CompareAndSwap(false, true) {
		return
	}
	snap := ix.snapshotLocked()
	if snap == nil {
		c.busy.Store(false)
		return
	}
	done := make(chan struct{})
	c.mu.Lock()
	c.running = done
	c.mu.Unlock()
	go func() {
		defer close(done)
		defer c.busy.Store(false)
		c.save(snap)
	}()
}

// save writes snap and reports it.
func (c *checkpointer) save(snap *ckptSnapshot) error {
	start := time.Now()
	n, err := c.write(snap)
	if errors.Is(err, errSuperseded) {
		return nil
	}
	if err != nil {
		c.report(CheckpointEvent{Kind: CheckpointFailed, Version: snap.hdr.version, Took: time.Since(start), Err: err})
		return err
	}
	c.setSaved(snap.hdr.version, snap.hdr.root, true)
	c.report(CheckpointEvent{Kind: CheckpointSaved, Version: snap.hdr.version, Bytes: n, Took: time.Since(start)})
	return nil
}

// Checkpoint writes a checkpoint of what is indexed now (it does not
// catch up first); a background write running meanwhile finishes first,
// or, when older, is dropped. Nothing is written when nothing is indexed
// or the checkpoint on disk already holds the last indexed version.
func (ix *Indexer) Checkpoint(ctx context.Context) error {
	c := ix.ck
	if c == nil {
		return ErrNoCheckpoints
	}
	ix.mu.Lock()
	snap := ix.snapshotLocked()
	ix.mu.Unlock()
	if snap == nil {
		return nil
	}
	c.mu.Lock()
	current := c.has && c.saved == snap.hdr.version && c.savedRoot == snap.hdr.root
	c.mu.Unlock()
	if current {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return c.save(snap)
}

// Close stops background checkpoints and writes a last one of what is
// indexed, for a graceful shutdown. The Indexer still answers queries.
func (ix *Indexer) Close(ctx context.Context) error {
	if ix.ck == nil {
		return nil
	}
	ix.ck.mu.Lock()
	ix.ck.closed = true
	ix.ck.mu.Unlock()
	return ix.Checkpoint(ctx)
}

// HasCheckpoint reports whether a checkpoint file exists (it may still
// be rejected when loaded).
func (ix *Indexer) HasCheckpoint() bool {
	if ix.ck == nil {
		return false
	}
	_, err := os.Stat(ix.ck.path())
	return err == nil
}
