package node_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
)

func devKey(i byte) ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	seed[0] = i
	return ed25519.NewKeyFromSeed(seed)
}

// devStores are the stores snapshot and revert must work on.
func devStores(t *testing.T) map[string]func() storage.ReadWriter {
	return map[string]func() storage.ReadWriter{
		"memstore": func() storage.ReadWriter { return memstore.New(memstore.Options{}) },
		"pebble": func() storage.ReadWriter {
			ps, err := pebblestore.Open(t.TempDir(), pebblestore.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { ps.Close() })
			return lrucache.New(ps, lrucache.Options{})
		},
	}
}

func startOn(t *testing.T, store storage.ReadWriter, opts node.Options) *node.Node {
	t.Helper()
	n, err := node.New(store, mempool.New(mempool.Options{}), counterExec{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

func TestSnapshotRevert(t *testing.T) {
	for name, open := range devStores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			store := open()
			n := startOn(t, store, node.Options{})
			key := devKey(1)
			first := signed(key, 0)
			if err := submit(t, n, first); err != nil {
				t.Fatal(err)
			}
			waitCommitted(t, n, store, first.Hash())
			snap, err := n.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			before, _ := store.LedgerInfo(ctx)
			eventKey := storage.EventKey{CreationNumber: 2, Account: first.Raw.Sender}
			var gone []ledgerapi.HashValue
			for seq := uint64(1); seq < 4; seq++ {
				st := signed(key, seq)
				if err := submit(t, n, st); err != nil {
					t.Fatal(err)
				}
				waitCommitted(t, n, store, st.Hash())
				gone = append(gone, st.Hash())
			}
			later, err := n.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			n.Pause()
			pending := signed(key, 4)
			if err := submit(t, n, pending); err != nil {
				t.Fatal(err)
			}

			got, err := n.Revert(ctx, snap.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got != snap {
				t.Errorf("Revert returned %+v, want %+v", got, snap)
			}
			after, _ := store.LedgerInfo(ctx)
			if after != before {
				t.Errorf("ledger info after revert %+v, want %+v", after, before)
			}
			for _, h := range gone {
				if _, err := store.TransactionByHash(ctx, h); !errors.Is(err, storage.ErrNotFound) {
					t.Errorf("reverted transaction %s: %v, want not found", h, err)
				}
			}
			if c, _ := store.EventCount(ctx, eventKey, after.Version); c != 1 {
				t.Errorf("event count after revert = %d, want 1", c)
			}
			if _, ok := n.Pool().Get(context.Background(), pending.Hash()); ok || n.Pool().Len() != 0 {
				t.Errorf("the mempool still holds %d transactions after revert", n.Pool().Len())
			}
			if _, err := n.Revert(ctx, later.ID); !errors.Is(err, node.ErrUnknownSnapshot) {
				t.Errorf("Revert to a snapshot taken after the target: %v, want ErrUnknownSnapshot", err)
			}

			// The ledger continues from the snapshot: sequence number 1 is
			// next again, and the accumulator continues from the snapshot's.
			n.Resume()
			again := signed(key, 1)
			if err := submit(t, n, again); err != nil {
				t.Fatal(err)
			}
			tx := waitCommitted(t, n, store, again.Hash())
			if tx.Version != before.Version+2 {
				t.Errorf("resubmitted transaction at version %d, want %d", tx.Version, before.Version+2)
			}
			if _, err := n.Revert(ctx, snap.ID); err != nil { // a snapshot stays valid after a revert to it
				t.Fatalf("second revert to the same snapshot: %v", err)
			}
			if err := submit(t, n, again); err != nil {
				t.Fatal(err)
			}
			waitCommitted(t, n, store, again.Hash())
			n.Close()
			// A node started over the store replays the accumulator and
			// checks it against the stored roots.
			startOn(t, store, node.Options{})
		})
	}
}

// noRevertStore hides the store's Reverter.
type noRevertStore struct{ storage.ReadWriter }

func TestSnapshotWithoutReverter(t *testing.T) {
	n := startOn(t, noRevertStore{memstore.New(memstore.Options{})}, node.Options{})
	if _, err := n.Snapshot(context.Background()); !errors.Is(err, node.ErrCannotRevert) || !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Snapshot on a store that cannot revert: %v", err)
	}
	if _, err := n.Revert(context.Background(), 1); !errors.Is(err, node.ErrCannotRevert) {
		t.Errorf("Revert on a store that cannot revert: %v", err)
	}
}

