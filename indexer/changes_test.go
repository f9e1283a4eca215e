package indexer_test

import (
	"context"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestChangesFeed checks the change feed: the first call is Full, later
// ones hold only the rows put since, a revert makes the next one Full,
// Resend too, and an indexer without the feed refuses.
func TestChangesFeed(t *testing.T) {
	ctx := context.Background()
	c := newChain(t)
	if _, err := indexer.New(c.store, indexer.Options{}).Changes(ctx); err == nil {
		t.Error("Changes without ChangeFeed gave no error")
	}
	ix := indexer.New(c.store, indexer.Options{ChangeFeed: true})
	c.run(c.devs[0], vmstub.TransferPayload(fresh(7), 1))
	keep := c.latest()
	ch, err := ix.Changes(ctx)
	if err != nil || !ch.Full || !ch.Indexed || ch.Last != keep || len(ch.Tables["ledger_infos"]) != 1 {
		t.Fatalf("first Changes: full %v indexed %v last %d (want %d), %v", ch.Full, ch.Indexed, ch.Last, keep, err)
	}
	all, _ := ix.Rows(ctx, "current_fungible_asset_balances")
	if len(ch.Tables["current_fungible_asset_balances"]) != len(all) {
		t.Errorf("full Changes: %d balances, the index %d", len(ch.Tables["current_fungible_asset_balances"]), len(all))
	}

	c.run(c.devs[0], vmstub.TransferPayload(fresh(7), 2))
	ch, err = ix.Changes(ctx)
	if err != nil || ch.Full || ch.Last != c.latest() {
		t.Fatalf("second Changes: full %v last %d, %v", ch.Full, ch.Last, err)
	}
	if got := len(ch.Tables["user_transactions"]); got != 1 {
		t.Errorf("second Changes: %d user transactions, want the one committed since", got)
	}
	// The sender's and the receiver's balances changed (the sender's
	// twice, gas and amount, handed out once).
	bals := ch.Tables["current_fungible_asset_balances"]
	if len(bals) != 2 {
		t.Errorf("second Changes: %d balances, want 2: %v", len(bals), bals)
	}
	if _, ok := ch.Tables["ledger_infos"]; ok {
		t.Error("an incremental Changes holds ledger_infos")
	}
	ch, _ = ix.Changes(ctx)
	if ch.Full || len(ch.Tables) != 0 {
		t.Errorf("Changes with nothing committed: full %v, %d tables", ch.Full, len(ch.Tables))
	}

	ix.Resend()
	if ch, _ = ix.Changes(ctx); !ch.Full {
		t.Error("Changes after Resend is not Full")
	}
	c.node.Close()
	if err := c.store.Revert(ctx, keep); err != nil {
		t.Fatal(err)
	}
	ch, _ = ix.Changes(ctx)
	if !ch.Full || ch.Last != keep || len(ch.Tables["user_transactions"]) != 1 {
		t.Errorf("Changes after a revert: full %v last %d (want %d), %d user transactions", ch.Full, ch.Last, keep, len(ch.Tables["user_transactions"]))
	}
}

// TestChangesAfterCheckpoint: an indexer that loads its state from a
// checkpoint hands it out whole first, then only what it indexes after.
func TestChangesAfterCheckpoint(t *testing.T) {
	ctx := context.Background()
	c := newChain(t)
	dir := t.TempDir()
	c.run(c.devs[0], vmstub.TransferPayload(fresh(8), 1))
	first := indexer.New(c.store, indexer.Options{Checkpoint: &indexer.CheckpointOptions{Dir: dir}})
	if _, _, err := first.LastVersion(ctx); err != nil {
		t.Fatal(err)
	}
	if err := first.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	ix := indexer.New(c.store, indexer.Options{Checkpoint: &indexer.CheckpointOptions{Dir: dir}, ChangeFeed: true})
	ch, err := ix.Changes(ctx)
	all, _ := ix.Rows(ctx, "user_transactions")
	if err != nil || !ch.Full || len(ch.Tables["user_transactions"]) != len(all) || len(all) == 0 {
		t.Fatalf("Changes over a loaded checkpoint: full %v, %d of %d user transactions, %v", ch.Full, len(ch.Tables["user_transactions"]), len(all), err)
	}
	c.run(c.devs[0], vmstub.TransferPayload(fresh(8), 2))
	ch, err = ix.Changes(ctx)
	if err != nil || ch.Full || len(ch.Tables["user_transactions"]) != 1 {
		t.Errorf("the next Changes: full %v, %d user transactions, %v", ch.Full, len(ch.Tables["user_transactions"]), err)
	}
}
