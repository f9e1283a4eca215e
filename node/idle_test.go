package node_test

import (
	"context"
	"crypto/ed25519"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
)

// waitVersion waits (woken by the commit signal) until the ledger is past version v.
func waitVersion(t *testing.T, n *node.Node, store storage.Reader, v uint64) storage.LedgerInfo {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		sig := n.CommitSignal()
		info, err := store.LedgerInfo(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if info.Version > v {
			return info
		}
		select {
		case <-sig:
		case <-deadline:
			t.Fatalf("the ledger stayed at version %d", info.Version)
		}
	}
}

func TestIdleBlocks(t *testing.T) {
	before := uint64(time.Now().UnixMicro())
	n, store := start(t, node.Options{IdleBlockInterval: 5 * time.Millisecond})
	ctx := context.Background()

	// Start returns with the first block committed: the ledger clock is real.
	info, err := store.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.BlockHeight < 1 || info.Version < 2 || info.TimestampUsec < before {
		t.Fatalf("after Start: %+v, want block 1 stamped after %d", info, before)
	}
	first, err := store.BlockByHeight(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if first.FirstVersion != 1 || first.LastVersion != 2 {
		t.Fatalf("first block %+v: want a block metadata and a checkpoint only", first)
	}
	checkpoints := map[ledgerapi.HashValue]bool{}
	for v := first.FirstVersion; v <= first.LastVersion; v++ {
		tx, err := store.TransactionByVersion(ctx, v)
		if err != nil || tx.Kind == storage.KindUser {
			t.Fatalf("version %d of an empty block: %v %v", v, tx.Kind, err)
		}
		// The stored body is what was hashed: sha3(salt ‖ variant ‖ body).
		variant := map[storage.TransactionKind]byte{storage.KindBlockMetadata: 2, storage.KindStateCheckpoint: 3}[tx.Kind]
		if h := crypto.SHA3_256(crypto.SaltTransaction[:], []byte{variant}, tx.Payload); h != tx.Hash {
			t.Errorf("version %d (%v): body hashes to %s, served hash %s", v, tx.Kind, h, tx.Hash)
		}
		if tx.Kind == storage.KindStateCheckpoint {
			checkpoints[tx.Hash] = true
		}
	}

	// An idle chain keeps producing blocks, each later than the last.
	later := waitVersion(t, n, store, info.Version)
	later = waitVersion(t, n, store, later.Version)
	if later.BlockHeight <= info.BlockHeight || later.TimestampUsec <= info.TimestampUsec {
		t.Fatalf("idle chain: %+v then %+v", info, later)
	}
	// Empty blocks change the same state alike; their checkpoints still
	// differ, since each carries its block's id.
	for h := uint64(2); h <= later.BlockHeight; h++ {
		blk, err := store.BlockByHeight(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := store.TransactionByVersion(ctx, blk.LastVersion)
		if err != nil || tx.Kind != storage.KindStateCheckpoint {
			t.Fatalf("block %d ends with %v, %v", h, tx.Kind, err)
		}
		if checkpoints[tx.Hash] {
			t.Fatalf("block %d repeats checkpoint hash %s", h, tx.Hash)
		}
		checkpoints[tx.Hash] = true
	}

	// Transactions still commit, in a block of their own making.
	st := signed(ed25519.NewKeyFromSeed(make([]byte, 32)), 0)
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	tx := waitCommitted(t, n, store, st.Hash())
	if !tx.Info.Success() {
		t.Fatalf("transaction %+v", tx.Info)
	}
}

func TestNoIdleBlocksByDefault(t *testing.T) {
	_, store := start(t, node.Options{})
	info, err := store.LedgerInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if info.Version != 0 || info.TimestampUsec != 0 {
		t.Fatalf("without IdleBlockInterval Start commits genesis only: %+v", info)
	}
}
