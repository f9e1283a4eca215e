package node_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
)

func TestTimeControls(t *testing.T) {
	ctx := context.Background()
	wall := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	n, store := start(t, node.Options{Now: func() time.Time { return wall }})
	n.Pause()
	if err := n.IncreaseTime(time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Mine(ctx, 1, false); err != nil {
		t.Fatal(err)
	}
	info, _ := store.LedgerInfo(ctx)
	if want := uint64(wall.Add(time.Hour).UnixMicro()); info.TimestampUsec != want {
		t.Errorf("block timestamp after IncreaseTime(1h) = %d, want %d", info.TimestampUsec, want)
	}
	target := info.TimestampUsec + 5_000_000
	if err := n.SetNextBlockTimestamp(ctx, info.TimestampUsec); !errors.Is(err, node.ErrInvalidTime) {
		t.Errorf("SetNextBlockTimestamp(latest): %v, want ErrInvalidTime", err)
	}
	if err := n.SetNextBlockTimestamp(ctx, target); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Mine(ctx, 2, false); err != nil {
		t.Fatal(err)
	}
	b1, _ := store.BlockByHeight(ctx, info.BlockHeight+1)
	b2, _ := store.BlockByHeight(ctx, info.BlockHeight+2)
	if b1.TimestampUsec != target || b2.TimestampUsec <= target {
		t.Errorf("timestamps %d, %d after pinning %d: want exactly it, then later", b1.TimestampUsec, b2.TimestampUsec, target)
	}
	if got := n.Now().UnixMicro(); uint64(got) != target {
		t.Errorf("Now() = %d after pinning %d on a frozen wall clock", got, target)
	}
	for _, d := range []time.Duration{0, -time.Second} {
		if err := n.IncreaseTime(d); !errors.Is(err, node.ErrInvalidTime) {
			t.Errorf("IncreaseTime(%s): %v", d, err)
		}
	}
}

// TestTimeTravelExpiresPending moves the clock past a pending transaction's
// expiration: the next block drops it instead of committing it.
func TestTimeTravelExpiresPending(t *testing.T) {
	ctx := context.Background()
	n, store := start(t, node.Options{})
	n.Pause()
	st := signed(devKey(4), 0) // expires in an hour
	if err := submit(t, n, st); err != nil {
		t.Fatal(err)
	}
	if err := n.IncreaseTime(2 * time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Mine(ctx, 1, true); err != nil {
		t.Fatal(err)
	}
	if _, err := store.TransactionByHash(ctx, st.Hash()); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("an expired transaction was committed: %v", err)
	}
	if n.Pool().Len() != 0 {
		t.Errorf("the expired transaction is still pending")
	}
}

// TestRevertRestoresTheClock: time moved after a snapshot moves back with
// the revert (the next block still follows the latest one).
func TestRevertRestoresTheClock(t *testing.T) {
	ctx := context.Background()
	wall := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	n, store := start(t, node.Options{Now: func() time.Time { return wall }})
	n.Pause()
	if err := n.IncreaseTime(time.Minute); err != nil {
		t.Fatal(err)
	}
	snap, err := n.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.IncreaseTime(time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := n.SetNextBlockTimestamp(ctx, uint64(wall.Add(2*time.Hour).UnixMicro())); err != nil {
		t.Fatal(err)
	}
	if _, err := n.Revert(ctx, snap.ID); err != nil {
		t.Fatal(err)
	}
	if got, want := n.Now(), wall.Add(time.Minute); !got.Equal(want) {
		t.Errorf("Now() after revert = %s, want %s", got, want)
	}
	if _, err := n.Mine(ctx, 1, false); err != nil {
		t.Fatal(err)
	}
	info, _ := store.LedgerInfo(ctx)
	if want := uint64(wall.Add(time.Minute).UnixMicro()); info.TimestampUsec != want {
		t.Errorf("block after revert at %d, want %d (the pinned timestamp is reverted too)", info.TimestampUsec, want)
	}
}

func TestIncreaseTimeBounded(t *testing.T) {
	n, _ := start(t, node.Options{})
	var err error
	for i := 0; i < 100 && err == nil; i++ {
		err = n.IncreaseTime(100 * 365 * 24 * time.Hour)
	}
	if !errors.Is(err, node.ErrInvalidTime) {
		t.Fatalf("the clock moved forward 10000 years: %v", err)
	}
	if n.Now().Year() > 10000 {
		t.Errorf("Now() = %s", n.Now())
	}
}