func TestMiningControls(t *testing.T) {
	ctx := context.Background()
	n, store := start(t, node.Options{})
	n.Pause()
	if !n.Mining().Paused {
		t.Fatal("Mining().Paused is false after Pause")
	}
	st := signed(devKey(2), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if _, err := store.TransactionByHash(ctx, st.Hash()); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("a paused node committed a transaction: %v", err)
	}
	info, _ := store.LedgerInfo(ctx)
	heights, err := n.Mine(ctx, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(heights) != 2 || heights[0] != info.BlockHeight+1 || heights[1] != info.BlockHeight+2 {
		t.Fatalf("Mine(2, empty) heights %v after height %d", heights, info.BlockHeight)
	}
	if _, err := store.TransactionByHash(ctx, st.Hash()); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("Mine without pending transactions committed one: %v", err)
	}
	if _, err := n.Mine(ctx, 1, true); err != nil {
		t.Fatal(err)
	}
	if _, err := store.TransactionByHash(ctx, st.Hash()); err != nil {
		t.Fatalf("Mine with pending transactions: %v", err)
	}
	for _, c := range []int{0, node.MaxMineBlocks + 1} {
		if _, err := n.Mine(ctx, c, true); !errors.Is(err, node.ErrInvalidMining) {
			t.Errorf("Mine(%d): %v, want ErrInvalidMining", c, err)
		}
	}

	// Interval mode at run time: empty blocks keep coming, unpaused.
	if err := n.SetMining(node.Mining{BlockInterval: 20 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	info, _ = store.LedgerInfo(ctx)
	waitVersion(t, n, store, info.Version+4)
	// Back to instant: a submission is committed without waiting for a tick.
	if err := n.SetMining(node.Mining{}); err != nil {
		t.Fatal(err)
	}
	next := signed(devKey(2), 1)
	if err := submit(t, n, next); err != nil {
		t.Fatal(err)
	}
	waitCommitted(t, n, store, next.Hash())
	if err := n.SetMining(node.Mining{BlockInterval: -1}); !errors.Is(err, node.ErrInvalidMining) {
		t.Errorf("negative interval: %v", err)
	}
}

func TestResumeCommitsWhatArrivedWhilePaused(t *testing.T) {
	n, store := start(t, node.Options{})
	n.Pause()
	st := signed(devKey(3), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	n.Resume()
	waitCommitted(t, n, store, st.Hash())
}

// TestImpersonationSkipsOnlyItsSigners: a forged signature passes for an
// impersonated sender only, and the mempool entry keeps the bytes as sent.
func TestImpersonationSkipsOnlyItsSigners(t *testing.T) {
	var log lockedBuffer
	n, store := start(t, node.Options{Logger: zerolog.New(&log)})
	forged := func(k ed25519.PrivateKey) *txn.SignedTransaction {
		st := signed(k, 0)
		st.Auth.Sender.Signature = make([]byte, 64)
		return st
	}
	a, b := devKey(5), devKey(6)
	n.Impersonate(forged(a).Raw.Sender)
	if got, auto := n.Impersonation(); len(got) != 1 || auto {
		t.Fatalf("Impersonation() = %v, %v", got, auto)
	}
	st := forged(a)
	if err := submit(t, n, st); err != nil {
		t.Fatalf("a forged signature of an impersonated sender: %v", err)
	}
	tx := waitCommitted(t, n, store, st.Hash())
	if string(tx.Payload) != string(st.Bytes()) {
		t.Error("the committed transaction is not the bytes sent")
	}
	if line := log.String(); !strings.Contains(line, "impersonated transaction committed") || !strings.Contains(line, st.Hash().String()) ||
		!strings.Contains(line, st.Raw.Sender.String()) {
		t.Errorf("the node's log does not mark the impersonated transaction: %s", line)
	}
	var vs *ledgerapi.VMStatus
	if err := submit(t, n, forged(b)); !errors.As(err, &vs) || vs.Name != "INVALID_SIGNATURE" {
		t.Errorf("a forged signature of another sender: %v", err)
	}
	n.StopImpersonating(st.Raw.Sender)
	if err := submit(t, n, forged(a)); err == nil {
		t.Error("a forged signature was accepted after StopImpersonating")
	}
}

// lockedBuffer is a log destination safe for the producer and the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestRevertToAPrunedSnapshot: a snapshot whose version the store pruned
// cannot be reverted to, and nothing changes.
func TestRevertToAPrunedSnapshot(t *testing.T) {
	ctx := context.Background()
	store := memstore.New(memstore.Options{PruneWindow: 4})
	n := startOn(t, store, node.Options{})
	snap, err := n.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.Mine(ctx, 5, false); err != nil {
		t.Fatal(err)
	}
	before, _ := store.LedgerInfo(ctx)
	if _, err := n.Revert(ctx, snap.ID); !errors.Is(err, storage.ErrPruned) {
		t.Fatalf("Revert to a pruned version: %v, want ErrPruned", err)
	}
	if after, _ := store.LedgerInfo(ctx); after != before {
		t.Errorf("a refused revert changed the ledger: %+v → %+v", before, after)
	}
}
